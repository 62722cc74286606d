// SPDX-License-Identifier: Apache-2.0
// `kubetrain` on a LeaderWorkerSet-backed TrainJob (the manager in-process with the gate
// LeaderWorkerSetBackend on): `submit --follow` follows it to Complete, and while it runs `get`,
// `describe` and `logs` see its pods as they see a JobSet's (they select a job's pods on either
// backend, @kubetrain/api trainJobPodSelectors). The group's trainers keep running until the test
// tells them all to exit 0 at the same moment, as torchrun's ranks do.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyObject } from '../support/apply.js';
import { DURATION, keepRunning, OUTCOME } from '../support/kwok.js';
import { listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import { trainingRuntimeFrom } from '../controller/harness.js';
import { kubetrain, startKubetrain, tableRows } from './kubetrain-cli.js';
import { writePodLog } from './kwok-logs.js';
import { cliSuite, FIELD_MANAGER, trainJobYaml } from './suite-cluster.js';

const NAME_LABEL = 'leaderworkerset.sigs.k8s.io/name';

describe('kubetrain on a LeaderWorkerSet-backed TrainJob', () => {
  const suite = cliSuite('e2e-cli-lws', ['--feature-gates=LeaderWorkerSetBackend=true']);
  const runtime = () => `lws-torch-${suite.suffix}`;

  beforeAll(async () => {
    const rt = (await trainingRuntimeFrom(suite.namespace, runtime(), 'torch-distributed')) as {
      metadata: { annotations?: Record<string, string> };
    };
    rt.metadata.annotations = { 'kubetrain.dev/workload': 'LeaderWorkerSet' };
    await applyObject(rt as never, FIELD_MANAGER);
  });

  it('submit --follow to Complete; get, describe and logs see the group while it runs', async () => {
    const name = `lws-${suite.suffix}`;
    const file = join(suite.dir, `${name}.yaml`);
    writeFileSync(file, trainJobYaml(name, { name: runtime(), kind: 'TrainingRuntime' }, 2, keepRunning()));
    const follow = startKubetrain(['submit', '-n', suite.namespace, '-f', file, '--follow']);

    const pods = await waitFor(`the 2 running pods of the group ${name}`, async () => {
      const list = await listPods(suite.namespace, `${NAME_LABEL}=${name}`);
      const running = list.filter((p) => p.status?.phase === 'Running').map((p) => p.metadata!.name!);
      return running.length === 2 ? running.sort() : undefined;
    });
    expect(pods).toEqual([`${name}-0`, `${name}-0-1`]);
    await follow.waitForOutput('the follow view of the running job', ({ stderr, stdout }) =>
      `${stdout}${stderr}`.includes('Running'),
    );

    const get = await kubetrain(['get', name, '-n', suite.namespace]);
    expect(get.code).toBe(0);
    const row = tableRows(get.stdout).find((r) => r[0] === name);
    expect(row?.slice(0, 4)).toEqual([name, 'Running', runtime(), '2']);

    const describe = await kubetrain(['describe', name, '-n', suite.namespace]);
    expect(describe.code).toBe(0);
    for (const pod of pods) expect(describe.stdout).toContain(pod);

    for (const pod of pods) await writePodLog(suite.namespace, pod, 'node', [`hello from ${pod}`]);
    const logs = await kubetrain(['logs', name, '-n', suite.namespace]);
    expect(logs.code).toBe(0);
    for (const pod of pods) expect(logs.stdout).toMatch(new RegExp(`^\\[[^\\]]+\\] hello from ${pod}$`, 'm'));

    // Every trainer exits 0 at the same moment, five seconds from now.
    const at = new Date(Date.now() + 5000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    for (const pod of pods)
      await applyObject(
        {
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: {
            name: pod,
            namespace: suite.namespace,
            annotations: { [OUTCOME]: 'succeed', [DURATION]: at },
          },
        },
        FIELD_MANAGER,
      );
    const got = await follow.done;
    expect(got.code).toBe(0);
    expect(`${got.stdout}${got.stderr}`).toContain('Complete');
    expect(got.stdout).toContain(`trainjob.trainer.kubeflow.org/${name} condition met`);
  });
});
