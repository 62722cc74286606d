// SPDX-License-Identifier: Apache-2.0
// The failing container of a failed TrainJob: which pod and container, its exit code, and the last
// lines of its log, as `describe` and `submit --follow` print them.

import type { Session } from './connect.js';
import { readLogLines } from './pod-logs.js';
import type { PodObject } from './trainjob-view.js';

/** How many log lines of the failing container are printed. */
export const FAILURE_LOG_LINES = 10;

/** A container that terminated with a non-zero exit code. */
export interface ContainerFailure {
  readonly pod: string;
  readonly container: string;
  readonly exitCode: number;
  readonly reason: string;
}

/** The first failed container among the pods (failed pods first). */
export function findFailure(pods: readonly PodObject[]): ContainerFailure | undefined {
  const ordered = [...pods].sort(
    (a, b) => Number(b.status?.phase === 'Failed') - Number(a.status?.phase === 'Failed'),
  );
  for (const pod of ordered) {
    for (const c of pod.status?.containerStatuses ?? []) {
      const t = c.state?.terminated ?? c.lastState?.terminated;
      if (t && (t.exitCode ?? 0) !== 0)
        return {
          pod: pod.metadata.name ?? '',
          container: c.name,
          exitCode: t.exitCode ?? 0,
          reason: t.reason ?? '',
        };
    }
  }
  return undefined;
}

/** The last log lines of the failing container, or one line saying why they cannot be read. */
export async function failureLog(
  session: Session,
  namespace: string,
  failure: ContainerFailure,
): Promise<string[]> {
  try {
    const lines: string[] = [];
    for await (const line of readLogLines(session, {
      namespace,
      pod: failure.pod,
      container: failure.container,
      tailLines: FAILURE_LOG_LINES,
    }))
      lines.push(line);
    return lines.length > 0 ? lines : ['<empty>'];
  } catch (e) {
    return [`<unavailable: ${((e as Error).message.split('\n')[0] ?? '').slice(0, 200)}>`];
  }
}

/**
 * The failure as a block under `heading`: pod, container, exit code, reason (when known) and the
 * last lines of its log, indented.
 */
export function failureText(heading: string, failure: ContainerFailure, logLines: readonly string[]): string {
  return (
    `${heading}\n` +
    `  Pod:        ${failure.pod}\n  Container:  ${failure.container}\n  Exit code:  ${failure.exitCode}\n` +
    (failure.reason ? `  Reason:     ${failure.reason}\n` : '') +
    `  Last lines of its log:\n${logLines.map((l) => `    ${l}\n`).join('')}`
  );
}
