// SPDX-License-Identifier: Apache-2.0
// The hub's real watch: @kubetrain/kube's Reflector and Store (LIST, then WATCH with bookmarks and
// relists), after one LIST of a single item that finds out whether the user may list at all: the
// reflector would retry a 403 forever, the page must say "forbidden" at once.

import { ApiError, isGone, Reflector, Store } from '@kubetrain/kube';
import type { KubeClient, KubeObject, ResourceRef, Transform } from '@kubetrain/kube';
import { apiFailureText } from './api-failure.js';
import type { WatchListener, WatchSource } from './watch-hub.js';

/** What to watch. */
export interface WatchTarget {
  readonly resource: ResourceRef;
  /** undefined: every namespace. */
  readonly namespace?: string | undefined;
  readonly labelSelector?: string | undefined;
  /** What the watch keeps of each object (default: all but managedFields). */
  readonly transform?: Transform<KubeObject> | undefined;
}

/** A {@link WatchSource} over the API server. */
export function reflectorSource<T extends KubeObject>(
  client: KubeClient,
  target: WatchTarget,
): WatchSource<T> {
  const store = new Store<T>();
  let reflector: Reflector<T> | undefined;
  let stopped = false;
  return {
    start(events: WatchListener<T>) {
      store.addHandler({
        onAdd: (object, initialList) => {
          if (!initialList) events.upsert(object);
        },
        onUpdate: (_old, object) => events.upsert(object),
        onDelete: (object) => events.remove(object),
      });
      void (async () => {
        try {
          await client.list(target.resource, {
            namespace: target.namespace,
            labelSelector: target.labelSelector,
            limit: 1,
          });
        } catch (e) {
          if (e instanceof ApiError && !isGone(e)) {
            events.failed(apiFailureText(e));
            return;
          }
        }
        if (stopped) return;
        reflector = new Reflector<T>({
          client,
          resource: target.resource,
          store,
          ...(target.namespace !== undefined ? { namespace: target.namespace } : {}),
          ...(target.labelSelector !== undefined ? { labelSelector: target.labelSelector } : {}),
          ...(target.transform !== undefined ? { transform: target.transform as Transform<T> } : {}),
        }).start();
        await reflector.synced;
        if (!stopped) events.synced(store.list());
      })();
    },
    list: () => store.list(),
    async stop() {
      stopped = true;
      await reflector?.stop();
    },
  };
}
