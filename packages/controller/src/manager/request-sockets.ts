// SPDX-License-Identifier: Apache-2.0
// How many sockets the manager's client keeps for ordinary requests (watches have their own).

/** The transport's default, the floor: runtime controllers, events, the Lease and webhook lookups. */
const MIN_REQUEST_SOCKETS = 32;

/** Sockets beyond one per TrainJob worker, for the requests that are not a worker's. */
const SPARE_REQUEST_SOCKETS = 16;

/**
 * Sockets for ordinary requests: one per TrainJob worker (each waits on one request at a time),
 * plus {@link SPARE_REQUEST_SOCKETS}, never below {@link MIN_REQUEST_SOCKETS}. Fewer sockets than
 * workers would queue the workers' requests in the pool.
 */
export function requestSockets(trainJobWorkers: number): number {
  return Math.max(MIN_REQUEST_SOCKETS, trainJobWorkers + SPARE_REQUEST_SOCKETS);
}
