// SPDX-License-Identifier: Apache-2.0
// Reads upstream Trainer v2.3.0's runtimes and examples in place (../shared/reference/upstream,
// relative to the repository root) for the golden and validation tests. Nothing is copied into the
// project, and nothing is read until a function is called.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseAllDocuments } from 'yaml';
import type { KubeObject, TrainJob, TrainingRuntime } from './engine-types.js';

/** The upstream v2.3.0 reference directory, from the repository root (jest's working directory). */
export const upstreamDir = '../shared/reference/upstream/trainer-v2.3.0';

/** Training Operator v1.9.4's examples, read in place (an absolute path: ../shared beside the repository). */
export const v1ExamplesDir = join(
  import.meta.dirname,
  '..',
  '..',
  '..',
  '..',
  'shared',
  'reference',
  'upstream',
  'training-operator-v1.9.4',
  'examples',
);

/** Every `.yaml` file below `dir` (kustomizations excluded), sorted, as paths relative to it. */
export function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d).sort()) {
      const path = join(d, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (entry.endsWith('.yaml') && entry !== 'kustomization.yaml') out.push(relative(dir, path));
    }
  };
  walk(dir);
  return out;
}

/** The non-empty YAML documents of a file as plain objects. */
export function readObjects(path: string): KubeObject[] {
  return parseAllDocuments(readFileSync(path, 'utf8'))
    .map((d) => d.toJS() as KubeObject | null)
    .filter((o): o is KubeObject => o !== null && typeof o === 'object');
}

/** The non-empty YAML documents of the upstream file `path` (relative to {@link upstreamDir}). */
export function readUpstream(path: string): KubeObject[] {
  return readObjects(join(upstreamDir, path));
}

/** The one runtime of the upstream file `path` (relative to {@link upstreamDir}). */
export function readUpstreamRuntime(path: string): TrainingRuntime {
  const [runtime] = readUpstream(path);
  if (runtime === undefined) throw new Error(`no document in ${path}`);
  return runtime as TrainingRuntime;
}

/** The shipped runtimes, by name. */
export function upstreamRuntimes(): Map<string, { file: string; runtime: TrainingRuntime }> {
  const out = new Map<string, { file: string; runtime: TrainingRuntime }>();
  for (const file of yamlFiles(join(upstreamDir, 'runtimes'))) {
    for (const o of readObjects(join(upstreamDir, 'runtimes', file))) {
      out.set(o.metadata.name ?? '', { file, runtime: o as TrainingRuntime });
    }
  }
  return out;
}

/** The examples: each file's TrainJobs and its own runtimes. */
export function upstreamExamples(): Array<{
  file: string;
  trainJobs: TrainJob[];
  runtimes: TrainingRuntime[];
}> {
  return yamlFiles(join(upstreamDir, 'examples')).map((file) => {
    const objects = readObjects(join(upstreamDir, 'examples', file));
    return {
      file,
      trainJobs: objects.filter((o) => o.kind === 'TrainJob') as TrainJob[],
      runtimes: objects.filter((o) => o.kind.endsWith('TrainingRuntime')) as TrainingRuntime[],
    };
  });
}
