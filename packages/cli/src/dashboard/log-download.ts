// SPDX-License-Identifier: Apache-2.0
// `GET /api/logs/NS/NAME[?rank=N]`: the full logs of a job's started trainer pods as one text file,
// each line prefixed `[node-0] ` as `kubetrain logs` prints it; streamed with back-pressure (the
// next line waits for a full socket), stopped when the client leaves. A refusal before the first
// line is the answer's status (`403 forbidden: ...`); one after it ends the file with a line naming it.

import type { ServerResponse } from 'node:http';
import { stepsOf } from '../cluster/trainjob-view.js';
import { containerOf, selectSteps } from '../commands/logs.js';
import { apiFailure, logFailureText } from './api-failure.js';
import type { ClusterPort } from './cluster-port.js';

/** Where the file goes: a ServerResponse, or a fake in tests. */
export interface DownloadTarget {
  /** Starts the answer (status and headers) unless it has started. */
  start(status: number, headers: Record<string, string>): void;
  /** false when the socket is full: wait for `drained`. */
  write(chunk: string): boolean;
  drained(): Promise<void>;
  end(chunk?: string): void;
}

/** A ServerResponse as a target; `left` (the client went away) ends a wait for a full socket. */
export function responseTarget(res: ServerResponse, left: AbortSignal): DownloadTarget {
  return {
    start: (status, headers) => {
      if (!res.headersSent) res.writeHead(status, headers);
    },
    write: (chunk) => res.write(chunk),
    drained: () =>
      new Promise<void>((resolve) => {
        const done = (): void => {
          res.off('drain', done);
          left.removeEventListener('abort', done);
          resolve();
        };
        if (left.aborted) return resolve();
        res.once('drain', done);
        left.addEventListener('abort', done, { once: true });
      }),
    end: (chunk) => void res.end(chunk),
  };
}

/** The `rank` query parameter: undefined when absent, an error naming it when not a rank. */
export function parseRank(value: string | null): number | undefined | Error {
  if (value === null || value === '') return undefined;
  if (!/^\d{1,6}$/.test(value)) return new Error('rank: not a rank (a whole number)');
  return Number(value);
}

/** Writes the file; see the module comment. */
export async function downloadLogs(
  target: DownloadTarget,
  port: ClusterPort,
  ref: { namespace: string; name: string },
  rank: number | undefined,
  signal: AbortSignal,
): Promise<void> {
  const text = { 'content-type': 'text/plain; charset=utf-8' };
  let started = false;
  const begin = (): void => {
    if (started) return;
    started = true;
    const file = `${ref.name}${rank === undefined ? '' : `-rank-${rank}`}.log`;
    target.start(200, { ...text, 'content-disposition': `attachment; filename="${file}"` });
  };
  let steps;
  try {
    steps = selectSteps(stepsOf(await port.podsOf(ref.namespace, ref.name)), { rank });
  } catch (e) {
    const failure = apiFailure(e);
    target.start(failure.status, text);
    return target.end(failure.message);
  }
  for (const step of steps) {
    try {
      const lines = port.readLog(
        { namespace: ref.namespace, pod: step.pod, container: containerOf(step) },
        signal,
      );
      for await (const line of lines) {
        begin();
        if (!target.write(`[${step.name}] ${line}\n`)) await target.drained();
        if (signal.aborted) return target.end();
      }
    } catch (e) {
      if (signal.aborted) return target.end();
      if (!started) {
        target.start(apiFailure(e).status, text);
        return target.end(logFailureText(e));
      }
      return target.end(`[${step.name}] kubetrain: the log cannot be read: ${logFailureText(e)}\n`);
    }
  }
  begin();
  target.end();
}
