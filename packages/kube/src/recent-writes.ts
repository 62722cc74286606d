// SPDX-License-Identifier: Apache-2.0
/**
 * Our own recent writes (design decision 3): after a create or an apply, the store may not have
 * the object yet (the watch event is on its way); after a delete, it may still have it. A
 * controller that asks the store alone would take the first for a missing object (and create it
 * again, or fail as upstream does with "JobSet not found"), and the second for a live one.
 * RecentWrites remembers each write's uid and resourceVersion until the store has seen it.
 */
import type { KubeObject } from './object.js';

/** What we remember of one write. */
export interface RecentWrite {
  /** `written`: created / applied / updated by us; `deleted`: deleted by us. */
  kind: 'written' | 'deleted';
  uid: string | undefined;
  /** The resourceVersion the server returned for our write (none for a delete). */
  resourceVersion: string | undefined;
  /** The object the server returned for our write (already transformed by the caller if it wants). */
  object: KubeObject | undefined;
  /** When it was recorded (ms, from the injected clock). */
  at: number;
}

/** Options of {@link RecentWrites}. */
export interface RecentWritesOptions {
  /** How long a write is remembered when the store never confirms it (e.g. a relist skipped its version), in ms. Default 120 000. */
  ttlMs?: number;
  /** Clock in ms; injected for tests. Default `Date.now`. */
  now?: () => number;
}

/** Writes the store has not caught up with, by store key. */
export class RecentWrites {
  private readonly writes = new Map<string, RecentWrite>();
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(options: RecentWritesOptions = {}) {
    this.ttlMs = options.ttlMs ?? 120_000;
    this.now = options.now ?? Date.now;
  }

  /** Remembers that we created, applied or updated `key` and the server answered with `object`. */
  recordWrite(key: string, object: KubeObject): void {
    this.writes.set(key, {
      kind: 'written',
      uid: object.metadata?.uid,
      resourceVersion: object.metadata?.resourceVersion,
      object,
      at: this.now(),
    });
  }

  /** Remembers that we deleted `key` (the incarnation with `uid`, when known). */
  recordDelete(key: string, uid?: string): void {
    this.writes.set(key, {
      kind: 'deleted',
      uid,
      resourceVersion: undefined,
      object: undefined,
      at: this.now(),
    });
  }

  /** The pending write of `key`, unless it expired. */
  get(key: string): RecentWrite | undefined {
    const write = this.writes.get(key);
    if (write && this.now() - write.at > this.ttlMs) {
      this.writes.delete(key);
      return undefined;
    }
    return write;
  }

  /** Called by the store for each object it stores: a write whose version the store now has is done. */
  observe(key: string, object: KubeObject): void {
    const write = this.writes.get(key);
    if (!write || write.kind !== 'written') return;
    if (write.resourceVersion === undefined || write.resourceVersion === object.metadata?.resourceVersion)
      this.writes.delete(key);
  }

  /** Called by the store when it removes `key`: a delete of ours (or of that incarnation) is done. */
  observeDelete(key: string, object: KubeObject): void {
    const write = this.writes.get(key);
    if (!write) return;
    if (write.kind === 'deleted' || write.uid === undefined || write.uid === object.metadata?.uid)
      this.writes.delete(key);
  }

  /** Drops expired entries; the store calls it now and then so that unconfirmed writes do not pile up. */
  prune(): void {
    const now = this.now();
    for (const [key, write] of this.writes) if (now - write.at > this.ttlMs) this.writes.delete(key);
  }

  /** How many writes are pending. */
  get size(): number {
    return this.writes.size;
  }
}
