// SPDX-License-Identifier: Apache-2.0
// Verifying a trainer pod's projected service-account token, as upstream's authorizer does with
// go-oidc: signature against the issuer's keys, issuer, expiry (and not-before), the per-job audience,
// then the token's namespace claim against the path's namespace.
import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { type IssuerKeySource, type Jwk } from './issuer-keys.js';
import { tokenAudience } from './wire.js';

/** Why a token was refused (for logs; the client only ever sees 403 "Forbidden"). */
export type TokenRefusal =
  | 'noBearerToken'
  | 'malformed'
  | 'unsupportedAlgorithm'
  | 'keysUnavailable'
  | 'badSignature'
  | 'wrongIssuer'
  | 'wrongAudience'
  | 'expired'
  | 'notYetValid'
  | 'wrongNamespace';

export type TokenVerdict = { readonly ok: true } | { readonly ok: false; readonly reason: TokenRefusal };

/** A token longer than this is refused unread (a projected token is about 1 KiB). */
export const MAX_TOKEN_BYTES = 16 * 1024;

/** go-oidc's allowance on `nbf` for clock skew. */
const NOT_BEFORE_LEEWAY_MS = 5 * 60 * 1000;

const ALGORITHMS: Readonly<Record<string, { kty: string; crv?: string; dsaEncoding?: 'ieee-p1363' }>> = {
  RS256: { kty: 'RSA' },
  ES256: { kty: 'EC', crv: 'P-256', dsaEncoding: 'ieee-p1363' },
};

/**
 * Takes the token out of an Authorization header: two whitespace-separated fields, the first
 * `Bearer` in any case. Returns undefined otherwise.
 */
export function bearerToken(header: string | undefined): string | undefined {
  const fields = header?.trim().split(/\s+/) ?? [];
  if (fields.length !== 2 || fields[0]?.toLowerCase() !== 'bearer') return undefined;
  return fields[1];
}

/** Verifies trainer tokens against an issuer's keys; `now` is injected (milliseconds since the epoch). */
export class TokenVerifier {
  constructor(
    private readonly source: IssuerKeySource,
    private readonly now: () => number,
  ) {}

  /** {@link verify} as the request handler asks it (`StatusRequestDeps.authorize`). */
  async authorize(authorization: string | undefined, namespace: string, name: string): Promise<boolean> {
    return (await this.verify(authorization, namespace, name)).ok;
  }

  /** Whether `authorization` may write the status of TrainJob `namespace/name`, and if not, why. */
  async verify(authorization: string | undefined, namespace: string, name: string): Promise<TokenVerdict> {
    const token = bearerToken(authorization);
    if (token === undefined) return refuse('noBearerToken');
    if (token.length > MAX_TOKEN_BYTES) return refuse('malformed');
    const parts = token.split('.');
    if (parts.length !== 3) return refuse('malformed');
    const [headerPart = '', payloadPart = '', signaturePart = ''] = parts;
    const header = decodeJsonPart(headerPart);
    const claims = decodeJsonPart(payloadPart);
    if (header === undefined || claims === undefined) return refuse('malformed');
    const algName =
      typeof header.alg === 'string' && Object.hasOwn(ALGORITHMS, header.alg) ? header.alg : undefined;
    const alg = algName === undefined ? undefined : ALGORITHMS[algName];
    if (algName === undefined || alg === undefined) return refuse('unsupportedAlgorithm');

    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    let candidates: Jwk[];
    try {
      candidates = matchingKeys(await this.source.keys(), kid, algName, alg);
      if (candidates.length === 0 && kid !== undefined)
        candidates = matchingKeys(await this.source.refresh(), kid, algName, alg);
    } catch {
      return refuse('keysUnavailable');
    }
    const signed = Buffer.from(`${headerPart}.${payloadPart}`);
    const signature = Buffer.from(signaturePart, 'base64url');
    const valid = candidates.some((jwk) => {
      const key = publicKey(jwk);
      if (key === undefined) return false;
      return verify(
        'sha256',
        signed,
        alg.dsaEncoding ? { key, dsaEncoding: alg.dsaEncoding } : key,
        signature,
      );
    });
    if (!valid) return refuse('badSignature');

    if (claims.iss !== this.source.issuer) return refuse('wrongIssuer');
    const audience = tokenAudience(namespace, name);
    const aud = claims.aud;
    if (!(aud === audience || (Array.isArray(aud) && aud.includes(audience)))) return refuse('wrongAudience');
    const now = this.now();
    // go-oidc: a token without exp is expired; one whose exp is before now is expired.
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < now) return refuse('expired');
    if (
      claims.nbf !== undefined &&
      (typeof claims.nbf !== 'number' || now + NOT_BEFORE_LEEWAY_MS < claims.nbf * 1000)
    )
      return refuse('notYetValid');
    const k8s = claims['kubernetes.io'];
    const tokenNamespace =
      typeof k8s === 'object' && k8s !== null ? (k8s as Record<string, unknown>).namespace : undefined;
    if (tokenNamespace !== namespace) return refuse('wrongNamespace');
    return { ok: true };
  }
}

function refuse(reason: TokenRefusal): TokenVerdict {
  return { ok: false, reason };
}

function decodeJsonPart(part: string): Record<string, unknown> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The keys that could have signed with `algName`: same type (and curve), same kid when the token names one. */
function matchingKeys(
  keys: readonly Jwk[],
  kid: string | undefined,
  algName: string,
  alg: { kty: string; crv?: string },
): Jwk[] {
  return keys.filter(
    (k) =>
      k.kty === alg.kty &&
      (k.alg === undefined || k.alg === algName) &&
      (alg.crv === undefined || k.crv === alg.crv) &&
      (kid === undefined || k.kid === kid) &&
      (k.use === undefined || k.use === 'sig'),
  );
}

function publicKey(jwk: Jwk): KeyObject | undefined {
  try {
    return createPublicKey({ key: { ...jwk }, format: 'jwk' });
  } catch {
    return undefined;
  }
}
