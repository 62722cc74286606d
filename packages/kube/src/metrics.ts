// SPDX-License-Identifier: Apache-2.0
/**
 * Metrics hooks: the boundary counts and times, the manager decides how to export (prom-client).
 * Every hook is optional, so a caller implements only what it exports; the names each hook
 * maps to are given in its TSDoc (client-go's and controller-runtime's metric names).
 */

/** Why a reflector's watch ended and was started again. */
export type WatchRestartReason =
  /** The server ended the stream (its `timeoutSeconds`, or a shutdown). */
  | 'closed'
  /** No event and no bookmark for `idleTimeoutMs`: the stream was presumed dead and aborted. */
  | 'idle'
  /** The stream failed (connection reset, bad status, malformed line, an ERROR event other than 410). */
  | 'error'
  /** 410 Gone / Expired: the resourceVersion is too old; a relist follows. */
  | 'gone';

/** Why a reflector listed: its first LIST, or a relist after 410 Gone. */
export type ListReason = 'initial' | 'gone';

/** Hooks of a {@link Reflector}; `resource` is the reflector's name (its plural resource unless named). */
export interface ReflectorMetrics {
  /** A LIST completed (after all its pages). For `kubetrain_reflector_lists_total{resource,reason}`. */
  listed?(resource: string, reason: ListReason, items: number, seconds: number): void;
  /** A watch ended and will be started again. For `kubetrain_reflector_watch_restarts_total{resource,reason}`. */
  watchRestarted?(resource: string, reason: WatchRestartReason): void;
  /**
   * A LIST or WATCH failed with something other than 410 Gone (which is routine) and will be
   * retried after back-off. For `kubetrain_reflector_failures_total{resource,operation}`.
   */
  failed?(resource: string, operation: 'list' | 'watch', error: unknown): void;
  /** A watch event was received. For `kubetrain_reflector_events_total{resource,type}`. */
  event?(resource: string, type: string): void;
}

/**
 * Hooks of a {@link WorkQueue}, after client-go's workqueue metrics (controller-runtime registers
 * them with `name` = the controller name):
 * `workqueue_depth`, `workqueue_adds_total`, `workqueue_queue_duration_seconds`,
 * `workqueue_work_duration_seconds`, `workqueue_retries_total`,
 * `workqueue_unfinished_work_seconds`, `workqueue_longest_running_processor_seconds`; plus
 * controller-runtime's `controller_runtime_active_workers`.
 */
export interface WorkQueueMetrics {
  /** The number of keys waiting (not delayed, not in flight): `workqueue_depth`. */
  depth?(name: string, depth: number): void;
  /** A key was added (also when it was already queued): `workqueue_adds_total`. */
  added?(name: string): void;
  /** A key waited this long between being queued and a worker taking it: `workqueue_queue_duration_seconds`. */
  queueLatency?(name: string, seconds: number): void;
  /** A worker spent this long on a key: `workqueue_work_duration_seconds`. */
  workDuration?(name: string, seconds: number): void;
  /** A key was re-added with back-off: `workqueue_retries_total`. */
  retried?(name: string): void;
  /** The number of keys being worked on now: `controller_runtime_active_workers`. */
  activeWorkers?(name: string, active: number): void;
}
