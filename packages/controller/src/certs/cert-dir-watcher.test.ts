// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CertDirWatcher, NoCertificateError } from './cert-dir-watcher.js';
import { issueCertificates, type CertificateBundle } from './generate.js';

const issue = () => issueCertificates({ dnsNames: ['localhost'], validityMs: 3600_000 });
const write = (dir: string, b: Pick<CertificateBundle, 'cert' | 'key'>) => {
  writeFileSync(join(dir, 'tls.crt'), b.cert);
  writeFileSync(join(dir, 'tls.key'), b.key);
};

describe('CertDirWatcher', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'certdir-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses to start without a pair', async () => {
    const watcher = new CertDirWatcher({ dir, onCertificate: () => undefined });
    await expect(watcher.start()).rejects.toThrow(NoCertificateError);
  });

  it('serves the pair, reloads a new one, and keeps the last good one when the files break', async () => {
    const [a, b] = [await issue(), await issue()];
    write(dir, a);
    const seen: string[] = [];
    const watcher = new CertDirWatcher({
      dir,
      onCertificate: (p) => seen.push(p.cert),
      pollIntervalMs: 3600_000,
    });
    await watcher.start();
    try {
      write(dir, b);
      expect(await watcher.reload()).toBeUndefined();
      write(dir, { cert: a.cert, key: b.key });
      expect(await watcher.reload()).toBe('tls.key does not match tls.crt');
      expect(await watcher.reload()).toBe('tls.key does not match tls.crt');
      expect(seen).toEqual([a.cert, b.cert]);
      expect(watcher.reloads).toBe(1);
    } finally {
      watcher.stop();
    }
  });
});
