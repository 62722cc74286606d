// SPDX-License-Identifier: Apache-2.0
// The admission webhooks: upstream's four webhooks over HTTPS, AdmissionReview v1, the engine's
// defaulter and rules, the configurations that register them.
export {
  ADMISSION_API_VERSION,
  allowed,
  decodeReview,
  denied,
  errored,
  MalformedReviewError,
  patched,
  reviewResponse,
  type AdmissionOutcome,
  type AdmissionRequest,
  type AdmissionResponse,
  type AdmissionStatus,
  type Operation,
} from './admission-review.js';
export {
  webhookConfigurations,
  type WebhookConfigurationOptions,
  type WebhookTarget,
} from './configurations.js';
export type { AdmissionHandler } from './handler.js';
export { admissionHandlers, type AdmissionHandlerOptions } from './handlers.js';
export { clientLookups, type AdmissionLookups } from './lookups.js';
export { WebhookConfigurationNames, Webhooks, webhookForPath, type WebhookSpec } from './names.js';
export { BodyTooLargeError, MAX_REVIEW_BYTES } from './read-body.js';
export {
  DEFAULT_REQUEST_TIMEOUT_MS,
  MAX_REVIEW_DEPTH,
  startWebhookServer,
  type ServingCertificate,
  type WebhookServer,
  type WebhookServerOptions,
} from './server.js';
export { startAdmission, type Admission, type AdmissionDeps } from './start-admission.js';
export type { OriginObserver, RuntimeOrigin } from './trainjob-validator.js';
export { WebhookMetrics } from './webhook-metrics.js';
