// SPDX-License-Identifier: Apache-2.0
// @kubetrain/runtime: the pure engine the controller, the webhooks and the CLI stand on. This file
// is the whole public surface; everything else is internal. See README.md.
//
//   render(trainJob, runtime, options?)               -> { desired, objects }   what to apply
//   status(trainJob, { jobSet?, now }, options?)      -> { status, changed, retry?, requeueAfterMs?, deadlineExceeded? }
//   validateAdmission(oldJob?, newJob, runtime?, o?)  -> { warnings, errors }   the TrainJob webhook
//   validateRuntimeAdmission(oldRuntime?, runtime)    -> { warnings, errors }   the runtime webhooks
//   defaultTrainJob(oldJob?, newJob, now)             -> TrainJob               the mutating webhook
//   activeDeadline(trainJob, now)                     -> deadline | undefined
//   watchedKinds(plugins)                             -> the kinds to watch and their RBAC
//   resolveRuntime(trainJob, lookup)                  -> { kind, runtime }
//   runtime snapshot, SSH key derivation, the plugin registry, the error family
//   leaderWorkerSetStatus, isWorkloadSuspended        the LeaderWorkerSet backend (README there)

export {
  render,
  status,
  validateAdmission,
  validateRuntimeAdmission,
  type EngineOptions,
  type ObservedInput,
  type RenderOptions,
  type RenderResult,
  type TrainJobStatusOutcome,
  type ValidateOptions,
} from './engine.js';
export { defaultTrainJob } from './core/trainjob-defaulter.js';
export { activeDeadline, type ActiveDeadline, type DeadlineView } from './status/deadline.js';
export { computeTrainJobStatus, isTrainJobFinished, type TrainJobStatusResult } from './status/index.js';
export type { DesiredObject, ObjectKey } from './framework/desired.js';
export {
  engineKinds,
  groupKindOf,
  KindRefs,
  watchedKinds,
  type ApplyPolicy,
  type KindRef,
  type KindUse,
  type OwnedKind,
  type ReadKind,
  type WatchedKind,
} from './framework/kinds.js';
export type {
  EngineConfig,
  FeatureGates,
  PluginDependencies,
  PluginFactory,
} from './framework/dependencies.js';
export type {
  ClusterReader,
  GroupRecreateRequest,
  ObservedContainerState,
  ObservedJob,
  ObservedLeaderWorkerSet,
  ObservedPod,
  Plugin,
  SecretMaterial,
  SSHKeyPair,
  StatusResult,
  StatusServerCA,
  WorkloadPatch,
} from './framework/plugin.js';
export { gatedPluginFactories } from './plugins/registry.js';
export {
  isWorkloadSuspended,
  leaderWorkerSetRestartCause,
  leaderWorkerSetStatus,
  LeaderWorkerSetNotFoundError,
} from './workload/leaderworkerset/index.js';
export { defaultPlugins, pluginFactories } from './plugins/registry.js';
export {
  resolveRuntime,
  runtimeKindOf,
  type ResolvedRuntime,
  type RuntimeKind,
  type RuntimeLookup,
} from './core/resolve-runtime.js';
export { applyRuntimeDefaults, applyTrainJobDefaults } from './core/runtime-defaults.js';
export {
  buildRuntimeSnapshot,
  desiredRuntimeSnapshot,
  readRuntimeSnapshot,
  RuntimeSnapshotError,
  runtimeSnapshotName,
} from './core/runtime-snapshot.js';
export { deriveSSHKeyPair } from './plugins/mpi/mpi-ssh-key.js';
export {
  largestFitting,
  objectWithGenerated,
  outputTooLargeMessage,
  OutputTooLargeError,
} from './core/output-limits.js';
export type { OutputSize } from './framework/plugin.js';
export { decimalDigits, indexedNamesLength } from './util/decimal-digits.js';
export {
  EngineError,
  isEngineError,
  PluginError,
  RenderError,
  RuntimeNotFoundError,
  TooManyStatusPluginsError,
  UndeclaredKindError,
  UnsupportedRuntimeError,
  type ExtensionPoint,
  type TrainJobRef,
} from './framework/errors.js';
export { JobSetNotFoundError } from './status/trainjob-status.js';
export { StrategicMergePatchError } from './smp/errors.js';
export {
  addToResourceList,
  formatResourceList,
  parseQuantity,
  QuantityParseError,
  type Quantity,
} from './util/quantity.js';
export type { KubeObject, RuntimeInput, TrainingRuntime, TrainJob, TrainJobInput } from './types.js';
export { isDNS1035Label } from './validation/k8s-names.js';
export { isKueueManaged } from './plugins/kueue/kueue.js';
export {
  gpuUsage,
  kueueQueueOf,
  requestedGpus,
  runInterval,
  runtimeKeyOf,
  runtimeResourcesPerNode,
  secondsWithin,
} from './usage/gpu-usage.js';
export type {
  GpuUsage,
  RunInterval,
  UsageRuntimeSpec,
  UsageTrainJob,
  UsageWindow,
} from './usage/gpu-usage.js';
