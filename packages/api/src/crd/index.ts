// SPDX-License-Identifier: Apache-2.0
// CRD generation for the three kinds.
import { KindDefinitions } from './definitions.js';
import { crdFileName, renderCrd, renderKustomization } from './to-crd.js';

export { KindDefinitions } from './definitions.js';
export type { KindDefinition, PrinterColumn } from './definitions.js';
export { crdFileName, renderCrd, renderKustomization, toCrd, toStructuralSchema } from './to-crd.js';
export type { JSONSchemaProps } from './to-crd.js';

/** The generated files of manifests/crds, as file name to content. */
export function renderCrdFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const def of Object.values(KindDefinitions)) files[crdFileName(def)] = renderCrd(def);
  files['kustomization.yaml'] = renderKustomization(Object.keys(files));
  return files;
}
