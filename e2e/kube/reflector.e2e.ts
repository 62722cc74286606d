// SPDX-License-Identifier: Apache-2.0
// @kubetrain/kube's reflector and store against the real kube-apiserver: list then watch, the
// store's events, transforms and selectors, the 410 relist, the quiet-watch restart, and the
// recent-writes lookup.
import {
  CoreResources,
  resourceRef,
  projection,
  Reflector,
  Store,
  type ApiError,
  type KubeObject,
  type ListReason,
  type ReflectorMetrics,
  type ReflectorOptions,
  type WatchRestartReason,
} from '@kubetrain/kube';
import { compactEtcd } from '../support/cluster.js';
import { waitFor } from '../support/wait.js';
import { kubeClient, kubeSuite } from './kube-client.js';

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

const reflectors: Reflector<KubeObject>[] = [];

const suite = kubeSuite('e2e-kube-reflector', () => Promise.all(reflectors.map((r) => r.stop())));

/** Counts what a reflector reports through its metrics hooks. */
function countingMetrics(): ReflectorMetrics & { lists: ListReason[]; restarts: WatchRestartReason[] } {
  const lists: ListReason[] = [];
  const restarts: WatchRestartReason[] = [];
  return {
    lists,
    restarts,
    listed: (_resource, reason) => void lists.push(reason),
    watchRestarted: (_resource, reason) => void restarts.push(reason),
  };
}

function start<T extends KubeObject>(options: Omit<ReflectorOptions<T>, 'client'>): Reflector<T> {
  const reflector = new Reflector<T>({ client: suite.client, ...options }).start();
  reflectors.push(reflector as unknown as Reflector<KubeObject>);
  return reflector;
}

/** A reflector over this suite's ConfigMaps labelled `app=<app>`, into `store`. */
function watchConfigMaps(
  store: Store<ConfigMap>,
  app: string,
  options: Partial<Omit<ReflectorOptions<ConfigMap>, 'client' | 'store'>> = {},
): Reflector<ConfigMap> {
  return start({
    resource: CoreResources.ConfigMap,
    store,
    namespace: suite.ns,
    labelSelector: `app=${app}`,
    ...options,
  });
}

const configMap = (name: string, app: string, data: Record<string, string> = { k: 'v' }): ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: suite.ns, labels: { app } },
  data,
});

/** A core Event labelled `app=<app>` (its fields are the ones the API server requires). */
const event = (name: string, app: string): KubeObject =>
  ({
    apiVersion: 'v1',
    kind: 'Event',
    metadata: { name, namespace: suite.ns, labels: { app } },
    involvedObject: { kind: 'ConfigMap', name, namespace: suite.ns },
    reason: 'E2E',
    message: 'reflector suite',
  }) as KubeObject;

async function until(what: string, predicate: () => boolean): Promise<void> {
  await waitFor(what, async () => (predicate() ? true : undefined), undefined, {
    timeoutMs: 60_000,
    intervalMs: 50,
  });
}

it('lists, then watches: add, update and delete reach the store and its handlers; others never do', async () => {
  await suite.client.create(CoreResources.ConfigMap, configMap('before-0', 'events'));
  await suite.client.create(CoreResources.ConfigMap, configMap('before-1', 'events'));
  await suite.client.create(CoreResources.ConfigMap, configMap('unselected', 'other'));
  const store = new Store<ConfigMap>();
  const events: string[] = [];
  store.addHandler({
    onAdd: (o, initial) => events.push(`add ${o.metadata?.name}${initial ? ' initial' : ''}`),
    onUpdate: (old, o) => events.push(`update ${o.metadata?.name} ${old.data?.['k']}->${o.data?.['k']}`),
    onDelete: (o) => events.push(`delete ${o.metadata?.name}`),
  });
  const reflector = watchConfigMaps(store, 'events');
  await reflector.synced;
  expect(reflector.hasSynced).toBe(true);
  // The first LIST is consistent: it holds both creates just above.
  expect(store.size).toBe(2);
  expect([...store.keys()].sort()).toEqual([`${suite.ns}/before-0`, `${suite.ns}/before-1`]);
  expect(store.get(`${suite.ns}/before-0`)?.metadata?.managedFields).toBeUndefined();

  await suite.client.create(CoreResources.ConfigMap, configMap('after', 'events'));
  await suite.client.patch(
    CoreResources.ConfigMap,
    'after',
    { data: { k: 'w' } },
    { type: 'merge', namespace: suite.ns },
  );
  await suite.client.delete(CoreResources.ConfigMap, 'before-1', { namespace: suite.ns });
  await until('the watch events', () => events.length >= 5);
  expect(events.map((e) => e.replace(' initial', '')).sort()).toEqual(
    ['add after', 'add before-0', 'add before-1', 'delete before-1', 'update after v->w'].sort(),
  );
  // Only objects of the LIST are marked as such.
  expect(events.filter((e) => e.endsWith(' initial')).every((e) => e.startsWith('add before-'))).toBe(true);
  expect([...store.keys()].sort()).toEqual([`${suite.ns}/after`, `${suite.ns}/before-0`]);
  expect(store.get(`${suite.ns}/after`)?.data).toEqual({ k: 'w' });
});

