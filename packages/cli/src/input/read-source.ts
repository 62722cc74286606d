// SPDX-License-Identifier: Apache-2.0
// Reading the bytes of an input path: a regular file, a folder of YAML files, or `-` for stdin,
// each refused up front when it is something else (a device, a FIFO, a socket) or too large.

import { openSync, closeSync, fstatSync, readSync, readdirSync, statSync } from 'node:fs';
import type { Stats } from 'node:fs';
import { join, resolve } from 'node:path';
import { CliError } from '../io.js';
import { decodeText } from './decode-text.js';

/** The text of one input file, with the name messages show for it. */
export interface SourceText {
  readonly source: string;
  readonly text: string;
}

/** What a read may take: at most `maxFileBytes` per file (or stdin); and whether folders are walked. */
interface ReadLimits {
  readonly maxFileBytes: number;
  /** Read the files of subfolders too (`-R`); otherwise a folder's own files only, as kubectl reads it. */
  readonly recursive: boolean;
}

/** The name `-f -` shows in messages. */
const STDIN_NAME = '<stdin>';

/** What kind of file system object `stats` is, for messages. */
function describeStats(stats: Stats): string {
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isDirectory()) return 'a folder';
  return 'not a regular file';
}

function tooLarge(source: string, limits: ReadLimits): CliError {
  return new CliError(
    `${source}: larger than ${limits.maxFileBytes} bytes, the most one file may hold (16 × --max-bytes)`,
  );
}

/** Reads a regular file whose size is known, refusing it before reading when it is too large. */
function readRegularFile(full: string, shown: string, limits: ReadLimits): SourceText {
  let fd: number;
  try {
    fd = openSync(full, 'r');
  } catch (e) {
    throw new CliError(`${shown}: cannot be read: ${(e as NodeJS.ErrnoException).code ?? String(e)}`);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new CliError(`${shown}: is ${describeStats(stats)}, not a regular file`);
    if (stats.size > limits.maxFileBytes) throw tooLarge(shown, limits);
    const buffer = Buffer.alloc(stats.size);
    let read = 0;
    while (read < stats.size) {
      const n = readSync(fd, buffer, read, stats.size - read, read);
      if (n === 0) break;
      read += n;
    }
    return { source: shown, text: decodeText(buffer.subarray(0, read)) };
  } finally {
    closeSync(fd);
  }
}

/**
 * The YAML and JSON files of a folder (`.yaml`, `.yml`, `.json`, as kubectl reads a folder), and of
 * its subfolders when `recursive`, sorted by path (`kustomization.yaml` excluded).
 */
function inputFilesIn(dir: string, recursive: boolean): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Symbolic links to folders are not followed (no cycles); links to files are read as files.
    if (entry.isDirectory()) {
      if (recursive) files.push(...inputFilesIn(path, true));
    } else if (/\.(ya?ml|json)$/.test(entry.name) && entry.name !== 'kustomization.yaml') files.push(path);
  }
  return files.sort();
}

/**
 * Reads the input files of `path` (resolved against `cwd`): the file itself, or the YAML and JSON
 * files of a folder (of its subfolders too when `limits.recursive`); a folder without any is refused. Anything that is not a regular file or a folder (`/dev/zero`, a FIFO, a
 * socket) is refused before it is opened, and so is a file larger than `limits.maxFileBytes`.
 */
export function readPath(path: string, cwd: string, limits: ReadLimits): SourceText[] {
  const full = resolve(cwd, path);
  let stats: Stats;
  try {
    stats = statSync(full);
  } catch {
    throw new CliError(`${path}: no such file or folder`);
  }
  if (stats.isDirectory()) {
    const files = inputFilesIn(full, limits.recursive);
    if (files.length === 0)
      throw new CliError(
        `${path}: a folder without .json, .yaml or .yml files${limits.recursive ? '' : ' (-R reads its subfolders too)'}`,
      );
    return files.map((file) => {
      const shown = join(path, file.slice(full.length + 1));
      const fileStats = statSync(file, { throwIfNoEntry: false });
      if (fileStats !== undefined && !fileStats.isFile())
        throw new CliError(`${shown}: is ${describeStats(fileStats)}, not a regular file`);
      return readRegularFile(file, shown, limits);
    });
  }
  if (!stats.isFile())
    throw new CliError(`${path}: is ${describeStats(stats)}, not a regular file or a folder`);
  return [readRegularFile(full, path, limits)];
}

/** Reads standard input to its end, refusing it as soon as it passes `limits.maxFileBytes`. */
export async function readStdin(
  stdin: AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string> | undefined,
  limits: ReadLimits,
): Promise<SourceText> {
  if (stdin === undefined) throw new CliError(`-f -: no standard input to read`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk);
    size += bytes.length;
    if (size > limits.maxFileBytes) throw tooLarge(STDIN_NAME, limits);
    chunks.push(bytes);
  }
  return { source: STDIN_NAME, text: decodeText(Buffer.concat(chunks)) };
}
