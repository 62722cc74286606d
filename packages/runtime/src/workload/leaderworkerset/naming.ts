// SPDX-License-Identifier: Apache-2.0
// The names a LeaderWorkerSet v0.9.0 gives its pods, for the one group (index 0) kubetrain renders
// per TrainJob: the leader `<lws>-0`, the workers `<lws>-0-<i>` (i = 1 ... size-1), all under the
// headless Service `<lws>` (subdomain policy `Shared`).

import {
  concatEndpoints,
  indexedEndpoints,
  noEndpoints,
  singleEndpoint,
  type Endpoints,
} from '../../framework/endpoints.js';
import type { TrainJob } from '../../types.js';

/** The LeaderWorkerSet of a TrainJob is named as the TrainJob (as its JobSet would be). */
export function leaderWorkerSetName(trainJob: TrainJob): string {
  return trainJob.metadata.name ?? '';
}

/** `<lws>-0`: the leader pod of group 0, the job's rank 0. */
function leaderPodName(lws: string): string {
  return `${lws}-0`;
}

/** `<lws>-0.<lws>`: the leader's DNS name inside the namespace (the rendezvous host). */
export function leaderHost(lws: string): string {
  return `${leaderPodName(lws)}.${lws}`;
}

/**
 * The DNS names of the group's pods with worker index `from` to `to - 1`, as a lazy re-iterable
 * sequence: index 0 is the leader, `<lws>-0.<lws>`; worker i is `<lws>-0-<i>.<lws>`.
 */
export function groupEndpoints(lws: string, from: number, to: number): Endpoints {
  if (to <= from) return noEndpoints;
  const workers = indexedEndpoints(`${lws}-0-`, `.${lws}`, Math.max(from, 1), to);
  return from === 0 ? concatEndpoints([singleEndpoint(leaderHost(lws)), workers]) : workers;
}
