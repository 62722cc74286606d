// SPDX-License-Identifier: Apache-2.0
// Every timer in the shipped sources holds its delay: Node's setTimeout/setInterval (and
// AbortSignal.timeout, timers/promises) fire after 1 ms for a delay above 2^31-1 ms (about 24.8
// days), so a delay that can come from user input goes through long-timer.ts (setLongTimeout,
// setLongInterval, timeoutSignal, sleep). A plain timer is allowed only when listed here with why
// its delay stays below 2^31-1 ms. A new unlisted use fails this test.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The plain timer uses that are allowed: file, the text of the use, why its delay is bounded. */
const ALLOWED: readonly { file: string; use: string; reason: string }[] = [
  {
    file: 'packages/kube/src/long-timer.ts',
    use: 'timer = setTimeout(',
    reason: 'the long timer itself: each step is Math.min(remaining, MAX_TIMER_MS)',
  },
  {
    file: 'packages/kube/src/reflector.ts',
    use: 'const watchdog = setTimeout(',
    reason: 'idle watchdog: Math.min(idleTimeoutMs, MAX_TIMER_MS) (a plain timer for refresh())',
  },
  {
    file: 'packages/cli/src/dashboard/server.ts',
    use: 'const ping = setInterval(() => stream.ping(), options.pingMs ?? 20_000);',
    reason: 'the feeds heartbeat: 20 000 ms, or a test value (pingMs is set by tests only)',
  },
  {
    file: 'packages/cli/src/dashboard/list-feed.ts',
    use: 'timer ??= setTimeout(flush, LIST_BATCH_MS);',
    reason: 'the constant LIST_BATCH_MS (100 ms)',
  },
  {
    file: 'packages/cli/src/dashboard/streams.ts',
    use: 'timer ??= setTimeout(send, DETAIL_DELAY_MS);',
    reason: 'the constant DETAIL_DELAY_MS (150 ms)',
  },
  {
    file: 'packages/cli/src/dashboard/log-feed.ts',
    use: 'else timer ??= setTimeout(flush, LOG_BATCH_MS);',
    reason: 'the constant LOG_BATCH_MS (100 ms)',
  },
  {
    file: 'packages/cli/src/dashboard/object-panes.ts',
    use: 'timer = setTimeout(() => {',
    reason: "the constant OBJECTS_GAP_MS (2000 ms) between two reads of a job page's objects",
  },
  {
    file: 'packages/cli/src/dashboard/web/logs.ts',
    use: 'setTimeout(() => URL.revokeObjectURL(link.href), 1000);',
    reason: "1000 ms, then the page frees the downloaded lines' blob URL (browser code)",
  },
  {
    file: 'packages/cli/src/dashboard/web/job.ts',
    use: 'const tick = setInterval(() => {',
    reason: "the page's 5000 ms refresh of relative times (browser code)",
  },
  {
    file: 'packages/cli/src/dashboard/web/list.ts',
    use: 'const tick = setInterval(schedule, 5000);',
    reason: "the page's 5000 ms refresh of relative times (browser code)",
  },
];

/** Timer APIs that overflow above 2^31-1 ms (comments are stripped before matching). */
const TIMER_USE =
  /\bsetTimeout\s*\(|\bsetInterval\s*\(|AbortSignal\.timeout\s*\(|['"](node:)?timers(\/promises)?['"]/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'generated' || name === 'testdata') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.(ts|js|mjs|cjs)$/.test(name) && !/\.test\.(ts|js)$/.test(name)) out.push(path);
  }
  return out;
}

/** Non-test sources: packages/x/src, packages/x/bin and bin/. */
function shippedSources(): string[] {
  const dirs = [join(ROOT, 'bin')];
  for (const pkg of readdirSync(join(ROOT, 'packages'))) {
    for (const sub of ['src', 'bin']) dirs.push(join(ROOT, 'packages', pkg, sub));
  }
  return dirs.filter((d) => statSync(d, { throwIfNoEntry: false })?.isDirectory()).flatMap(sources);
}

/** Blanks comments, keeping line breaks (a rough lexer: enough for our sources). */
function stripComments(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

interface Use {
  file: string;
  line: number;
  text: string;
}

function timerUses(): Use[] {
  const uses: Use[] = [];
  for (const path of shippedSources()) {
    const file = relative(ROOT, path).split('\\').join('/');
    stripComments(readFileSync(path, 'utf8'))
      .split('\n')
      .forEach((text, i) => {
        if (TIMER_USE.test(text)) uses.push({ file, line: i + 1, text: text.trim() });
      });
  }
  return uses;
}

describe('timer audit: every timer in the shipped sources holds its delay', () => {
  const uses = timerUses();

  it('scans the sources (the walk found the workqueue and the long timer)', () => {
    const files = shippedSources().map((p) => relative(ROOT, p).split('\\').join('/'));
    expect(files).toEqual(
      expect.arrayContaining(['packages/kube/src/workqueue.ts', 'packages/kube/src/long-timer.ts']),
    );
  });

  it('each plain timer is on the allow-list with why its delay is bounded', () => {
    const unlisted = uses.filter((u) => !ALLOWED.some((a) => a.file === u.file && u.text.includes(a.use)));
    expect(unlisted).toEqual([]);
  });

  for (const allowed of ALLOWED) {
    it(`the listed use is still there, once: ${allowed.file}: ${allowed.use}`, () => {
      expect(allowed.reason).not.toBe('');
      expect(uses.filter((u) => u.file === allowed.file && u.text.includes(allowed.use))).toHaveLength(1);
    });
  }

  // The matcher itself: a new use of each API is caught, a comment or a long timer is not.
  const probes: Record<string, { text: string; caught: boolean }> = {
    setTimeout: { text: 'const t = setTimeout(fn, ms);', caught: true },
    setInterval: { text: 'setInterval(tick, config.periodMs);', caught: true },
    'AbortSignal.timeout': { text: 'const signal = AbortSignal.timeout(ms);', caught: true },
    'timers/promises': { text: "import { setTimeout as wait } from 'node:timers/promises';", caught: true },
    'node:timers': { text: "import { setTimeout } from 'node:timers';", caught: true },
    'a line comment': { text: '// setTimeout(fn, 0) would overflow', caught: false },
    'a block comment': { text: '/* setInterval(fn, ms) */ const x = 1;', caught: false },
    setLongTimeout: { text: 'setLongTimeout(fn, ms);', caught: false },
    timeoutSignal: { text: 'const deadline = timeoutSignal(ms);', caught: false },
  };
  for (const [name, probe] of Object.entries(probes)) {
    it(`the matcher: ${name} ${probe.caught ? 'is' : 'is not'} a plain timer`, () => {
      expect(TIMER_USE.test(stripComments(probe.text))).toBe(probe.caught);
    });
  }
});
