// SPDX-License-Identifier: Apache-2.0
// Which pods are a TrainJob's (pure): its workload, a JobSet or a LeaderWorkerSet, is named as the
// TrainJob and labels its pods with that name, each backend under its own key.

import { JobSetKeys, LWSKeys } from '../constants/kubetrain.js';

/** The pod label keys naming a TrainJob's workload: the JobSet backend's, the LeaderWorkerSet backend's. */
const WORKLOAD_NAME_LABELS = [JobSetKeys.JobSetName, LWSKeys.Name] as const;

/**
 * The label selectors of a TrainJob's pods, one per backend (a selector cannot say "either
 * label", so a caller lists pods once per selector): with `trainJob`, that job's pods
 * (`jobset.sigs.k8s.io/jobset-name=<tj>`, `leaderworkerset.sigs.k8s.io/name=<tj>`); without, the
 * pods of every TrainJob's workload (the keys alone), to be told apart by {@link trainJobOfPod}.
 */
export function trainJobPodSelectors(trainJob?: string): string[] {
  return WORKLOAD_NAME_LABELS.map((key) => (trainJob === undefined ? key : `${key}=${trainJob}`));
}

/** The name of the TrainJob whose workload a pod belongs to (from its labels), or undefined. */
export function trainJobOfPod(pod: {
  metadata?: { labels?: Readonly<Record<string, string>> };
}): string | undefined {
  const labels = pod.metadata?.labels ?? {};
  for (const key of WORKLOAD_NAME_LABELS) if (labels[key] !== undefined) return labels[key];
  return undefined;
}
