// SPDX-License-Identifier: Apache-2.0
// Options and parsers of option values the commands share: the input files as kubectl takes them
// (`-f`, `--filename`, `-f=path`, positional files, `-R`), `-o` for printed objects, `--max-bytes`.
import { Argument, InvalidArgumentError, Option } from 'commander';
import type { Command } from 'commander';
import { MAX_OBJECT_BYTES } from '@kubetrain/api/core';
import { UsageError } from '../io.js';

/** Appends a repeated option's value. */
export const collect = (value: string, previous: string[] | undefined): string[] => [
  ...(previous ?? []),
  value,
];

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

/** What {@link withFileOptions} adds to a command's options. */
export interface FileFlags {
  filename?: string[];
  recursive?: boolean;
}

/**
 * Adds kubectl's file options: `-f, --filename <path>` (repeatable; `-` for stdin) and `-R,
 * --recursive`; with `positional`, files may also be given as arguments (`kubetrain validate a.yaml`).
 */
export function withFileOptions(command: Command, fileHelp: string, positional: boolean): Command {
  if (positional) command.addArgument(new Argument('[files...]', 'files or folders, as -f takes them'));
  return command
    .addOption(new Option('-f, --filename <path>', fileHelp).argParser(collect))
    .option('-R, --recursive', 'read the subfolders of a folder given to -f too');
}

/** The input paths: `-f` values, then positional files; none is a usage error. */
export function inputFiles(flags: FileFlags, positional: readonly string[] = []): string[] {
  const files = [...(flags.filename ?? []), ...positional];
  if (files.length === 0)
    throw new UsageError(
      'must specify -f FILE (a file, a folder, or - for standard input), or FILE arguments',
    );
  return files;
}

/** The formats `-o` prints objects in where a command prints objects it read or made. */
export const ObjectFormats = ['yaml', 'json', 'name'] as const;

/** One of {@link ObjectFormats}. */
export type ObjectFormat = (typeof ObjectFormats)[number];

/** `-o, --output <format>`: `yaml`, `json` or `name`, with `fallback` as the default when given. */
export function objectOutputOption(help: string, fallback?: ObjectFormat): Option {
  const option = new Option('-o, --output <format>', help).choices(ObjectFormats);
  return fallback === undefined ? option : option.default(fallback);
}
