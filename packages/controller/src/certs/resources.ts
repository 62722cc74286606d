// SPDX-License-Identifier: Apache-2.0
// The resources the certificate manager reads and writes.

import { resourceRef } from '../cluster/kube.js';

/** Secret and the two webhook configuration kinds (cluster-scoped). */
export const CertResources = {
  Secret: resourceRef('v1', 'secrets', 'Secret'),
  MutatingWebhookConfiguration: resourceRef(
    'admissionregistration.k8s.io/v1',
    'mutatingwebhookconfigurations',
    'MutatingWebhookConfiguration',
    false,
  ),
  ValidatingWebhookConfiguration: resourceRef(
    'admissionregistration.k8s.io/v1',
    'validatingwebhookconfigurations',
    'ValidatingWebhookConfiguration',
    false,
  ),
} as const;

/** The Secret's data keys, as cert-controller writes them. */
export const SecretKeys = {
  CACert: 'ca.crt',
  CAKey: 'ca.key',
  Cert: 'tls.crt',
  Key: 'tls.key',
} as const;
