// SPDX-License-Identifier: Apache-2.0
// The cluster boundary: client with typed errors, reflector + indexed store, workqueue, leader
// election, server-side apply. See README.md for each module's contract.
export { KubeConfig, KubeConfigFormatError, loadKubeConfig, SERVICE_ACCOUNT_DIR } from './kubeconfig.js';
export type {
  ConnectionOptions,
  KubeCluster,
  KubeConfigSource,
  KubeContext,
  KubeUser,
} from './kubeconfig.js';
export {
  Transport,
  queryString,
  RequestAbortedError,
  RequestTimeoutError,
  restClientCode,
  restClientHost,
} from './transport.js';
export type {
  BodyHelpers,
  ConnectionConfig,
  RequestResult,
  ResponseBody,
  TransportOptions,
  TransportRequest,
  TransportResponse,
} from './transport.js';
export { KubeClient } from './client.js';
export type { KubeApi } from './client.js';
export { INITIAL_EVENTS_END, PatchTypes } from './request-options.js';
export type {
  DeleteOptions,
  ListOptions,
  NamespaceOption,
  PatchOptions,
  PatchType,
  RawCall,
  RequestOptions,
  WatchEvent,
  WatchOptions,
  WriteOptions,
} from './request-options.js';
export {
  AlreadyExistsError,
  ApiError,
  ConflictError,
  errorFromResponse,
  errorFromStatus,
  ForbiddenError,
  GoneError,
  ignoreNotFound,
  InvalidError,
  isAlreadyExists,
  isConflict,
  isGone,
  isNotFound,
  isStatus,
  NotFoundError,
  TimeoutError,
} from './errors.js';
export type { RequestInfo, Status, StatusCause } from './errors.js';
export { controllerOwner, controllerOwnerKey, keyOf, objectKey, splitKey } from './object.js';
export type { KubeObject, ObjectList, ObjectMeta, OwnerReference } from './object.js';
export { apiVersionOf, CoreResources, resourcePath, resourceRef } from './resource.js';
export type { ObjectLocation, ResourceRef } from './resource.js';
export { Backoff, backoffDelay, jitteredSeconds } from './backoff.js';
export type { BackoffOptions, Random } from './backoff.js';
export { metadataOnly, projection, stripManagedFields } from './transform.js';
export type { Transform } from './transform.js';
export { BuiltinIndexes, Store } from './store.js';
export type { IndexFunc, Lookup, Replacement, StoreHandler, StoreOptions } from './store.js';
export { RecentWrites } from './recent-writes.js';
export type { RecentWrite, RecentWritesOptions } from './recent-writes.js';
export { Reflector } from './reflector.js';
export type { ReflectorOptions } from './reflector.js';
export { WorkQueue } from './workqueue.js';
export type { KeyProcessor, ProcessResult, WorkQueueOptions } from './workqueue.js';
export { TokenBucket } from './token-bucket.js';
export type { ListReason, ReflectorMetrics, WatchRestartReason, WorkQueueMetrics } from './metrics.js';
export { LeaderElector } from './leader-election.js';
export type { LeaderElectionOptions, Lease, LeaseSpec } from './leader-election.js';
export { formatMicroTime, parseMicroTime } from './micro-time.js';
export { Applier } from './apply.js';
export type { ApplierOptions, ApplyCallOptions } from './apply.js';
export { MalformedLineError, parseNdjson } from './ndjson.js';
export { sleep } from './sleep.js';
export {
  InvalidDelayError,
  MAX_TIMER_MS,
  setLongInterval,
  setLongTimeout,
  timeoutSignal,
} from './long-timer.js';
export type { LongTimer, LongTimerOptions, TimeoutSignal } from './long-timer.js';
export { mapJsonLeaves, parseJsonLossless, stringifyJson } from './lossless-json.js';
export type { LosslessJson } from './lossless-json.js';
