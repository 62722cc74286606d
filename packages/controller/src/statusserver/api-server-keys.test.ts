// SPDX-License-Identifier: Apache-2.0
import { Readable } from 'node:stream';
import type { TransportResponse } from '../cluster/kube.js';
import {
  apiServerJsonGet,
  DISCOVERY_PATH,
  JWKS_PATH,
  readApiServerJson,
  resolveIssuer,
  type Sender,
} from './api-server-keys.js';
import { IssuerKeysError } from './jwks-source.js';

function response(statusCode: number, text: string): TransportResponse {
  const body = Object.assign(Readable.from([Buffer.from(text)]), {
    text: () => Promise.resolve(text),
    dump: () => Promise.resolve(),
  });
  return { statusCode, headers: {}, body } as TransportResponse;
}

/** A sender that answers `documents[path]` and records the paths asked. */
function sender(
  documents: Record<string, [number, string]>,
): Sender & { paths: string[]; accepts: string[] } {
  const paths: string[] = [];
  const accepts: string[] = [];
  return {
    paths,
    accepts,
    send: (request) => {
      paths.push(request.path);
      accepts.push(request.accept ?? '');
      const [code, text] = documents[request.path] ?? [404, '{}'];
      return Promise.resolve(response(code, text));
    },
  };
}

const jwt = (claims: object) => `e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;

describe('apiServerJsonGet', () => {
  it.each([
    {
      url: 'https://kubernetes.default.svc.cluster.local/.well-known/openid-configuration',
      path: DISCOVERY_PATH,
    },
    { url: 'https://kubernetes.default.svc.cluster.local/openid/v1/jwks', path: JWKS_PATH },
    { url: 'https://oidc.example.com/keys.json', path: JWKS_PATH },
  ])('reads $url at the API server path $path', async ({ url, path }) => {
    const s = sender({ [path]: [200, '{"ok":true}'] });
    await expect(apiServerJsonGet(s)(url)).resolves.toEqual({ ok: true });
    expect(s.paths).toEqual([path]);
    // The API server answers 406 to a JWKS request that accepts application/json only.
    expect(s.accepts[0]?.split(/,\s*/)).toContain('application/jwk-set+json');
  });
});

describe('readApiServerJson', () => {
  it.each([
    { name: 'an HTTP error', doc: [403, '{}'] as [number, string], message: `GET ${JWKS_PATH}: HTTP 403` },
    {
      name: 'a document past the bound',
      doc: [200, `"${'x'.repeat(100)}"`] as [number, string],
      message: 'larger than 64 bytes',
    },
    { name: 'not JSON', doc: [200, '{'] as [number, string], message: 'not JSON' },
  ])('refuses $name', async ({ doc, message }) => {
    const read = readApiServerJson(sender({ [JWKS_PATH]: doc }), JWKS_PATH, {
      timeoutMs: 1000,
      maxBytes: 64,
    });
    await expect(read).rejects.toThrow(IssuerKeysError);
    await expect(read).rejects.toThrow(message);
  });
});

describe('resolveIssuer', () => {
  const discovery = sender({ [DISCOVERY_PATH]: [200, '{"issuer":"https://api.example"}'] });
  it.each([
    {
      name: 'in a pod: the iss of the manager token',
      token: jwt({ iss: 'https://kubernetes.default.svc' }),
      expected: { issuer: 'https://kubernetes.default.svc', source: 'serviceAccountToken' },
    },
    {
      name: 'outside a pod: the API server discovery document',
      token: undefined,
      expected: { issuer: 'https://api.example', source: 'apiServerDiscovery' },
    },
  ])('$name', async ({ token, expected }) => {
    await expect(
      resolveIssuer({ serviceAccountToken: () => token, get: apiServerJsonGet(discovery) }),
    ).resolves.toEqual(expected);
  });

  it.each([
    {
      name: 'a token without iss',
      token: jwt({}),
      get: {} as Record<string, [number, string]>,
      message: 'serviceaccount token missing issuer claim',
    },
    {
      name: 'a discovery document without issuer',
      token: undefined,
      get: { [DISCOVERY_PATH]: [200, '{}'] } as Record<string, [number, string]>,
      message: 'names no issuer',
    },
  ])('refuses $name', async ({ token, get, message }) => {
    await expect(
      resolveIssuer({ serviceAccountToken: () => token, get: apiServerJsonGet(sender(get)) }),
    ).rejects.toThrow(message);
  });
});
