// SPDX-License-Identifier: Apache-2.0
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { renderCrdFiles } from '../crd/index.js';
import { renderV1CrdFiles, V1_CRD_DIR } from './crd.js';
import { V1Kinds } from './kind-names.js';
import { V1KindDefinitions } from './kinds.js';

const DIR = fileURLToPath(new URL(`../../../../${V1_CRD_DIR}/`, import.meta.url));

describe('generated v1 CRDs', () => {
  const files = renderV1CrdFiles();

  it('are up to date in manifests/crds-v1 (run `make generate` when this fails)', () => {
    expect(readdirSync(DIR).sort()).toEqual(Object.keys(files).sort());
    for (const [name, text] of Object.entries(files)) {
      expect({ name, text: readFileSync(DIR + name, 'utf8') }).toEqual({ name, text });
    }
  });

  it('have a kustomization listing every v1 CRD and nothing of the v2 install', () => {
    const kustomization = parse(files['kustomization.yaml']!) as { resources: string[] };
    expect(kustomization.resources).toEqual(
      Object.values(V1KindDefinitions)
        .map((d) => `kubeflow.org_${d.plural}.yaml`)
        .sort(),
    );
    for (const name of Object.keys(renderCrdFiles()))
      if (name !== 'kustomization.yaml') expect(files).not.toHaveProperty(name);
  });

  it('V1Kinds lists every kind with its group, version and plural', () => {
    expect(V1Kinds.map((k) => `${k.plural}.${k.group}/${k.version} ${k.kind}`)).toEqual(
      Object.values(V1KindDefinitions).map((d) => `${d.plural}.kubeflow.org/v1 ${d.kind}`),
    );
  });
});
