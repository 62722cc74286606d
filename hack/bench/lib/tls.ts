// SPDX-License-Identifier: Apache-2.0
// A throw-away serving certificate for a manager's webhook server on 127.0.0.1 (openssl).
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** Writes a self-signed certificate for 127.0.0.1 as `dir/tls.crt` and `dir/tls.key` (valid 2 days). */
export function selfSignedCert(dir: string): void {
  mkdirSync(dir, { recursive: true });
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(dir, 'tls.key'),
      '-out',
      join(dir, 'tls.crt'),
    ],
    { stdio: 'ignore' },
  );
}
