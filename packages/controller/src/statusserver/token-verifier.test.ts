// SPDX-License-Identifier: Apache-2.0
import { beforeAll, describe, expect, it } from '@jest/globals';
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { type IssuerKeySource, type Jwk, StaticIssuerKeys } from './issuer-keys.js';
import { bearerToken, type TokenRefusal, TokenVerifier } from './token-verifier.js';
import { tokenAudience } from './wire.js';

const ISSUER = 'https://kubernetes.default.svc.cluster.local';
const NOW_S = 1_800_000_000;

interface Keys {
  rsa: { privateKey: KeyObject; jwk: Jwk };
  ec: { privateKey: KeyObject; jwk: Jwk };
  other: { privateKey: KeyObject; jwk: Jwk };
}
let keys: Keys;

beforeAll(() => {
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  keys = {
    rsa: {
      privateKey: rsa.privateKey,
      jwk: { ...(rsa.publicKey.export({ format: 'jwk' }) as Jwk), kid: 'rsa-1', use: 'sig', alg: 'RS256' },
    },
    ec: {
      privateKey: ec.privateKey,
      jwk: { ...(ec.publicKey.export({ format: 'jwk' }) as Jwk), kid: 'ec-1' },
    },
    other: {
      privateKey: other.privateKey,
      jwk: { ...(other.publicKey.export({ format: 'jwk' }) as Jwk), kid: 'rsa-1' },
    },
  };
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A projected token as the kubelet gets it, for job ns/job, signed with the RSA key unless told. */
function token(
  overrides: {
    header?: Record<string, unknown>;
    claims?: Record<string, unknown>;
    signer?: keyof Keys;
    omit?: string[];
  } = {},
): string {
  const signer = overrides.signer ?? 'rsa';
  const alg = signer === 'ec' ? 'ES256' : 'RS256';
  const header = { alg, kid: keys[signer].jwk.kid, ...overrides.header };
  const claims: Record<string, unknown> = {
    aud: [tokenAudience('ns', 'job')],
    exp: NOW_S + 3600,
    iat: NOW_S - 60,
    nbf: NOW_S - 60,
    iss: ISSUER,
    'kubernetes.io': {
      namespace: 'ns',
      pod: { name: 'job-node-0-0', uid: 'u1' },
      serviceaccount: { name: 'default', uid: 'u2' },
    },
    sub: 'system:serviceaccount:ns:default',
    ...overrides.claims,
  };
  for (const key of overrides.omit ?? []) delete claims[key];
  const input = `${b64(header)}.${b64(claims)}`;
  const signature = sign(
    'sha256',
    Buffer.from(input),
    signer === 'ec' ? { key: keys.ec.privateKey, dsaEncoding: 'ieee-p1363' } : keys[signer].privateKey,
  );
  return `${input}.${signature.toString('base64url')}`;
}

interface Case {
  header: () => string | undefined;
  namespace?: string;
  name?: string;
  /** The keys the issuer publishes; the refresh answers `refreshed` (default: the same). */
  published?: () => Jwk[];
  refreshed?: () => Jwk[];
  want: true | TokenRefusal;
}

const cases: Record<string, Case> = {
  'an RS256 token for this job is accepted': { header: () => `Bearer ${token()}`, want: true },
  'an ES256 token for this job is accepted': {
    header: () => `Bearer ${token({ signer: 'ec' })}`,
    want: true,
  },
  'the scheme is case-insensitive and whitespace tolerated': {
    header: () => `  bearer   ${token()} `,
    want: true,
  },
  'a single audience string is accepted': {
    header: () => `Bearer ${token({ claims: { aud: tokenAudience('ns', 'job') } })}`,
    want: true,
  },
  'no kid: every key of the type is tried': {
    header: () => `Bearer ${token({ header: { kid: undefined } })}`,
    want: true,
  },
  'a rotated key is found after a refresh': {
    header: () => `Bearer ${token({ signer: 'ec' })}`,
    published: () => [keys.rsa.jwk],
    refreshed: () => [keys.rsa.jwk, keys.ec.jwk],
    want: true,
  },
  'exp equal to now is still valid (go-oidc: expired only before now)': {
    header: () => `Bearer ${token({ claims: { exp: NOW_S } })}`,
    want: true,
  },
  'nbf within the 5 minute leeway is accepted': {
    header: () => `Bearer ${token({ claims: { nbf: NOW_S + 299 } })}`,
    want: true,
  },
  'no header': { header: () => undefined, want: 'noBearerToken' },
  'another scheme': { header: () => `Basic ${token()}`, want: 'noBearerToken' },
  'three fields': { header: () => `Bearer ${token()} extra`, want: 'noBearerToken' },
  'not a JWT': { header: () => 'Bearer abc.def', want: 'malformed' },
  'a token past the size bound': { header: () => `Bearer ${'a'.repeat(20_000)}.b.c`, want: 'malformed' },
  'alg none': { header: () => `Bearer ${token({ header: { alg: 'none' } })}`, want: 'unsupportedAlgorithm' },
  'HS256 (a public key as an HMAC secret)': {
    header: () => `Bearer ${token({ header: { alg: 'HS256' } })}`,
    want: 'unsupportedAlgorithm',
  },
  'alg from the prototype': {
    header: () => `Bearer ${token({ header: { alg: 'toString' } })}`,
    want: 'unsupportedAlgorithm',
  },
  'signed by a key the issuer does not publish, same kid': {
    header: () => `Bearer ${token({ signer: 'other' })}`,
    want: 'badSignature',
  },
  'claims changed after signing': {
    header: () => {
      const [h, , s] = token().split('.');
      return `Bearer ${h}.${b64({ iss: ISSUER, aud: tokenAudience('ns', 'job'), exp: NOW_S + 10, 'kubernetes.io': { namespace: 'ns' } })}.${s}`;
    },
    want: 'badSignature',
  },
  'an unknown kid, still unknown after a refresh': {
    header: () => `Bearer ${token({ header: { kid: 'nope' } })}`,
    want: 'badSignature',
  },
  'another issuer': {
    header: () => `Bearer ${token({ claims: { iss: 'https://elsewhere' } })}`,
    want: 'wrongIssuer',
  },
  'the audience of another job': {
    header: () => `Bearer ${token({ claims: { aud: [tokenAudience('ns', 'other-job')] } })}`,
    want: 'wrongAudience',
  },
  'the API server audience': {
    header: () => `Bearer ${token({ claims: { aud: ['https://kubernetes.default.svc'] } })}`,
    want: 'wrongAudience',
  },
  'a token for this job presented on another job path': {
    header: () => `Bearer ${token()}`,
    name: 'other-job',
    want: 'wrongAudience',
  },
  expired: { header: () => `Bearer ${token({ claims: { exp: NOW_S - 1 } })}`, want: 'expired' },
  'no exp': { header: () => `Bearer ${token({ omit: ['exp'] })}`, want: 'expired' },
  'not yet valid past the leeway': {
    header: () => `Bearer ${token({ claims: { nbf: NOW_S + 301 } })}`,
    want: 'notYetValid',
  },
  'a pod of another namespace holding this job audience': {
    header: () => `Bearer ${token({ claims: { 'kubernetes.io': { namespace: 'intruder' } } })}`,
    want: 'wrongNamespace',
  },
  'no kubernetes.io claim': {
    header: () => `Bearer ${token({ omit: ['kubernetes.io'] })}`,
    want: 'wrongNamespace',
  },
  'the issuer keys cannot be fetched': {
    header: () => `Bearer ${token()}`,
    published: () => {
      throw new Error('connection refused');
    },
    want: 'keysUnavailable',
  },
};

/** A key source whose keys() and refresh() answer the case's lists. */
function source(tc: Case): IssuerKeySource {
  const published = tc.published ?? (() => [keys.rsa.jwk, keys.ec.jwk]);
  if (tc.refreshed === undefined && tc.published === undefined)
    return new StaticIssuerKeys(ISSUER, published());
  return {
    issuer: ISSUER,
    keys: () => Promise.resolve().then(published),
    refresh: () => Promise.resolve().then(tc.refreshed ?? published),
  };
}

describe('TokenVerifier', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const verifier = new TokenVerifier(source(tc), () => NOW_S * 1000);
      const got = await verifier.verify(tc.header(), tc.namespace ?? 'ns', tc.name ?? 'job');
      expect(got).toEqual(tc.want === true ? { ok: true } : { ok: false, reason: tc.want });
      expect(await verifier.authorize(tc.header(), tc.namespace ?? 'ns', tc.name ?? 'job')).toBe(
        tc.want === true,
      );
    });
  }
});

describe('bearerToken', () => {
  it('takes the second field of a Bearer header', () => {
    expect(bearerToken('Bearer abc')).toBe('abc');
    expect(bearerToken('BEARER\tabc')).toBe('abc');
    expect(bearerToken('Bearer')).toBeUndefined();
  });
});
