// SPDX-License-Identifier: Apache-2.0
/**
 * The indexed store a reflector feeds: objects by key (`namespace/name`), secondary indexes
 * (namespace, owner UID, and any the caller adds), add/update/delete handlers, and the lookup
 * that takes our own recent writes into account ({@link Store.getOrRecent}).
 *
 * Stored objects are shared, never copied on read: callers must not mutate them (clone first).
 */
import type { Logger } from '@kubetrain/log';
import { objectKey, keyOf, type KubeObject } from './object.js';
import { RecentWrites, type RecentWrite, type RecentWritesOptions } from './recent-writes.js';

/** The values an object is indexed under (e.g. its owners' UIDs). */
export type IndexFunc<T extends KubeObject> = (object: T) => readonly string[];

/** Names of the indexes every store has. */
export const BuiltinIndexes = {
  /** `metadata.namespace` (`''` for cluster-scoped objects). */
  Namespace: 'namespace',
  /** Each `metadata.ownerReferences[].uid`. */
  OwnerUid: 'ownerUid',
} as const;

/**
 * Callbacks on store changes; typically each enqueues a key. They run synchronously inside the
 * reflector's loop, so they must be cheap and must not throw (a throw is logged and swallowed).
 */
export interface StoreHandler<T extends KubeObject> {
  /** A new key. `initialList` is true for objects of the first LIST. */
  onAdd?(object: T, initialList: boolean): void;
  /** A changed object (a new resourceVersion; relists of unchanged objects are not reported). */
  onUpdate?(old: T, object: T): void;
  /** A removed key, with its last known state. */
  onDelete?(object: T): void;
}

/** A replace in progress ({@link Store.beginReplace}): pages in, then finish. */
export interface Replacement<T extends KubeObject> {
  /** Upserts one page of the LIST (adds of the first LIST are `initialList`). */
  add(objects: readonly T[]): void;
  /** Removes every stored key no page listed. */
  finish(): void;
}

/** What {@link Store.getOrRecent} knows about a key. */
export type Lookup<T extends KubeObject> =
  /** The store has it and no write of ours is pending. */
  | { state: 'cached'; object: T }
  /** We wrote it and the store has not caught up: `object` is the store's older copy, if any. */
  | { state: 'pending'; write: RecentWrite; object: T | undefined }
  /** Not in the store, or deleted by us and the store has not caught up. */
  | { state: 'absent' };

/** Options of a {@link Store}. */
export interface StoreOptions<T extends KubeObject> {
  /** Extra indexes by name, besides {@link BuiltinIndexes}. */
  indexers?: Record<string, IndexFunc<T>>;
  /** `Object.freeze` every stored object, deeply (tests use it to catch mutations; costs CPU). */
  freeze?: boolean;
  /** Options of the recent-writes tracker. */
  recentWrites?: RecentWritesOptions;
  /** Where handler errors are reported. */
  logger?: Logger;
}

