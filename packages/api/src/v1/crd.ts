// SPDX-License-Identifier: Apache-2.0
// The generated CRDs of the v1 kinds (manifests/crds-v1), apart from the v2 kinds' default install.
import { crdFileName, renderCrd, renderKustomization } from '../crd/to-crd.js';
import { V1KindDefinitions } from './kinds.js';

/** The schema folder of the v1 kinds, named in the header of their generated files. */
const SOURCE = 'packages/api/src/v1';

/** The folder of the generated v1 CRDs, relative to the repository root. */
export const V1_CRD_DIR = 'manifests/crds-v1';

/** The generated files of manifests/crds-v1, as file name to content (the CRDs and their kustomization). */
export function renderV1CrdFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const def of Object.values(V1KindDefinitions)) files[crdFileName(def)] = renderCrd(def, SOURCE);
  files['kustomization.yaml'] = renderKustomization(Object.keys(files), SOURCE);
  return files;
}
