// SPDX-License-Identifier: Apache-2.0
// Options and parsers of option values the commands share.
import { InvalidArgumentError, Option } from 'commander';
import { MAX_OBJECT_BYTES } from '@kubetrain/api';

/** Parses `--max-bytes`: a positive whole number of bytes. */
export function parseMaxBytes(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number of bytes');
  return n;
}

/** `--max-bytes <bytes>`: the largest object accepted (default {@link MAX_OBJECT_BYTES}). */
export function maxBytesOption(): Option {
  return new Option(
    '--max-bytes <bytes>',
    'largest object accepted, in bytes of JSON (a file may hold 16 times as much)',
  )
    .argParser(parseMaxBytes)
    .default(MAX_OBJECT_BYTES);
}
