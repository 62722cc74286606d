// SPDX-License-Identifier: Apache-2.0
// The one owner of what a v1 reconciler remembers between reconciles (upstream keeps its requeue
// counts in memory too): pods recreated per job, pods this process deleted, auxiliary objects applied,
// and the same-name objects of others a job waits for (warned about once, polled with back-off).
// The steps are handed it explicitly; the store handlers make it forget deleted jobs and pods.

/** Marks an auxiliary object this process deleted. */
const ABSENT = '';

/** See the module comment. One per reconciler (per kind). */
export class V1JobMemory {
  /** Pods recreated after a failure, by job UID. */
  private readonly recreations = new Map<string, number>();
  /** Pods this process deleted, by UID, until the store drops them. */
  private readonly deleted = new Set<string>();
  /** What this process last applied (or deleted: {@link ABSENT}) of each auxiliary object. */
  private readonly applied = new Map<string, string>();
  /** Per job UID: the UIDs of others' objects it was warned about, and its waits since it last had none. */
  private readonly blocked = new Map<string, { warned: Set<string>; waits: number }>();

  /** How many pods of the job were recreated after a failure. */
  recreationsOf(jobUid: string): number {
    return this.recreations.get(jobUid) ?? 0;
  }

  /** Counts one more recreated pod of the job. */
  countRecreation(jobUid: string): void {
    this.recreations.set(jobUid, this.recreationsOf(jobUid) + 1);
  }

  /** Drops the recreation count of the job (it was deleted by its TTL). */
  dropRecreations(jobUid: string): void {
    this.recreations.delete(jobUid);
  }

  /** Whether this process deleted the pod (and the store still holds it). */
  isDeleted(podUid: string): boolean {
    return this.deleted.has(podUid);
  }

  /** Remembers that this process deleted the pod. */
  markDeleted(podUid: string): void {
    this.deleted.add(podUid);
  }

  /** Whether this process last applied exactly `text` as the auxiliary object `key`. */
  isApplied(key: string, text: string): boolean {
    return this.applied.get(key) === text;
  }

  /** Whether this process has applied or deleted the auxiliary object `key` (or found it so). */
  isKnown(key: string): boolean {
    return this.applied.has(key);
  }

  /** Whether this process last deleted the auxiliary object `key`. */
  isAbsent(key: string): boolean {
    return this.applied.get(key) === ABSENT;
  }

  /** Remembers `text` as applied for `key`, or the object as deleted when `text` is undefined. */
  setApplied(key: string, text: string | undefined): void {
    this.applied.set(key, text ?? ABSENT);
  }

  /** Whether the job is not yet warned about the object of `objectUid` it waits for; from now on it is. */
  warnBlockedOnce(jobUid: string, objectUid: string): boolean {
    const entry = this.blockedOf(jobUid);
    if (entry.warned.has(objectUid)) return false;
    entry.warned.add(objectUid);
    return true;
  }

  /** How many reconciles in a row, before this one, the job waited for others' objects. */
  nextWait(jobUid: string): number {
    return this.blockedOf(jobUid).waits++;
  }

  /** The job waits for nothing (any more): its warnings and wait count start over. */
  clearBlocked(jobUid: string): void {
    this.blocked.delete(jobUid);
  }

  private blockedOf(jobUid: string): { warned: Set<string>; waits: number } {
    let entry = this.blocked.get(jobUid);
    if (entry === undefined) this.blocked.set(jobUid, (entry = { warned: new Set(), waits: 0 }));
    return entry;
  }

  /** Forgets a deleted job (its recreations and auxiliary objects) and a pod gone from the store. */
  forget(jobUid: string | undefined, podUid?: string): void {
    if (jobUid !== undefined) {
      this.recreations.delete(jobUid);
      this.blocked.delete(jobUid);
      for (const key of [...this.applied.keys()]) if (key.startsWith(`${jobUid}/`)) this.applied.delete(key);
    }
    if (podUid !== undefined) this.deleted.delete(podUid);
  }
}
