// SPDX-License-Identifier: Apache-2.0
// Deterministic MPI SSH key material. Upstream generates a fresh ECDSA P-521 key when it creates
// `<tj>-mpi-ssh-auth`; the engine has no randomness, so the caller holds the entropy: it passes a
// secret seed (for example 32 random bytes drawn once per TrainJob by the controller) and gets the
// same key pair back for the same seed. The seed must stay secret: whoever knows it knows the key.

import { createECDH, createPrivateKey, hkdfSync } from 'node:crypto';
import type { SSHKeyPair } from '../../framework/plugin.js';

/** The order of the P-521 group. */
const P521_ORDER = BigInt(
  '0x01ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffa51868783bf2f966b7fcc0148f709a5d03bb5c9b8899c47aebb6fb71e91386409',
);
const KEY_BYTES = 66;

function toBigInt(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString('hex')}`);
}

function sshString(bytes: Uint8Array): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** Derives a valid P-521 private scalar (1 ≤ d < n) from the seed with HKDF-SHA512. */
function deriveScalar(seed: Uint8Array): Buffer {
  for (let counter = 0; ; counter++) {
    const okm = Buffer.from(hkdfSync('sha512', seed, 'kubetrain', `mpi-ssh-auth/${counter}`, KEY_BYTES));
    okm[0] = (okm[0] ?? 0) & 0x01; // keep 521 bits
    const d = toBigInt(okm);
    if (d > 0n && d < P521_ORDER) return okm;
  }
}

/**
 * Derives the ECDSA P-521 key pair for the MPI SSH Secret from a caller-held secret seed: the
 * private key as PEM `EC PRIVATE KEY` (SEC1, as upstream) and the public key as one OpenSSH
 * `authorized_keys` line (`ecdsa-sha2-nistp521 AAAA...\n`). Same seed, same keys.
 */
export function deriveSSHKeyPair(seed: Uint8Array | string): SSHKeyPair {
  const seedBytes = typeof seed === 'string' ? Buffer.from(seed, 'utf8') : seed;
  const d = deriveScalar(seedBytes);
  const ecdh = createECDH('secp521r1');
  ecdh.setPrivateKey(d);
  const point = ecdh.getPublicKey(); // 0x04 || x || y
  const x = point.subarray(1, 1 + KEY_BYTES);
  const y = point.subarray(1 + KEY_BYTES);
  const key = createPrivateKey({
    key: {
      kty: 'EC',
      crv: 'P-521',
      d: d.toString('base64url'),
      x: x.toString('base64url'),
      y: y.toString('base64url'),
    },
    format: 'jwk',
  });
  const privateKey = key.export({ type: 'sec1', format: 'pem' }).toString();
  const blob = Buffer.concat([
    sshString(Buffer.from('ecdsa-sha2-nistp521')),
    sshString(Buffer.from('nistp521')),
    sshString(point),
  ]);
  return { privateKey, publicKey: `ecdsa-sha2-nistp521 ${blob.toString('base64')}\n` };
}
