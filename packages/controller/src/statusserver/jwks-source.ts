// SPDX-License-Identifier: Apache-2.0
// The issuer's keys as the API server publishes them (OIDC discovery, then the JWKS), cached, with
// refreshes shared and spaced so that a flood of tokens naming unknown kids cannot turn into a flood
// of reads. The HTTP GET is injected: the wiring passes one made with the manager's credentials.
import { type IssuerKeySource, type Jwk } from './issuer-keys.js';

/** Upstream's errors when the manager's own token does not name an issuer (`getClusterOIDCIssuerURL`). */
export const IssuerErrors = {
  NotAJwt: 'serviceaccount token is not a jwt',
  MissingIssuer: 'serviceaccount token missing issuer claim',
} as const;

/** Why the issuer or its keys could not be read. */
export class IssuerKeysError extends Error {
  override readonly name = 'IssuerKeysError';
}

/** A JWKS lists at most this many keys that we keep (the API server publishes a handful). */
export const MAX_JWKS_KEYS = 100;

/**
 * The issuer (`iss`) of the manager's own service-account token, as upstream reads it from
 * `/var/run/secrets/kubernetes.io/serviceaccount/token`. Throws {@link IssuerKeysError} with
 * upstream's messages.
 */
export function issuerFromServiceAccountToken(token: string): string {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts[1] === undefined) throw new IssuerKeysError(IssuerErrors.NotAJwt);
  let claims: unknown;
  try {
    if (!/^[A-Za-z0-9_-]*$/.test(parts[1])) throw new Error('not base64url');
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch (cause) {
    throw new IssuerKeysError(`${IssuerErrors.NotAJwt}: ${String(cause)}`, { cause });
  }
  const iss =
    typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>).iss : undefined;
  if (typeof iss !== 'string' || iss === '') throw new IssuerKeysError(IssuerErrors.MissingIssuer);
  return iss;
}

/** The signing keys of a JWKS document (RFC 7517 `keys`), at most {@link MAX_JWKS_KEYS}; others ignored. */
export function parseJwks(document: unknown): Jwk[] {
  const keys =
    typeof document === 'object' && document !== null ? (document as { keys?: unknown }).keys : undefined;
  if (!Array.isArray(keys)) throw new IssuerKeysError('the JWKS has no keys list');
  const out: Jwk[] = [];
  for (const key of keys) {
    if (out.length >= MAX_JWKS_KEYS) break;
    if (typeof key !== 'object' || key === null) continue;
    const k = key as Record<string, unknown>;
    if (k.kty !== 'RSA' && k.kty !== 'EC') continue;
    const jwk: Record<string, string> = {};
    for (const member of ['kty', 'kid', 'alg', 'use', 'n', 'e', 'crv', 'x', 'y'])
      if (typeof k[member] === 'string') jwk[member] = k[member];
    out.push(jwk as unknown as Jwk);
  }
  return out;
}

/** Reads a URL and answers its JSON body; rejects on a transport or HTTP error. */
export type JsonGet = (url: string) => Promise<unknown>;

/**
 * {@link IssuerKeySource} from OIDC discovery, as go-oidc's provider: the discovery document at
 * `<issuer>/.well-known/openid-configuration` must name the same issuer; its `jwks_uri` is read for
 * the keys. Refreshes are shared (one read at a time) and at least `minRefreshMs` apart.
 */
export class DiscoveredIssuerKeys implements IssuerKeySource {
  private jwksUri: string | undefined;
  private cached: readonly Jwk[] | undefined;
  private inFlight: Promise<readonly Jwk[]> | undefined;
  private lastFetch = -Infinity;
  private lastError: unknown;

  constructor(
    readonly issuer: string,
    private readonly get: JsonGet,
    private readonly now: () => number,
    private readonly minRefreshMs = 10_000,
  ) {}

  keys(): Promise<readonly Jwk[]> {
    return this.cached === undefined ? this.fetch() : Promise.resolve(this.cached);
  }

  refresh(): Promise<readonly Jwk[]> {
    if (this.inFlight !== undefined) return this.inFlight;
    if (this.cached !== undefined && this.now() - this.lastFetch < this.minRefreshMs)
      return Promise.resolve(this.cached);
    return this.fetch();
  }

  private fetch(): Promise<readonly Jwk[]> {
    // A failed read is not repeated within the spacing either: an outage costs one read per spacing.
    if (
      this.inFlight === undefined &&
      this.lastError !== undefined &&
      this.now() - this.lastFetch < this.minRefreshMs
    )
      return Promise.reject(
        this.lastError instanceof Error ? this.lastError : new IssuerKeysError(String(this.lastError)),
      );
    this.inFlight ??= this.read()
      .then(
        (keys) => {
          this.lastError = undefined;
          return keys;
        },
        (error: unknown) => {
          this.lastError = error;
          throw error;
        },
      )
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  private async read(): Promise<readonly Jwk[]> {
    this.lastFetch = this.now();
    if (this.jwksUri === undefined) {
      const discovery = await this.get(`${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`);
      const d =
        typeof discovery === 'object' && discovery !== null ? (discovery as Record<string, unknown>) : {};
      if (d.issuer !== this.issuer)
        throw new IssuerKeysError(
          `oidc: issuer did not match the issuer returned by provider, expected ${JSON.stringify(this.issuer)} got ${JSON.stringify(d.issuer ?? '')}`,
        );
      if (typeof d.jwks_uri !== 'string') throw new IssuerKeysError('the discovery document has no jwks_uri');
      this.jwksUri = d.jwks_uri;
    }
    const keys = parseJwks(await this.get(this.jwksUri));
    this.cached = keys;
    return keys;
  }
}
