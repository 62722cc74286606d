// SPDX-License-Identifier: Apache-2.0
// Where the service-account issuer's public keys come from: an interface, so that the verifier is
// pure; the manager's source (the API server's /openid/v1/jwks, read with the manager's credentials)
// comes with the wiring.

/** A public key as a JWKS lists it (RFC 7517); only the members the verifier reads. */
export interface Jwk {
  readonly kty: string;
  readonly kid?: string;
  readonly alg?: string;
  readonly use?: string;
  readonly n?: string;
  readonly e?: string;
  readonly crv?: string;
  readonly x?: string;
  readonly y?: string;
}

/** The issuer the tokens must name and its current keys. */
export interface IssuerKeySource {
  /** The `iss` every token must carry (upstream reads it from the manager's own service-account token). */
  readonly issuer: string;
  /** The keys last fetched (a cached answer is fine); rejects when none could be fetched. */
  keys(): Promise<readonly Jwk[]>;
  /** Fetches the keys again (a token names a kid the cached set lacks: the issuer rotated its keys). */
  refresh(): Promise<readonly Jwk[]>;
}

/** A fixed set of keys (for tests, and for a cluster whose keys are given in the configuration). */
export class StaticIssuerKeys implements IssuerKeySource {
  constructor(
    readonly issuer: string,
    private readonly jwks: readonly Jwk[],
  ) {}

  keys(): Promise<readonly Jwk[]> {
    return Promise.resolve(this.jwks);
  }

  refresh(): Promise<readonly Jwk[]> {
    return Promise.resolve(this.jwks);
  }
}
