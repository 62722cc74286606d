// SPDX-License-Identifier: Apache-2.0
// Golden files: compare rendered text with a checked-in file, or rewrite the file with UPDATE_GOLDEN=1.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';

/** Options of {@link expectGolden}. */
export interface GoldenOptions {
  /**
   * The folder of golden files; defaults to `testdata/` beside the running test file (the path jest
   * reports in `expect.getState().testPath`).
   */
  readonly dir?: string;
  /** Rewrite the file instead of comparing; defaults to `UPDATE_GOLDEN=1` in the environment. */
  readonly update?: boolean;
}

/** The path of golden file `name` (`.yaml` is added when the name has no extension). */
export function goldenPath(name: string, options: GoldenOptions = {}): string {
  const file = extname(name) === '' ? `${name}.yaml` : name;
  if (options.dir !== undefined) return join(options.dir, file);
  const testPath = expect.getState().testPath;
  if (testPath === undefined) throw new Error('expectGolden needs options.dir outside a jest test');
  return join(dirname(testPath), 'testdata', file);
}

/**
 * Asserts that `actual` equals golden file `name` byte for byte, showing jest's diff when it does not.
 * With `UPDATE_GOLDEN=1` (or `options.update`) the file is written instead, folders included, and the
 * assertion passes; a missing file fails with the command that creates it.
 */
export function expectGolden(name: string, actual: string, options: GoldenOptions = {}): void {
  const path = goldenPath(name, options);
  const update = options.update ?? process.env.UPDATE_GOLDEN === '1';
  if (update) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, actual);
    return;
  }
  if (!existsSync(path)) {
    throw new Error(`golden file ${path} does not exist; run the test with UPDATE_GOLDEN=1 to write it`);
  }
  expect(actual).toBe(readFileSync(path, 'utf8'));
}
