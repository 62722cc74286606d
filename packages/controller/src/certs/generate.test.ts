// SPDX-License-Identifier: Apache-2.0
import { X509Certificate } from 'node:crypto';
import { issueCertificates } from './generate.js';
import { joinPem, mergeBundles, rotationReason, splitPem } from './inspect.js';

const names = { dnsNames: ['svc.ns.svc'], ipAddresses: ['127.0.0.1'] };

describe('issueCertificates', () => {
  it('issues a CA and a serving certificate it signed, for the names asked', async () => {
    const bundle = await issueCertificates({ ...names, validityMs: 3600_000 });
    const ca = new X509Certificate(bundle.caCert);
    const cert = new X509Certificate(bundle.cert);
    expect(ca.ca).toBe(true);
    expect(ca.subject).toContain('CN=kubeflow-trainer-ca');
    expect(cert.ca).toBe(false);
    expect(cert.verify(ca.publicKey)).toBe(true);
    expect(cert.checkHost('svc.ns.svc')).toBe('svc.ns.svc');
    expect(cert.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(rotationReason(bundle, { ...names, lookaheadMs: 60_000 })).toBeUndefined();
  });

  it.each([
    [
      'expiring within the lookahead',
      { lookaheadMs: 7200_000 },
      'the certificate expires within the lookahead',
    ],
    ['missing a DNS name', { dnsNames: ['other.ns.svc'] }, 'no SAN other.ns.svc'],
    ['missing an IP', { ipAddresses: ['10.0.0.1'] }, 'no SAN 10.0.0.1'],
  ])('asks for a rotation when %s', async (_name, change, reason) => {
    const bundle = await issueCertificates({ ...names, validityMs: 3600_000 });
    expect(rotationReason(bundle, { ...names, lookaheadMs: 60_000, ...change })).toBe(reason);
  });

  it('asks for a rotation when the certificate is not the CA key pair or is absent', async () => {
    const a = await issueCertificates({ ...names, validityMs: 3600_000 });
    const b = await issueCertificates({ ...names, validityMs: 3600_000 });
    const expect_ = { ...names, lookaheadMs: 0 };
    expect(rotationReason({ ...a, caCert: b.caCert }, expect_)).toBe(
      'the certificate is not signed by the CA',
    );
    expect(rotationReason({ ...a, key: b.key }, expect_)).toBe('the key does not match the certificate');
    expect(rotationReason({}, expect_)).toBe('no certificate');
  });
});

describe('mergeBundles', () => {
  it('puts the wanted CA first, keeps valid previous ones, drops duplicates, keeps at most three', async () => {
    const cas = await Promise.all(
      [1, 2, 3, 4].map(async () => (await issueCertificates({ ...names, validityMs: 3600_000 })).caCert),
    );
    const merged = splitPem(
      mergeBundles(cas[0] ?? '', joinPem([cas[1] ?? '', cas[0] ?? '', cas[2] ?? '', cas[3] ?? ''])),
    );
    expect(merged).toEqual([cas[0], cas[1], cas[2]].map((c) => (c ?? '').trim()));
  });

  it('drops CAs that have expired', async () => {
    const old = await issueCertificates({ ...names, validityMs: 1000, now: new Date(Date.now() - 3600_000) });
    const fresh = await issueCertificates({ ...names, validityMs: 3600_000 });
    expect(splitPem(mergeBundles(fresh.caCert, old.caCert))).toEqual([fresh.caCert.trim()]);
  });
});
