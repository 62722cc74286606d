// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, writeFileSync } from 'node:fs';
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
  const logWith = (text: string): string => {
    const path = join(mkdtempSync(join(tmpdir(), 'clash-')), 'manager.log');
    writeFileSync(path, text);
    return path;
  };

  it('starts again after a clash, up to the limit', async () => {
    let calls = 0;
    const attempt = (): Promise<string> =>
      ++calls < 3 ? Promise.reject(new Error('exited')) : Promise.resolve('up');
    await expect(retryOnPortClash(attempt, logWith('bind: address already in use'), 3)).resolves.toBe('up');
    expect(calls).toBe(3);
  });

  it('gives up after the limit', async () => {
    let calls = 0;
    const attempt = (): Promise<string> => (++calls, Promise.reject(new Error('exited')));
    await expect(retryOnPortClash(attempt, logWith('EADDRINUSE'), 2)).rejects.toThrow('exited');
    expect(calls).toBe(2);
  });

  it('does not retry another failure', async () => {
    let calls = 0;
    const attempt = (): Promise<string> => (++calls, Promise.reject(new Error('bad config')));
    await expect(retryOnPortClash(attempt, logWith('error: bad config'), 3)).rejects.toThrow('bad config');
    expect(calls).toBe(1);
  });
});
