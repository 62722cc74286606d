// SPDX-License-Identifier: Apache-2.0
// Label keys and values of upstream Trainer and of the schedulers it hands pods to.

/** Label keys read or written by the Trainer control plane. */
export const Labels = {
  /** On runtime `replicatedJobs[].template.metadata.labels`: which TrainJob step the job implements. */
  TrainJobAncestor: 'trainer.kubeflow.org/trainjob-ancestor-step',
  /** On ClusterTrainingRuntimes: `deprecated` triggers a deprecation warning when referenced. */
  Support: 'trainer.kubeflow.org/support',
  /** On runtimes: `disabled` opts the runtime out of the validating webhooks (objectSelector). */
  WebhookValidation: 'trainer.kubeflow.org/webhook-validation',
  /** Informational label on the shipped runtimes (`torch`, `jax`, `deepspeed`, ...); unused by code. */
  Framework: 'trainer.kubeflow.org/framework',
  /** Helm installer bookkeeping label (`runtimes-installer`). */
  ManagedBy: 'trainer.kubeflow.org/managed-by',
  /** Coscheduling: pod label naming the scheduler-plugins PodGroup (set to the TrainJob name). */
  CoschedulingPodGroup: 'scheduling.x-k8s.io/pod-group',
  /** Kueue: LocalQueue of a job object. */
  KueueQueueName: 'kueue.x-k8s.io/queue-name',
  /** Kueue: WorkloadPriorityClass of a job object. */
  KueuePriorityClass: 'kueue.x-k8s.io/priority-class',
  /**
   * KAI Scheduler: queue label, read from the top owner or the pod (`DefaultQueueLabel`,
   * `kai-scheduler/KAI-Scheduler` v0.17 `pkg/common/constants`).
   */
  KAIQueue: 'kai.scheduler/queue',
} as const;

/** Values of the `trainer.kubeflow.org/trainjob-ancestor-step` label (`constants.DatasetInitializer`, ...). */
export const AncestorSteps = {
  DatasetInitializer: 'dataset-initializer',
  ModelInitializer: 'model-initializer',
  Trainer: 'trainer',
} as const;

/** One value of the `trainer.kubeflow.org/trainjob-ancestor-step` label. */
export type AncestorStep = (typeof AncestorSteps)[keyof typeof AncestorSteps];

/** Fixed label values used with the keys above. */
export const LabelValues = {
  /** `trainer.kubeflow.org/support` value of a deprecated runtime (`SupportDeprecated`). */
  SupportDeprecated: 'deprecated',
  /** `trainer.kubeflow.org/webhook-validation` value that skips runtime validation. */
  WebhookValidationDisabled: 'disabled',
  /** `trainer.kubeflow.org/managed-by` value of the Helm runtimes installer. */
  RuntimesInstaller: 'runtimes-installer',
} as const;
