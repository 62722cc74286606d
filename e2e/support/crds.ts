// SPDX-License-Identifier: Apache-2.0
// Installing CustomResourceDefinitions by server-side apply and waiting until they are served.
import { ApiextensionsV1Api, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { applyObject, readYamlObjects } from './apply.js';
import { cluster } from './cluster.js';
import { waitFor } from './wait.js';

/** kubetrain's own CRDs, as `make generate` writes them. */
export const KUBETRAIN_CRD_FILES = [
  'manifests/crds/trainer.kubeflow.org_trainjobs.yaml',
  'manifests/crds/trainer.kubeflow.org_trainingruntimes.yaml',
  'manifests/crds/trainer.kubeflow.org_clustertrainingruntimes.yaml',
];

/**
 * Server-side applies the CRDs of `files` (paths relative to the repository root) as `fieldManager`,
 * forcing conflicts, then waits until each is Established and NamesAccepted. Returns the CRDs.
 */
export async function installCrds(
  files: string[],
  fieldManager: string,
): Promise<V1CustomResourceDefinition[]> {
  const crds = files.flatMap((f) => readYamlObjects<V1CustomResourceDefinition>(f));
  for (const crd of crds) await applyObject(crd, fieldManager);
  const api = cluster().kubeConfig.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    const name = crd.metadata?.name ?? '';
    await waitFor(`CRD ${name} Established`, async () => {
      const current = await api.readCustomResourceDefinition({ name });
      const isTrue = (type: string) =>
        current.status?.conditions?.some((c) => c.type === type && c.status === 'True');
      return isTrue('Established') && isTrue('NamesAccepted') ? current : undefined;
    });
  }
  return crds;
}

/** Installs kubetrain's CRDs (see {@link KUBETRAIN_CRD_FILES}). */
export async function installKubetrainCrds(
  fieldManager = 'kubetrain-e2e',
): Promise<V1CustomResourceDefinition[]> {
  return installCrds(KUBETRAIN_CRD_FILES, fieldManager);
}
