// SPDX-License-Identifier: Apache-2.0
// A CA and a serving certificate signed by it, as upstream's cert rotator
// (open-policy-agent/cert-controller) makes them: CA `kubeflow-trainer-ca`, organization
// `kubeflow-trainer`, serving DNS name `<service>.<namespace>.svc`. node:crypto cannot issue X.509
// certificates, so @peculiar/x509 (pure TypeScript over WebCrypto) does, with ECDSA P-256 keys.

import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';

x509.cryptoProvider.set(webcrypto as never);

/** The CA's common name and organization, upstream's. */
export const CA_NAME = 'kubeflow-trainer-ca';
export const CA_ORGANIZATION = 'kubeflow-trainer';

/** PEM material of one rotation. */
export interface CertificateBundle {
  readonly caCert: string;
  readonly caKey: string;
  readonly cert: string;
  readonly key: string;
}

/** What to issue. */
export interface IssueOptions {
  /** DNS subject alternative names; the first is the common name. */
  readonly dnsNames: readonly string[];
  /** IP subject alternative names (e.g. `127.0.0.1` for a URL webhook on the host). */
  readonly ipAddresses?: readonly string[];
  /** Validity of the CA and of the serving certificate, in milliseconds. */
  readonly validityMs: number;
  /** The clock. */
  readonly now?: Date;
}

const ALGORITHM = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;

async function privateKeyPem(key: webcrypto.CryptoKey): Promise<string> {
  const der = await webcrypto.subtle.exportKey('pkcs8', key);
  return x509.PemConverter.encode(der, 'PRIVATE KEY');
}

function newKeys(): Promise<webcrypto.CryptoKeyPair> {
  return webcrypto.subtle.generateKey(ALGORITHM, true, ['sign', 'verify']);
}

/** Issues a new CA and a serving certificate for `options.dnsNames` signed by it. */
export async function issueCertificates(options: IssueOptions): Promise<CertificateBundle> {
  const now = options.now ?? new Date();
  // A minute of slack for clocks that run behind (cert-controller backdates by an hour).
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + options.validityMs);
  const caKeys = await newKeys();
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    name: `CN=${CA_NAME}, O=${CA_ORGANIZATION}`,
    notBefore,
    notAfter,
    keys: caKeys,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature,
        true,
      ),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const keys = await newKeys();
  const names = [
    ...options.dnsNames.map((value) => ({ type: 'dns' as const, value })),
    ...(options.ipAddresses ?? []).map((value) => ({ type: 'ip' as const, value })),
  ];
  const cert = await x509.X509CertificateGenerator.create({
    subject: `CN=${options.dnsNames[0] ?? CA_NAME}, O=${CA_ORGANIZATION}`,
    issuer: ca.subject,
    notBefore,
    notAfter,
    publicKey: keys.publicKey,
    signingKey: caKeys.privateKey,
    signingAlgorithm: ALGORITHM,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.keyEncipherment,
        true,
      ),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(names),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  return {
    caCert: ca.toString('pem'),
    caKey: await privateKeyPem(caKeys.privateKey),
    cert: cert.toString('pem'),
    key: await privateKeyPem(keys.privateKey),
  };
}
