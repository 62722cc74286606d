// SPDX-License-Identifier: Apache-2.0
// Runs apimachinery's StrategicMergePatch through the hack/smp-diff Go program (built by build.sh when missing).
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The Go struct a request names: jobset v1alpha2 JobSetSpec, core/v1 PodTemplateSpec, or the table's case type. */
export type SchemaName = 'JobSetSpec' | 'PodTemplateSpec' | 'SmpCase';

/** One request line of the Go program. `ours`, when set, is put through the same typed round trip. */
export interface UpstreamRequest {
  original: unknown;
  patch: unknown;
  schema: SchemaName;
  ours?: unknown;
}

/** One response line: upstream's typed result or error, and our result after the same round trip. */
export interface UpstreamResponse {
  result?: unknown;
  error?: string;
  ours?: unknown;
  oursError?: string;
}

const BUILD = fileURLToPath(new URL('./build.sh', import.meta.url));

/** Builds the Go program if its binary is missing (a cold build takes a minute or two) and returns its path. */
export function smpDiffBinary(): string {
  return execFileSync(BUILD, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }).trim();
}

/** Sends every request to the Go program at `binary` in one run; the responses come back in request order. */
export function runUpstream(binary: string, requests: readonly UpstreamRequest[]): UpstreamResponse[] {
  const input = requests.map((r) => JSON.stringify(r)).join('\n') + '\n';
  const out = execFileSync(binary, { input, encoding: 'utf8', maxBuffer: 1 << 30 });
  const responses = out
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as UpstreamResponse);
  if (responses.length !== requests.length) {
    throw new Error(`smp-diff answered ${responses.length} of ${requests.length} requests`);
  }
  return responses;
}
