// SPDX-License-Identifier: Apache-2.0
// TrainJob status: conditions and jobsStatus from the observed JobSet, as upstream computes them.

export {
  findCondition,
  isConditionTrue,
  isTrainJobFinished,
  normalizeCondition,
  setCondition,
  type SetConditionResult,
} from './conditions.js';
export {
  JobSetNotFoundError,
  computeTrainJobStatus,
  jobSetTrainJobStatus,
  setFailedCondition,
  setSuspendedCondition,
  type TrainJobStatusResult,
} from './trainjob-status.js';
export type {
  Condition,
  ConditionInput,
  JobSetStatusView,
  JobStatus,
  ReplicatedJobStatusInput,
  TrainJobStatus,
  TrainJobStatusView,
} from './types.js';
