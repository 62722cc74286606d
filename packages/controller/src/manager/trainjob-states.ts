// SPDX-License-Identifier: Apache-2.0
// The state of a TrainJob as `kubetrain_trainjobs{state}` counts it (pure).

import type { TrainJobState } from '../metrics/metrics.js';

interface TrainJobView {
  spec?: { suspend?: boolean };
  status?: { conditions?: Array<{ type: string; status: string }> };
}

/**
 * `Failed` or `Complete` when that condition is True; else `Suspended` when `spec.suspend`; else
 * `Running` when its JobSet exists; else `Created`.
 */
export function trainJobState(trainJob: TrainJobView, hasJobSet: boolean): TrainJobState {
  const isTrue = (type: string) =>
    trainJob.status?.conditions?.some((c) => c.type === type && c.status === 'True');
  if (isTrue('Failed')) return 'Failed';
  if (isTrue('Complete')) return 'Complete';
  if (trainJob.spec?.suspend === true) return 'Suspended';
  return hasJobSet ? 'Running' : 'Created';
}
