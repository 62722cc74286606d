// SPDX-License-Identifier: Apache-2.0
// The serving certificate as files in the cert dir (`tls.crt`, `tls.key`, `ca.crt`), as upstream's
// rotator writes them, so that the metrics server's HTTPS and other readers of the dir find them.

import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CertificateBundle } from './generate.js';
import { SecretKeys } from './resources.js';

async function writeAtomically(path: string, text: string, mode: number): Promise<void> {
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, text, { mode });
  await rename(temporary, path);
}

/** Writes the bundle's serving pair and CA bundle into `dir` (created if missing). */
export async function writeCertDir(dir: string, bundle: CertificateBundle): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeAtomically(join(dir, SecretKeys.CACert), bundle.caCert, 0o644);
  await writeAtomically(join(dir, SecretKeys.Key), bundle.key, 0o600);
  await writeAtomically(join(dir, SecretKeys.Cert), bundle.cert, 0o644);
}

/** Reads `tls.crt` and `tls.key` from `dir`; undefined when either is missing. */
export async function readServingPair(dir: string): Promise<{ cert: string; key: string } | undefined> {
  try {
    const [cert, key] = await Promise.all([
      readFile(join(dir, SecretKeys.Cert), 'utf8'),
      readFile(join(dir, SecretKeys.Key), 'utf8'),
    ]);
    return { cert, key };
  } catch {
    return undefined;
  }
}
