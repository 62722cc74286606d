// SPDX-License-Identifier: Apache-2.0
// Test builders and golden-file helpers shared by the packages' tests.
export { TrainJobBuilder, makeTrainJob, replicatedJobPodPatch } from './trainjob.js';
export {
  ClusterTrainingRuntimeBuilder,
  DEFAULT_TRAINER_IMAGE,
  TrainingRuntimeBuilder,
  makeClusterTrainingRuntime,
  makeReplicatedJob,
  makeTrainingRuntime,
} from './runtime.js';
export { DEFAULT_TRANSITION_TIME, JobSetBuilder, makeJobSet, type ReplicatedJobCounts } from './jobset.js';
export { expectGolden, goldenPath, type GoldenOptions } from './golden.js';
