// SPDX-License-Identifier: Apache-2.0
// The failing container of a failed TrainJob (`findFailedContainer` of `@kubetrain/api` picks it) as
// `describe` and `submit --follow` print it: pod, container, exit code and the last lines of its log.

import type { ContainerFailure } from '@kubetrain/api';
import type { Session } from './connect.js';
import { readLogLines } from './pod-logs.js';
import { escapeForTerminal } from '../terminal-text.js';

/** How many log lines of the failing container are printed. */
const FAILURE_LOG_LINES = 10;

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
 * last lines of its log, indented; every value escaped (the log lines too: this is a summary, not
 * the log, which `kubetrain logs` prints as written).
 */
export function failureText(heading: string, failure: ContainerFailure, logLines: readonly string[]): string {
  const e = escapeForTerminal;
  return (
    `${e(heading)}\n` +
    `  Pod:        ${e(failure.pod)}\n  Container:  ${e(failure.container)}\n  Exit code:  ${failure.exitCode}\n` +
    (failure.reason ? `  Reason:     ${e(failure.reason)}\n` : '') +
    `  Last lines of its log:\n${logLines.map((l) => `    ${e(l)}\n`).join('')}`
  );
}