it('streams its list by default: one WATCH that sends the collection, then goes on as the watch', async () => {
  for (let i = 0; i < 3; i++)
    await suite.client.create(CoreResources.ConfigMap, configMap(`streamed-${i}`, 'streamed'));
  const store = new Store<ConfigMap>();
  const initial: string[] = [];
  store.addHandler({ onAdd: (o, initialList) => initialList && initial.push(o.metadata?.name ?? '') });
  const metrics = countingMetrics();
  const reflector = watchConfigMaps(store, 'streamed', { metrics });
  await reflector.synced;
  expect(reflector.stats).toMatchObject({ lists: 1, streamed: 1, pages: 0 });
  expect(metrics.lists).toEqual(['initial']);
  expect(initial.sort()).toEqual(['streamed-0', 'streamed-1', 'streamed-2']);
  expect(store.get(`${suite.ns}/streamed-0`)?.metadata?.managedFields).toBeUndefined();
  // The same stream is the watch: no second request is needed to see a change.
  await suite.client.create(CoreResources.ConfigMap, configMap('streamed-late', 'streamed'));
  await until('the object created after the list', () => store.size === 4);
  expect(reflector.stats).toMatchObject({ lists: 1, watchRestarts: 0 });
});

it('lists with pages when streaming is off, and the store has every object once the list is done', async () => {
  for (let i = 0; i < 5; i++)
    await suite.client.create(CoreResources.ConfigMap, configMap(`paged-${i}`, 'paged'));
  const store = new Store<ConfigMap>();
  const reflector = start({
    resource: CoreResources.ConfigMap,
    store,
    namespace: suite.ns,
    labelSelector: 'app=paged',
    streamingList: false,
    pageSize: 2,
  });
  await reflector.synced;
  expect(reflector.stats.pages).toBe(3);
  expect([...store.keys()].sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${suite.ns}/paged-${i}`));
});

it.each([
  { how: 'streamed', app: 'gone-streamed', streamingList: true, stats: { streamed: 1, pages: 0 } },
  {
    how: 'paginated, streaming off',
    app: 'gone-paged',
    streamingList: false,
    stats: { streamed: 0, pages: 3 },
  },
])(
  'relists ($how, consistent) after 410 Gone, removes what the relist no longer has, and keeps watching',
  async ({ app, streamingList, stats }) => {
    // Core Events are watched from etcd, not from the watch cache: once etcd's history is compacted,
    // a watch from an older resourceVersion answers 410 Expired, on a fresh cluster as on an old one.
    for (let i = 0; i < 5; i++) await suite.client.create(CoreResources.Event, event(`${app}-${i}`, app));
    const compactedAt = await compactEtcd();
    const store = new Store();
    // An Event the API server does not have: the relist's end removes it.
    store.upsert(event(`${app}-stale`, app));
    const metrics = countingMetrics();
    const reflector = start({
      resource: CoreResources.Event,
      store,
      namespace: suite.ns,
      labelSelector: `app=${app}`,
      // A watch from resourceVersion N reads etcd from N+1: anything below the compaction is gone.
      resumeFrom: String(compactedAt - 2),
      streamingList,
      pageSize: 2,
      metrics,
    });
    await reflector.synced;
    expect(metrics.restarts).toContain('gone');
    expect(metrics.lists).toEqual(['gone']);
    expect(reflector.stats).toMatchObject(stats);
    expect([...store.keys()].sort()).toEqual([0, 1, 2, 3, 4].map((i) => `${suite.ns}/${app}-${i}`));
    await suite.client.create(CoreResources.Event, event(`${app}-late`, app));
    await until('the object created after the relist', () => store.size === 6);
    expect(store.get(`${suite.ns}/${app}-late`)).toBeDefined();
  },
);

it('restarts a watch that stays quiet, and still sees what happens afterwards', async () => {
  const store = new Store<ConfigMap>();
  const metrics = countingMetrics();
  const reflector = watchConfigMaps(store, 'quiet', { idleTimeoutMs: 1000, metrics });
  await reflector.synced;
  await until('two idle restarts', () => metrics.restarts.filter((r) => r === 'idle').length >= 2);
  await suite.client.create(CoreResources.ConfigMap, configMap('quiet-0', 'quiet'));
  await until('the object created after the restarts', () => store.size === 1);
  expect(metrics.lists).toEqual(['initial']);
  expect(reflector.stats.streamed).toBe(1);
});

it('keeps only a projection, and Secrets as metadata only through a label selector', async () => {
  await suite.client.create(
    CoreResources.ConfigMap,
    configMap('projected', 'projected', { keep: 'yes', drop: 'no' }),
  );
  const projected = new Store<ConfigMap>();
  watchConfigMaps(projected, 'projected', { transform: projection<ConfigMap>(['data.keep']) });
  await until('the projected ConfigMap', () => projected.size === 1);
  expect(projected.get(`${suite.ns}/projected`)?.data).toEqual({ keep: 'yes' });

  await suite.client.create(CoreResources.Secret, {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 's', namespace: suite.ns, labels: { app: 'secret' } },
    stringData: { password: 'hunter2' },
  } as KubeObject);
  const secrets = new Store();
  const reflector = start({
    resource: CoreResources.Secret,
    store: secrets,
    namespace: suite.ns,
    labelSelector: 'app=secret',
    metadataOnly: true,
  });
  await reflector.synced;
  const secret = secrets.get(`${suite.ns}/s`) as (KubeObject & { data?: unknown }) | undefined;
  expect(secret?.metadata?.labels).toEqual({ app: 'secret' });
  expect(secret?.data).toBeUndefined();
  expect(secret?.metadata?.managedFields).toBeUndefined();
});

it('keys cluster-scoped objects by name', async () => {
  const store = new Store();
  const reflector = start({
    resource: CoreResources.Namespace,
    store,
    fieldSelector: `metadata.name=${suite.ns}`,
  });
  await reflector.synced;
  expect([...store.keys()]).toEqual([suite.ns]);
});

it('an object we just created is never absent: pending until the store has it, then cached', async () => {
  const store = new Store<ConfigMap>();
  const reflector = watchConfigMaps(store, 'recent');
  await reflector.synced;
  const created = await suite.client.create(CoreResources.ConfigMap, configMap('recent', 'recent'));
  store.recordWrite(created);
  expect(store.getOrRecent(`${suite.ns}/recent`).state).not.toBe('absent');
  await until('the store to catch up', () => store.getOrRecent(`${suite.ns}/recent`).state === 'cached');
  expect(store.pendingWrites).toBe(0);
  await suite.client.delete(CoreResources.ConfigMap, 'recent', { namespace: suite.ns });
  store.recordDelete(`${suite.ns}/recent`, created.metadata?.uid);
  expect(store.getOrRecent(`${suite.ns}/recent`).state).toBe('absent');
  await until('the delete to reach the store', () => store.size === 0);
  expect(store.pendingWrites).toBe(0);
});

it('never gives up: a reflector refused by RBAC keeps retrying and syncs once it is allowed', async () => {
  const user = 'kubetrain-e2e-late';
  const denied = await kubeClient({ impersonate: { user } });
  await suite.client.create(CoreResources.ConfigMap, configMap('late-0', 'late'));
  const store = new Store<ConfigMap>();
  const failures: string[] = [];
  const reflector = new Reflector<ConfigMap>({
    client: denied,
    resource: CoreResources.ConfigMap,
    store,
    namespace: suite.ns,
    labelSelector: 'app=late',
    backoff: { initialMs: 50, maxMs: 500 },
    metrics: {
      failed: (_resource, operation, error) => void failures.push(`${operation} ${(error as ApiError).code}`),
    },
  }).start();
  reflectors.push(reflector as unknown as Reflector<KubeObject>);
  // The LIST is refused (403) over and over; the loop backs off and tries again.
  await until('a few refused LISTs', () => failures.length >= 3);
  expect(reflector.hasSynced).toBe(false);
  expect(new Set(failures)).toEqual(new Set(['list 403']));
  const rbac = (resource: string, kind: string) =>
    resourceRef('rbac.authorization.k8s.io/v1', resource, kind);
  await suite.client.create(rbac('roles', 'Role'), {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'Role',
    metadata: { name: 'configmap-reader', namespace: suite.ns },
    rules: [{ apiGroups: [''], resources: ['configmaps'], verbs: ['get', 'list', 'watch'] }],
  } as KubeObject);
  await suite.client.create(rbac('rolebindings', 'RoleBinding'), {
    apiVersion: 'rbac.authorization.k8s.io/v1',
    kind: 'RoleBinding',
    metadata: { name: 'configmap-reader', namespace: suite.ns },
    roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'configmap-reader' },
    subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: user }],
  } as KubeObject);
  await reflector.synced;
  await until('the ConfigMap', () => store.size === 1);
  expect(store.get(`${suite.ns}/late-0`)).toBeDefined();
});

it('stop() ends the loop and leaves the counters still', async () => {
  const reflector = watchConfigMaps(new Store(), 'stop');
  await reflector.synced;
  await reflector.stop();
  const stats = reflector.stats;
  await suite.client.create(CoreResources.ConfigMap, configMap('after-stop', 'stop'));
  expect(reflector.stats).toEqual(stats);
});
