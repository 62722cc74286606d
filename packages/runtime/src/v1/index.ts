// SPDX-License-Identifier: Apache-2.0
// `@kubetrain/runtime/v1`: the engine of the six Training Operator v1 kinds (PyTorchJob, TFJob, MPIJob,
// XGBoostJob, PaddleJob, JAXJob), pure as the rest of the package: plain objects in, plain objects
// out, no client, no store, no clock. The controller (packages/controller/src/v1) does the I/O around
// it; `kubetrain migrate` reads the same replica facts and defaults. README.md maps each behaviour to
// its file.
export { hasCondition, isFinished, setCondition, type ConditionInput } from './conditions.js';
export {
  JOB_ROLE_MASTER,
  V1CleanPodPolicies,
  V1ConditionTypes,
  V1Labels,
  V1ManagedBy,
  V1RestartPolicies,
  type V1RestartPolicy,
} from './constants.js';
export { canonicalReplicaType, defaultV1Job, replicaSpecsOf } from './defaults.js';
export { parseGangSchedulerName, VOLCANO_SCHEDULER, type GangScheduling } from './gang-flag.js';
export type { PodTemplate, PodView, ReplicaSpecs, V1JobObject, V1Object, V1ObjectApi } from './job-types.js';
export {
  delaysPodCreation,
  joinGang,
  newPodGroup,
  otherSchedulerSet,
  podGroupApi,
  podGroupSpec,
  samePodGroupSpec,
  SCHEDULER_NAME_EVENT,
  type PodGroupObject,
} from './pod-group.js';
export { exitCodeOf, failedPodAction, podIndex, podReplicaType } from './pod-state.js';
export { podNameOf, renderPod, renderService } from './render.js';
export { deadlineRemainingMs, pastBackoffLimit, podsToClean, ttlRemainingMs } from './run-policy.js';
export { selectorText } from './selector.js';
export { v1StatusAsWritten } from './status-output.js';
export { v1ReplicaCounts, v1RequestedGpus, type GpuReplicaSpec } from './requested-gpus.js';
export { validateV1Job, validateV1Webhook } from './validation.js';
export { Frameworks, v1Frameworks, type V1FrameworkOptions } from './frameworks/index.js';
export { clusterMapJsonLength, type ClusterList } from './frameworks/tf-config.js';
export { PortNotFoundError } from './frameworks/env.js';
export type {
  AuxiliaryObject,
  Framework,
  PodContext,
  ReplicaCounts,
  StatusVerdict,
} from './frameworks/framework.js';
export { V1Messages } from './frameworks/messages.js';
