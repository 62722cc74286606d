// SPDX-License-Identifier: Apache-2.0
// `kubetrain` (bin/kubetrain, a child process) against the local control plane, with kubetrain's
// manager running in-process (e2e/controller/harness.ts) for the suite's namespace: submit --wait to
// Complete, get and describe output, wait on a failing job (exit codes, the failing pod and exit code),
// suspend/resume, delete, runtimes, and refusals of the API server (not found, RBAC) as one line each.
// The terminal view and submit --follow: follow.e2e.ts; logs: logs.e2e.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { readYamlObjects } from '../support/apply.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { failAfter, keepRunning } from '../support/kwok.js';
import { waitFor } from '../support/wait.js';
import { readTrainJob } from '../controller/harness.js';
import { kubetrain, tableRows } from './kubetrain-cli.js';
import { cliSuite, trainJobYaml } from './suite-cluster.js';

describe('kubetrain CLI against the local control plane', () => {
  const suite = cliSuite('e2e-cli');
  const { suffix, failRuntime } = suite;
  const ns = () => ['-n', suite.namespace];

  const done = `done-${suffix}`;

  it('submit --wait from flags: created, plain progress lines, Complete, exit 0', async () => {
    const got = await kubetrain([
      'submit',
      ...ns(),
      '--name',
      done,
      '--runtime',
      'torch-distributed',
      '--nodes',
      '2',
      '--env',
      'EPOCHS=3',
      '--wait',
      '--timeout',
      '3m',
      '--',
      'torchrun',
      'train.py',
      '--lr',
      '0.1',
    ]);
    expect(got.stdout).toBe(
      `trainjob.trainer.kubeflow.org/${done} created\ntrainjob.trainer.kubeflow.org/${done} condition met\n`,
    );
    expect(got.code).toBe(0);
    // Without a terminal: one plain line per change, the last one Complete with both pods succeeded.
    const lines = got.stderr.trim().split('\n');
    expect(lines.every((l) => /^\d\d:\d\d:\d\d {2}\S+ {2}(Created|Running|Complete) +\[/.test(l))).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^\\d\\d:\\d\\d:\\d\\d  ${done}  Complete   \\[node: pending 0, running 0, succeeded 2, failed 0\\]$`,
      ),
    );
    expect(got.stderr).not.toContain('\x1b[');
    const stored = await readTrainJob(suite.namespace, done);
    expect(stored.spec?.trainer).toEqual({
      numNodes: 2,
      command: ['torchrun', 'train.py', '--lr', '0.1'],
      env: [{ name: 'EPOCHS', value: '3' }],
    });
  });

  it('get: the table columns, -o wide, -o json, -o yaml, -o name, -A', async () => {
    const table = await kubetrain(['get', ...ns()]);
    expect(table.code).toBe(0);
    const rows = tableRows(table.stdout);
    const header = ['NAME', 'STATE', 'RUNTIME', 'NODES', 'STEPS-READY', 'PROGRESS', 'ETA', 'AGE'];
    expect(rows[0]).toEqual(header);
    const row = rows.find((r) => r[0] === done);
    // No trainer report: PROGRESS and ETA are `-`.
    expect(row?.slice(0, 7)).toEqual([done, 'Complete', 'torch-distributed', '2', '2/2', '-', '-']);
    expect(row?.[7]).toMatch(/^\d+(s|m)/);

    const wide = await kubetrain(['get', done, ...ns(), '-o', 'wide']);
    expect(tableRows(wide.stdout)[0]).toEqual([...header, 'RUNTIME-KIND', 'IMAGE', 'LAST-REPORT']);
    expect(tableRows(wide.stdout)[1]?.slice(8)).toEqual(['ClusterTrainingRuntime', '<runtime>', '-']);

    const json = await kubetrain(['get', done, ...ns(), '-o', 'json']);
    const one = JSON.parse(json.stdout) as { kind: string; metadata: { name: string }; status: unknown };
    expect(one).toMatchObject({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: done },
    });
    expect(one.status).toMatchObject({
      conditions: [expect.objectContaining({ type: 'Complete', status: 'True' })],
    });

    const list = await kubetrain(['get', ...ns(), '-o', 'yaml']);
    expect(list.stdout).toMatch(/^apiVersion: v1\nkind: List\nitems:\n/);

    const name = await kubetrain(['get', done, ...ns(), '-o', 'name']);
    expect(name.stdout).toBe(`trainjob.trainer.kubeflow.org/${done}\n`);

    const all = await kubetrain(['get', '-A']);
    expect(tableRows(all.stdout)[0]?.[0]).toBe('NAMESPACE');
    expect(tableRows(all.stdout).some((r) => r[0] === suite.namespace && r[1] === done)).toBe(true);
  });

  it('describe a Complete job: summary, conditions, jobs, steps with pods, events', async () => {
    const got = await kubetrain(['describe', done, ...ns()]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain(`Name:       ${done}\nNamespace:  ${suite.namespace}\n`);
    expect(got.stdout).toContain(
      'Runtime:    ClusterTrainingRuntime/torch-distributed\nState:      Complete\nNodes:      2\n',
    );
    expect(got.stdout).toMatch(
      /Conditions:\n {2}TYPE +STATUS +REASON +MESSAGE\n {2}Complete +True +AllJobsCompleted +jobset completed successfully\n/,
    );
    expect(got.stdout).toMatch(
      /Jobs:\n {2}NAME +ACTIVE +READY +SUCCEEDED +FAILED +SUSPENDED\n {2}node +0 +0 +1 +0 +0\n/,
    );
    expect(got.stdout).toMatch(
      new RegExp(
        `Steps:\\n {2}STEP +PHASE +POD\\n {2}node-0 +Succeeded +${done}-node-0-0-\\S+\\n {2}node-1 +Succeeded +${done}-node-0-1-\\S+\\n`,
      ),
    );
    expect(got.stdout).not.toContain('Failure:');
    expect(got.stdout).toMatch(/Events:\n {2}AGE +TYPE +REASON +OBJECT +MESSAGE\n/);
    expect(got.stdout).toMatch(new RegExp(`Normal +Completed +TrainJob/${done} `));
  });

  const failing = `failing-${suffix}`;

  it('a failing job from -f -: wait --for=Complete exits 1, --for=Failed exits 0; describe names the pod and exit code', async () => {
    const yaml = trainJobYaml(failing, { name: failRuntime, kind: 'TrainingRuntime' }, 1, failAfter('1s', 3));
    const submitted = await kubetrain(['submit', ...ns(), '-f', '-'], yaml);
    expect(submitted).toMatchObject({
      code: 0,
      stdout: `trainjob.trainer.kubeflow.org/${failing} created\n`,
    });

    const notComplete = await kubetrain(['wait', failing, ...ns(), '--for=Complete', '--timeout=3m']);
    expect(notComplete.code).toBe(1);
    expect(notComplete.stdout).toBe(`trainjob.trainer.kubeflow.org/${failing} Failed\n`);

    const failed = await kubetrain(['wait', failing, ...ns(), '--for', 'Failed', '--timeout', '30s']);
    expect(failed).toMatchObject({
      code: 0,
      stdout: `trainjob.trainer.kubeflow.org/${failing} condition met\n`,
    });

    const described = await kubetrain(['describe', failing, ...ns()]);
    expect(described.code).toBe(0);
    expect(described.stdout).toContain('State:      Failed\n');
    expect(described.stdout).toMatch(
      new RegExp(
        `Failure:\\n {2}Pod: {8}${failing}-node-0-0-\\S+\\n {2}Container: {2}node\\n {2}Exit code: {2}3\\n`,
      ),
    );
    expect(described.stdout).toMatch(
      /Failed +True +FailedJobs +jobset failed due to one or more job failures/,
    );
  });

  it('wait times out with exit 1 and one line', async () => {
    const running = `running-${suffix}`;
    const yaml = trainJobYaml(
      running,
      { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' },
      1,
      keepRunning(),
    );
    writeFileSync(join(suite.dir, 'running.yaml'), yaml);
    expect((await kubetrain(['submit', ...ns(), '-f', join(suite.dir, 'running.yaml')])).code).toBe(0);
    const got = await kubetrain(['wait', running, ...ns(), '--for=Complete', '--timeout=2s']);
    expect(got.code).toBe(1);
    expect(got.stderr.split('\n').filter((l) => l.startsWith('error: '))).toEqual([
      `error: timed out after 2s waiting for TrainJob ${suite.namespace}/${running} to be Complete`,
    ]);
  });

  it('suspend and resume: Suspended, then Running again', async () => {
    const name = `susp-${suffix}`;
    writeFileSync(
      join(suite.dir, 'susp.yaml'),
      trainJobYaml(name, { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' }, 1, keepRunning()),
    );
    expect((await kubetrain(['submit', ...ns(), '-f', join(suite.dir, 'susp.yaml')])).code).toBe(0);
    const state = async () => tableRows((await kubetrain(['get', name, ...ns()])).stdout)[1]?.[1];
    await waitFor(`${name} Running`, async () => ((await state()) === 'Running' ? true : undefined));

    expect(await kubetrain(['suspend', name, ...ns()])).toMatchObject({
      code: 0,
      stdout: `trainjob.trainer.kubeflow.org/${name} suspended\n`,
    });
    await waitFor(`${name} Suspended`, async () => ((await state()) === 'Suspended' ? true : undefined));
    expect((await readTrainJob(suite.namespace, name)).spec?.suspend).toBe(true);

    expect(await kubetrain(['resume', name, ...ns()])).toMatchObject({
      code: 0,
      stdout: `trainjob.trainer.kubeflow.org/${name} resumed\n`,
    });
    await waitFor(`${name} Running again`, async () => ((await state()) === 'Running' ? true : undefined));
  });

  it('delete: the TrainJob is gone; get and describe of it exit 1 with one line', async () => {
    const got = await kubetrain(['delete', failing, ...ns()]);
    expect(got).toMatchObject({ code: 0, stdout: `trainjob.trainer.kubeflow.org "${failing}" deleted\n` });
    for (const args of [
      ['get', failing],
      ['describe', failing],
      ['logs', failing],
      ['suspend', failing],
    ]) {
      const after = await kubetrain([...args, ...ns()]);
      expect(after.code).toBe(1);
      expect(after.stderr).toBe(`error: (NotFound) trainjobs.trainer.kubeflow.org "${failing}" not found\n`);
    }
  });

  it('runtimes: namespaced and cluster runtimes with framework, nodes and image', async () => {
    const got = await kubetrain(['runtimes', ...ns()]);
    expect(got.code).toBe(0);
    const rows = tableRows(got.stdout);
    expect(rows[0]).toEqual(['NAME', 'KIND', 'FRAMEWORK', 'NODES', 'IMAGE', 'AGE']);
    const shipped = readYamlObjects('manifests/runtimes/torch-distributed.yaml')[0] as unknown as {
      spec: {
        template: {
          spec: {
            replicatedJobs: {
              template: { spec: { template: { spec: { containers: { name: string; image: string }[] } } } };
            }[];
          };
        };
      };
    };
    const image = shipped.spec.template.spec.replicatedJobs[0]!.template.spec.template.spec.containers.find(
      (c) => c.name === 'node',
    )!.image;
    expect(rows.find((r) => r[0] === 'torch-distributed')?.slice(0, 5)).toEqual([
      'torch-distributed',
      'ClusterTrainingRuntime',
      'torch',
      '1',
      image,
    ]);
    expect(rows.find((r) => r[0] === failRuntime)?.slice(0, 3)).toEqual([
      failRuntime,
      `TrainingRuntime (${suite.namespace})`,
      'torch',
    ]);
    // namespaced first, as the Python SDK merges them
    expect(rows.findIndex((r) => r[0] === failRuntime)).toBe(1);

    const names = await kubetrain(['runtimes', ...ns(), '-o', 'name']);
    expect(names.stdout.split('\n')).toEqual(
      expect.arrayContaining([
        `trainingruntime.trainer.kubeflow.org/${failRuntime}`,
        'clustertrainingruntime.trainer.kubeflow.org/torch-distributed',
      ]),
    );
  });

  it('an RBAC refusal is one line and exit 1', async () => {
    // A ServiceAccount with no role, and a kubeconfig with its token.
    const sa = `nobody-${suffix}`;
    await cluster().core.createNamespacedServiceAccount({
      namespace: suite.namespace,
      body: { metadata: { name: sa } },
    });
    const token = await cluster().core.createNamespacedServiceAccountToken({
      namespace: suite.namespace,
      name: sa,
      body: { spec: { audiences: [], expirationSeconds: 600 } },
    });
    const admin = readFileSync(kubeconfigPath(), 'utf8');
    const server = /server: (\S+)/.exec(admin)![1]!;
    const ca = /certificate-authority: (\S+)/.exec(admin)![1]!;
    const config = join(suite.dir, 'nobody.kubeconfig');
    writeFileSync(
      config,
      stringify({
        apiVersion: 'v1',
        kind: 'Config',
        clusters: [{ name: 'c', cluster: { server, 'certificate-authority': ca } }],
        users: [{ name: 'u', user: { token: token.status?.token } }],
        contexts: [{ name: 'x', context: { cluster: 'c', user: 'u', namespace: suite.namespace } }],
        'current-context': 'x',
      }),
    );
    const got = await kubetrain(['get', '--kubeconfig', config]);
    expect(got.code).toBe(1);
    expect(got.stderr).toBe(
      `error: (Forbidden) trainjobs.trainer.kubeflow.org is forbidden: User "system:serviceaccount:${suite.namespace}:${sa}" cannot list resource "trainjobs" in API group "trainer.kubeflow.org" in the namespace "${suite.namespace}"\n`,
    );
  });
});
