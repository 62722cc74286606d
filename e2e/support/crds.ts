// SPDX-License-Identifier: Apache-2.0
// Installing CustomResourceDefinitions and waiting until they are served.
import { ApiextensionsV1Api, loadYaml, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { apiStatus } from './api-errors.js';
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
  await waitForCrds(crds);
  return crds;
}

/** Installs kubetrain's CRDs (see {@link KUBETRAIN_CRD_FILES}). */
export async function installKubetrainCrds(
  fieldManager = 'kubetrain-e2e',
): Promise<V1CustomResourceDefinition[]> {
  return installCrds(KUBETRAIN_CRD_FILES, fieldManager);
}

/**
 * Puts the CRDs of `files` in place of whatever is installed under their names (create, or PUT over the
 * current one: unlike an apply, no field that another manager applied survives), then waits as
 * {@link installCrds} does. For installing an older release's CRDs on purpose.
 */
export async function replaceCrds(
  files: string[],
  fieldManager: string,
): Promise<V1CustomResourceDefinition[]> {
  const crds = files.flatMap((f) => readYamlObjects<V1CustomResourceDefinition>(f));
  const api = cluster().kubeConfig.makeApiClient(ApiextensionsV1Api);
  for (const crd of crds) {
    const name = crd.metadata?.name ?? '';
    // client-node writes its typed model: read the plain object into it first (see applyObject).
    const body = loadYaml<V1CustomResourceDefinition>(JSON.stringify(crd));
    const current = await api.readCustomResourceDefinition({ name }).catch((error: unknown) => {
      if (apiStatus(error)?.code === 404) return undefined;
      throw error;
    });
    if (current === undefined) {
      await api.createCustomResourceDefinition({ body, fieldManager });
    } else {
      body.metadata = { ...body.metadata, resourceVersion: current.metadata?.resourceVersion };
      await api.replaceCustomResourceDefinition({ name, body, fieldManager });
    }
  }
  await waitForCrds(crds);
  return crds;
}

async function waitForCrds(crds: V1CustomResourceDefinition[]): Promise<void> {
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
}
