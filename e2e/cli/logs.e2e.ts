// SPDX-License-Identifier: Apache-2.0
// Pod logs on the local control plane: kwok serves each pod's log from a file (kwok-logs.ts), the
// API server proxies `pods/log` to it, and `kubetrain logs` prints the trainer pods' lines prefixed
// with their step and rank; `describe` of a failed job shows the last lines of the failing container.
// Needs the cluster of hack/cluster with pod logs (a `make cluster-up` after that change).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { kubeconfigPath } from '../support/cluster.js';
import { keepRunning } from '../support/kwok.js';
import { kubetrain, startKubetrain } from './kubetrain-cli.js';
import { appendPodLog, writePodLog } from './kwok-logs.js';
import { cliSuite, trainJobYaml } from './suite-cluster.js';
import { letPodFail, letPodSucceed, nodePods } from './trainer-pods.js';

/** The lines of `text` that start with `[<step>] `, without the prefix. */
function linesOf(text: string, step: string): string[] {
  return text
    .split('\n')
    .filter((l) => l.startsWith(`[${step}] `))
    .map((l) => l.slice(step.length + 3));
}

describe('kubetrain logs and describe read pod logs served by kwok', () => {
  const suite = cliSuite('e2e-logs');
  const { suffix, failRuntime } = suite;

  it('prints every trainer pod line prefixed with its step; --rank picks one; kubectl logs agrees', async () => {
    const name = `logs-${suffix}`;
    writeFileSync(
      join(suite.dir, 'logs.yaml'),
      trainJobYaml(name, { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' }, 2, keepRunning()),
    );
    expect(
      (await kubetrain(['submit', '-n', suite.namespace, '-f', join(suite.dir, 'logs.yaml')])).code,
    ).toBe(0);
    const pods = await nodePods(suite.namespace, name, 2);
    for (const [rank, pod] of pods)
      await writePodLog(suite.namespace, pod, 'node', [
        `hello from rank ${rank}`,
        `rank ${rank} epoch 1 loss 0.5`,
      ]);

    const all = await kubetrain(['logs', name, '-n', suite.namespace]);
    expect(all.code).toBe(0);
    expect(all.stdout).toBe(
      '[node-0] hello from rank 0\n[node-0] rank 0 epoch 1 loss 0.5\n' +
        '[node-1] hello from rank 1\n[node-1] rank 1 epoch 1 loss 0.5\n',
    );

    const one = await kubetrain(['logs', name, '-n', suite.namespace, '--rank', '1']);
    expect(one).toMatchObject({
      code: 0,
      stdout: '[node-1] hello from rank 1\n[node-1] rank 1 epoch 1 loss 0.5\n',
    });

    const step = await kubetrain(['logs', name, '-n', suite.namespace, '--step', 'node-0']);
    expect(step.stdout).toBe('[node-0] hello from rank 0\n[node-0] rank 0 epoch 1 loss 0.5\n');

    const kubectl = execFileSync(
      'kubectl',
      ['--kubeconfig', kubeconfigPath(), 'logs', '-n', suite.namespace, pods.get(0)!, '-c', 'node'],
      { encoding: 'utf8' },
    );
    expect(kubectl).toBe('hello from rank 0\nrank 0 epoch 1 loss 0.5\n');

    const none = await kubetrain(['logs', name, '-n', suite.namespace, '--rank', '5']);
    expect(none).toMatchObject({
      code: 1,
      stderr: `error: TrainJob ${suite.namespace}/${name} has no started pod of rank 5\n`,
    });
  });

  it('describe of a failed job shows the failing pod, container, exit code and the last lines of its log', async () => {
    const name = `crash-${suffix}`;
    writeFileSync(
      join(suite.dir, 'crash.yaml'),
      trainJobYaml(name, { name: failRuntime, kind: 'TrainingRuntime' }, 1, keepRunning()),
    );
    expect(
      (await kubetrain(['submit', '-n', suite.namespace, '-f', join(suite.dir, 'crash.yaml')])).code,
    ).toBe(0);
    const pods = await nodePods(suite.namespace, name, 1);
    const pod = pods.get(0)!;
    await writePodLog(suite.namespace, pod, 'node', ['loading data', 'CUDA error: out of memory']);
    await letPodFail(suite.namespace, pod, 7);

    const waited = await kubetrain(['wait', name, '-n', suite.namespace, '--for=Failed', '--timeout=3m']);
    expect(waited.code).toBe(0);
    const got = await kubetrain(['describe', name, '-n', suite.namespace]);
    expect(got.stdout).toContain(
      `Failure:\n  Pod:        ${pod}\n  Container:  node\n  Exit code:  7\n  Reason:     Error\n` +
        '  Last lines of its log:\n    loading data\n    CUDA error: out of memory\n',
    );
  });

  it("logs -f streams each trainer pod's lines as they are written and returns when the pods have ended", async () => {
    const name = `follow-${suffix}`;
    writeFileSync(
      join(suite.dir, 'follow.yaml'),
      trainJobYaml(name, { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' }, 2, keepRunning()),
    );
    expect(
      (await kubetrain(['submit', '-n', suite.namespace, '-f', join(suite.dir, 'follow.yaml')])).code,
    ).toBe(0);
    const pods = await nodePods(suite.namespace, name, 2);
    for (const [rank, pod] of pods)
      await writePodLog(suite.namespace, pod, 'node', [`rank ${rank} starting`]);

    const follow = startKubetrain(['logs', name, '-n', suite.namespace, '-f']);
    await follow.waitForOutput('the lines written before', ({ stdout: out }) =>
      [0, 1].every((rank) => out.includes(`[node-${rank}] rank ${rank} starting\n`)),
    );
    // Lines written while it follows arrive while the pods still run: it has not ended.
    appendPodLog(suite.namespace, pods.get(1)!, 'node', ['rank 1 epoch 1 loss 0.5']);
    await follow.waitForOutput('a line written later', ({ stdout: out }) =>
      out.includes('[node-1] rank 1 epoch 1 loss 0.5\n'),
    );
    appendPodLog(suite.namespace, pods.get(0)!, 'node', ['rank 0 epoch 1 loss 0.4']);
    await follow.waitForOutput('a line written later', ({ stdout: out }) =>
      out.includes('[node-0] rank 0 epoch 1 loss 0.4\n'),
    );
    expect(follow.ended()).toBe(false);

    // The last lines, written just before each pod ends, are printed; then it returns, exit 0.
    for (const [rank, pod] of pods) {
      appendPodLog(suite.namespace, pod, 'node', [`rank ${rank} done`]);
      await letPodSucceed(suite.namespace, pod);
    }
    const got = await follow.done;
    expect(got.code).toBe(0);
    expect(got.stderr).toBe('');
    expect(linesOf(got.stdout, 'node-0')).toEqual([
      'rank 0 starting',
      'rank 0 epoch 1 loss 0.4',
      'rank 0 done',
    ]);
    expect(linesOf(got.stdout, 'node-1')).toEqual([
      'rank 1 starting',
      'rank 1 epoch 1 loss 0.5',
      'rank 1 done',
    ]);
    expect(got.stdout.split('\n').filter((l) => l !== '')).toHaveLength(6);

    // Following pods that have already ended prints their whole logs and returns at once.
    const after = await kubetrain(['logs', name, '-n', suite.namespace, '-f', '--rank', '1']);
    expect(after).toMatchObject({
      code: 0,
      stdout: '[node-1] rank 1 starting\n[node-1] rank 1 epoch 1 loss 0.5\n[node-1] rank 1 done\n',
    });
  });
});
