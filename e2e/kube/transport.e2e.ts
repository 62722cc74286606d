// SPDX-License-Identifier: Apache-2.0
// @kubetrain/kube's transport against the real kube-apiserver: the request timeout (headers,
// body chunks, not streams), aborts, repeated Impersonate-Group headers, and the 401 retry with
// refreshed credentials.
import type { ApiError } from '@kubetrain/kube';
import {
  CoreResources,
  KubeClient,
  loadKubeConfig,
  resourceRef,
  TimeoutError,
  type ConnectionConfig,
  type KubeObject,
} from '@kubetrain/kube';
import { kubeconfigPath } from '../support/cluster.js';
import { kubeClient, kubeSuite } from './kube-client.js';

const suite = kubeSuite('e2e-kube-transport');

const ServiceAccount = resourceRef('v1', 'serviceaccounts', 'ServiceAccount');
const SelfSubjectReview = resourceRef(
  'authentication.k8s.io/v1',
  'selfsubjectreviews',
  'SelfSubjectReview',
  false,
);

interface Review extends KubeObject {
  status?: { userInfo?: { username?: string; groups?: string[] } };
}

/** Who the API server takes the client for. */
function whoAmI(client: KubeClient): Promise<Review> {
  return client.create<Review>(SelfSubjectReview, {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'SelfSubjectReview',
  });
}

/** What a request failed with. */
const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('request timeout', () => {
  it('no headers in time: a LIST the watch cache holds back (a future resourceVersion) fails as a TimeoutError', async () => {
    const quick = await kubeClient({ requestTimeoutMs: 300 });
    const { metadata } = await quick.list(CoreResources.ConfigMap, { namespace: suite.ns });
    // The watch cache waits up to 3 s for a resourceVersion it has not seen before answering.
    const error = await failure(
      quick.list(CoreResources.ConfigMap, {
        namespace: suite.ns,
        resourceVersion: String(Number(metadata.resourceVersion) + 1_000_000),
        resourceVersionMatch: 'NotOlderThan',
      }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as ApiError).code).toBe(0);
  });

  it('no next body chunk in time: a watch read as an ordinary request fails as a TimeoutError', async () => {
    const quick = await kubeClient({ requestTimeoutMs: 300 });
    const error = await failure(
      quick.call(CoreResources.ConfigMap, { method: 'GET', namespace: suite.ns, query: { watch: true } }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a watch is not cut by it: an event after a quiet spell longer than the timeout arrives', async () => {
    const quick = await kubeClient({ requestTimeoutMs: 200 });
    const { metadata } = await quick.list(CoreResources.ConfigMap, { namespace: suite.ns });
    const stop = new AbortController();
    const events = quick.watch(CoreResources.ConfigMap, {
      namespace: suite.ns,
      resourceVersion: metadata.resourceVersion,
      signal: stop.signal,
    });
    const first = events.next();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await suite.client.create(CoreResources.ConfigMap, {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'after-a-quiet-spell', namespace: suite.ns },
    });
    const event = await first;
    stop.abort();
    expect(event.value).toMatchObject({
      type: 'ADDED',
      object: { metadata: { name: 'after-a-quiet-spell' } },
    });
  });
});

describe('abort', () => {
  it('a signal that aborts while the body streams fails the request as a TimeoutError', async () => {
    const error = await failure(
      suite.client.call(CoreResources.ConfigMap, {
        method: 'GET',
        namespace: suite.ns,
        query: { watch: true },
        signal: AbortSignal.timeout(300),
      }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('a watch whose signal aborts ends without an error', async () => {
    const stop = new AbortController();
    const seen: string[] = [];
    const ended = (async () => {
      for await (const event of suite.client.watch(CoreResources.Namespace, { signal: stop.signal })) {
        seen.push(event.type);
        stop.abort();
      }
      return 'returned';
    })();
    // Lines of the chunk already read may still come; then the iterator returns.
    await expect(ended).resolves.toBe('returned');
    expect(seen[0]).toBe('ADDED');
  });
});

describe('credentials', () => {
  it('impersonation sends every group (repeated Impersonate-Group headers)', async () => {
    const client = await kubeClient({ impersonate: { user: 'alice', groups: ['team-a', 'team-b'] } });
    const review = await whoAmI(client);
    expect(review.status?.userInfo?.username).toBe('alice');
    expect(review.status?.userInfo?.groups).toEqual(expect.arrayContaining(['team-a', 'team-b']));
  });

  it('a 401 refreshes the credentials and retries once', async () => {
    const account = 'e2e-transport';
    await suite.client.create(ServiceAccount, {
      apiVersion: 'v1',
      kind: 'ServiceAccount',
      metadata: { name: account, namespace: suite.ns },
    });
    const { status } = await suite.client.call<{ status: { token: string } }>(ServiceAccount, {
      method: 'POST',
      namespace: suite.ns,
      name: account,
      subresource: 'token',
      body: { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenRequest', spec: {} },
    });
    // The cluster's CA, no client certificate, and a token that is stale until the first refresh.
    const real = loadKubeConfig({ path: kubeconfigPath() });
    let reads = 0;
    const rotating: ConnectionConfig = {
      getCurrentCluster: () => real.getCurrentCluster(),
      getCurrentUser: () => null,
      applyToHTTPSOptions: async (opts: never) => {
        await real.applyToHTTPSOptions(opts);
        const target = opts as { cert?: unknown; key?: unknown; headers?: Record<string, string> };
        delete target.cert;
        delete target.key;
        target.headers = { Authorization: `Bearer ${reads++ < 2 ? 'stale' : status.token}` };
      },
    };
    const client = await KubeClient.create(rotating);
    try {
      const review = await whoAmI(client);
      expect(review.status?.userInfo?.username).toBe(`system:serviceaccount:${suite.ns}:${account}`);
      // the TLS material, the stale token, the refreshed one
      expect(reads).toBe(3);
    } finally {
      await client.close();
    }
  });
});
