// SPDX-License-Identifier: Apache-2.0
// What `/readyz` answers. As upstream's manager (cmd/trainer-controller-manager/main.go), it fails
// with "certificates are not ready" until the webhook certificate is in place, then until the
// webhook server listens (controller-runtime's StartedChecker), and nothing else.
//
// Readiness routes the webhook Service to this replica, so it says whether admission can be
// served. The webhooks read from the API server (webhooks/lookups.ts), never from the stores; the
// status server waits for the TrainJob store itself (statusserver/start-status-server.ts); the
// controllers start when their stores have listed. Waiting for every store here as well only kept
// admission down for the whole relist after a restart: about 3.9 s at 10,000 TrainJobs
// (hack/bench/README.md), during which every TrainJob create was refused.

/** What readiness is made of, each asked on every probe. */
export interface ReadinessParts {
  /** The first webhook certificate is in the cert dir (issued, or provided). */
  readonly certificate: () => boolean;
  /** The webhook server listens with it. */
  readonly webhookServer: () => boolean;
}

/** Why the manager is not ready, in the order checked; undefined when it is ready. */
export function notReadyReason(parts: ReadinessParts): string | undefined {
  if (!parts.certificate()) return 'certificates are not ready';
  if (!parts.webhookServer()) return 'webhook server has not been started yet';
  return undefined;
}
