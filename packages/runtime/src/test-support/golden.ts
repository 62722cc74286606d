// SPDX-License-Identifier: Apache-2.0
// Golden renders for the engine's tests: render to YAML (checking that a second render is
// byte-identical) and compare with a checked-in file; `UPDATE_GOLDEN=1` rewrites the file.

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { stringify } from 'yaml';
import { render } from '../engine.js';
import type { KubeObject, RuntimeInput, TrainJobInput } from '../types.js';

/** Renders objects to YAML: one document per object. */
export function toYaml(objects: readonly KubeObject[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0 })).join('---\n');
}

/** The YAML of `render(trainJob, runtime)`; asserts that rendering again gives the same bytes. */
export function renderYaml(trainJob: TrainJobInput, runtime: RuntimeInput): string {
  const first = toYaml(render(trainJob, runtime).objects);
  expect(toYaml(render(trainJob, runtime).objects)).toBe(first);
  return first;
}

/**
 * Asserts that `yaml` equals the golden file `path` byte for byte. With `UPDATE_GOLDEN=1` the file
 * (and its folder) is written first; without it a missing file fails.
 */
export function expectGolden(path: string, yaml: string): void {
  if (process.env['UPDATE_GOLDEN'] === '1') {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, yaml);
  }
  expect(existsSync(path)).toBe(true);
  expect(yaml).toBe(readFileSync(path, 'utf8'));
}
