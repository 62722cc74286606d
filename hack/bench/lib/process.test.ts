// SPDX-License-Identifier: Apache-2.0
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isPortClash, retryOnPortClash } from './process.js';

describe('isPortClash', () => {
  const cases: [string, string, boolean][] = [
    ['Go', 'listen tcp 127.0.0.1:43423: bind: address already in use', true],
    ['node', 'Error: listen EADDRINUSE: address already in use 127.0.0.1:9443', true],
    ['another failure', 'error: no kubeconfig', false],
    ['an empty log', '', false],
  ];
  it.each(cases)('%s', (_name, log, want) => expect(isPortClash(log)).toBe(want));
});

describe('retryOnPortClash', () => {
  const emptyLog = (): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'clash-')), 'manager.log');
    writeFileSync(path, '');
    return path;
  };
  /** An attempt that, like a process, appends `lines[n]` to the log on its n-th call, then fails (or succeeds past the lines). */
  const attemptWriting = (log: string, lines: string[]) => {
    const attempt = (): Promise<string> => {
      const line = lines[attempt.calls++];
      if (line === undefined) return Promise.resolve('up');
      appendFileSync(log, `${line}\n`);
      return Promise.reject(new Error(`attempt ${attempt.calls}`));
    };
    attempt.calls = 0;
    return attempt;
  };

  it('starts again after a clash, up to the limit', async () => {
    const log = emptyLog();
    const attempt = attemptWriting(log, ['bind: address already in use', 'listen EADDRINUSE']);
    await expect(retryOnPortClash(attempt, log, 3)).resolves.toBe('up');
    expect(attempt.calls).toBe(3);
  });

  it('gives up after the limit', async () => {
    const log = emptyLog();
    const attempt = attemptWriting(log, ['EADDRINUSE', 'EADDRINUSE', 'EADDRINUSE']);
    await expect(retryOnPortClash(attempt, log, 2)).rejects.toThrow('attempt 2');
    expect(attempt.calls).toBe(2);
  });

  it('reads only what the failed attempt wrote: an earlier clash in the log is not this one', async () => {
    const log = emptyLog();
    const attempt = attemptWriting(log, ['bind: address already in use', 'error: bad config']);
    await expect(retryOnPortClash(attempt, log, 3)).rejects.toThrow('attempt 2');
    expect(attempt.calls).toBe(2);
  });

  it('does not retry another failure', async () => {
    const log = emptyLog();
    const attempt = attemptWriting(log, ['error: bad config']);
    await expect(retryOnPortClash(attempt, log, 3)).rejects.toThrow('attempt 1');
    expect(attempt.calls).toBe(1);
  });
});
