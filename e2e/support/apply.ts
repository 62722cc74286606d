// SPDX-License-Identifier: Apache-2.0
// Server-side apply of plain objects and of YAML files, the way the controller will write them.
import { readFileSync } from 'node:fs';
import { loadYaml, PatchStrategy, type KubernetesObject } from '@kubernetes/client-node';
import { parseAllDocuments } from 'yaml';
import { cluster } from './cluster.js';

/** The repository root (e2e/support/ is two levels below it). */
export const REPO_ROOT = new URL('../../', import.meta.url).pathname;

/** The objects of a YAML file (path relative to the repository root), empty documents skipped. */
export function readYamlObjects<T extends KubernetesObject = KubernetesObject>(path: string): T[] {
  const text = readFileSync(new URL(path, `file://${REPO_ROOT}`), 'utf8');
  return parseAllDocuments(text)
    .map((doc) => doc.toJS() as T | null)
    .filter((obj): obj is T => obj !== null && typeof obj === 'object');
}

/**
 * Server-side applies `obj` (a plain object with the field names of the wire format) as `fieldManager`,
 * forcing conflicts when `force`, and returns the result. Objects of kinds client-node knows are first read
 * into its typed models (`loadYaml` of the JSON text): client-node serialises those by their TypeScript
 * property names, so a plain CRD would otherwise lose every `x-kubernetes-*` keyword on the way.
 */
export async function applyObject<T extends KubernetesObject>(
  obj: T,
  fieldManager: string,
  { force = true, dryRun }: { force?: boolean; dryRun?: 'All' } = {},
): Promise<T> {
  return cluster().objects.patch<T>(
    loadYaml<T>(JSON.stringify(obj)),
    undefined,
    dryRun,
    fieldManager,
    force,
    PatchStrategy.ServerSideApply,
  );
}
