// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { KubeConfig, KubeConfigFormatError, loadKubeConfig, type ConnectionOptions } from './kubeconfig.js';
import { mergeKubeConfigs, parseKubeConfig } from './kubeconfig-model.js';

const dir = mkdtempSync(join(tmpdir(), 'kubeconfig-test-'));
const write = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : stringify(content));
  return path;
};
const doc = (server: string, user: object, extra: object = {}) => ({
  apiVersion: 'v1',
  kind: 'Config',
  clusters: [
    { name: 'c', cluster: { server, 'certificate-authority-data': Buffer.from('CA').toString('base64') } },
  ],
  users: [{ name: 'u', user }],
  contexts: [{ name: 'ctx', context: { cluster: 'c', user: 'u', namespace: 'ns' } }],
  'current-context': 'ctx',
  ...extra,
});

describe('parseKubeConfig', () => {
  const cases: { name: string; input: unknown; error: RegExp }[] = [
    {
      name: 'cluster without server',
      input: { clusters: [{ name: 'c', cluster: {} }] },
      error: /clusters\[0\]\.cluster\.server is missing/,
    },
    { name: 'entry without name', input: { users: [{ user: {} }] }, error: /users\[0\]\.name is missing/ },
    {
      name: 'context without cluster',
      input: { contexts: [{ name: 'x', context: {} }] },
      error: /contexts\[0\]\.context\.cluster is missing/,
    },
    { name: 'clusters not a list', input: { clusters: {} }, error: /clusters is not a list/ },
  ];
  it.each(cases)('rejects $name', ({ input, error }) => {
    expect(() => parseKubeConfig(input, '/k/config')).toThrow(KubeConfigFormatError);
    expect(() => parseKubeConfig(input, '/k/config')).toThrow(error);
  });

  it('resolves relative files against the kubeconfig directory and strips the trailing slash', () => {
    const parsed = parseKubeConfig(
      {
        clusters: [{ name: 'c', cluster: { server: 'https://h:6443/', 'certificate-authority': 'ca.crt' } }],
        users: [
          { name: 'u', user: { 'client-certificate': '/abs/cert', 'client-key': 'key', tokenFile: 't' } },
        ],
      },
      '/k/config',
    );
    expect(parsed.clusters[0]).toMatchObject({
      server: 'https://h:6443',
      caFile: '/k/ca.crt',
      skipTLSVerify: false,
    });
    expect(parsed.users[0]).toMatchObject({ certFile: '/abs/cert', keyFile: '/k/key', tokenFile: '/k/t' });
  });
});

describe('mergeKubeConfigs', () => {
  it('keeps the first current-context and the first entry of each name', () => {
    const a = parseKubeConfig(doc('https://a', { token: 'a' }));
    const b = parseKubeConfig(doc('https://b', { token: 'b' }, { 'current-context': 'other' }));
    const merged = mergeKubeConfigs([a, b]);
    expect(merged.currentContext).toBe('ctx');
    expect(merged.clusters.map((c) => c.server)).toEqual(['https://a']);
  });
});

describe('KubeConfig.applyToHTTPSOptions', () => {
  const token = write('token', 'from-file\n');
  const cases: { name: string; user: object; headers: Record<string, string> }[] = [
    { name: 'inline token', user: { token: 't1' }, headers: { Authorization: 'Bearer t1' } },
    { name: 'token file', user: { tokenFile: token }, headers: { Authorization: 'Bearer from-file' } },
    {
      name: 'impersonation',
      user: { token: 't', as: 'alice' },
      headers: { Authorization: 'Bearer t', 'Impersonate-User': 'alice' },
    },
    {
      name: 'client certificate',
      user: { 'client-certificate-data': Buffer.from('C').toString('base64') },
      headers: {},
    },
  ];
  it.each(cases)('$name', async ({ user, headers }) => {
    const opts: ConnectionOptions = {};
    await KubeConfig.fromString(stringify(doc('https://h', user))).applyToHTTPSOptions(opts);
    expect(opts.headers).toEqual(headers);
    expect(opts.ca?.toString()).toBe('CA');
  });

  it('re-reads a token file (rotated tokens)', async () => {
    const path = write('rotating', 'one');
    const config = KubeConfig.fromString(stringify(doc('https://h', { tokenFile: path })));
    write('rotating', 'two');
    const opts: ConnectionOptions = {};
    await config.applyToHTTPSOptions(opts);
    expect(opts.headers?.['Authorization']).toBe('Bearer two');
  });
});

