// SPDX-License-Identifier: Apache-2.0
// A workload named like the TrainJob (JobSet or LeaderWorkerSet `<namespace>/<tj>`) but controlled by
// another object: typically the one of a same-name TrainJob deleted and created again while the
// garbage collector is still deleting its children. It is not the job's: nothing is applied over it
// (a server-side apply by the same field manager would move it to the new TrainJob), and its status
// is not the job's. The reconcile fails with an error naming it and its owner, and is retried until
// it is gone (its deletion also queues the TrainJob: its owner has the same name).

import type { TrainJob } from '@kubetrain/api/core';
import { controllerOwner, keyOf, type KubeObject, type Store } from '../../cluster/kube.js';
import { freshest } from '../../cluster/freshest.js';

/** The workload named like the TrainJob is controlled by another object. */
export class ForeignWorkloadError extends Error {
  constructor(
    readonly kind: string,
    readonly key: string,
    readonly owner: { readonly kind: string; readonly name: string; readonly uid: string },
    readonly trainJobUid: string,
  ) {
    super(
      `${kind} ${key} is controlled by ${owner.kind} ${owner.name} with uid ${owner.uid}, not by this ` +
        `TrainJob (uid ${trainJobUid}); waiting for it to be deleted`,
    );
    this.name = 'ForeignWorkloadError';
  }
}

/** True when `object` has a controller owner other than the object with `uid`. */
export function isControlledByOther(object: KubeObject, uid: string): boolean {
  const owner = controllerOwner(object);
  return owner !== undefined && owner.uid !== uid;
}

/**
 * The error for the first of the workload `stores` (by kind; an undefined store is a backend that
 * is off) holding an object named like `trainJob` that another object controls; else undefined. An
 * object without a controller owner is not foreign: the job's apply adopts it, as upstream's does.
 */
export function foreignWorkloadOf(
  trainJob: TrainJob,
  stores: ReadonlyArray<readonly [kind: string, store: Store | undefined]>,
): ForeignWorkloadError | undefined {
  const uid = trainJob.metadata?.uid ?? '';
  const key = keyOf(trainJob.metadata?.namespace ?? '', trainJob.metadata?.name ?? '');
  for (const [kind, store] of stores) {
    const live = store === undefined ? undefined : freshest(store.getOrRecent(key));
    if (live === undefined || !isControlledByOther(live, uid)) continue;
    const { kind: ownerKind, name, uid: ownerUid } = controllerOwner(live)!;
    return new ForeignWorkloadError(kind, key, { kind: ownerKind, name, uid: ownerUid }, uid);
  }
  return undefined;
}