function deepFreeze<V>(value: V): V {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

const builtinIndexers: Record<string, IndexFunc<KubeObject>> = {
  [BuiltinIndexes.Namespace]: (object) => [object.metadata?.namespace ?? ''],
  [BuiltinIndexes.OwnerUid]: (object) => (object.metadata?.ownerReferences ?? []).map((ref) => ref.uid),
};

/** An indexed, event-emitting cache of objects of one resource. */
export class Store<T extends KubeObject = KubeObject> {
  private readonly items = new Map<string, T>();
  private readonly indexers: Record<string, IndexFunc<T>>;
  /** index name → index value → keys */
  private readonly indexes = new Map<string, Map<string, Set<string>>>();
  private readonly handlers = new Set<StoreHandler<T>>();
  private readonly recent: RecentWrites;
  private listed = false;
  private changes = 0;

  constructor(private readonly options: StoreOptions<T> = {}) {
    this.indexers = { ...(builtinIndexers as Record<string, IndexFunc<T>>), ...options.indexers };
    for (const name of Object.keys(this.indexers)) this.indexes.set(name, new Map());
    this.recent = new RecentWrites(options.recentWrites);
  }

  /** The object at `key`, if stored. */
  get(key: string): T | undefined {
    return this.items.get(key);
  }

  /** The object `name` in `namespace` (omit the namespace for cluster-scoped objects). */
  getByName(namespace: string | undefined, name: string): T | undefined {
    return this.items.get(keyOf(namespace, name));
  }

  /** Every stored key. */
  keys(): IterableIterator<string> {
    return this.items.keys();
  }

  /** Every stored object (a new array each call: O(n); prefer {@link Store.byIndex}). */
  list(): T[] {
    return [...this.items.values()];
  }

  /** How many objects are stored. */
  get size(): number {
    return this.items.size;
  }

  /** The objects indexed under `value` by the index `name`. Throws for an unknown index. */
  byIndex(name: string, value: string): T[] {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`store: no index named ${name}`);
    const keys = index.get(value);
    return keys ? [...keys].map((key) => this.items.get(key)!) : [];
  }

  /** The keys indexed under `value` by the index `name`. */
  keysByIndex(name: string, value: string): string[] {
    const index = this.indexes.get(name);
    if (!index) throw new Error(`store: no index named ${name}`);
    return [...(index.get(value) ?? [])];
  }

  /** Registers `handler`; returns a function that unregisters it. */
  addHandler(handler: StoreHandler<T>): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /**
   * Looks `key` up taking our recent writes into account: after we created or applied an object
   * and before the store saw that version, the answer is `pending` (never `absent`); after we
   * deleted it and before the store saw the delete, `absent`.
   */
  getOrRecent(key: string): Lookup<T> {
    const object = this.items.get(key);
    const write = this.recent.get(key);
    if (write?.kind === 'written') return { state: 'pending', write, object };
    if (write?.kind === 'deleted' && (write.uid === undefined || write.uid === object?.metadata?.uid))
      return { state: 'absent' };
    return object ? { state: 'cached', object } : { state: 'absent' };
  }

  /** Remembers a create / apply / update of ours (the object the server returned); see {@link Store.getOrRecent}. */
  recordWrite(object: KubeObject): void {
    const key = objectKey(object);
    // The watch may have delivered our write before we got to record it.
    const cached = this.items.get(key)?.metadata?.resourceVersion;
    if (cached !== undefined && cached === object.metadata?.resourceVersion) return;
    this.recent.recordWrite(key, object);
  }

  /** Remembers a delete of ours; see {@link Store.getOrRecent}. */
  recordDelete(key: string, uid?: string): void {
    // Nothing to wait for when the store already dropped that incarnation, unless our own
    // create of it is still on its way (then its ADDED, and later its DELETED, are to come).
    const cached = this.items.get(key);
    const dropped = !cached || (uid !== undefined && cached.metadata?.uid !== uid);
    if (dropped && this.recent.get(key)?.kind !== 'written') return;
    this.recent.recordDelete(key, uid);
  }

  /** How many of our writes the store has not caught up with yet. */
  get pendingWrites(): number {
    return this.recent.size;
  }

  // ---- fed by the reflector ----

  /** Adds or updates one object (a watch ADDED/MODIFIED). An unchanged resourceVersion raises no event. */
  upsert(object: T, initialList = false): void {
    const key = objectKey(object);
    const old = this.items.get(key);
    this.recent.observe(key, object);
    if (
      old &&
      old.metadata?.resourceVersion === object.metadata?.resourceVersion &&
      object.metadata?.resourceVersion !== undefined
    ) {
      return;
    }
    if (this.options.freeze) deepFreeze(object);
    if (old) this.unindex(key, old);
    this.items.set(key, object);
    this.index(key, object);
    this.tick();
    if (old) this.emit((h) => h.onUpdate?.(old, object));
    else this.emit((h) => h.onAdd?.(object, initialList));
  }

  /** Removes one object (a watch DELETED); `object` is its final state. */
  remove(object: T): void {
    const key = objectKey(object);
    const old = this.items.get(key);
    this.recent.observeDelete(key, object);
    if (!old) return;
    this.unindex(key, old);
    this.items.delete(key);
    this.tick();
    this.emit((h) => h.onDelete?.(object));
  }

  /**
   * Replaces the content with a LIST's items: keys not listed are removed (onDelete), the rest
   * upserted (onAdd for new keys, onUpdate for changed versions). The first replace marks the
   * adds as `initialList`.
   */
  replace(objects: readonly T[]): void {
    const replacement = this.beginReplace();
    replacement.add(objects);
    replacement.finish();
  }

  /**
   * A replace fed one LIST page at a time, so that a relist never holds two copies of the world:
   * each page's objects replace their old versions as the page arrives (an unchanged
   * resourceVersion keeps the stored object), and {@link Replacement.finish} removes the keys no
   * page listed. Only the listed keys are kept on the side. Abandoned (a failed LIST), it changes
   * nothing more: what was upserted stays, as a watch event would have left it.
   */
  beginReplace(): Replacement<T> {
    const initial = !this.listed;
    const seen = new Set<string>();
    return {
      add: (objects) => {
        for (const object of objects) {
          seen.add(objectKey(object));
          this.upsert(object, initial);
        }
      },
      finish: () => {
        this.listed = true;
        for (const [key, old] of [...this.items]) if (!seen.has(key)) this.remove(old);
        seen.clear();
      },
    };
  }

  private index(key: string, object: T): void {
    for (const [name, fn] of Object.entries(this.indexers)) {
      const index = this.indexes.get(name)!;
      for (const value of fn(object)) {
        let keys = index.get(value);
        if (!keys) index.set(value, (keys = new Set()));
        keys.add(key);
      }
    }
  }

  private unindex(key: string, object: T): void {
    for (const [name, fn] of Object.entries(this.indexers)) {
      const index = this.indexes.get(name)!;
      for (const value of fn(object)) {
        const keys = index.get(value);
        keys?.delete(key);
        if (keys?.size === 0) index.delete(value);
      }
    }
  }

  /** Prunes expired recent writes every 1024 changes, so that their map stays small without a timer. */
  private tick(): void {
    if (++this.changes % 1024 === 0) this.recent.prune();
  }

  private emit(call: (handler: StoreHandler<T>) => void): void {
    for (const handler of this.handlers) {
      try {
        call(handler);
      } catch (error) {
        this.options.logger?.error('Store event handler failed', { error });
      }
    }
  }
}
