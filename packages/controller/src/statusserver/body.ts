// SPDX-License-Identifier: Apache-2.0
// Reading a request body within the size limit, refusing it while reading.

/**
 * A body read within a limit: its bytes, or `tooLarge` with `declared` true when the
 * Content-Length already said so (nothing was read) and false when the stream passed the limit.
 */
export type BoundedBody =
  | { readonly kind: 'read'; readonly bytes: Uint8Array }
  | { readonly kind: 'tooLarge'; readonly declared: boolean };

/**
 * Reads at most `limit` bytes of `chunks`, as upstream's body limit does: a Content-Length above the
 * limit is refused before any read; a stream that passes the limit is refused at the first chunk that
 * does (the caller then closes the connection), so memory never exceeds `limit` plus one chunk.
 */
export async function readBoundedBody(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  contentLength?: number,
): Promise<BoundedBody> {
  if (contentLength !== undefined && contentLength > limit) return { kind: 'tooLarge', declared: true };
  const parts: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.byteLength;
    if (size > limit) return { kind: 'tooLarge', declared: false };
    parts.push(chunk);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return { kind: 'read', bytes };
}
