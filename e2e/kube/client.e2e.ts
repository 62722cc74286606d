// SPDX-License-Identifier: Apache-2.0
// @kubetrain/kube's client against the real kube-apiserver: raw requests on core and group
// resources, typed errors mapped from the server's Status, server-side apply and the status writer.
import type { ApiError } from '@kubetrain/kube';
import {
  AlreadyExistsError,
  Applier,
  ConflictError,
  CoreResources,
  ForbiddenError,
  GoneError,
  InvalidError,
  NotFoundError,
  resourceRef,
  TimeoutError,
  type KubeObject,
} from '@kubetrain/kube';
import { compactEtcd } from '../support/cluster.js';
import { kubeClient, kubeSuite } from './kube-client.js';

interface ConfigMap extends KubeObject {
  data?: Record<string, string>;
}

interface Service extends KubeObject {
  spec?: { ports?: { port: number }[]; clusterIP?: string };
  status?: {
    conditions?: {
      type: string;
      status: string;
      reason: string;
      message: string;
      lastTransitionTime: string;
    }[];
  };
}

const Service = resourceRef('v1', 'services', 'Service');

const suite = kubeSuite('e2e-kube-client');

const configMap = (name: string, data: Record<string, string> = { k: 'v' }): ConfigMap => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: suite.ns },
  data,
});

