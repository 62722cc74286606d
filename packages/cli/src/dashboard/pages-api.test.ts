// SPDX-License-Identifier: Apache-2.0
// The runtimes and usage endpoints over HTTP (the server with the in-memory cluster): the token
// required as for every request, the pages' shell, their JSON, bad parameters named, the bound of
// requests at once.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { KubeObject } from '@kubetrain/kube';
import { parse } from 'yaml';
import type { Listed, ListPage } from './cluster-port.js';
import { FakeCluster } from './fake-cluster.js';
import { TOKEN_HEADER } from './http-guard.js';
import { MAX_IN_FLIGHT } from './pages-api.js';
import { startDashboardServer, type DashboardServer } from './server.js';

const token = 'the-token-of-this-run_0123456789abcdefghijk';
const torch = parse(
  readFileSync(
    join(import.meta.dirname, '..', '..', '..', '..', 'manifests', 'runtimes', 'torch-distributed.yaml'),
    'utf8',
  ),
) as KubeObject;

/** A cluster whose LISTs wait until released (to hold requests in flight). */
class HeldCluster extends FakeCluster {
  readonly held: (() => void)[] = [];
  override list(
    resource: Listed,
    namespace: string | undefined,
    limit: number,
    next?: string,
  ): Promise<ListPage> {
    return new Promise((resolve) =>
      this.held.push(() => resolve(super.list(resource, namespace, limit, next))),
    );
  }
}

describe('the runtimes and usage endpoints', () => {
  let server: DashboardServer;
  let cluster: FakeCluster;
  const start = async (c: FakeCluster) => {
    cluster = c;
    server = await startDashboardServer({
      token,
      address: '127.0.0.1',
      port: 0,
      assets: { script: '', style: '' },
      cluster,
      scopes: ['team-a'],
      log: () => undefined,
      now: () => Date.parse('2026-03-10T00:00:00Z'),
    });
  };
  const get = (path: string, headers: Record<string, string> = { [TOKEN_HEADER]: token }) =>
    fetch(new URL(path, server.url), { headers });
  afterEach(async () => server.close());

  it.each<[string, number, Record<string, string>, RegExp]>([
    ['/runtimes', 200, { [TOKEN_HEADER]: token }, /<div id="app">/],
    ['/usage?period=24h', 200, { [TOKEN_HEADER]: token }, /<div id="app">/],
    ['/api/runtimes', 401, {}, /^unauthorized/],
    ['/api/usage', 401, { [TOKEN_HEADER]: 'guess' }, /^unauthorized/],
    ['/api/runtimes/preview?kind=Pod&name=x', 400, { [TOKEN_HEADER]: token }, /"kind: must be/],
    [
      '/api/runtimes/preview?kind=ClusterTrainingRuntime&name=nope',
      404,
      { [TOKEN_HEADER]: token },
      /"not found: /,
    ],
    ['/api/usage?period=1y', 400, { [TOKEN_HEADER]: token }, /"period: use one of 24h, 7d, 30d"/],
    ['/api/usage?from=never', 400, { [TOKEN_HEADER]: token }, /"from \\"never\\": use an RFC 3339 time/],
  ])('GET %s: %i', async (path, status, headers, body) => {
    await start(new FakeCluster());
    const answer = await get(path, headers);
    expect({ status: answer.status, body: await answer.text() }).toEqual({
      status,
      body: expect.stringMatching(body),
    });
  });

  it('answers the runtimes, a preview with its JobSet, and the usage as JSON', async () => {
    await start(new FakeCluster());
    cluster.listed.clustertrainingruntimes.push(torch);
    const runtimes = (await (await get('/api/runtimes')).json()) as {
      cluster: { items: { name: string }[] };
    };
    expect(runtimes.cluster.items.map((r) => r.name)).toEqual(['torch-distributed']);
    const preview = await get('/api/runtimes/preview?kind=ClusterTrainingRuntime&name=torch-distributed');
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { objects: string[] }).objects).toContain(
      'jobset.jobset.x-k8s.io/preview',
    );
    const usage = await get('/api/usage?period=30d');
    expect(await usage.json()).toMatchObject({
      since: '2026-02-08T00:00:00Z',
      namespace: 'team-a',
      namespaces: [],
    });
  });

  it(`serves at most ${MAX_IN_FLIGHT} at once: a 503 past that`, async () => {
    const held = new HeldCluster();
    await start(held);
    const first = Array.from({ length: MAX_IN_FLIGHT }, () => get('/api/runtimes'));
    while (held.held.length < MAX_IN_FLIGHT) await new Promise((r) => setTimeout(r, 5));
    const refused = await get('/api/usage');
    expect({ status: refused.status, body: await refused.json() }).toEqual({
      status: 503,
      body: { error: 'the dashboard is busy: try again' },
    });
    // Released, each answers (and reads its second kind).
    let answered = false;
    const all = Promise.all(first).then((answers) => ((answered = true), answers));
    while (!answered) {
      for (const release of held.held.splice(0)) release();
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const answer of await all) expect(answer.status).toBe(200);
    expect((await get('/api/runtimes/preview?kind=Pod&name=x')).status).toBe(400);
  });
});
