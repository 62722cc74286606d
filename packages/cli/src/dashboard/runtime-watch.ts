// SPDX-License-Identifier: Apache-2.0
// A feed's view of the runtimes (runtime-gpus.ts), through the hub's shared watches: every
// ClusterTrainingRuntime, and the TrainingRuntimes of the feed's namespace (every namespace when
// undefined). A runtime the user may not list leaves its jobs' GPUs at what they set themselves.

import { Kinds } from '@kubetrain/api/core';
import { watchKey, type ClusterPort, type Watched } from './cluster-port.js';
import type { RuntimeTable } from './runtime-gpus.js';
import { runtimeKeyOfObject, type RuntimeFacts } from './runtime-gpus.js';
import type { WatchHub } from './watch-hub.js';

/** What {@link watchRuntimes} tells its feed. */
export interface RuntimesListener {
  /** The runtime `key` was added, changed or removed (after {@link settled}). */
  changed(key: string): void;
  /** Both watches have synced or failed: the table is as complete as it gets. Called once. */
  settled(): void;
}

const WATCHES: readonly (readonly [Watched, string, boolean])[] = [
  ['clustertrainingruntimes', Kinds.ClusterTrainingRuntime, false],
  ['trainingruntimes', Kinds.TrainingRuntime, true],
];

/** Fills `table` from the runtime watches; returns their unsubscribe functions. */
export function watchRuntimes(
  hub: WatchHub,
  port: ClusterPort,
  namespace: string | undefined,
  table: RuntimeTable,
  listener: RuntimesListener,
): (() => void)[] {
  let waiting = WATCHES.length;
  const done = (): void => {
    if (--waiting === 0) listener.settled();
  };
  return WATCHES.map(([resource, kind, namespaced]) => {
    const scope = namespaced ? namespace : undefined;
    const update = (runtime: RuntimeFacts, removed: boolean): void => {
      if (removed) table.delete(kind, runtime);
      else table.set(kind, runtime);
      if (waiting === 0) listener.changed(runtimeKeyOfObject(kind, runtime));
    };
    return hub.subscribe(watchKey(resource, scope), () => port.watch(resource, scope), {
      synced: (objects) => {
        for (const o of objects) table.set(kind, o);
        done();
      },
      upsert: (o) => update(o, false),
      remove: (o) => update(o, true),
      failed: done,
    });
  });
}
