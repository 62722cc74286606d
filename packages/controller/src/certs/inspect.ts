// SPDX-License-Identifier: Apache-2.0
// Reading certificates back (node:crypto's X509Certificate): whether a serving certificate is
// usable, how long until it must rotate, and splitting and joining PEM bundles.

import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { CertificateBundle } from './generate.js';

/** The PEM certificates of a bundle, in order. */
export function splitPem(bundle: string): string[] {
  return bundle.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? [];
}

/** Joins PEM certificates into one bundle. */
export function joinPem(certs: readonly string[]): string {
  return certs.map((c) => `${c.trim()}\n`).join('');
}

/** The expiry of a PEM certificate, or undefined when it does not parse. */
export function expiryOf(pem: string): Date | undefined {
  try {
    return new Date(new X509Certificate(pem).validTo);
  } catch {
    return undefined;
  }
}

/** What to check a stored bundle against. */
interface Expectations {
  readonly dnsNames: readonly string[];
  readonly ipAddresses?: readonly string[];
  /** Rotate this long before expiry. */
  readonly lookaheadMs: number;
  readonly now?: Date;
}

/**
 * Why `bundle` must be replaced, or undefined when it is good: it parses, the key matches the
 * certificate, the CA signed it, it names every expected host, and neither it nor the CA expires
 * within the lookahead.
 */
export function rotationReason(bundle: Partial<CertificateBundle>, expect: Expectations): string | undefined {
  if (!bundle.cert || !bundle.key || !bundle.caCert) return 'no certificate';
  const now = (expect.now ?? new Date()).getTime();
  try {
    const cert = new X509Certificate(bundle.cert);
    const ca = new X509Certificate(splitPem(bundle.caCert)[0] ?? '');
    if (!cert.checkPrivateKey(createPrivateKey(bundle.key))) return 'the key does not match the certificate';
    if (!cert.verify(ca.publicKey)) return 'the certificate is not signed by the CA';
    for (const name of expect.dnsNames) if (cert.checkHost(name) === undefined) return `no SAN ${name}`;
    for (const ip of expect.ipAddresses ?? []) if (cert.checkIP(ip) === undefined) return `no SAN ${ip}`;
    const expires = Math.min(new Date(cert.validTo).getTime(), new Date(ca.validTo).getTime());
    if (expires - expect.lookaheadMs <= now) return 'the certificate expires within the lookahead';
    return undefined;
  } catch (error) {
    return `unreadable certificate: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** At most this many CAs are kept in a bundle. */
export const MAX_BUNDLE_CAS = 3;

/** `wanted` first, then the still-valid CAs of `existing` not in it, at most {@link MAX_BUNDLE_CAS}. */
export function mergeBundles(wanted: string, existing: string, now: Date = new Date()): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const pem of [...splitPem(wanted), ...splitPem(existing)]) {
    const key = pem.replace(/\s+/g, '');
    const expiry = expiryOf(pem);
    if (seen.has(key) || expiry === undefined || expiry.getTime() <= now.getTime()) continue;
    seen.add(key);
    out.push(pem);
  }
  return joinPem(out.slice(0, MAX_BUNDLE_CAS));
}
