// SPDX-License-Identifier: Apache-2.0
// How a refusal of the API server reads on the page: "forbidden: ..." for a 403, the server's own
// message otherwise; one line, bounded.

import { ApiError } from '@kubetrain/kube';

const MAX_MESSAGE = 300;

/** The HTTP status the dashboard answers with for `error`, and its text. */
export function apiFailure(error: unknown): { status: number; message: string } {
  if (!(error instanceof ApiError)) return { status: 500, message: 'internal error' };
  const status = error.code === 403 || error.code === 404 || error.code === 409 ? error.code : 502;
  return { status, message: apiFailureText(error) };
}

/** The one line of `error` the page shows. */
export function apiFailureText(error: ApiError): string {
  const detail = (error.status?.message ?? error.message).split('\n')[0] ?? '';
  const prefix =
    error.code === 403
      ? 'forbidden'
      : error.code === 404
        ? 'not found'
        : error.code === 0
          ? 'cannot reach the cluster'
          : `error ${error.code}`;
  return `${prefix}: ${detail}`.slice(0, MAX_MESSAGE);
}

/** The text of a log that cannot be read: the API server's answer (`forbidden: ...`), else a generic one. */
export function logFailureText(error: unknown): string {
  return error instanceof ApiError ? apiFailureText(error) : 'the log cannot be read';
}
