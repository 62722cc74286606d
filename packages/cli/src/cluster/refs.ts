// SPDX-License-Identifier: Apache-2.0
// The resources the cluster commands read and write, and the labels that name a TrainJob's steps.

import { JobSetKeys, TrainerResourceRefs } from '@kubetrain/api';
import { CoreResources } from '@kubetrain/kube';
import type { ResourceRef } from '@kubetrain/kube';

/** The resources of the cluster commands. */
export const Refs = {
  ...TrainerResourceRefs,
  Pod: CoreResources.Pod,
  Event: CoreResources.Event,
} as const satisfies Record<string, ResourceRef>;

/** Pod labels set by the JobSet controller and the Job controller. */
export const PodLabels = {
  /** The replicated job: `node`, `launcher`, `dataset-initializer`, `model-initializer`. */
  ReplicatedJobName: JobSetKeys.ReplicatedJobName,
  /** The index of the pod in its Indexed Job (the rank of a node). */
  CompletionIndex: 'batch.kubernetes.io/job-completion-index',
} as const;
