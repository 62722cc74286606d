// SPDX-License-Identifier: Apache-2.0
// What `/readyz` answers. As upstream's manager (cmd/trainer-controller-manager/main.go), it fails
// with "certificates are not ready" until the webhook certificate is in place, then until the
// webhook server listens (controller-runtime's StartedChecker); kubetrain adds the cache sync, so
// that a replica is ready only once it can also answer from its stores.

/** What readiness is made of, each asked on every probe. */
export interface ReadinessParts {
  /** The first webhook certificate is in the cert dir (issued, or provided). */
  readonly certificate: () => boolean;
  /** The webhook server listens with it. */
  readonly webhookServer: () => boolean;
  /** Every reflector has listed once. */
  readonly synced: () => boolean;
}

/** Why the manager is not ready, in the order checked; undefined when it is ready. */
export function notReadyReason(parts: ReadinessParts): string | undefined {
  if (!parts.certificate()) return 'certificates are not ready';
  if (!parts.webhookServer()) return 'webhook server has not been started yet';
  if (!parts.synced()) return 'caches are not synced';
  return undefined;
}
