// SPDX-License-Identifier: Apache-2.0
import {
  queryString,
  requestHeaders,
  restClientCode,
  restClientHost,
  serverOrigin,
  type TransportRequest,
} from './transport-request.js';

describe('queryString', () => {
  const cases: [string, TransportRequest['query'], string][] = [
    ['no query', undefined, ''],
    ['only undefined values', { a: undefined }, ''],
    [
      'values of every type',
      { watch: true, limit: 500, labelSelector: 'a=b,c' },
      '?watch=true&limit=500&labelSelector=a%3Db%2Cc',
    ],
    ['undefined skipped, false kept', { a: undefined, force: false }, '?force=false'],
  ];
  it.each(cases)('%s', (_name, query, want) => {
    expect(queryString(query)).toBe(want);
  });
});

describe('requestHeaders', () => {
  const get: TransportRequest = { method: 'GET', path: '/api/v1/pods' };
  const cases: [string, TransportRequest, Parameters<typeof requestHeaders>[2], Record<string, unknown>][] = [
    [
      'a GET: defaults, credentials, no body headers',
      get,
      {},
      { authorization: 'Bearer t', accept: 'application/json', 'user-agent': 'kubetrain' },
    ],
    [
      'a body: its type and its length in bytes',
      { method: 'PATCH', path: '/x', body: '{"a":"é"}', contentType: 'application/merge-patch+json' },
      { userAgent: 'kubetrain-manager' },
      {
        authorization: 'Bearer t',
        accept: 'application/json',
        'user-agent': 'kubetrain-manager',
        'content-type': 'application/merge-patch+json',
        'content-length': 10,
      },
    ],
    [
      'impersonation: one Impersonate-Group value per group',
      { ...get, accept: '*/*' },
      { impersonate: { user: 'alice', groups: ['a', 'b'] } },
      {
        authorization: 'Bearer t',
        accept: '*/*',
        'user-agent': 'kubetrain',
        'impersonate-user': 'alice',
        'impersonate-group': ['a', 'b'],
      },
    ],
    [
      'impersonation without groups',
      get,
      { impersonate: { user: 'alice', groups: [] } },
      {
        authorization: 'Bearer t',
        accept: 'application/json',
        'user-agent': 'kubetrain',
        'impersonate-user': 'alice',
      },
    ],
  ];
  it.each(cases)('%s', (_name, req, options, want) => {
    expect(requestHeaders(req, { authorization: 'Bearer t' }, options)).toEqual(want);
  });

  it('never asks for a compressed response', () => {
    const headers = requestHeaders(get, {}, { impersonate: { user: 'u', groups: ['g'] } });
    expect(Object.keys(headers)).not.toContain('accept-encoding');
  });
});

describe('serverOrigin', () => {
  const cases: [string, string, ReturnType<typeof serverOrigin>][] = [
    [
      'address and port',
      'https://127.0.0.1:16443',
      { secure: true, hostname: '127.0.0.1', port: 16443, prefix: '' },
    ],
    [
      'default https port, trailing slash',
      'https://kube.example/',
      { secure: true, hostname: 'kube.example', port: 443, prefix: '' },
    ],
    [
      'IPv6 without brackets',
      'https://[::1]:6443',
      { secure: true, hostname: '::1', port: 6443, prefix: '' },
    ],
    [
      'a proxy prefix',
      'https://rancher.example/k8s/clusters/c-1/',
      { secure: true, hostname: 'rancher.example', port: 443, prefix: '/k8s/clusters/c-1' },
    ],
    ['plain http', 'http://localhost:8001', { secure: false, hostname: 'localhost', port: 8001, prefix: '' }],
  ];
  it.each(cases)('%s', (_name, server, want) => {
    expect(serverOrigin(server)).toEqual(want);
  });

  it('throws for another scheme', () => {
    expect(() => serverOrigin('unix:///var/run/kube.sock')).toThrow('not an http(s) URL');
  });
});

describe('restClientHost (client-go: req.c.base.Host)', () => {
  const cases: Record<string, [string, string]> = {
    'host and port': ['https://127.0.0.1:16443', '127.0.0.1:16443'],
    'a default port written is kept': ['https://kubernetes.default.svc:443', 'kubernetes.default.svc:443'],
    'no port': ['https://api.example.com', 'api.example.com'],
    'a path prefix': ['https://rancher.example.com/k8s/clusters/c-1', 'rancher.example.com'],
    'user info dropped': ['https://u:p@10.0.0.1:6443/', '10.0.0.1:6443'],
    IPv6: ['https://[::1]:6443', '[::1]:6443'],
    'no URL': ['', 'none'],
  };
  for (const [name, [server, want]] of Object.entries(cases))
    it(name, () => expect(restClientHost(server)).toBe(want));
});

describe('restClientCode (client-go: sanitize)', () => {
  it.each([
    [200, '200'],
    [201, '201'],
    [409, '409'],
    [undefined, '<error>'],
  ])('%s gives %s', (status, want) => expect(restClientCode(status)).toBe(want));
});
