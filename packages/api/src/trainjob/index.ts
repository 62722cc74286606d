// SPDX-License-Identifier: Apache-2.0
// What the CLI and the manager both read off a TrainJob and its pods (pure rules).
export { findFailedContainer } from './failed-container.js';
export type { ContainerFailure, ContainerStatusView, FailurePodView } from './failed-container.js';
export { trainJobState, TrainJobStates } from './state.js';
export type { TrainJobState, TrainJobStateView } from './state.js';
export { trainJobOfPod, trainJobPodSelectors } from './pods.js';
export { trainJobFinishedAt, ttlAfterFinished } from './ttl-after-finished.js';
export type { RunPolicyTtlView, TtlAfterFinished, TtlAfterFinishedView } from './ttl-after-finished.js';
