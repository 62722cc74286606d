// SPDX-License-Identifier: Apache-2.0
// The workload interface (design.md decision 8): the backend that turns RuntimeInfo into the
// workload object (JobSet today; a LeaderWorkerSet backend can sit beside it) and reads its status
// back. A workload plugin implements the three points below; exactly one is registered.

import type {
  ComponentBuilderPlugin,
  CustomValidationPlugin,
  PreBuildSyncPlugin,
  TrainJobStatusPlugin,
} from '../framework/plugin.js';

/**
 * A workload backend: preBuildSync (endpoints and per-job counts), build (the workload object)
 * and status (TrainJob status from the observed workload). It may also validate.
 */
export type WorkloadPlugin = PreBuildSyncPlugin &
  ComponentBuilderPlugin &
  TrainJobStatusPlugin &
  Partial<Pick<CustomValidationPlugin, 'validate'>>;
