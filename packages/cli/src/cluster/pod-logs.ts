// SPDX-License-Identifier: Apache-2.0
// Reading a container's log through the API server (`pods/log`), whole or followed.

import { errorFromResponse, resourcePath } from '@kubetrain/kube';
import type { Session } from './connect.js';
import { Refs } from './refs.js';

/** What to read. */
interface LogRequest {
  readonly namespace: string;
  readonly pod: string;
  readonly container: string;
  readonly follow?: boolean;
  /** Only the last lines. */
  readonly tailLines?: number;
  readonly signal?: AbortSignal;
}

/** Yields the log's lines (without newlines) as they arrive; a refusal throws its typed ApiError. */
export async function* readLogLines(session: Session, request: LogRequest): AsyncGenerator<string> {
  const path = `${resourcePath(Refs.Pod, { namespace: request.namespace, name: request.pod })}/log`;
  const response = await session.client.transport.send({
    method: 'GET',
    path,
    query: {
      container: request.container,
      follow: request.follow || undefined,
      tailLines: request.tailLines,
    },
    accept: '*/*',
    stream: request.follow === true,
    ...(request.signal ? { signal: request.signal } : {}),
  });
  if (response.statusCode >= 400)
    throw errorFromResponse(response.statusCode, await response.body.text(), { method: 'GET', path });
  // Decoded as a whole: a character split between two chunks comes out whole.
  response.body.setEncoding('utf8');
  let rest = '';
  try {
    for await (const chunk of response.body) {
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop() ?? '';
      yield* lines;
    }
  } finally {
    if (!response.body.destroyed) response.body.destroy();
  }
  if (rest !== '') yield rest;
}
