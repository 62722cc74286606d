// SPDX-License-Identifier: Apache-2.0
// @kubetrain/controller: the manager of kubetrain (the `kubetrain-manager` binary). The library
// surface is what tests and the benchmark start the manager with.
//
//   loadSettings(parseFlags(argv), configText) -> Settings   (frozen Configuration, flags, gates)
//   startManager(settings, { kubeConfig, logger }) -> Manager (reflectors, leader election, controllers, servers)
export * from './config/index.js';
export { ManagerMetrics, type ReconcileResult as ReconcileOutcome } from './metrics/metrics.js';
export { MetricNames, type MetricName } from './metrics/names.js';
export { startManager, DEFAULT_NAMESPACE, type Manager, type ManagerDeps } from './manager/manager.js';
export {
  TrainJobReconciler,
  type ReconcileResult,
  type TrainJobReconcilerDeps,
} from './trainjob/trainjob-reconciler.js';
export { TrainJobEventReasons } from './trainjob/event-notes.js';
export { APPLIED_HASH_ANNOTATION, OWNED_SELECTOR, TRAINJOB_NAME_LABEL } from './trainjob/owned-marks.js';
export { finalizerRemovalPatch, RuntimeReconciler } from './runtimes/runtime-reconciler.js';
export * from './webhooks/index.js';
export * from './certs/index.js';
export { v1ClusterRules } from './v1/rbac-rules.js';
export { statusPath, tokenAudience } from './statusserver/wire.js';
