// SPDX-License-Identifier: Apache-2.0
// What Helm adds to the objects it renders, taken away so a chart rendering compares with the
// kustomize one: its labels, the config checksum on the pod template, the hook annotations of the
// runtimes; and the Configuration file compared parsed, not as text (comments and quoting differ).
import { parse } from 'yaml';
import type { RenderedObject } from './tools.js';

/** Labels Helm's chart adds (release bookkeeping), absent from manifests/. */
export const HELM_LABELS = [
  'app.kubernetes.io/instance',
  'app.kubernetes.io/version',
  'app.kubernetes.io/managed-by',
  'helm.sh/chart',
] as const;

const HELM_ANNOTATIONS = ['helm.sh/hook', 'helm.sh/hook-delete-policy', 'checksum/config'] as const;

function strip(
  map: Record<string, string> | undefined,
  keys: readonly string[],
): Record<string, string> | undefined {
  if (map === undefined) return undefined;
  const rest = Object.fromEntries(Object.entries(map).filter(([k]) => !keys.includes(k)));
  return Object.keys(rest).length > 0 ? rest : undefined;
}

function stripMetadata(metadata: RenderedObject['metadata']): RenderedObject['metadata'] {
  const labels = strip(metadata.labels, HELM_LABELS);
  const annotations = strip(metadata.annotations, HELM_ANNOTATIONS);
  const { labels: _l, annotations: _a, ...rest } = metadata;
  return { ...rest, ...(labels ? { labels } : {}), ...(annotations ? { annotations } : {}) };
}

/** A copy of `object` without what Helm adds; ConfigMap data that is YAML is parsed. */
export function normalize(object: RenderedObject): RenderedObject {
  const copy = structuredClone(object);
  copy.metadata = stripMetadata(copy.metadata);
  const template = (copy['spec'] as { template?: { metadata?: RenderedObject['metadata'] } } | undefined)
    ?.template;
  if (copy.kind === 'Deployment' && template?.metadata) template.metadata = stripMetadata(template.metadata);
  if (copy.kind === 'ConfigMap' && copy['data']) {
    copy['data'] = Object.fromEntries(
      Object.entries(copy['data'] as Record<string, string>).map(([k, v]) => [
        k,
        k.endsWith('.yaml') ? parse(v) : v,
      ]),
    );
  }
  return copy;
}
