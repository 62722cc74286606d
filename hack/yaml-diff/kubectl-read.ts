// SPDX-License-Identifier: Apache-2.0
// How the real kubectl reads a file: `kubectl label --local -f FILE -o json`, which parses the file
// as every kubectl command does (sigs.k8s.io/yaml's YAML-to-JSON and the JSON/YAML stream
// splitter) and prints the objects without contacting a cluster. The label it adds is removed again.

import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseJsonLossless } from '@kubetrain/api/core';

/** The label the driver adds, which `label` needs, and which the comparison removes. */
export const DIFF_LABEL = 'kubetrain-yaml-diff';

/** What kubectl made of a file: the objects, or its error. */
export type KubectlVerdict =
  | { readonly accepted: true; readonly objects: readonly Record<string, unknown>[] }
  | { readonly accepted: false; readonly error: string };

/** The path of the kubectl binary the differential test runs: `$KUBECTL` (`make yaml-diff` sets it). */
export function kubectlBinary(): string {
  const path = process.env.KUBECTL;
  if (path === undefined || path === '')
    throw new Error('KUBECTL is not set: run `make yaml-diff`, which finds kubectl with hack/cluster/which.sh');
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

function run(kubectl: string, file: string): Promise<KubectlVerdict> {
  const args = ['label', '--local', '-f', file, `${DIFF_LABEL}=x`, '-o', 'json'];
  // No kubeconfig: `--local` must never contact a cluster.
  const env = { ...process.env, KUBECONFIG: join(tmpdir(), 'kubetrain-yaml-diff-no-kubeconfig') };
  return new Promise((resolve) => {
    execFile(kubectl, args, { env, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error !== null) {
        resolve({ accepted: false, error: stderr.trim() || error.message });
        return;
      }
      const printed = parseJsonLossless(stdout) as Record<string, unknown>;
      const items = printed.kind === 'List' ? (printed.items as Record<string, unknown>[]) : [printed];
      resolve({ accepted: true, objects: items.map(withoutDiffLabel) });
    });
  });
}

/** kubectl's verdict on each file content, in order (`concurrency` kubectl processes at a time). */
export async function kubectlRead(
  kubectl: string,
  contents: readonly Uint8Array[],
  concurrency = 2,
): Promise<KubectlVerdict[]> {
  const dir = mkdtempSync(join(tmpdir(), 'kubetrain-yaml-diff-'));
  try {
    const out: KubectlVerdict[] = new Array<KubectlVerdict>(contents.length);
    let next = 0;
    const worker = async () => {
      while (next < contents.length) {
        const i = next++;
        const file = join(dir, `case-${i}.yaml`);
        writeFileSync(file, contents[i] as Uint8Array);
        out[i] = await run(kubectl, file);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
