// SPDX-License-Identifier: Apache-2.0
// Parsers of option values the commands share.
import { InvalidArgumentError } from 'commander';

/** Parses `--max-bytes`: a positive whole number of bytes. */
export function parseMaxBytes(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n <= 0)
    throw new InvalidArgumentError('must be a positive whole number of bytes');
  return n;
}
