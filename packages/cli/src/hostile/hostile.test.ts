// SPDX-License-Identifier: Apache-2.0
// Hostile and careless inputs, each given to the real `kubetrain` in a child process: the exit code,
// the message, no stack trace, and generous ceilings on wall time and peak memory (this proves
// that the cost is bounded; it is not a benchmark).

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostileCases, writeFixtures } from '../../test/hostile-cases.js';
import type { HostileCase } from '../../test/hostile-cases.js';
import { runChild } from '../../test/run-child.js';
import { hasActingCharacters } from '../terminal-text.js';
import type { ChildOutcome } from '../../test/run-child.js';

/** Ceilings far above what any case needs: a case past them is unbounded, not slow. */
const WALL_CEILING_MS = 60_000;
const RSS_CEILING_KIB = 1536 * 1024;
const HEAP_CEILING_MIB = 1024;
/** Two children at a time: the machine has two cores. */
const PARALLEL = 2;

const runtimes = join(import.meta.dirname, '..', 'testdata', 'runtimes');
const shipped = join(import.meta.dirname, '..', '..', '..', '..', 'manifests', 'runtimes');
let dir = '';
const outcomes = new Map<string, ChildOutcome>();

function expand(text: string): string {
  return text.replaceAll('{dir}', dir).replaceAll('{runtimes}', runtimes).replaceAll('{shipped}', shipped);
}

async function runCase(tc: HostileCase): Promise<ChildOutcome> {
  return runChild(tc.argv.map(expand), {
    // tsx is resolved from the working folder: the package's own.
    cwd: join(import.meta.dirname, '..', '..'),
    ...(tc.stdinFile !== undefined ? { stdinFile: expand(tc.stdinFile) } : {}),
    maxHeapMiB: HEAP_CEILING_MIB,
    killAfterMs: WALL_CEILING_MS * 2,
  });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kubetrain-hostile-'));
  writeFixtures(dir);
  const queue = Object.entries(hostileCases);
  const workers = Array.from({ length: PARALLEL }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      outcomes.set(next[0], await runCase(next[1]));
    }
  });
  await Promise.all(workers);
  const rows = [...outcomes].map(
    ([name, o]) =>
      `${String(o.code).padStart(4)} ${`${Math.round(o.wallMs)} ms`.padStart(9)} ${`${Math.round((o.maxRssKiB ?? 0) / 1024)} MiB`.padStart(9)}  ${name}`,
  );
  process.stdout.write(`hostile inputs: exit, wall time, peak RSS\n${rows.join('\n')}\n`);
}, 1_800_000);

afterAll(() => {
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

describe('kubetrain on hostile input', () => {
  for (const [name, tc] of Object.entries(hostileCases)) {
    it(name, () => {
      const got = outcomes.get(name);
      expect(got).toBeDefined();
      if (got === undefined) return;
      expect({ code: got.code, stderr: got.stderr }).toEqual({ code: tc.code, stderr: got.stderr });
      for (const pattern of tc.stderr) expect(got.stderr).toMatch(pattern);
      if (tc.stdout !== undefined) expect(got.stdout).toMatch(tc.stdout);
      // Never a stack trace, and every stderr line is one message.
      expect(got.stderr).not.toMatch(/^\s+at .+[(:]\d+/m);
      expect(got.stderr).not.toMatch(/Error:|TypeError|RangeError/);
      // Nothing a terminal would act on: every line break is one the CLI wrote.
      expect(hasActingCharacters(got.stderr.replaceAll('\n', ''))).toBe(false);
      expect(got.wallMs).toBeLessThan(WALL_CEILING_MS);
      expect(got.maxRssKiB).toBeLessThan(RSS_CEILING_KIB);
    });
  }
});
