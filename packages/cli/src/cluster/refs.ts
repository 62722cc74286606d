// SPDX-License-Identifier: Apache-2.0
// The resources the cluster commands read and write, and the labels that name a TrainJob's steps.

import { API_VERSION, JobSetKeys, Kinds, Resources } from '@kubetrain/api';
import { CoreResources, resourceRef } from '@kubetrain/kube';
import type { ResourceRef } from '@kubetrain/kube';

/** The resources of the cluster commands. */
export const Refs = {
  TrainJob: resourceRef(API_VERSION, Resources.TrainJob, Kinds.TrainJob),
  TrainingRuntime: resourceRef(API_VERSION, Resources.TrainingRuntime, Kinds.TrainingRuntime),
  ClusterTrainingRuntime: resourceRef(
    API_VERSION,
    Resources.ClusterTrainingRuntime,
    Kinds.ClusterTrainingRuntime,
    false,
  ),
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
