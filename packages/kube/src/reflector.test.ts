// SPDX-License-Identifier: Apache-2.0
// How the reflector lists when the API server does or does not stream lists. A real kube-apiserver
// (e2e/kube/reflector.e2e.ts) always streams them; the servers that refuse or ignore
// `sendInitialEvents` are scripted here, through the two calls the reflector makes of its client.
import type { KubeClient } from './client.js';
import { ApiError, GoneError } from './errors.js';
import type { KubeObject } from './object.js';
import { Reflector } from './reflector.js';
import { INITIAL_EVENTS_END, type WatchEvent, type WatchOptions } from './request-options.js';
import { CoreResources } from './resource.js';
import { Store } from './store.js';

const cm = (name: string, rv: string): KubeObject => ({
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name, namespace: 'ns', resourceVersion: rv },
});
const bookmark = (rv: string, end: boolean): WatchEvent => ({
  type: 'BOOKMARK',
  object: {
    metadata: { resourceVersion: rv, ...(end ? { annotations: { [INITIAL_EVENTS_END]: 'true' } } : {}) },
  },
});

/** What one WATCH answers: events then an end (the stream stays open when `hold`), or an error. */
type Answer = { events: WatchEvent[]; hold?: boolean } | { error: Error };

/** A client whose WATCHes answer from `script` in turn (then hold open), and whose LIST returns `listed`. */
function scriptedClient(script: Answer[], listed: KubeObject[]) {
  const calls: string[] = [];
  const client = {
    list: () => {
      calls.push('list');
      return Promise.resolve({ items: listed, metadata: { resourceVersion: '100' } });
    },
    async *watch(_ref: unknown, options: WatchOptions) {
      calls.push(options.sendInitialEvents ? 'stream' : `watch@${options.resourceVersion}`);
      const answer = script.shift() ?? { events: [], hold: true };
      if ('error' in answer) throw answer.error;
      for (const event of answer.events) yield event;
      if (answer.hold ?? true)
        await new Promise<void>((resolve) => options.signal?.addEventListener('abort', () => resolve()));
    },
  };
  return { client: client as unknown as KubeClient, calls };
}

const refused = new ApiError('sendInitialEvents is forbidden', 422, 'Invalid');
const unavailable = new ApiError('etcd leader changed', 503, 'ServiceUnavailable');

describe('Reflector lists', () => {
  it.each([
    {
      name: 'by streaming: the ADDED events, then the initial-events bookmark; the stream goes on as the watch',
      script: [
        {
          events: [
            { type: 'ADDED', object: cm('a', '5') },
            { type: 'ADDED', object: cm('b', '3') },
            bookmark('9', true),
          ],
        },
      ],
      calls: ['stream'],
      keys: ['ns/a', 'ns/b'],
      stats: { lists: 1, streamed: 1, pages: 0 },
      rv: '9',
      failures: [],
    },
    {
      name: 'with pages, for good, when the server refuses the stream (400/422: WatchList off)',
      script: [{ error: refused }],
      calls: ['stream', 'list', 'watch@100'],
      keys: ['ns/listed'],
      stats: { lists: 1, streamed: 0, pages: 1 },
      rv: '100',
      failures: [],
    },
    {
      name: 'with pages when the server ignores sendInitialEvents (a plain bookmark first)',
      script: [{ events: [{ type: 'ADDED', object: cm('a', '5') }, bookmark('7', false)] }],
      calls: ['stream', 'list', 'watch@100'],
      keys: ['ns/listed'],
      stats: { lists: 1, streamed: 0, pages: 1 },
      rv: '100',
      failures: [],
    },
    {
      name: 'with pages when the stream ends before its bookmark',
      script: [{ events: [{ type: 'ADDED', object: cm('a', '5') }], hold: false }],
      calls: ['stream', 'list', 'watch@100'],
      keys: ['ns/listed'],
      stats: { lists: 1, streamed: 0, pages: 1 },
      rv: '100',
      failures: [],
    },
    {
      name: 'by streaming again after a failure before the bookmark, counted as a failed list',
      script: [{ error: unavailable }, { events: [bookmark('4', true)] }],
      calls: ['stream', 'stream'],
      keys: [],
      stats: { lists: 1, streamed: 1, pages: 0 },
      rv: '4',
      failures: ['list 503'],
    },
  ] as {
    name: string;
    script: Answer[];
    calls: string[];
    keys: string[];
    stats: object;
    rv: string;
    failures: string[];
  }[])('$name', async ({ script, calls, keys, stats, rv, failures }) => {
    const { client, calls: made } = scriptedClient(script, [cm('listed', '2')]);
    const failed: string[] = [];
    const store = new Store();
    const reflector = new Reflector({
      client,
      resource: CoreResources.ConfigMap,
      store,
      backoff: { initialMs: 1, maxMs: 1 },
      metrics: {
        failed: (_r, operation, error) => void failed.push(`${operation} ${(error as ApiError).code}`),
      },
    }).start();
    await reflector.synced;
    // The watch that follows the list has begun once its call is recorded.
    while (made.length < calls.length) await new Promise((r) => setTimeout(r, 1));
    await reflector.stop();
    expect(made).toEqual(calls);
    expect([...store.keys()].sort()).toEqual(keys);
    expect(reflector.stats).toMatchObject(stats);
    expect(reflector.resourceVersion).toBe(rv);
    expect(failed).toEqual(failures);
  });

  it('a relist after a refusal LISTs at once, without trying to stream again', async () => {
    const gone = new GoneError('too old resource version', 410, 'Expired');
    const { client, calls } = scriptedClient([{ error: refused }, { error: gone }], [cm('listed', '2')]);
    const reflector = new Reflector({
      client,
      resource: CoreResources.ConfigMap,
      store: new Store(),
    }).start();
    await reflector.synced;
    while (calls.length < 4) await new Promise((r) => setTimeout(r, 1));
    await reflector.stop();
    expect(calls.slice(0, 4)).toEqual(['stream', 'list', 'watch@100', 'list']);
  });
});
