// SPDX-License-Identifier: Apache-2.0
// Which pod of a failed job failed, and how, as the Failed event's note says it; the rule that picks
// the container is `@kubetrain/api`'s `findFailedContainer` (the one `kubetrain describe` uses).

import { findFailedContainer, type FailurePodView } from '@kubetrain/api/core';

/** The parts of a core/v1 Pod read here. */
export type PodView = FailurePodView;

/**
 * `pod <name> container <c> exited with code <n> (<reason>)` for the failing container
 * ({@link findFailedContainer}); undefined when none failed.
 */
export function describeFailedPod(pods: readonly PodView[]): string | undefined {
  const failure = findFailedContainer(pods);
  if (failure === undefined) return undefined;
  const reason = failure.reason ? ` (${failure.reason})` : '';
  return `pod ${failure.pod || '?'} container ${failure.container} exited with code ${failure.exitCode}${reason}`;
}
