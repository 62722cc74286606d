// SPDX-License-Identifier: Apache-2.0
// The text of an input file's bytes, as kubectl decodes them: UTF-8, or UTF-16 (little or big
// endian) when the file starts with its byte order mark (what PowerShell's `>` writes); a UTF-8 byte
// order mark is dropped.

/** Decodes input bytes to text: UTF-16 by its byte order mark, UTF-8 otherwise (BOM dropped). */
export function decodeText(bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xff && buffer[1] === 0xfe) return new TextDecoder('utf-16le').decode(buffer.subarray(2));
  if (buffer[0] === 0xfe && buffer[1] === 0xff) return new TextDecoder('utf-16be').decode(buffer.subarray(2));
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf)
    return buffer.subarray(3).toString('utf8');
  return buffer.toString('utf8');
}
