// SPDX-License-Identifier: Apache-2.0
// A serving certificate for a manager that runs on this machine: for localhost and 127.0.0.1, valid
// for an hour, written as `tls.crt`/`tls.key` into a cert dir (what `certManagement.enable: false`
// reads).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { issueCertificates, type CertificateBundle } from '@kubetrain/controller';

/** Issues the certificate and writes its pair into `certDir`; returns the bundle (its `caCert` to trust). */
export async function writeLocalCertificate(certDir: string): Promise<CertificateBundle> {
  const bundle = await issueCertificates({
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
    validityMs: 3600_000,
  });
  writeFileSync(join(certDir, 'tls.crt'), bundle.cert);
  writeFileSync(join(certDir, 'tls.key'), bundle.key);
  return bundle;
}
