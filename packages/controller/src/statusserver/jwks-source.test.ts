// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import {
  DiscoveredIssuerKeys,
  issuerFromServiceAccountToken,
  IssuerKeysError,
  parseJwks,
} from './jwks-source.js';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const ISSUER = 'https://kubernetes.default.svc.cluster.local';

describe('issuerFromServiceAccountToken', () => {
  const cases: Record<string, [string, string | RegExp]> = {
    'the iss claim': [`${b64({ alg: 'RS256' })}.${b64({ iss: ISSUER })}.sig\n`, ISSUER],
    'two parts': ['a.b', /^serviceaccount token is not a jwt$/],
    'a payload that is not JSON': [`a.${b64('x').slice(0, 2)}!.c`, /^serviceaccount token is not a jwt: /],
    'no iss': [`a.${b64({ sub: 'x' })}.c`, /^serviceaccount token missing issuer claim$/],
  };
  for (const [name, [token, want]] of Object.entries(cases)) {
    it(name, () => {
      if (typeof want === 'string') expect(issuerFromServiceAccountToken(token)).toBe(want);
      else expect(() => issuerFromServiceAccountToken(token)).toThrow(want);
    });
  }
});

describe('parseJwks', () => {
  it('keeps RSA and EC keys with their string members only, up to the bound', () => {
    const keys = [
      { kty: 'RSA', kid: 'a', n: 'nn', e: 'AQAB', use: 'sig', alg: 'RS256', extra: 1, x5c: ['…'] },
      { kty: 'oct', k: 'secret' },
      null,
      { kty: 'EC', kid: 'b', crv: 'P-256', x: 'xx', y: 'yy' },
      ...Array.from({ length: 200 }, (_, i) => ({ kty: 'RSA', kid: `k${i}`, n: 'n', e: 'AQAB' })),
    ];
    const got = parseJwks({ keys });
    expect(got.slice(0, 2)).toEqual([
      { kty: 'RSA', kid: 'a', n: 'nn', e: 'AQAB', use: 'sig', alg: 'RS256' },
      { kty: 'EC', kid: 'b', crv: 'P-256', x: 'xx', y: 'yy' },
    ]);
    expect(got).toHaveLength(100);
  });

  it('refuses a document without keys', () => {
    expect(() => parseJwks({})).toThrow(IssuerKeysError);
  });
});

describe('DiscoveredIssuerKeys', () => {
  function server(discoveredIssuer = ISSUER) {
    const reads: string[] = [];
    let generation = 0;
    const get = (url: string): Promise<unknown> => {
      reads.push(url);
      if (url.endsWith('/.well-known/openid-configuration'))
        return Promise.resolve({
          issuer: discoveredIssuer,
          jwks_uri: 'https://10.0.0.1:6443/openid/v1/jwks',
        });
      generation++;
      return Promise.resolve({ keys: [{ kty: 'RSA', kid: `gen-${generation}`, n: 'n', e: 'AQAB' }] });
    };
    return { reads, get };
  }

  it('discovers the JWKS once, caches the keys, and spaces refreshes', async () => {
    let now = 0;
    const api = server();
    const source = new DiscoveredIssuerKeys(ISSUER, api.get, () => now, 10_000);
    expect((await source.keys())[0]?.kid).toBe('gen-1');
    expect((await source.keys())[0]?.kid).toBe('gen-1');
    expect((await source.refresh())[0]?.kid).toBe('gen-1');
    now += 10_000;
    const [a, b] = await Promise.all([source.refresh(), source.refresh()]);
    expect([a[0]?.kid, b[0]?.kid]).toEqual(['gen-2', 'gen-2']);
    expect(api.reads).toEqual([
      `${ISSUER}/.well-known/openid-configuration`,
      'https://10.0.0.1:6443/openid/v1/jwks',
      'https://10.0.0.1:6443/openid/v1/jwks',
    ]);
  });

  it('refuses a discovery document naming another issuer, with go-oidc message', async () => {
    const source = new DiscoveredIssuerKeys(ISSUER, server('https://evil').get, () => 0);
    await expect(source.keys()).rejects.toThrow(
      `oidc: issuer did not match the issuer returned by provider, expected "${ISSUER}" got "https://evil"`,
    );
  });

  it('does not repeat a failed read within the spacing', async () => {
    let now = 0;
    let reads = 0;
    const get = (): Promise<unknown> => {
      reads++;
      return Promise.reject(new Error('connection refused'));
    };
    const source = new DiscoveredIssuerKeys(ISSUER, get, () => now, 10_000);
    await expect(source.keys()).rejects.toThrow('connection refused');
    await expect(source.keys()).rejects.toThrow('connection refused');
    await expect(source.refresh()).rejects.toThrow('connection refused');
    expect(reads).toBe(1);
    now += 10_000;
    await expect(source.keys()).rejects.toThrow('connection refused');
    expect(reads).toBe(2);
  });
});
