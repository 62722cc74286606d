// SPDX-License-Identifier: Apache-2.0
// `kubetrain submit --follow` (bin/kubetrain, a child process) against the local control plane, and
// the live progress view: on a pseudo-terminal (util-linux `script`) the view is redrawn in place,
// and the screen it leaves (replayed into a headless xterm.js terminal) holds one view with the
// final state; without a terminal one plain line per change. Ctrl-C typed on the terminal stops
// following and leaves the job running.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keepRunning } from '../support/kwok.js';
import { readTrainJob } from '../controller/harness.js';
import { kubetrain, startKubetrain, tableRows, TTY_SIZE } from './kubetrain-cli.js';
import { writePodLog } from './kwok-logs.js';
import { cliSuite, trainJobYaml } from './suite-cluster.js';
import { screenAfter } from './terminal-screen.js';
import { letNodesSucceed, letPodFail, nodePods } from './trainer-pods.js';

describe('kubetrain submit --follow and the live progress view', () => {
  const suite = cliSuite('e2e-follow');
  const { suffix, failRuntime } = suite;

  const torch = { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' };

  /** Writes the TrainJob's YAML into the suite's folder and returns the file. */
  function jobFile(
    name: string,
    runtime: { name: string; kind: string },
    nodes: number,
    annotations: Record<string, string>,
  ): string {
    const file = join(suite.dir, `${name}.yaml`);
    writeFileSync(file, trainJobYaml(name, runtime, nodes, annotations));
    return file;
  }

  it('on a terminal: the view is redrawn in place and the screen ends with one view of the Complete job', async () => {
    const name = `tty-${suffix}`;
    const run = startKubetrain(
      ['submit', '-n', suite.namespace, '-f', jobFile(name, torch, 2, keepRunning()), '--follow'],
      { tty: TTY_SIZE },
    );
    await run.waitForOutput('the view of the running job', ({ stdout }) =>
      stdout.includes(`${name}  Running`),
    );
    await letNodesSucceed(suite.namespace, name, 2);
    const got = await run.done;
    expect(got.code).toBe(0);
    const raw = got.stdout;
    // The first view is drawn as it is; each change after it moves the cursor up over the lines of
    // the view before (the job's line, then a bar once its pods exist), to the first column, and
    // erases to the end of the screen before drawing the next: the last, from the Running view
    // with its bar to the Complete one, over 2 lines.
    const redraws = raw
      .split('\x1b[')
      .map((part, i, parts) =>
        /^\d+A$/.test(part) && parts[i + 1] === 'G' && parts[i + 2]?.startsWith('J') ? parseInt(part, 10) : 0,
      )
      .filter((n) => n > 0);
    expect(redraws.length).toBeGreaterThanOrEqual(1);
    expect(redraws.every((n) => n === 1 || n === 2)).toBe(true);
    expect(redraws.at(-1)).toBe(2);
    // What the screen shows at the end: the created line, one view (not one per change), the result.
    expect(await screenAfter(raw)).toEqual([
      `trainjob.trainer.kubeflow.org/${name} created`,
      `${name}  Complete`,
      `  node               [====================] pending 0, running 0, succeeded 2, failed 0`,
      `trainjob.trainer.kubeflow.org/${name} condition met`,
    ]);
  });

  it('without a terminal: one plain line per change, no escape sequences', async () => {
    const name = `plain-${suffix}`;
    const run = startKubetrain([
      'submit',
      '-n',
      suite.namespace,
      '-f',
      jobFile(name, torch, 2, keepRunning()),
      '--follow',
    ]);
    await run.waitForOutput('the running job', ({ stderr }) => stderr.includes(`${name}  Running`));
    await letNodesSucceed(suite.namespace, name, 2);
    const got = await run.done;
    expect(got.code).toBe(0);
    expect(got.stdout).toBe(
      `trainjob.trainer.kubeflow.org/${name} created\ntrainjob.trainer.kubeflow.org/${name} condition met\n`,
    );
    expect(got.stderr).not.toContain('\x1b');
    const lines = got.stderr.trim().split('\n');
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(
      lines.every((l) =>
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d  ${name}  (Created|Running|Complete) +\\[`).test(l),
      ),
    ).toBe(true);
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines.at(-1)).toMatch(/ {2}Complete {3}\[node: pending 0, running 0, succeeded 2, failed 0\]$/);
  });

  it('a job that fails: exit 1, its failing pod, container, exit code and last log lines', async () => {
    const name = `fail-${suffix}`;
    const run = startKubetrain([
      'submit',
      '-n',
      suite.namespace,
      '-f',
      jobFile(name, { name: failRuntime, kind: 'TrainingRuntime' }, 1, keepRunning()),
      '--follow',
    ]);
    const pod = (await nodePods(suite.namespace, name, 1)).get(0)!;
    await writePodLog(suite.namespace, pod, 'node', ['loading data', 'CUDA error: out of memory']);
    await letPodFail(suite.namespace, pod, 7);
    const got = await run.done;
    expect(got.code).toBe(1);
    expect(got.stdout).toBe(
      `trainjob.trainer.kubeflow.org/${name} created\ntrainjob.trainer.kubeflow.org/${name} Failed\n`,
    );
    expect(got.stderr).toMatch(/ {2}Failed {5}\[node: pending 0, running 0, succeeded 0, failed 1\]\n/);
    expect(got.stderr).toContain(
      `TrainJob ${suite.namespace}/${name} Failed:\n  Pod:        ${pod}\n  Container:  node\n  Exit code:  7\n  Reason:     Error\n` +
        '  Last lines of its log:\n    loading data\n    CUDA error: out of memory\n',
    );
  });

  it('Ctrl-C on a narrow terminal: the view fits its width; following stops, the job keeps running, exit 130', async () => {
    const name = `intr-${suffix}`;
    const narrow = { cols: 60, rows: 20 };
    const run = startKubetrain(
      ['submit', '-n', suite.namespace, '-f', jobFile(name, torch, 1, keepRunning()), '--follow'],
      { tty: narrow },
    );
    await run.waitForOutput('the view of the running job', ({ stdout }) =>
      stdout.includes(`${name}  Running`),
    );
    run.type('\x03');
    const got = await run.done;
    expect(got.code).toBe(130);
    const screen = await screenAfter(got.stdout, narrow);
    // The terminal echoes the ^C where the cursor is: below the view.
    expect(screen.at(-1)).toBe(
      `^Cinterrupted: TrainJob ${suite.namespace}/${name} keeps running (Running); watch it with: kubetrain get ${name} -n ${suite.namespace} -w; stop it with: kubetrain delete ${name} -n ${suite.namespace}`,
    );
    // One view, its bar line cut to the width (59 columns: none wraps), so each redraw replaced the last.
    const view = screen.findIndex((l) => l.startsWith(`${name}  `));
    expect(screen.filter((l) => l.startsWith(`${name}  `))).toEqual([`${name}  Running`]);
    expect(screen[view + 1]).toBe(`  node               [${'>'.repeat(20)}] pending 0, runn`);
    expect(screen.join('\n')).not.toContain('condition met');
    // The job is neither deleted nor suspended, and still runs.
    const stored = await readTrainJob(suite.namespace, name);
    expect(stored.metadata?.deletionTimestamp).toBeUndefined();
    expect(stored.spec?.suspend ?? false).toBe(false);
    const rows = tableRows((await kubetrain(['get', name, '-n', suite.namespace])).stdout);
    expect(rows[1]?.slice(0, 2)).toEqual([name, 'Running']);
  });

  it('SIGINT without a terminal: the same line on stderr, exit 130', async () => {
    const name = `sigint-${suffix}`;
    const run = startKubetrain([
      'submit',
      '-n',
      suite.namespace,
      '-f',
      jobFile(name, torch, 1, keepRunning()),
      '--follow',
    ]);
    await run.waitForOutput(`${name} shown Running`, ({ stderr }) => stderr.includes(`${name}  Running`));
    run.interrupt();
    const got = await run.done;
    expect(got.code).toBe(130);
    expect(got.stderr.split('\n').at(-2)).toBe(
      `interrupted: TrainJob ${suite.namespace}/${name} keeps running (Running); watch it with: kubetrain get ${name} -n ${suite.namespace} -w; stop it with: kubetrain delete ${name} -n ${suite.namespace}`,
    );
    expect((await readTrainJob(suite.namespace, name)).metadata?.deletionTimestamp).toBeUndefined();
  });
});
