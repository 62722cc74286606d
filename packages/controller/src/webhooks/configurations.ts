// SPDX-License-Identifier: Apache-2.0
// The Mutating- and ValidatingWebhookConfiguration of the four webhooks, as upstream's manifests
// have them (rules, failurePolicy Fail, sideEffects None, the runtime validators' opt-out
// objectSelector), pointed at a Service or at a URL (a manager outside the cluster, the local
// control plane), optionally narrowed to some namespaces.

import { Labels, LabelValues } from '@kubetrain/api/core';
import { WebhookConfigurationNames, Webhooks, type WebhookSpec } from './names.js';

/** Where the API server reaches the webhook server. */
export type WebhookTarget =
  | { readonly url: string }
  | { readonly service: { readonly name: string; readonly namespace: string; readonly port?: number } };

/** Options of {@link webhookConfigurations}. */
export interface WebhookConfigurationOptions {
  readonly target: WebhookTarget;
  /** PEM CA bundle, as text (encoded to base64 here); omitted leaves it to the cert manager. */
  readonly caBundle?: string;
  /** Names of the two objects; default upstream's. */
  readonly names?: { readonly mutating: string; readonly validating: string };
  /**
   * Limits the webhooks of namespaced kinds to namespaces matching this selector. It does not apply
   * to the cluster-scoped ClusterTrainingRuntime: narrow that one with `clusterObjectSelector`.
   */
  readonly namespaceSelector?: Record<string, unknown>;
  /** Added (ANDed) to the ClusterTrainingRuntime webhook's objectSelector. */
  readonly clusterObjectSelector?: { matchLabels?: Record<string, string>; matchExpressions?: unknown[] };
  readonly timeoutSeconds?: number;
}

const OPT_OUT = {
  key: Labels.WebhookValidation,
  operator: 'NotIn',
  values: [LabelValues.WebhookValidationDisabled],
};

function clientConfig(webhook: WebhookSpec, options: WebhookConfigurationOptions): Record<string, unknown> {
  const caBundle =
    options.caBundle === undefined ? {} : { caBundle: Buffer.from(options.caBundle).toString('base64') };
  if ('url' in options.target) return { url: `${options.target.url}${webhook.path}`, ...caBundle };
  const { name, namespace, port } = options.target.service;
  return { service: { name, namespace, path: webhook.path, ...(port ? { port } : {}) }, ...caBundle };
}

function entry(webhook: WebhookSpec, options: WebhookConfigurationOptions): Record<string, unknown> {
  const runtime = webhook.kind !== 'TrainJob';
  const cluster = webhook === Webhooks.ClusterTrainingRuntimeValidator;
  const extra = cluster ? options.clusterObjectSelector : undefined;
  const expressions = [...(runtime ? [OPT_OUT] : []), ...(extra?.matchExpressions ?? [])];
  const objectSelector = {
    ...(extra?.matchLabels ? { matchLabels: extra.matchLabels } : {}),
    ...(expressions.length > 0 ? { matchExpressions: expressions } : {}),
  };
  return {
    name: webhook.name,
    admissionReviewVersions: ['v1'],
    sideEffects: 'None',
    failurePolicy: 'Fail',
    ...(options.timeoutSeconds !== undefined ? { timeoutSeconds: options.timeoutSeconds } : {}),
    clientConfig: clientConfig(webhook, options),
    rules: [
      {
        apiGroups: ['trainer.kubeflow.org'],
        apiVersions: ['v1alpha1'],
        operations: ['CREATE', 'UPDATE'],
        resources: [webhook.resource],
      },
    ],
    ...(Object.keys(objectSelector).length > 0 ? { objectSelector } : {}),
    ...(options.namespaceSelector !== undefined && !cluster
      ? { namespaceSelector: options.namespaceSelector }
      : {}),
  };
}

/** The two configuration objects: `[mutating, validating]`. */
export function webhookConfigurations(
  options: WebhookConfigurationOptions,
): [Record<string, unknown>, Record<string, unknown>] {
  const names = options.names ?? {
    mutating: WebhookConfigurationNames.Mutating,
    validating: WebhookConfigurationNames.Validating,
  };
  return [
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'MutatingWebhookConfiguration',
      metadata: { name: names.mutating },
      webhooks: [entry(Webhooks.TrainJobDefaulter, options)],
    },
    {
      apiVersion: 'admissionregistration.k8s.io/v1',
      kind: 'ValidatingWebhookConfiguration',
      metadata: { name: names.validating },
      webhooks: [
        entry(Webhooks.ClusterTrainingRuntimeValidator, options),
        entry(Webhooks.TrainingRuntimeValidator, options),
        entry(Webhooks.TrainJobValidator, options),
      ],
    },
  ];
}
