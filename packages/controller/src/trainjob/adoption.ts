// SPDX-License-Identifier: Apache-2.0
// Adopting what another manager wrote (upstream's, before a switch to kubetrain). Its objects carry
// no kubetrain label or applied-hash annotation, so the label-selected stores do not see them and
// the hash cannot say they are already as desired. Two rules, used by the snapshot and the object
// writes:
// - a job some manager has reconciled before (it has a status, or its JobSet exists) may own
//   objects the stores do not see: read them by name before creating or applying them;
// - a ConfigMap, which the manager may read, already holds the desired content when its data is
//   the same: there is nothing to apply (kubetrain's marks alone are not worth a write).

import type { TrainJob } from '@kubetrain/api/core';
import { keyOf, type KubeObject, type Store } from '../cluster/kube.js';
import { jsonEqual } from '../util/merge-patch.js';

/** Whether a manager has written `trainJob`'s status: it has conditions or jobs' statuses. */
export function hasStatus(trainJob: TrainJob): boolean {
  const status = trainJob.status;
  return (status?.conditions?.length ?? 0) > 0 || (status?.jobsStatus?.length ?? 0) > 0;
}

/** Whether a manager has reconciled `trainJob` before: it has a status, or `jobSets` holds its JobSet. */
export function reconciledBefore(trainJob: TrainJob, jobSets: Store): boolean {
  if (hasStatus(trainJob)) return true;
  const workload = keyOf(trainJob.metadata?.namespace ?? '', trainJob.metadata?.name ?? '');
  return jobSets.getOrRecent(workload).state !== 'absent';
}

/** The kinds whose live content is compared before the first apply of an adopted object. */
const COMPARED_KINDS: ReadonlySet<string> = new Set(['ConfigMap']);

/** Whether `kind` is compared (see the module comment). */
export function isComparedOnAdoption(kind: string): boolean {
  return COMPARED_KINDS.has(kind);
}

/** Whether the live ConfigMap holds exactly the desired `data` and `binaryData`. */
export function sameConfigMapContent(desired: KubeObject, live: KubeObject): boolean {
  const content = (o: KubeObject) => {
    const { data, binaryData } = o as { data?: unknown; binaryData?: unknown };
    return { data: data ?? {}, binaryData: binaryData ?? {} };
  };
  return jsonEqual(content(desired), content(live));
}
