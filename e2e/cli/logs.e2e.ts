// SPDX-License-Identifier: Apache-2.0
// Pod logs on the local control plane: kwok serves each pod's log from a file (kwok-logs.ts), the
// API server proxies `pods/log` to it, and `kubetrain logs` prints the trainer pods' lines prefixed
// with their step and rank; `describe` of a failed job shows the last lines of the failing container.
// Needs the cluster of hack/cluster with pod logs (a `make cluster-up` after that change).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { kubeconfigPath } from '../support/cluster.js';
import { failAfter, keepRunning } from '../support/kwok.js';
import { listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import { kubetrain } from './kubetrain-cli.js';
import { writePodLog } from './kwok-logs.js';
import { applyFailFastRuntime, prepareSuite, trainJobYaml, type SuiteCluster } from './suite-cluster.js';

/** The pods of the TrainJob's node job by rank, once `count` of them run. */
async function nodePods(namespace: string, name: string, count: number): Promise<Map<number, string>> {
  return waitFor(`${count} running node pods of ${name}`, async () => {
    const pods = await listPods(namespace, `jobset.sigs.k8s.io/jobset-name=${name}`);
    const running = pods.filter((p) => p.status?.phase === 'Running');
    if (running.length < count) return undefined;
    return new Map(
      running.map((p) => [
        Number(p.metadata?.labels?.['batch.kubernetes.io/job-completion-index']),
        p.metadata!.name!,
      ]),
    );
  });
}

describe('kubetrain logs and describe read pod logs served by kwok', () => {
  const suffix = randomBytes(2).toString('hex');
  const failRuntime = `rt-fail-${suffix}`;
  let suite: SuiteCluster;
  let namespace: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kubetrain-logs-e2e-'));
    suite = await prepareSuite('e2e-logs');
    namespace = suite.namespace;
    await applyFailFastRuntime(namespace, failRuntime);
  });

  afterAll(async () => {
    await suite?.teardown();
  });

  it('prints every trainer pod line prefixed with its step; --rank picks one; kubectl logs agrees', async () => {
    const name = `logs-${suffix}`;
    writeFileSync(
      join(dir, 'logs.yaml'),
      trainJobYaml(name, { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' }, 2, keepRunning()),
    );
    expect((await kubetrain(['submit', '-n', namespace, '-f', join(dir, 'logs.yaml')])).code).toBe(0);
    const pods = await nodePods(namespace, name, 2);
    for (const [rank, pod] of pods)
      await writePodLog(namespace, pod, 'node', [`hello from rank ${rank}`, `rank ${rank} epoch 1 loss 0.5`]);

    const all = await kubetrain(['logs', name, '-n', namespace]);
    expect(all.code).toBe(0);
    expect(all.stdout).toBe(
      '[node-0] hello from rank 0\n[node-0] rank 0 epoch 1 loss 0.5\n' +
        '[node-1] hello from rank 1\n[node-1] rank 1 epoch 1 loss 0.5\n',
    );

    const one = await kubetrain(['logs', name, '-n', namespace, '--rank', '1']);
    expect(one).toMatchObject({
      code: 0,
      stdout: '[node-1] hello from rank 1\n[node-1] rank 1 epoch 1 loss 0.5\n',
    });

    const step = await kubetrain(['logs', name, '-n', namespace, '--step', 'node-0']);
    expect(step.stdout).toBe('[node-0] hello from rank 0\n[node-0] rank 0 epoch 1 loss 0.5\n');

    const kubectl = execFileSync(
      'kubectl',
      ['--kubeconfig', kubeconfigPath(), 'logs', '-n', namespace, pods.get(0)!, '-c', 'node'],
      { encoding: 'utf8' },
    );
    expect(kubectl).toBe('hello from rank 0\nrank 0 epoch 1 loss 0.5\n');

    const none = await kubetrain(['logs', name, '-n', namespace, '--rank', '5']);
    expect(none).toMatchObject({
      code: 1,
      stderr: `error: TrainJob ${namespace}/${name} has no started pod of rank 5\n`,
    });
  });

  it('describe of a failed job shows the failing pod, container, exit code and the last lines of its log', async () => {
    const name = `crash-${suffix}`;
    writeFileSync(
      join(dir, 'crash.yaml'),
      trainJobYaml(name, { name: failRuntime, kind: 'TrainingRuntime' }, 1, failAfter('8s', 7)),
    );
    expect((await kubetrain(['submit', '-n', namespace, '-f', join(dir, 'crash.yaml')])).code).toBe(0);
    const pods = await nodePods(namespace, name, 1);
    const pod = pods.get(0)!;
    await writePodLog(namespace, pod, 'node', ['loading data', 'CUDA error: out of memory']);

    const waited = await kubetrain(['wait', name, '-n', namespace, '--for=Failed', '--timeout=3m']);
    expect(waited.code).toBe(0);
    const got = await kubetrain(['describe', name, '-n', namespace]);
    expect(got.stdout).toContain(
      `Failure:\n  Pod:        ${pod}\n  Container:  node\n  Exit code:  7\n  Reason:     Error\n` +
        '  Last lines of its log:\n    loading data\n    CUDA error: out of memory\n',
    );
  });
});
