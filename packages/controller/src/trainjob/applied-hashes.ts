// SPDX-License-Identifier: Apache-2.0
// What the manager applied last, per TrainJob and object: the hash of the desired content, so that
// an unchanged object is not sent again. In memory only; after a restart the apply policies and the
// applied-hash annotation (owned-marks.ts) stand in.

/** Hashes of the last applied content, by TrainJob key (and uid) and object. */
export class AppliedHashes {
  private readonly byTrainJob = new Map<string, { uid: string; hashes: Map<string, string> }>();

  /** The hash last applied for `object` of the TrainJob `key` with `uid`, if any. */
  get(key: string, uid: string, object: string): string | undefined {
    const entry = this.byTrainJob.get(key);
    return entry?.uid === uid ? entry.hashes.get(object) : undefined;
  }

  /** Remembers that `hash` was applied for `object`; a new uid under `key` starts afresh. */
  set(key: string, uid: string, object: string, hash: string): void {
    let entry = this.byTrainJob.get(key);
    if (entry?.uid !== uid) this.byTrainJob.set(key, (entry = { uid, hashes: new Map() }));
    entry.hashes.set(object, hash);
  }

  /** Forgets the TrainJob `key` (deleted, or finished: it never applies again). */
  forget(key: string): void {
    this.byTrainJob.delete(key);
  }

  /** How many TrainJobs have hashes. */
  get size(): number {
    return this.byTrainJob.size;
  }
}
