// SPDX-License-Identifier: Apache-2.0
// How a failure of the cluster boundary reads to a user: one line and its exit code.

import { ApiError } from '@kubetrain/kube';
import { CliError, FailedError } from '../io.js';

/**
 * The one-line error a failed request becomes: a transport failure (no cluster answering) is a
 * {@link CliError} (exit 2, the command could not be used); a refusal of the API server (not found,
 * forbidden, invalid, conflict) a {@link FailedError} (exit 1) with the server's own message, as
 * kubectl prints it. Anything else is returned unchanged.
 */
export function clusterFailure(error: unknown, server?: string): unknown {
  if (!(error instanceof ApiError)) return error;
  if (error.code === 0) {
    const cause = (error.cause as Error | undefined)?.message ?? error.message;
    return new CliError(`cannot reach the cluster${server ? ` at ${server}` : ''}: ${firstLine(cause)}`);
  }
  const message = error.status?.message ?? error.message;
  return new FailedError(`${error.reason !== 'Unknown' ? `(${error.reason}) ` : ''}${firstLine(message)}`);
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? '';
}
