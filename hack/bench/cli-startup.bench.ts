// SPDX-License-Identifier: Apache-2.0
// CLI start-up benchmark (issue 22): wall time and peak RSS of the `kubetrain` bundle
// (packages/cli/dist/main.js, built by `make cli`) for --version, --help, and validate, render and
// migrate of upstream examples, each as a median of --runs runs, next to bare `node -e 0` measured in
// the same run (the difference and the ratio). Also render against one file of 10,000
// ClusterTrainingRuntimes (copies of the shipped torch-distributed, about 17 MB). Figures come from GNU
// time (`/usr/bin/time -f '%e %M %U %S'`): wall time, peak RSS, and user + system CPU time.
//
// Run: `make bench-cli`, or `node --import tsx hack/bench/cli-startup.bench.ts [--runs N] [--json]`.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './lib/stats.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const upstream = join(root, '../shared/reference/upstream');
const trainJobExample = join(upstream, 'trainer-v2.3.0/examples/01-multi-node.yaml');
const v1Example = join(upstream, 'training-operator-v1.9.4/examples/pytorch/simple.yaml');
const cli = join(root, 'packages/cli/dist/main.js');

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}
const runs = Number(flag('--runs') ?? 5);

/** One ClusterTrainingRuntimes file: the shipped torch-distributed and 9,999 renamed copies. */
function manyRuntimes(dir: string): string {
  const text = readFileSync(join(root, 'manifests/runtimes/torch-distributed.yaml'), 'utf8');
  const copies = Array.from({ length: 9_999 }, (_, i) =>
    text.replace(/^ {2}name: torch-distributed$/m, `  name: bench-runtime-${i}`),
  );
  const file = join(dir, 'runtimes-10k.yaml');
  writeFileSync(file, [text, ...copies].join('\n---\n'));
  return file;
}

interface Sample {
  seconds: number;
  /** User + system CPU seconds: steadier than the wall time on a machine shared with other work. */
  cpuSeconds: number;
  rssMB: number;
}

/** Runs `node args` under GNU time; the exit code must be 0 (0 or 1 for migrate's warnings). */
function measure(args: string[]): Sample {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M %U %S', process.execPath, ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const last = r.stderr.trim().split('\n').at(-1) ?? '';
  const m = /^(\d+(?:\.\d+)?) (\d+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)$/.exec(last);
  if (m === null || r.status === null || r.status > 1) {
    throw new Error(`node ${args.join(' ')} failed (exit ${r.status}): ${r.stderr.slice(-500)}`);
  }
  return { seconds: Number(m[1]), cpuSeconds: Number(m[3]) + Number(m[4]), rssMB: Number(m[2]) / 1024 };
}

function median(samples: Sample[]): Sample {
  return {
    seconds: percentile(
      samples.map((s) => s.seconds),
      0.5,
    ),
    cpuSeconds: percentile(
      samples.map((s) => s.cpuSeconds),
      0.5,
    ),
    rssMB: percentile(
      samples.map((s) => s.rssMB),
      0.5,
    ),
  };
}

execFileSync(join(root, 'packages/cli/build/ensure.sh'), { stdio: 'inherit' });
const dir = mkdtempSync(join(tmpdir(), 'kubetrain-cli-bench-'));
try {
  const runtimes = manyRuntimes(dir);
  const cases: [string, string[], number][] = [
    ['node -e 0', ['-e', '0'], runs],
    ['--version', [cli, '--version'], runs],
    ['--help', [cli, '--help'], runs],
    ['validate 01-multi-node.yaml', [cli, 'validate', trainJobExample], runs],
    ['render 01-multi-node.yaml', [cli, 'render', trainJobExample], runs],
    ['migrate pytorch/simple.yaml', [cli, 'migrate', v1Example], runs],
    ['render, 10,000 runtimes (17 MB)', [cli, 'render', '-r', runtimes, trainJobExample], 1],
  ];
  // One warm-up run of each (the compile cache, the page cache), then the measured runs.
  for (const [, args] of cases) measure(args);
  const results = cases.map(([name, args, n]) => ({
    name,
    ...median(Array.from({ length: n }, () => measure(args))),
    runs: n,
  }));
  const base = results[0] ?? { seconds: NaN, cpuSeconds: NaN, rssMB: NaN };
  const rows = results.map((r) => ({
    ...r,
    diffSeconds: r.seconds - base.seconds,
    ratioSeconds: r.seconds / base.seconds,
    diffCpuSeconds: r.cpuSeconds - base.cpuSeconds,
    ratioRss: r.rssMB / base.rssMB,
  }));
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  } else {
    process.stdout.write(
      '| case | runs | wall (median) | - node -e 0 | x node -e 0 | CPU (median) | - node -e 0 | peak RSS (median) | x node -e 0 |\n' +
        '| --- | --: | --: | --: | --: | --: | --: | --: | --: |\n',
    );
    for (const r of rows) {
      process.stdout.write(
        `| ${r.name} | ${r.runs} | ${r.seconds.toFixed(2)} s | ${r.diffSeconds.toFixed(2)} s | ` +
          `${r.ratioSeconds.toFixed(1)} | ${r.cpuSeconds.toFixed(2)} s | ${r.diffCpuSeconds.toFixed(2)} s | ` +
          `${r.rssMB.toFixed(0)} MB | ${r.ratioRss.toFixed(1)} |\n`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
