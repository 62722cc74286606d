// SPDX-License-Identifier: Apache-2.0
// The dashboard's server over HTTP on loopback, with an in-memory cluster (fake-cluster.ts).
import { request as httpRequest } from 'node:http';
import { errorFromStatus, type KubeObject } from '@kubetrain/kube';
import { FakeCluster } from './fake-cluster.js';
import { CONTENT_SECURITY_POLICY, TOKEN_HEADER } from './http-guard.js';
import { startDashboardServer, type DashboardServer, type DashboardServerOptions } from './server.js';
import { DROPPED_EVENT } from './sse.js';
import { LIST_BATCH_MS } from './list-feed.js';

const token = 'the-token-of-this-run_0123456789abcdefghijk';

async function waitUntil(test: () => boolean): Promise<void> {
  while (!test()) await new Promise((resolve) => setTimeout(resolve, 5));
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request; a stream is read until `until` holds for what came, then closed. */
function call(
  server: DashboardServer,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  until?: (body: string) => boolean,
): Promise<Answer> {
  const base = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method, path, headers: { host: base.host, ...headers } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        const done = (): void => resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        res.on('data', (chunk: string) => {
          body += chunk;
          if (until?.(body)) {
            done();
            req.destroy();
          }
        });
        res.on('end', done);
      },
    );
    req.on('error', (e) => (until ? undefined : reject(e)));
    req.end();
  });
}

const trainJob = (name: string, extra: Record<string, unknown> = {}) => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind: 'TrainJob',
  metadata: { name, namespace: 'team-a', creationTimestamp: '2026-01-01T00:00:00Z', ...extra },
  spec: { runtimeRef: { name: 'torch-distributed' }, trainer: { numNodes: 2 } },
});

