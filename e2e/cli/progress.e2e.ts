// SPDX-License-Identifier: Apache-2.0
// The trainer's progress (status.trainerStatus, written here as the status server writes it: the
// status subresource, field manager `trainer-status`) where a user looks: `kubetrain get` (PROGRESS,
// ETA), `describe` (its Progress section, hostile metric names escaped) and `submit --follow`, on a
// pseudo-terminal (a bar redrawn in place, also across a resize of the terminal) and without one (a
// plain line per 10% step).
import { execFileSync } from 'node:child_process';
import { readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { keepRunning } from '../support/kwok.js';
import { kubetrain, startKubetrain, tableRows, TTY_SIZE } from './kubetrain-cli.js';
import { cliSuite, trainJobYaml } from './suite-cluster.js';
import { screenAfter, screenAfterResize } from './terminal-screen.js';
import { closeTrainerStatusClient, reportTrainerStatus } from './trainer-status.js';
import { letNodesSucceed, nodePods } from './trainer-pods.js';

/** The pseudo-terminal kubetrain runs on under `script` (`scriptPid`): its child's standard error. */
function ptyOf(scriptPid: number): string {
  const child = readFileSync(`/proc/${scriptPid}/task/${scriptPid}/children`, 'utf8').trim().split(/\s+/)[0];
  return readlinkSync(`/proc/${child}/fd/2`);
}

/** Where each redraw starts in `raw` (cursor up N, first column, erase down), with N and the lines it draws. */
function redraws(raw: string): { at: number; up: number; lines: string[] }[] {
  // eslint-disable-next-line no-control-regex -- the escape sequences are what is looked for
  const found = [...raw.matchAll(/\x1b\[(\d+)A\x1b\[G\x1b\[J/g)];
  return found.map((m, i) => {
    const end = found[i + 1]?.index ?? raw.length;
    const drawn = raw.slice(m.index + m[0].length, end).split('\r\n');
    return { at: m.index, up: Number(m[1]), lines: drawn.slice(0, -1) };
  });
}

describe('the trainer progress in kubetrain get, describe and submit --follow', () => {
  const suite = cliSuite('e2e-progress');
  const { suffix } = suite;
  const torch = { name: 'torch-distributed', kind: 'ClusterTrainingRuntime' };
  afterAll(closeTrainerStatusClient);

  function jobFile(name: string, nodes: number): string {
    const file = join(suite.dir, `${name}.yaml`);
    writeFileSync(file, trainJobYaml(name, torch, nodes, keepRunning()));
    return file;
  }

  it('get: PROGRESS and ETA; -o wide: LAST-REPORT; describe: the Progress section, escaped and bounded', async () => {
    const name = `report-${suffix}`;
    const submit = await kubetrain(['submit', '-n', suite.namespace, '-f', jobFile(name, 1)]);
    expect(submit.code).toBe(0);
    await nodePods(suite.namespace, name, 1);
    const metrics = [
      { name: 'loss\u001b[2J', value: '0.5\nTrainJob/forged: ok' },
      ...Array.from({ length: 11 }, (_, i) => ({ name: `m${i}`, value: String(i) })),
    ];
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 42,
      estimatedRemainingSeconds: 3900,
      metrics,
    });

    const get = await kubetrain(['get', name, '-n', suite.namespace]);
    expect(get.code).toBe(0);
    const [header, row] = tableRows(get.stdout);
    expect(header?.slice(5, 7)).toEqual(['PROGRESS', 'ETA']);
    expect(row?.slice(0, 6)).toEqual([name, 'Running', 'torch-distributed', '1', '1/1', '42%']);
    // The estimate counts down from the report: 3900 s less the seconds since.
    expect(row?.[6]).toMatch(/^1h0[45]m$/);
    const wide = tableRows((await kubetrain(['get', name, '-n', suite.namespace, '-o', 'wide'])).stdout);
    expect(wide[1]?.at(-1)).toMatch(/^\d+s$/);

    const describe = await kubetrain(['describe', name, '-n', suite.namespace]);
    expect(describe.code).toBe(0);
    const out = describe.stdout;
    expect(out).toContain('Progress:\n  Percent:      42%  [=======>............]\n  ETA:          1h0');
    expect(out).toMatch(/\n {2}Last report: {2}\S+Z \(\d+s ago\)\n {2}Metrics:\n {4}NAME +VALUE\n/);
    // The hostile name and value on their own row, escaped; ten metrics shown, two counted.
    expect(out).toContain('    loss\\x1b[2J   0.5\\nTrainJob/forged: ok\n');
    expect(out).not.toContain('\u001b');
    expect(out).toMatch(/\n {4}m8 +8\n/);
    expect(out).not.toContain('    m9 ');
    expect(out).toContain(
      `    ... and 2 more (all of them: kubetrain get ${name} -n ${suite.namespace} -o yaml)\n`,
    );
  });

  it('submit --follow on a terminal: the bar, redrawn in place, ends at 100% above the pods', async () => {
    const name = `bar-${suffix}`;
    const run = startKubetrain(['submit', '-n', suite.namespace, '-f', jobFile(name, 2), '--follow'], {
      tty: TTY_SIZE,
    });
    await run.waitForOutput('the running job', ({ stdout }) => stdout.includes(`${name}  Running`));
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 42,
      estimatedRemainingSeconds: 3900,
    });
    await run.waitForOutput('the bar at 42%', ({ stdout }) =>
      stdout.includes('  progress           [=======>............] 42%  ETA 1h0'),
    );
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 100,
      estimatedRemainingSeconds: 0,
    });
    await run.waitForOutput('the bar at 100%', ({ stdout }) => stdout.includes('] 100%'));
    await letNodesSucceed(suite.namespace, name, 2);
    const got = await run.done;
    expect(got.code).toBe(0);
    expect(await screenAfter(got.stdout)).toEqual([
      `trainjob.trainer.kubeflow.org/${name} created`,
      `${name}  Complete`,
      `  progress           [====================] 100%`,
      `  node               [====================] pending 0, running 0, succeeded 2, failed 0`,
      `trainjob.trainer.kubeflow.org/${name} condition met`,
    ]);
  });

  it('submit --follow without a terminal: a plain line when the percentage enters another 10% step', async () => {
    const name = `plain-${suffix}`;
    const run = startKubetrain(['submit', '-n', suite.namespace, '-f', jobFile(name, 1), '--follow']);
    await run.waitForOutput('the running job', ({ stderr }) => stderr.includes(`${name}  Running`));
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 42,
      estimatedRemainingSeconds: 600,
    });
    await run.waitForOutput('42%', ({ stderr }) => stderr.includes('progress 42%'));
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 47,
      estimatedRemainingSeconds: 500,
    });
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 63,
      estimatedRemainingSeconds: 300,
    });
    await run.waitForOutput('63%', ({ stderr }) => stderr.includes('progress 63%'));
    await letNodesSucceed(suite.namespace, name, 1);
    const got = await run.done;
    expect(got.code).toBe(0);
    expect(got.stderr).not.toContain('\x1b');
    const lines = got.stderr.trim().split('\n');
    expect(lines.filter((l) => l.includes('progress 4'))).toEqual([
      expect.stringMatching(
        / {2}Running {4}\[node: pending 0, running 1, succeeded 0, failed 0\] {2}progress 42%, ETA (10m00s|9m5\ds)$/,
      ),
    ]);
    expect(lines.at(-1)).toMatch(
      / {2}Complete {3}\[node: pending 0, running 0, succeeded 1, failed 0\] {2}progress 63%$/,
    );
  });

  it('submit --follow on a terminal narrowed while it follows: redrawn over the reflowed rows, one view left', async () => {
    const name = `rsz-${suffix}`;
    const wide = { cols: 120, rows: 40 };
    const narrow = { cols: 50, rows: 40 };
    const run = startKubetrain(['submit', '-n', suite.namespace, '-f', jobFile(name, 2), '--follow'], {
      tty: wide,
    });
    await run.waitForOutput('the running job', ({ stdout }) => stdout.includes(`${name}  Running`));
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 42,
      estimatedRemainingSeconds: 3900,
    });
    await run.waitForOutput('the bar at 42%', ({ stdout }) => stdout.includes('] 42%  ETA 1h0'));
    // The user narrows the terminal: the kernel sends kubetrain SIGWINCH; the ETA counting down
    // redraws the view within a second, at the new width.
    execFileSync('stty', ['-F', ptyOf(run.pid!), 'cols', String(narrow.cols), 'rows', String(narrow.rows)]);
    await run.waitForOutput('a view drawn at the new width', ({ stdout }) =>
      redraws(stdout).some((r) => r.lines.length > 0 && r.lines.every((l) => l.length < narrow.cols)),
    );
    await reportTrainerStatus(suite.namespace, name, {
      progressPercentage: 100,
      estimatedRemainingSeconds: 0,
    });
    await letNodesSucceed(suite.namespace, name, 2);
    const got = await run.done;
    expect(got.code).toBe(0);
    const all = redraws(got.stdout);
    const first = all.findIndex((r) => r.lines.every((l) => l.length < narrow.cols));
    expect(first).toBeGreaterThan(0);
    // Over the rows the wide view takes once the terminal reflowed it at 50 columns.
    const rowsBefore = all[first - 1]!.lines.reduce(
      (n, l) => n + Math.max(1, Math.ceil(l.length / narrow.cols)),
      0,
    );
    expect(all[first]!.up).toBe(rowsBefore);
    expect(rowsBefore).toBeGreaterThan(all[first - 1]!.lines.length);
    const node = `  node               [${'='.repeat(20)}] pending 0, running 0, succeeded 2, failed 0`;
    expect(await screenAfterResize(got.stdout, wide, all[first]!.at, narrow)).toEqual([
      `trainjob.trainer.kubeflow.org/${name} created`,
      `${name}  Complete`,
      `  progress           [====================] 100%`,
      node.slice(0, narrow.cols - 1),
      `trainjob.trainer.kubeflow.org/${name} condition met`,
    ]);
  });
});
