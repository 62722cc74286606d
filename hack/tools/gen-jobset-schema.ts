// SPDX-License-Identifier: Apache-2.0
// Extracts the schema fragments packages/api embeds from the JobSet CRD of
// the pinned Go module sigs.k8s.io/jobset (the schema upstream Trainer embeds in its runtime CRDs).
// The TypeScript types of JobSet are the lead's, in packages/api/src/foreign.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';

/** The JobSet module version upstream Trainer v2.3 builds against. */
export const JOBSET_MODULE = 'sigs.k8s.io/jobset@v0.12.0';

/** Path of the JobSet CRD inside the module. */
const CRD_PATH = 'config/components/crd/bases/jobset.x-k8s.io_jobsets.yaml';

type Json = { [key: string]: unknown };

/**
 * Downloads a Go module (`path@version`) with `go mod download` (from a temporary folder, so that no go.mod
 * is touched) and returns the folder it is extracted in.
 */
export function downloadGoModule(module: string): string {
  const out = execFileSync('go', ['mod', 'download', '-json', module], {
    cwd: tmpdir(),
    encoding: 'utf8',
    env: { ...process.env, GOFLAGS: '-mod=mod' },
  });
  const info = JSON.parse(out) as { Dir?: string; Error?: string };
  if (!info.Dir) throw new Error(`go mod download ${module} failed: ${info.Error ?? out}`);
  return info.Dir;
}

/** Downloads the pinned JobSet module and returns the text of its CRD. */
export function readJobSetCrd(): string {
  return readFileSync(join(downloadGoModule(JOBSET_MODULE), CRD_PATH), 'utf8');
}

/** The fragments the API embeds: the JobSet spec and the metav1.Condition item schema. */
export interface JobSetSchemas {
  jobSetSpec: Json;
  condition: Json;
}

/**
 * Extracts the fragments from the JobSet CRD text, without their descriptions (the CRDs describe only
 * kubetrain's own fields, as controller-gen's `crd:maxDescLen=0` leaves foreign ones); keys are sorted for
 * deterministic output.
 */
export function extractJobSetSchemas(crdText: string): JobSetSchemas {
  const crd = parse(crdText) as Json;
  const versions = (crd.spec as Json).versions as Json[];
  const v1alpha2 = versions.find((v) => v.name === 'v1alpha2');
  if (!v1alpha2) throw new Error('JobSet CRD has no v1alpha2 version');
  const root = (v1alpha2.schema as Json).openAPIV3Schema as Json;
  const props = root.properties as Record<string, Json>;
  const status = props.status?.properties as Record<string, Json>;
  const conditions = status.conditions as Json;
  return sortKeys({
    jobSetSpec: stripDescriptions(props.spec as Json),
    condition: stripDescriptions(conditions.items as Json),
  }) as JobSetSchemas;
}

/** Keywords whose value is one schema node; `allOf`, `anyOf` and `oneOf` hold lists of them. */
const NODE_KEYWORDS = new Set(['items', 'additionalProperties', 'not']);
const NODE_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);

/**
 * Returns a copy of a schema node without the `description` keyword, in it and in every node below it. A
 * property that happens to be named `description` stays: only the keyword goes.
 */
export function stripDescriptions(node: Json): Json {
  const out: Json = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === 'description') continue;
    if (k === 'properties') {
      const props = Object.entries(v as Record<string, Json>);
      out[k] = Object.fromEntries(props.map(([name, child]) => [name, stripDescriptions(child)]));
    } else if (NODE_KEYWORDS.has(k) && v && typeof v === 'object') out[k] = stripDescriptions(v as Json);
    else if (NODE_LIST_KEYWORDS.has(k)) out[k] = (v as Json[]).map(stripDescriptions);
    else out[k] = v;
  }
  return out;
}

/** Returns a deep copy of a JSON value with object keys sorted. */
export function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === 'object') {
    const out: Json = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Json)[k]);
    return out;
  }
  return v;
}