describe('loadKubeConfig', () => {
  const file = write(
    'config',
    doc(
      'https://file',
      { token: 't' },
      {
        contexts: [
          { name: 'ctx', context: { cluster: 'c', user: 'u', namespace: 'ns' } },
          { name: 'second', context: { cluster: 'c', namespace: 'two' } },
        ],
      },
    ),
  );
  const sa = mkdtempSync(join(tmpdir(), 'sa-'));
  const cases: {
    name: string;
    source: object;
    env: NodeJS.ProcessEnv;
    server?: string;
    namespace?: string;
    error?: RegExp;
  }[] = [
    { name: 'an explicit path', source: { path: file }, env: {}, server: 'https://file', namespace: 'ns' },
    {
      name: 'another context',
      source: { path: file, context: 'second' },
      env: {},
      server: 'https://file',
      namespace: 'two',
    },
    {
      name: 'a missing context',
      source: { path: file, context: 'none' },
      env: {},
      error: /context "none" not found/,
    },
    {
      name: 'the KUBECONFIG list, missing files skipped',
      source: {},
      env: { KUBECONFIG: `/nope:${file}`, HOME: dir },
      server: 'https://file',
    },
    {
      name: 'in cluster',
      source: {},
      env: { HOME: '/nonexistent', KUBERNETES_SERVICE_HOST: 'fd00::1', KUBERNETES_SERVICE_PORT: '443' },
      server: 'https://[fd00::1]:443',
    },
    {
      name: 'nothing configured',
      source: {},
      env: { HOME: '/nonexistent' },
      error: /no Kubernetes cluster configured/,
    },
  ];
  it.each(cases)('$name', ({ source, env, server, namespace, error }) => {
    if (error) {
      expect(() => loadKubeConfig(source, env)).toThrow(error);
      return;
    }
    const config = loadKubeConfig(source, env);
    expect(config.getCurrentCluster()?.server).toBe(server);
    if (namespace) expect(config.getContextObject(config.getCurrentContext())?.namespace).toBe(namespace);
  });

  it('in cluster reads the ServiceAccount token file', async () => {
    writeFileSync(join(sa, 'token'), 'sa-token');
    writeFileSync(join(sa, 'ca.crt'), 'CA');
    const opts: ConnectionOptions = {};
    await KubeConfig.inCluster(
      { KUBERNETES_SERVICE_HOST: '10.0.0.1', KUBERNETES_SERVICE_PORT: '443' },
      sa,
    ).applyToHTTPSOptions(opts);
    expect(opts.headers?.['Authorization']).toBe('Bearer sa-token');
    expect(opts.ca?.toString()).toBe('CA');
  });
});

describe('exec credential plugins (through client-node, loaded on first use)', () => {
  it('takes the token the plugin prints', async () => {
    const credential = JSON.stringify({
      apiVersion: 'client.authentication.k8s.io/v1',
      kind: 'ExecCredential',
      status: { token: 'from-exec' },
    });
    const exec = {
      apiVersion: 'client.authentication.k8s.io/v1',
      command: process.execPath,
      args: ['-e', `process.stdout.write(${JSON.stringify(credential)})`],
      interactiveMode: 'Never',
    };
    const opts: ConnectionOptions = {};
    await KubeConfig.fromString(stringify(doc('https://h', { exec }))).applyToHTTPSOptions(opts);
    expect(opts.headers?.['Authorization']).toBe('Bearer from-exec');
  });
});
