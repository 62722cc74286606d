// SPDX-License-Identifier: Apache-2.0
// Upstream's webhook names, paths and configuration objects (kubeflow/trainer
// manifests/base/webhook), byte-identical: the API server and existing manifests refer to them.

/** The four admission webhooks: name, path and the kind each admits. */
export const Webhooks = {
  TrainJobDefaulter: {
    name: 'defaulter.trainjob.trainer.kubeflow.org',
    path: '/mutate-trainer-kubeflow-org-v1alpha1-trainjob',
    kind: 'TrainJob',
    resource: 'trainjobs',
    mutating: true,
  },
  TrainJobValidator: {
    name: 'validator.trainjob.trainer.kubeflow.org',
    path: '/validate-trainer-kubeflow-org-v1alpha1-trainjob',
    kind: 'TrainJob',
    resource: 'trainjobs',
    mutating: false,
  },
  TrainingRuntimeValidator: {
    name: 'validator.trainingruntime.trainer.kubeflow.org',
    path: '/validate-trainer-kubeflow-org-v1alpha1-trainingruntime',
    kind: 'TrainingRuntime',
    resource: 'trainingruntimes',
    mutating: false,
  },
  ClusterTrainingRuntimeValidator: {
    name: 'validator.clustertrainingruntime.trainer.kubeflow.org',
    path: '/validate-trainer-kubeflow-org-v1alpha1-clustertrainingruntime',
    kind: 'ClusterTrainingRuntime',
    resource: 'clustertrainingruntimes',
    mutating: false,
  },
} as const;

/** One entry of {@link Webhooks}. */
export type WebhookSpec = (typeof Webhooks)[keyof typeof Webhooks];

/** The names of the two configuration objects the cert manager injects the CA bundle into. */
export const WebhookConfigurationNames = {
  Mutating: 'defaulter.trainer.kubeflow.org',
  Validating: 'validator.trainer.kubeflow.org',
} as const;

/** The webhook with `path`, or undefined. */
export function webhookForPath(path: string): WebhookSpec | undefined {
  return Object.values(Webhooks).find((w) => w.path === path);
}
