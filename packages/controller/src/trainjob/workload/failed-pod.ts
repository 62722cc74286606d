// SPDX-License-Identifier: Apache-2.0
// The pod a Failed event names, read on failure only: a label-selected pod list of the job's
// workload, the container picked by the rule `kubetrain describe` uses (failure-details.ts).

import { JobSetKeys, TrainJobReasons } from '@kubetrain/api/core';
import type { KubeApi, KubeObject } from '../../cluster/kube.js';
import { ManagerResources } from '../../cluster/resources.js';
import { describeFailedPod, type PodView } from '../failure-details.js';
import { failedJobDetail, type FailedJobView } from '../restarts.js';

/**
 * `pod <p> container <c> exited with code <n>` for the failing pod among those `labelSelector`
 * selects in `namespace`; undefined for a deadline (no pod failed) or when none failed or the list
 * fails (the event is sent without it).
 */
export async function failedPodOf(
  client: KubeApi,
  namespace: string,
  labelSelector: string,
  reason: string,
): Promise<string | undefined> {
  if (reason === TrainJobReasons.DeadlineExceeded) return undefined;
  try {
    const list = await client.list<PodView & KubeObject>(ManagerResources.Pod, { namespace, labelSelector });
    return describeFailedPod(list.items);
  } catch {
    return undefined;
  }
}

/**
 * The failed Job of the JobSet `name` that caused its restarts up to `restarts`
 * ({@link failedJobDetail}), read once per restart (a label-selected list of the JobSet's Jobs);
 * undefined when none is left or the list fails (the restart is recorded without it).
 */
export async function failedJobOf(
  client: KubeApi,
  namespace: string,
  name: string,
  restarts: number,
): Promise<string | undefined> {
  try {
    const list = await client.list<FailedJobView & KubeObject>(ManagerResources.Job, {
      namespace,
      labelSelector: `${JobSetKeys.JobSetName}=${name}`,
    });
    return failedJobDetail(list.items, restarts);
  } catch {
    return undefined;
  }
}
