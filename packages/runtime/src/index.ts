// SPDX-License-Identifier: Apache-2.0
// The pure rendering engine: runtimes, plugins, builders and status.
//
// Public API:
//   render(trainJob, runtime, options?)      -> { objects }       the objects to apply
//   status(trainJob, observed, options?)     -> TrainJobStatus    from the observed workload
//   validate(oldJob, newJob, runtime, opts?) -> { warnings, errors }
//   resolveRuntime(trainJob, lookup)         -> { kind, runtime } runtimeRef resolution

export {
  render,
  status,
  validate,
  type EngineOptions,
  type RenderOptions,
  type ObservedInput,
  type RenderResult,
  type ValidateOptions,
} from './engine.js';
export * from './framework/index.js';
export {
  resolveRuntime,
  runtimeGroupKind,
  runtimeKindOf,
  type ResolvedRuntime,
  type RuntimeKind,
  type RuntimeLookup,
} from './core/resolve-runtime.js';
export { applyRuntimeDefaults, applyTrainJobDefaults } from './core/runtime-defaults.js';
export {
  buildRuntimeSnapshot,
  readRuntimeSnapshot,
  RuntimeSnapshotError,
  runtimeSnapshotName,
} from './core/runtime-snapshot.js';
export { mergeRuntimePatches, newRuntimeInfo } from './core/new-runtime-info.js';
export { ancestorOf } from './util/replicated-job.js';
export {
  effectiveResourcesPerNode,
  extractResourcesPerNodeFromRuntime,
  getNumCPUPerNode,
  getNumGPUPerNode,
  mergeResourceRequirements,
  podRequests,
} from './core/resources.js';
export { defaultPlugins } from './plugins/registry.js';
export { validateReplicatedJobs, validateTrainingRuntime, validateTrainJob } from './validation/index.js';
export { deriveSSHKeyPair } from './plugins/mpi/mpi-ssh-key.js';
export type { WorkloadPlugin } from './workload/workload.js';
export { computeTrainJobStatus, JobSetNotFoundError } from './status/index.js';
export * from './util/quantity.js';
export { canonicalObject } from './util/canonical.js';
export { ownedObject, trainJobOwnerReference } from './util/owner-reference.js';
export { upsertEnv, upsertPorts, upsertVolumeMounts, upsertVolumes } from './util/upsert.js';
export type * from './types.js';
