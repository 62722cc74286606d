// SPDX-License-Identifier: Apache-2.0
// One watch per resource (and namespace and selector) for every tab of the dashboard: the first
// subscriber starts it, later ones get its current objects at once, the last to leave stops it.

/** What a subscriber hears of a shared watch. */
export interface WatchListener<T> {
  /** The objects as of now: once when the watch has synced (or at once when it had). */
  synced(objects: readonly T[]): void;
  upsert(object: T): void;
  remove(object: T): void;
  /** The watch cannot run (a 403: "forbidden: ..."); no more events come. */
  failed(message: string): void;
}

/** A running watch of one resource, as the hub drives it (the real one: reflector-source.ts). */
export interface WatchSource<T> {
  /** Starts it; `events` hears every change, `synced` once the first list is in. */
  start(events: WatchListener<T>): void;
  /** The objects it holds (meaningful once synced). */
  list(): readonly T[];
  stop(): Promise<void>;
}

interface Shared<T> {
  readonly source: WatchSource<T>;
  readonly listeners: Set<WatchListener<T>>;
  synced: boolean;
  failure: string | undefined;
}

/** See the module comment. */
export class WatchHub {
  private readonly watches = new Map<string, Shared<unknown>>();

  /** The keys of the watches running now (for tests and the log). */
  get running(): string[] {
    return [...this.watches.keys()];
  }

  /**
   * Subscribes `listener` to the watch `key`, starting it with `open()` when none runs; returns the
   * unsubscribe function.
   */
  subscribe<T>(key: string, open: () => WatchSource<T>, listener: WatchListener<T>): () => void {
    let shared = this.watches.get(key) as Shared<T> | undefined;
    if (shared === undefined) {
      const created: Shared<T> = { source: open(), listeners: new Set(), synced: false, failure: undefined };
      shared = created;
      this.watches.set(key, created as Shared<unknown>);
      const each = (f: (l: WatchListener<T>) => void): void => {
        for (const l of [...created.listeners]) f(l);
      };
      created.source.start({
        synced: (objects) => {
          created.synced = true;
          each((l) => l.synced(objects));
        },
        upsert: (object) => created.synced && each((l) => l.upsert(object)),
        remove: (object) => created.synced && each((l) => l.remove(object)),
        failed: (message) => {
          created.failure = message;
          each((l) => l.failed(message));
        },
      });
    }
    const current = shared;
    current.listeners.add(listener);
    if (current.failure !== undefined) listener.failed(current.failure);
    else if (current.synced) listener.synced(current.source.list());
    return () => {
      current.listeners.delete(listener);
      if (current.listeners.size > 0 || this.watches.get(key) !== current) return;
      this.watches.delete(key);
      void current.source.stop();
    };
  }

  /** Stops every watch. */
  async close(): Promise<void> {
    const all = [...this.watches.values()];
    this.watches.clear();
    await Promise.all(all.map((w) => w.source.stop()));
  }
}
