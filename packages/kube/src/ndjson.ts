// SPDX-License-Identifier: Apache-2.0
/** Splitting a watch stream (newline-delimited JSON) into parsed values, read losslessly. */
import { parseJsonLossless } from './lossless-json.js';

/** Thrown for a line of a watch stream that is not JSON (client-node drops these silently; we do not). */
export class MalformedLineError extends Error {
  override name = 'MalformedLineError';
}

/**
 * Yields one parsed JSON value per non-empty line of `chunks`, whatever the chunk boundaries
 * (a line may span chunks, a chunk may hold many lines). A trailing line without a newline is
 * parsed at the end of the stream. An integer past 2^53 is a bigint (see lossless-json.ts). Throws {@link MalformedLineError} for a line that is not JSON.
 */
export async function* parseNdjson(chunks: AsyncIterable<Uint8Array | string>): AsyncGenerator<unknown> {
  const decoder = new TextDecoder();
  let pending = '';
  const parse = (line: string): unknown => {
    try {
      return parseJsonLossless(line);
    } catch (error) {
      throw new MalformedLineError(`watch stream: not a JSON line: ${line.slice(0, 200)}`, { cause: error });
    }
  };
  for await (const chunk of chunks) {
    pending += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline).trim();
      pending = pending.slice(newline + 1);
      if (line !== '') yield parse(line);
      newline = pending.indexOf('\n');
    }
  }
  pending += decoder.decode();
  if (pending.trim() !== '') yield parse(pending.trim());
}
