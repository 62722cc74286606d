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
  statusChanged,
  type TrainJobStatusResult,
} from './trainjob-status.js';
export type {
  ConditionInput,
  JobSetStatusView,
  ReplicatedJobStatusInput,
  TrainJobStatusView,
} from './types.js';
export { activeDeadline, type ActiveDeadline } from './deadline.js';
export { setRunTimes, type RunTimesView } from './run-times.js';
