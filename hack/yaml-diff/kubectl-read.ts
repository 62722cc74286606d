// SPDX-License-Identifier: Apache-2.0
// How the real kubectl reads a file: `kubectl label --local -f FILE... -o jsonpath={@}`, which parses
// each file as every kubectl command does (sigs.k8s.io/yaml's YAML-to-JSON and the JSON/YAML stream
// splitter) and prints the objects, one compact JSON line each, without contacting a cluster. The
// label it adds is removed again.
//
// Every file is read in one kubectl call: a sentinel file (one ConfigMap of a known name) follows
// each case, so that the objects printed between two sentinels are the case's own, and a refusal
// names its file ("error parsing FILE: ..." or "unable to decode "FILE": ..."). When a sentinel is
// missing or an error names no file, each case is read again on its own.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJsonLossless } from '@kubetrain/api/core';

/** The label the driver adds, which `label` needs, and which the comparison removes. */
export const DIFF_LABEL = 'kubetrain-yaml-diff';

/** The name of the sentinel ConfigMaps. */
const SENTINEL = 'kubetrain-yaml-diff-sentinel';

/** What kubectl made of a file: the objects, or its error. */
export type KubectlVerdict =
  | { readonly accepted: true; readonly objects: readonly Record<string, unknown>[] }
  | { readonly accepted: false; readonly error: string };

/** The path of the kubectl binary the differential test runs: `$KUBECTL` (`make yaml-diff` sets it). */
export function kubectlBinary(): string {
  const path = process.env.KUBECTL;
  if (path === undefined || path === '')
    throw new Error(
      'KUBECTL is not set: run `make yaml-diff`, which finds kubectl with hack/cluster/which.sh',
    );
  return path;
}

function withoutDiffLabel(object: Record<string, unknown>): Record<string, unknown> {
  const metadata = object.metadata as Record<string, unknown>;
  const labels = { ...(metadata.labels as Record<string, unknown>) };
  delete labels[DIFF_LABEL];
  const rest = { ...metadata };
  if (Object.keys(labels).length === 0) delete rest.labels;
  else rest.labels = labels;
  return { ...object, metadata: rest };
}

interface Run {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `kubectl label --local` on `files`, stdin closed, without a kubeconfig. */
function run(kubectl: string, files: readonly string[]): Promise<Run> {
  const args = [
    'label',
    '--local',
    ...files.flatMap((f) => ['-f', f]),
    `${DIFF_LABEL}=x`,
    '-o',
    'jsonpath={@}{"\\n"}',
  ];
  // No kubeconfig: `--local` must never contact a cluster.
  const env = { ...process.env, KUBECONFIG: join(tmpdir(), 'kubetrain-yaml-diff-no-kubeconfig') };
  return new Promise((resolve) => {
    const child = execFile(
      kubectl,
      args,
      { env, maxBuffer: 256 << 20, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ ok: error === null, stdout, stderr }),
    );
    child.stdin?.end();
  });
}

/** The printed objects, one JSON line each. */
function printedObjects(stdout: string): Record<string, unknown>[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => withoutDiffLabel(parseJsonLossless(line) as Record<string, unknown>));
}

function isSentinel(object: Record<string, unknown>): string | undefined {
  const name = (object.metadata as Record<string, unknown> | undefined)?.name;
  return typeof name === 'string' && name.startsWith(`${SENTINEL}-`)
    ? name.slice(SENTINEL.length + 1)
    : undefined;
}

/** The file an error line names, if any. */
function erroredFile(line: string): string | undefined {
  const match = /^(?:error: )?(?:error parsing (\S+?): |unable to decode "([^"]+)": )/.exec(line);
  return match?.[1] ?? match?.[2];
}

/** One file on its own. */
async function readOne(kubectl: string, file: string): Promise<KubectlVerdict> {
  const result = await run(kubectl, [file]);
  if (!result.ok) return { accepted: false, error: result.stderr.trim() };
  return { accepted: true, objects: printedObjects(result.stdout) };
}

/** Every case in one call, split at the sentinels; undefined when the output cannot be attributed. */
async function readBatch(kubectl: string, files: readonly string[], sentinels: readonly string[]) {
  const result = await run(
    kubectl,
    files.flatMap((f, i) => [f, sentinels[i] as string]),
  );
  const errors = new Map<string, string>();
  for (const line of result.stderr.split('\n').filter((l) => l.trim() !== '')) {
    const file = erroredFile(line);
    if (file === undefined) return undefined;
    errors.set(file, line);
  }
  const out: KubectlVerdict[] = [];
  let current: Record<string, unknown>[] = [];
  for (const object of printedObjects(result.stdout)) {
    const index = isSentinel(object);
    if (index === undefined) {
      current.push(object);
      continue;
    }
    if (Number(index) !== out.length) return undefined;
    const file = files[out.length] as string;
    const error = errors.get(file);
    out.push(error === undefined ? { accepted: true, objects: current } : { accepted: false, error });
    current = [];
  }
  return out.length === files.length && current.length === 0 ? out : undefined;
}

/** kubectl's verdict on each file content, in order. */
export async function kubectlRead(
  kubectl: string,
  contents: readonly Uint8Array[],
): Promise<KubectlVerdict[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kubetrain-yaml-diff-'));
  try {
    const files = contents.map((bytes, i) => {
      const file = join(dir, `case-${String(i).padStart(5, '0')}.yaml`);
      writeFileSync(file, bytes);
      return file;
    });
    const sentinels = contents.map((_, i) => {
      const file = join(dir, `sentinel-${String(i).padStart(5, '0')}.json`);
      writeFileSync(
        file,
        JSON.stringify({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: `${SENTINEL}-${i}` } }),
      );
      return file;
    });
    const batch = await readBatch(kubectl, files, sentinels);
    if (batch !== undefined) return batch;
    const out: KubectlVerdict[] = [];
    for (const file of files) out.push(await readOne(kubectl, file));
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
