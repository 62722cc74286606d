// SPDX-License-Identifier: Apache-2.0
// What the migrate tests share: the shipped ClusterTrainingRuntimes of manifests/runtimes, by name.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { ShippedRuntimes } from '../src/migrate/context.js';

type Json = Record<string, unknown>;

const runtimesDir = join(import.meta.dirname, '..', '..', '..', 'manifests', 'runtimes');

/** The shipped runtimes, read once per test file. */
export const shippedRuntimes: ShippedRuntimes = new Map(
  readdirSync(runtimesDir)
    .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
    .map((f) => parse(readFileSync(join(runtimesDir, f), 'utf8')) as Json)
    .map((o) => [(o.metadata as Json).name as string, o]),
);