describe('raw requests', () => {
  it('create, get, list, merge-patch, replace and delete a ConfigMap', async () => {
    const created = await suite.client.create(CoreResources.ConfigMap, configMap('plain'));
    expect(created.metadata?.uid).toBeTruthy();
    const got = await suite.client.get<ConfigMap>(CoreResources.ConfigMap, 'plain', { namespace: suite.ns });
    expect(got.data).toEqual({ k: 'v' });
    const patched = await suite.client.patch<ConfigMap>(
      CoreResources.ConfigMap,
      'plain',
      { data: { k: 'w' } },
      { type: 'merge', namespace: suite.ns },
    );
    expect(patched.data).toEqual({ k: 'w' });
    const replaced = await suite.client.replace<ConfigMap>(CoreResources.ConfigMap, {
      ...patched,
      data: { x: 'y' },
    });
    expect(replaced.data).toEqual({ x: 'y' });
    const list = await suite.client.list<ConfigMap>(CoreResources.ConfigMap, {
      namespace: suite.ns,
      fieldSelector: 'metadata.name=plain',
    });
    expect(list.items.map((item) => item.data)).toEqual([{ x: 'y' }]);
    expect(list.metadata.resourceVersion).toBeTruthy();
    await suite.client.delete(CoreResources.ConfigMap, 'plain', {
      namespace: suite.ns,
      preconditions: { uid: created.metadata!.uid! },
    });
    await expect(
      suite.client.get(CoreResources.ConfigMap, 'plain', { namespace: suite.ns }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('pages a LIST with limit and continue', async () => {
    for (let i = 0; i < 5; i++)
      await suite.client.create(CoreResources.ConfigMap, {
        ...configMap(`page-${i}`),
        metadata: { name: `page-${i}`, namespace: suite.ns, labels: { page: 'yes' } },
      });
    const names: string[] = [];
    let cont: string | undefined;
    let pages = 0;
    do {
      const page = await suite.client.list(CoreResources.ConfigMap, {
        namespace: suite.ns,
        labelSelector: 'page=yes',
        limit: 2,
        continue: cont,
      });
      names.push(...page.items.map((item) => item.metadata!.name!));
      cont = page.metadata.continue || undefined;
      pages++;
    } while (cont);
    expect(names.sort()).toEqual(['page-0', 'page-1', 'page-2', 'page-3', 'page-4']);
    expect(pages).toBe(3);
  });

  it('metadata-only LIST carries no data', async () => {
    const list = await suite.client.list(CoreResources.ConfigMap, {
      namespace: suite.ns,
      labelSelector: 'page=yes',
      metadataOnly: true,
    });
    expect(list.kind).toBe('PartialObjectMetadataList');
    expect(list.items.length).toBe(5);
    for (const item of list.items) expect((item as ConfigMap).data).toBeUndefined();
  });
});

describe('int64 values past 2^53', () => {
  const TrainJob = resourceRef('trainer.kubeflow.org/v1alpha1', 'trainjobs', 'TrainJob');
  interface TrainJobObject extends KubeObject {
    spec?: { runtimeRef?: { name: string }; activeDeadlineSeconds?: number | bigint };
  }
  const INT64_MAX = 9223372036854775807n;

  it('are written and read back digit for digit by get, list and watch (a bigint, never 2^63)', async () => {
    // No trainer webhook is registered for this namespace: the API server's own checks only.
    const created = await suite.client.create<TrainJobObject>(TrainJob, {
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'int64', namespace: suite.ns },
      spec: { runtimeRef: { name: 'torch-distributed' }, activeDeadlineSeconds: INT64_MAX },
    });
    expect(created.spec?.activeDeadlineSeconds).toBe(INT64_MAX);
    const got = await suite.client.get<TrainJobObject>(TrainJob, 'int64', { namespace: suite.ns });
    expect(got.spec?.activeDeadlineSeconds).toBe(INT64_MAX);
    const list = await suite.client.list<TrainJobObject>(TrainJob, { namespace: suite.ns });
    expect(list.items.map((item) => item.spec?.activeDeadlineSeconds)).toEqual([INT64_MAX]);
    // From resourceVersion 0: the object as the first (ADDED) event; then the watch is left.
    for await (const event of suite.client.watch<TrainJobObject>(TrainJob, {
      namespace: suite.ns,
      resourceVersion: '0',
    })) {
      expect({ type: event.type, value: event.object.spec?.activeDeadlineSeconds }).toEqual({
        type: 'ADDED',
        value: INT64_MAX,
      });
      break;
    }
  });
});

describe('typed errors from the server', () => {
  it('404 NotFound', async () => {
    const error = await suite.client
      .get(CoreResources.ConfigMap, 'missing', { namespace: suite.ns })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    expect((error as ApiError).code).toBe(404);
    expect((error as ApiError).reason).toBe('NotFound');
  });

  it('409 AlreadyExists on a second create', async () => {
    await suite.client.create(CoreResources.ConfigMap, configMap('twice'));
    await expect(suite.client.create(CoreResources.ConfigMap, configMap('twice'))).rejects.toBeInstanceOf(
      AlreadyExistsError,
    );
  });

  it('409 Conflict on an update with a stale resourceVersion', async () => {
    const first = await suite.client.create(CoreResources.ConfigMap, configMap('stale'));
    await suite.client.replace(CoreResources.ConfigMap, { ...first, data: { k: 'newer' } });
    const error = await suite.client
      .replace(CoreResources.ConfigMap, { ...first, data: { k: 'stale' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConflictError);
    expect((error as ApiError).reason).toBe('Conflict');
  });

  it('422 Invalid with the rejected field path', async () => {
    const error = await suite.client
      .create(CoreResources.ConfigMap, configMap('Not_A_Valid_Name'))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidError);
    expect((error as InvalidError).code).toBe(422);
    expect((error as InvalidError).fields).toContain('metadata.name');
  });

  it('403 Forbidden for an unprivileged user (impersonated)', async () => {
    const nobody = await kubeClient({ impersonate: { user: 'kubetrain-e2e-nobody' } });
    const error = await nobody.list(CoreResources.Secret, { namespace: suite.ns }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as ApiError).code).toBe(403);
  });

  it('an aborted request fails as a TimeoutError (code 0)', async () => {
    const error = await suite.client
      .get(CoreResources.ConfigMap, 'anything', { namespace: suite.ns, signal: AbortSignal.abort() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as ApiError).code).toBe(0);
  });

  it('410 Gone for a watch from a resourceVersion etcd has compacted', async () => {
    // Core Events are watched from etcd, not from the watch cache: once etcd's history is
    // compacted, a watch from an older resourceVersion answers 410, however young the cluster.
    const compactedAt = await compactEtcd();
    const events = suite.client.watch(CoreResources.Event, {
      namespace: suite.ns,
      resourceVersion: String(compactedAt - 2),
    });
    const error = await (async () => {
      for await (const _event of events) {
        // a 410 comes as the first ERROR event (or the response): nothing before it
      }
      return undefined;
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoneError);
    expect((error as ApiError).code).toBe(410);
  });
});

describe('server-side apply', () => {
  const applier = (): Applier => new Applier(suite.client, { fieldManager: 'kubetrain-e2e' });

  it('creates, and an identical re-apply keeps the resourceVersion', async () => {
    const desired = configMap('applied', { a: '1' });
    const first = await applier().apply(CoreResources.ConfigMap, desired);
    expect(first.data).toEqual({ a: '1' });
    const second = await applier().apply(CoreResources.ConfigMap, desired);
    expect(second.metadata?.resourceVersion).toBe(first.metadata?.resourceVersion);
    const changed = await applier().apply(CoreResources.ConfigMap, configMap('applied', { a: '2' }));
    expect(changed.metadata?.resourceVersion).not.toBe(first.metadata?.resourceVersion);
    expect(changed.metadata?.managedFields?.map((f) => (f as { manager: string }).manager)).toContain(
      'kubetrain-e2e',
    );
  });

  it('force takes over a field another manager owns', async () => {
    await new Applier(suite.client, { fieldManager: 'someone-else' }).apply(
      CoreResources.ConfigMap,
      configMap('contested', { a: 'theirs' }),
    );
    const unforced = new Applier(suite.client, { fieldManager: 'kubetrain-e2e', force: false });
    await expect(
      unforced.apply(CoreResources.ConfigMap, configMap('contested', { a: 'ours' })),
    ).rejects.toBeInstanceOf(ConflictError);
    const forced = await applier().apply(CoreResources.ConfigMap, configMap('contested', { a: 'ours' }));
    expect(forced.data).toEqual({ a: 'ours' });
  });

  it('dryRun persists nothing', async () => {
    await applier().apply(CoreResources.ConfigMap, configMap('dry'), { dryRun: true });
    await expect(
      suite.client.get(CoreResources.ConfigMap, 'dry', { namespace: suite.ns }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('writes the status subresource by merge patch and by server-side apply', async () => {
    const service: Service = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'with-status', namespace: suite.ns },
      spec: { ports: [{ port: 80 }] },
    };
    const created = await applier().apply(Service, service);
    const condition = {
      type: 'Ready',
      status: 'True',
      reason: 'E2E',
      message: 'merge',
      lastTransitionTime: '2026-12-01T00:00:00Z',
    };
    const merged = await applier().patchStatus<Service>(Service, suite.ns, 'with-status', {
      conditions: [condition],
    });
    expect(merged.status?.conditions).toEqual([condition]);
    // A status write does not touch the spec, and an apply of the object does not touch the status.
    expect(merged.spec?.clusterIP).toBe(created.spec?.clusterIP);
    const applied = await applier().applyStatus<Service>(Service, {
      ...service,
      status: { conditions: [{ ...condition, message: 'ssa' }] },
    });
    expect(applied.status?.conditions?.map((c) => c.message)).toEqual(['ssa']);
    const again = await applier().applyStatus<Service>(Service, {
      ...service,
      status: { conditions: [{ ...condition, message: 'ssa' }] },
    });
    expect(again.metadata?.resourceVersion).toBe(applied.metadata?.resourceVersion);
    await expect(
      applier().patchStatus(
        Service,
        suite.ns,
        'with-status',
        { conditions: [] },
        { resourceVersion: created.metadata!.resourceVersion! },
      ),
    ).rejects.toBeInstanceOf(ConflictError);
  });
});
