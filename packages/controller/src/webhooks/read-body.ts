// SPDX-License-Identifier: Apache-2.0
// Reading a request body with a size limit: bytes past the limit are never kept.

import type { IncomingMessage } from 'node:http';

/** controller-runtime's limit on an admission request body: 7 MiB (a 3 MiB object, escaped, twice). */
export const MAX_REVIEW_BYTES = 7 * 1024 * 1024;

/** A body larger than the limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`request entity is too large; limit is ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Reads `req`'s body up to `limit` bytes. Rejects with {@link BodyTooLargeError} as soon as the
 * limit is passed (a larger `content-length` is refused before reading), and with the stream's
 * error when the client goes away.
 */
export function readBody(req: IncomingMessage, limit: number = MAX_REVIEW_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? NaN);
    if (Number.isFinite(declared) && declared > limit) {
      reject(new BodyTooLargeError(limit));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error?: Error): void => {
      if (done) return;
      done = true;
      req.off('data', onData);
      if (error !== undefined) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        finish(new BodyTooLargeError(limit));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.once('end', () => finish());
    req.once('error', (e) => finish(e));
    req.once('aborted', () => finish(new Error('the client aborted the request')));
  });
}
