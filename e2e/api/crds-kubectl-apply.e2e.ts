// SPDX-License-Identifier: Apache-2.0
// kubetrain's CRDs install with plain client-side `kubectl apply` (no --server-side), which upstream's 0.5 to
// 0.9 MB CRDs cannot: kubectl stores the whole object in the last-applied annotation, and the API server
// rejects an object whose annotations exceed 256 KiB. The suite applies the three files with the pinned
// kubectl, waits until each CRD is Established, and checks the annotation. It ends by server-side applying the
// CRDs as the other suites do (support/crds.ts), so that they find the state they expect.
import { execFileSync } from 'node:child_process';
import { isDeepStrictEqual } from 'node:util';
import { ApiextensionsV1Api, type V1CustomResourceDefinition } from '@kubernetes/client-node';
import { readYamlObjects, REPO_ROOT } from '../support/apply.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { installKubetrainCrds, KUBETRAIN_CRD_FILES } from '../support/crds.js';

/** The annotation client-side apply writes. */
const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';
/** apimachinery's TotalAnnotationSizeLimitB: the keys and values of all annotations of one object. */
const ANNOTATIONS_LIMIT = 256 * 1024;

/** Runs the pinned kubectl (hack/cluster/which.sh) against the local control plane, from the repository root. */
function kubectl(...args: string[]): string {
  const bin = execFileSync(`${REPO_ROOT}hack/cluster/which.sh`, ['kubectl'], { encoding: 'utf8' }).trim();
  return execFileSync(bin, ['--kubeconfig', kubeconfigPath(), ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const files = KUBETRAIN_CRD_FILES.flatMap((f) => ['-f', f]);
const wanted = KUBETRAIN_CRD_FILES.flatMap((f) => readYamlObjects<V1CustomResourceDefinition>(f));
const names = wanted.map((crd) => crd.metadata?.name ?? '');

/** The byte size of an object's annotations, counted as the API server counts them (keys plus values). */
function annotationsSize(annotations: Record<string, string>): number {
  return Object.entries(annotations).reduce(
    (sum, [k, v]) => sum + Buffer.byteLength(k) + Buffer.byteLength(v),
    0,
  );
}

describe('kubetrain CRDs with client-side kubectl apply', () => {
  it('kubectl apply -f of the three CRD files succeeds', () => {
    const out = kubectl('apply', ...files);
    for (const name of names) {
      expect(out).toMatch(new RegExp(`customresourcedefinition\\.apiextensions\\.k8s\\.io/${name} `));
    }
  });

  it('every CRD becomes Established', () => {
    const out = kubectl('wait', '--for=condition=Established', '--timeout=120s', ...files);
    expect(out.trim().split('\n').sort()).toEqual(
      names.map((n) => `customresourcedefinition.apiextensions.k8s.io/${n} condition met`).sort(),
    );
  });

  it.each(names)('%s carries the last-applied annotation with our spec, under 256 KiB', async (name) => {
    const api = cluster().kubeConfig.makeApiClient(ApiextensionsV1Api);
    const crd = await api.readCustomResourceDefinition({ name });
    const annotations = crd.metadata?.annotations ?? {};
    const lastApplied = annotations[LAST_APPLIED];
    expect(lastApplied).toBeDefined();
    expect(annotationsSize(annotations)).toBeLessThan(ANNOTATIONS_LIMIT);
    const applied = JSON.parse(lastApplied ?? '{}') as { spec?: unknown };
    const file = wanted.find((c) => c.metadata?.name === name);
    expect(isDeepStrictEqual(applied.spec, file?.spec)).toBe(true);
  });

  it('server-side apply over them, as the other suites install the CRDs, still succeeds', async () => {
    const installed = await installKubetrainCrds();
    expect(installed.map((c) => c.metadata?.name).sort()).toEqual([...names].sort());
  });
});