describe('the dashboard server', () => {
  let server: DashboardServer;
  let cluster: FakeCluster;
  const logs: string[] = [];

  beforeEach(async () => {
    cluster = new FakeCluster();
    logs.length = 0;
    server = await start();
  });
  afterEach(() => server.close());

  const start = (options: Partial<DashboardServerOptions> = {}): Promise<DashboardServer> =>
    startDashboardServer({
      token,
      address: '127.0.0.1',
      port: 0,
      assets: { script: 'console.log(1)', style: 'body{}' },
      cluster,
      scopes: [undefined, 'team-a'],
      log: (line) => logs.push(line),
      ...options,
    });

  it('prints a loopback URL holding the token', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+/\\?token=${token}$`));
  });

  it.each([
    ['the page without a token', '/', 401],
    ['the page with a wrong token', '/?token=nope', 401],
    ['the script without a token', '/assets/app.js', 401],
    ['a feed without a token', '/api/events/jobs', 401],
    ['the page', `/?token=${token}`, 200],
    ['a job page', `/jobs/team-a/job-1?token=${token}`, 200],
    ['the script', `/assets/app.js?token=${token}`, 200],
    ['an unknown path', `/etc/passwd?token=${token}`, 404],
    ['the logs file without a token', '/api/logs/team-a/job-1', 401],
    ['the logs feed without a token', '/api/events/logs/team-a/job-1', 401],
    ['the logs file', `/api/logs/team-a/job-1?token=${token}`, 200],
    ['the logs file of a bad rank', `/api/logs/team-a/job-1?rank=x&token=${token}`, 400],
    ['the logs file of a bad name', `/api/logs/team-a/Job_1?token=${token}`, 400],
  ])('GET %s: %i, with the security headers', async (_what, path, status) => {
    const answer = await call(server, 'GET', path);
    expect(answer.status).toBe(status);
    expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    if (status === 401) expect(answer.body).not.toContain(token);
  });

  it('refuses a request naming another Host (DNS rebinding)', async () => {
    const answer = await call(server, 'GET', `/?token=${token}`, { host: 'attacker.example' });
    expect(answer.status).toBe(403);
  });

  it('serves a page shell that loads only its own script, holding no credential', async () => {
    const answer = await call(server, 'GET', `/?token=${token}`);
    expect(answer.body).toMatch(/<script type="module" src="\/assets\/app\.js\?token=[^"]+"><\/script>/);
    expect(answer.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(answer.body).not.toMatch(/client-key|client-certificate|bearer|password/i);
  });

  describe('actions', () => {
    const origin = (): string => new URL(server.url).origin;
    it.each([
      ['no token header', () => ({ origin: origin() }), 403],
      ['a cross-site Origin', () => ({ [TOKEN_HEADER]: token, origin: 'https://evil.example' }), 403],
      ['no Origin', () => ({ [TOKEN_HEADER]: token }), 403],
      ['a wrong token', () => ({ [TOKEN_HEADER]: 'guess', origin: origin() }), 403],
    ])('refuses a POST with %s, and does nothing', async (_what, headers, status) => {
      const answer = await call(server, 'POST', '/api/jobs/team-a/job-1/suspend', headers());
      expect(answer.status).toBe(status);
      expect(cluster.actions).toEqual([]);
    });

    it.each([
      ['suspend', 'suspend team-a/job-1'],
      ['resume', 'resume team-a/job-1'],
      ['delete', 'delete team-a/job-1'],
      ['suspend?kind=TrainJob', 'suspend team-a/job-1'],
      ['suspend?kind=PyTorchJob', 'suspend PyTorchJob team-a/job-1'],
      ['resume?kind=MPIJob', 'resume MPIJob team-a/job-1'],
      ['delete?kind=JAXJob', 'delete JAXJob team-a/job-1'],
    ])('%s with the token header from its own Origin', async (action, done) => {
      const answer = await call(server, 'POST', `/api/jobs/team-a/job-1/${action}`, {
        [TOKEN_HEADER]: token,
        origin: origin(),
      });
      expect(answer.status).toBe(200);
      expect(cluster.actions).toEqual([done]);
    });

    it('names the bad field of a bad path', async () => {
      const answer = await call(server, 'POST', '/api/jobs/team-a/Not_A_Name/suspend', {
        [TOKEN_HEADER]: token,
        origin: origin(),
      });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ error: 'name: not a valid TrainJob name' });
    });

    it.each([
      ['POST', '/api/jobs/team-a/job-1/suspend?kind=Pod'],
      ['GET', `/api/events/job/team-a/job-1?kind=pytorchjob&token=${token}`],
    ])('refuses %s %s: an unknown kind', async (method, path) => {
      const answer = await call(server, method, path, { [TOKEN_HEADER]: token, origin: origin() });
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'kind: must be TrainJob, TFJob, PyTorchJob, XGBoostJob, MPIJob, PaddleJob, JAXJob',
      });
      expect(cluster.actions).toEqual([]);
    });

    it('shows a 403 of the API server as forbidden', async () => {
      cluster.failure = errorFromStatus({
        kind: 'Status',
        code: 403,
        reason: 'Forbidden',
        message: 'trainjobs.trainer.kubeflow.org "job-1" is forbidden: User "bob" cannot patch',
      });
      const answer = await call(server, 'POST', '/api/jobs/team-a/job-1/suspend', {
        [TOKEN_HEADER]: token,
        origin: origin(),
      });
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body)).toEqual({
        error: 'forbidden: trainjobs.trainer.kubeflow.org "job-1" is forbidden: User "bob" cannot patch',
      });
    });
  });

  describe('feeds', () => {
    it('sends the jobs list as a snapshot of rows, with markup left as data', async () => {
      cluster.onStart = (w, resource) =>
        w.sync(
          resource === 'trainjobs'
            ? [trainJob('job-1', { annotations: { note: '<img src=x onerror=alert(1)>' } })]
            : [],
        );
      const answer = await call(server, 'GET', `/api/events/jobs?token=${token}`, {}, (b) =>
        b.includes('\n\n'),
      );
      expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      const data = JSON.parse(/^data: (.*)$/m.exec(answer.body)![1]!) as {
        rows: { name: string; nodes: number }[];
      };
      expect(answer.body.startsWith('event: snapshot\n')).toBe(true);
      expect(data.rows).toMatchObject([{ name: 'job-1', nodes: 2, runtime: 'torch-distributed' }]);
    });

    it('sends changes gathered in one event, the last state of each job only', async () => {
      const feed = call(server, 'GET', `/api/events/jobs?token=${token}`, {}, (b) =>
        b.includes('event: changes'),
      );
      await waitUntil(() => cluster.watches.length >= 1);
      const watch = cluster.watches[0]!.watch;
      expect(cluster.watches[0]!.resource).toBe('trainjobs');
      watch.upsert(trainJob('a'));
      watch.upsert({ ...trainJob('a'), spec: { suspend: true } } as KubeObject);
      watch.upsert(trainJob('b'));
      watch.listener?.remove(trainJob('gone'));
      const answer = await feed;
      const events = answer.body.split('\n\n').filter((e) => e.startsWith('event: changes'));
      expect(events).toHaveLength(1);
      const changes = JSON.parse(events[0]!.split('data: ')[1]!) as {
        upserts: { name: string; suspended: boolean }[];
        removes: { name: string }[];
      };
      expect(changes.upserts.map((r) => [r.name, r.suspended])).toEqual([
        ['a', true],
        ['b', false],
      ]);
      expect(changes.removes).toEqual([{ kind: 'TrainJob', namespace: 'team-a', name: 'gone' }]);
    });

    it("sends a job's JobSet and runtime snapshot as YAML, without managedFields, or forbidden", async () => {
      cluster.onStart = (w, resource) =>
        w.sync(resource === 'trainjobs' ? [trainJob('job-1') as KubeObject] : []);
      cluster.objects.set('JobSet/team-a/job-1', {
        apiVersion: 'jobset.x-k8s.io/v1alpha2',
        kind: 'JobSet',
        metadata: { name: 'job-1', namespace: 'team-a', managedFields: [{ manager: 'trainer' }] },
      } as KubeObject);
      cluster.objects.set(
        'ConfigMap/team-a/job-1-runtime-snapshot',
        errorFromStatus({
          kind: 'Status',
          code: 403,
          reason: 'Forbidden',
          message: 'configmaps is forbidden',
        }),
      );
      const answer = await call(server, 'GET', `/api/events/job/team-a/job-1?token=${token}`, {}, (b) =>
        /event: objects\ndata: .*\n\n/.test(b),
      );
      const data = JSON.parse(/event: objects\ndata: (.*)$/m.exec(answer.body)![1]!) as {
        workload: { kind: string; state: string; yaml: string };
        snapshot: { state: string; note: string };
      };
      expect(data.workload).toMatchObject({ kind: 'JobSet', state: 'shown' });
      expect(data.workload.yaml).toContain('name: job-1');
      expect(data.workload.yaml).not.toContain('managedFields');
      expect(data.snapshot).toMatchObject({ state: 'refused', note: 'forbidden: configmaps is forbidden' });
    });

    it('streams the logs of a running job, each line under its step', async () => {
      cluster.logs.set('team-a/p/node', ['step 1', '<script>x</script>']);
      const pod = {
        metadata: {
          name: 'p',
          namespace: 'team-a',
          labels: {
            'jobset.sigs.k8s.io/jobset-name': 'job-1',
            'jobset.sigs.k8s.io/replicatedjob-name': 'node',
            'batch.kubernetes.io/job-completion-index': '0',
          },
        },
        status: { phase: 'Running' },
      };
      cluster.onStart = (w, resource) => w.sync(resource === 'pods' ? [pod as KubeObject] : []);
      const answer = await call(server, 'GET', `/api/events/logs/team-a/job-1?token=${token}`, {}, (b) =>
        b.includes('event: lines'),
      );
      expect(answer.body).toContain(
        'event: lines\ndata: {"step":"node-0","lines":["step 1","<script>x</script>"]}',
      );
    });

    it.each([
      ['its last log lines', undefined, '{"lines":["loading","CUDA error"]}'],
      [
        'forbidden when pods/log is',
        errorFromStatus({ kind: 'Status', code: 403, reason: 'Forbidden', message: 'pods "p" is forbidden' }),
        '{"error":"forbidden: pods \\"p\\" is forbidden"}',
      ],
    ])("a failed job's page shows %s", async (_what, failure, expected) => {
      cluster.logs.set('team-a/p/node', ['loading', 'CUDA error']);
      cluster.failure = failure;
      const pod = {
        metadata: { name: 'p', namespace: 'team-a', labels: { 'jobset.sigs.k8s.io/jobset-name': 'job-1' } },
        status: {
          phase: 'Failed',
          containerStatuses: [{ name: 'node', state: { terminated: { exitCode: 7 } } }],
        },
      };
      cluster.onStart = (w, resource) =>
        w.sync(
          resource === 'trainjobs' ? [trainJob('job-1')] : resource === 'pods' ? [pod as KubeObject] : [],
        );
      const answer = await call(server, 'GET', `/api/events/job/team-a/job-1?token=${token}`, {}, (b) =>
        b.includes('"failureLog"'),
      );
      expect(answer.body).toContain(`"failureLog":${expected}`);
      expect(answer.body).toContain('"failure":{"pod":"p","container":"node","exitCode":7');
    });

    it('falls back to the own namespace when listing every namespace is forbidden', async () => {
      cluster.onStart = (w, _resource, namespace) =>
        namespace === undefined
          ? w.listener?.failed('forbidden: cannot list trainjobs at the cluster scope')
          : w.sync([trainJob('mine')]);
      const answer = await call(server, 'GET', `/api/events/jobs?token=${token}`, {}, (b) =>
        b.includes('\n\n'),
      );
      expect(answer.body).toContain(
        '"notice":"forbidden: cannot list trainjobs at the cluster scope — showing namespace team-a only"',
      );
      expect(answer.body).toContain('"name":"mine"');
    });

    it('shares one watch between two tabs of the list', async () => {
      const first = call(server, 'GET', `/api/events/jobs?token=${token}`, {}, (b) => b.includes('\n\n'));
      const second = call(server, 'GET', `/api/events/jobs?token=${token}`, {}, (b) => b.includes('\n\n'));
      await Promise.all([first, second]);
      expect(cluster.watches.filter((w) => w.resource === 'trainjobs')).toHaveLength(1);
    });

    it('drops a tab that does not read its feed, and says so in the terminal', async () => {
      await server.close();
      server = await start({ scopes: [undefined], sse: { maxQueuedBytes: 64 * 1024 } });
      const base = new URL(server.url);
      // A client that never reads: the socket fills, then the queue passes its bound.
      const req = httpRequest(
        { host: base.hostname, port: base.port, path: `/api/events/jobs?token=${token}` },
        (res) => res.pause(),
      );
      req.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      const watch = cluster.watches[0]!.watch;
      // Batches of changes (list-feed.ts sends them every LIST_BATCH_MS) until the tab is dropped.
      for (let batch = 0; batch < 200 && logs.length === 0; batch++) {
        for (let i = 0; i < 500; i++) watch.upsert(trainJob(`job-${batch}-${i}`));
        await new Promise((resolve) => setTimeout(resolve, LIST_BATCH_MS + 20));
      }
      req.destroy();
      expect(logs.some((l) => l.startsWith('dashboard: dropped a tab that could not keep up'))).toBe(true);
      expect(DROPPED_EVENT).toBe('dropped');
    });
  });
});
