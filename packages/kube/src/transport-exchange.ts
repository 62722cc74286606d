// SPDX-License-Identifier: Apache-2.0
/**
 * One request and its response over a node:http(s) keep-alive agent, with the transport's two
 * ways of giving up: the request timeout (the socket idle that long, waiting for the headers or
 * between body chunks) and the caller's AbortSignal. Either one, before the headers, rejects
 * the request; after them, it destroys the body stream with the same error.
 */
import type {
  Agent,
  ClientRequest,
  IncomingHttpHeaders,
  IncomingMessage,
  OutgoingHttpHeaders,
  RequestOptions,
} from 'node:http';
import type { Readable } from 'node:stream';

/** What the callers read of a response body besides the stream itself. */
export interface BodyHelpers {
  /** The rest of the body as UTF-8 text; rejects with the stream's error (timeout, abort, reset). */
  text(): Promise<string>;
  /** Reads and drops the rest, so that the socket goes back to the pool; never rejects. */
  dump(): Promise<void>;
}

/** A response body: a byte stream (async-iterable `Buffer` chunks) with {@link BodyHelpers}. */
export type ResponseBody = Readable & BodyHelpers;

/** The response: status, headers (lower-case names), and the body as a stream. */
export interface TransportResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: ResponseBody;
}

/** The server sent nothing for the request timeout (no headers yet, or no next body chunk). */
export class RequestTimeoutError extends Error {
  override name = 'RequestTimeoutError';
}

/** The caller's AbortSignal aborted the request (its reason is the `cause`). */
export class RequestAbortedError extends Error {
  override name = 'RequestAbortedError';
}

/** Where and how to send one request. */
interface Exchange {
  /** `request` of node:https, or of node:http for an `http:` server; `agent` is of the same module. */
  request: (options: RequestOptions) => ClientRequest;
  agent: Agent;
  hostname: string;
  port: number;
  method: string;
  /** Path and query string. */
  path: string;
  headers: OutgoingHttpHeaders;
  body?: string | undefined;
  /** Most ms the socket may stay idle while the request is in flight; 0 for none. */
  timeoutMs: number;
  signal?: AbortSignal | undefined;
  /** Called once the request is over: body read to its end, destroyed, or the request failed. */
  onClose?: () => void;
}

async function readText(body: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function drain(body: Readable): Promise<void> {
  try {
    for await (const _chunk of body) {
      // dropped
    }
  } catch {
    // a body that fails while being dropped has nothing left to say
  }
}

function aborted(signal: AbortSignal): RequestAbortedError {
  return new RequestAbortedError('request aborted', { cause: signal.reason });
}

/** Sends the request; resolves with the response once its headers are in. */
export function exchange(x: Exchange): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    const { signal } = x;
    if (signal?.aborted) {
      reject(aborted(signal));
      x.onClose?.();
      return;
    }
    let req: ClientRequest;
    try {
      req = x.request({
        agent: x.agent,
        hostname: x.hostname,
        port: x.port,
        method: x.method,
        path: x.path,
        headers: x.headers,
        timeout: x.timeoutMs,
      });
    } catch (error) {
      // A header value node:http refuses (a token with a newline): nothing was sent.
      reject(error as Error);
      x.onClose?.();
      return;
    }
    let response: IncomingMessage | undefined;
    const fail = (error: Error): void => {
      if (response) response.destroy(error);
      else req.destroy(error);
    };
    const onAbort = (): void => fail(aborted(signal!));
    signal?.addEventListener('abort', onAbort, { once: true });
    req.once('close', () => {
      signal?.removeEventListener('abort', onAbort);
      x.onClose?.();
    });
    req.on('timeout', () => fail(new RequestTimeoutError(`no data from the server for ${x.timeoutMs} ms`)));
    // After the headers a socket error is also the body's: rejecting again is a no-op.
    req.on('error', reject);
    req.once('response', (res: IncomingMessage) => {
      response = res;
      // A body destroyed before anyone reads it must not crash the process: readers see the
      // error from the stream itself.
      res.on('error', () => undefined);
      const body = Object.assign(res as Readable, {
        text: () => readText(res),
        dump: () => drain(res),
      });
      resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body });
    });
    req.end(x.body);
  });
}
