// SPDX-License-Identifier: Apache-2.0
// Test builders, fixtures, upstream readers and the golden-file helper shared by the packages' tests.
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
export {
  clusterRuntime,
  containerOf,
  envMap,
  envNames,
  jobOf,
  objectOf,
  replicatedJob,
  replicatedJobOf,
  runtimeObject,
  thrownBy,
  torchRuntime,
  trainJob,
  trainJobObject,
  type ReplicatedJobParts,
  type RuntimeParts,
  type TestMetadata,
  type TrainJobParts,
} from './engine-fixtures.js';
export { rjob, runtimeOf, summarize, trainJobOf, type RJobOptions } from './rule-fixtures.js';
export {
  expectedPodGroup,
  gangRuntime,
  gangTrainJob,
  launcherSteps,
  torchtuneSteps,
  type RuntimeFixture,
  type StepFixture,
} from './gang-fixtures.js';
export {
  readObjects,
  readUpstream,
  readUpstreamRuntime,
  upstreamDir,
  v1ExamplesDir,
  upstreamExamples,
  upstreamRuntimes,
  yamlFiles,
} from './upstream.js';
export { toYaml } from './yaml.js';
export type {
  Container,
  KubeObject,
  ObjectMeta,
  PodSpec,
  TrainingRuntime,
  TrainJob,
} from './engine-types.js';
export { FakeClock } from './fake-clock.js';
export { InMemoryClient, type RecordedRequest } from './in-memory-client.js';
