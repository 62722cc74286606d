// SPDX-License-Identifier: Apache-2.0
// The dashboard's per-run secret: a random token printed in its URL and required on every request.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token: 32 bytes, base64url (43 characters, safe in a URL and a header). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Whether `given` is `expected`, compared in constant time: both are hashed first, so neither the
 * time taken nor an early length check tells an attacker how much of a guess was right.
 */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
