// SPDX-License-Identifier: Apache-2.0
// Validation of a decoded Configuration (upstream `pkg/config/validation.go`): each error is a
// Kubernetes field error (`<path>: Invalid value: <value>: <detail>`), all of them aggregated into
// `invalid configuration: <aggregate>`.

import type { Configuration } from './configuration.js';
import { parseGoDuration } from './go-duration.js';

/** One field error, printed as apimachinery's `field.Error` prints itself. */
export interface FieldError {
  readonly path: string;
  readonly value: unknown;
  readonly detail: string;
}

/** The Configuration is invalid; `message` is `invalid configuration: <aggregate>`. */
export class InvalidConfigurationError extends Error {
  constructor(readonly errors: readonly FieldError[]) {
    super(`invalid configuration: ${aggregate(errors.map(formatFieldError))}`);
    this.name = 'InvalidConfigurationError';
  }
}

/** `<path>: Invalid value: <value>: <detail>`, the value printed as Go's `%#v` prints it for scalars. */
export function formatFieldError(e: FieldError): string {
  const value = typeof e.value === 'string' ? JSON.stringify(e.value) : String(e.value);
  return `${e.path}: Invalid value: ${value}: ${e.detail}`;
}

/** utilerrors.NewAggregate's text: the one message, or `[a, b, ...]`. */
export function aggregate(messages: readonly string[]): string {
  return messages.length === 1 ? (messages[0] as string) : `[${messages.join(', ')}]`;
}

const MUST_BE_PORT = 'must be between 1 and 65535';
const MUST_BE_POSITIVE = 'must be greater than 0';
const MUST_BE_NON_NEGATIVE = 'must be greater than or equal to 0';

function checkPort(errors: FieldError[], path: string, port: number): void {
  if (port < 1 || port > 65535) errors.push({ path, value: port, detail: MUST_BE_PORT });
}

function checkNonNegative(errors: FieldError[], path: string, value: number): void {
  if (value < 0) errors.push({ path, value, detail: MUST_BE_NON_NEGATIVE });
}

function checkMaxLength(errors: FieldError[], path: string, value: string, max: number): void {
  if (value.length > max) errors.push({ path, value, detail: `must have at most ${max} bytes` });
}

function checkLeaderElection(errors: FieldError[], config: Configuration): void {
  const le = config.leaderElection;
  if (le === undefined || !le.leaderElect) return;
  const lease = parseGoDuration(le.leaseDuration);
  const renew = parseGoDuration(le.renewDeadline);
  const retry = parseGoDuration(le.retryPeriod);
  if (lease <= 0)
    errors.push({ path: 'leaderElection.leaseDuration', value: le.leaseDuration, detail: MUST_BE_POSITIVE });
  if (renew <= 0)
    errors.push({ path: 'leaderElection.renewDeadline', value: le.renewDeadline, detail: MUST_BE_POSITIVE });
  if (retry <= 0)
    errors.push({ path: 'leaderElection.retryPeriod', value: le.retryPeriod, detail: MUST_BE_POSITIVE });
  if (lease > 0 && renew > 0 && lease <= renew) {
    errors.push({
      path: 'leaderElection.leaseDuration',
      value: le.leaseDuration,
      detail: 'LeaseDuration must be greater than RenewDeadline',
    });
  }
  if (le.resourceName === '') {
    errors.push({ path: 'leaderElection.resourceName', value: '', detail: 'resourceName is required' });
  }
}

/**
 * Validates a decoded Configuration with upstream's rules and messages: webhook and status-server
 * ports in 1..65535, `controller.groupKindConcurrency` values above 0, client and status-server
 * qps/burst not negative; also the lengths upstream's markers state (webhook.host 253,
 * metrics.bindAddress 1..255) and component-base's leader election rules. Throws
 * {@link InvalidConfigurationError} listing every error found.
 */
export function validateConfiguration(config: Configuration): void {
  const errors: FieldError[] = [];
  checkPort(errors, 'webhook.port', config.webhook.port);
  checkMaxLength(errors, 'webhook.host', config.webhook.host, 253);
  if (config.metrics.bindAddress === '') {
    errors.push({ path: 'metrics.bindAddress', value: '', detail: 'must have at least 1 bytes' });
  }
  checkMaxLength(errors, 'metrics.bindAddress', config.metrics.bindAddress, 255);
  for (const [gk, n] of Object.entries(config.controller.groupKindConcurrency)) {
    if (n < 1)
      errors.push({ path: `controller.groupKindConcurrency[${gk}]`, value: n, detail: MUST_BE_POSITIVE });
  }
  checkNonNegative(errors, 'clientConnection.qps', config.clientConnection.qps);
  checkNonNegative(errors, 'clientConnection.burst', config.clientConnection.burst);
  checkPort(errors, 'statusServer.port', config.statusServer.port);
  checkNonNegative(errors, 'statusServer.qps', config.statusServer.qps);
  checkNonNegative(errors, 'statusServer.burst', config.statusServer.burst);
  checkLeaderElection(errors, config);
  if (errors.length > 0) throw new InvalidConfigurationError(errors);
}
