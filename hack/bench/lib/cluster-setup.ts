// SPDX-License-Identifier: Apache-2.0
// What the controller benchmark installs in the local control plane before it measures: the
// TrainJob API (manifests/crds), the shipped torch runtime (manifests/runtimes/torch-distributed)
// and a benchmark copy of it whose pods carry the kwok outcome annotations, so every pod of a
// benchmark TrainJob succeeds one second after it starts (hack/cluster/config/kwok-outcome-stages.yaml).
import { execFileSync } from 'node:child_process';
import { kubeconfigPath, kubectlPath, type KubeClient, type KubeObject } from './kube-client.js';

/** The ClusterTrainingRuntime the benchmark TrainJobs reference. */
export const BENCH_RUNTIME = 'bench-torch-distributed';
/** The shipped runtime it is copied from. */
export const SHIPPED_RUNTIME = 'torch-distributed';
/** Field manager of everything the benchmark applies. */
export const FIELD_MANAGER = 'kubetrain-bench';
/** The pod annotations of hack/cluster's kwok stages: succeed after one second. */
export const KWOK_SUCCEED = { 'kwok.kubetrain.dev/outcome': 'succeed', 'kwok.kubetrain.dev/duration': '1s' };

const REPO = new URL('../../../', import.meta.url).pathname;
const CRD_FILES = ['trainjobs', 'trainingruntimes', 'clustertrainingruntimes'].map(
  (r) => `${REPO}manifests/crds/trainer.kubeflow.org_${r}.yaml`,
);

function kubectl(args: string[]): string {
  return execFileSync(kubectlPath(), ['--kubeconfig', kubeconfigPath(), ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
}

/**
 * The API server forbids anything but `type` in a CRD's `metadata` schema ("must not specify
 * anything other than name and generateName"). When a generated CRD carries more (a description),
 * install it with `{type: object}` there and say so, rather than fail the whole benchmark.
 */
export function servableCrd(crd: KubeObject): { crd: KubeObject; changed: boolean } {
  const out = structuredClone(crd);
  let changed = false;
  const versions = ((out['spec'] as { versions?: unknown[] } | undefined)?.versions ?? []) as {
    schema?: { openAPIV3Schema?: { properties?: Record<string, Record<string, unknown>> } };
  }[];
  for (const v of versions) {
    const props = v.schema?.openAPIV3Schema?.properties;
    if (props?.['metadata'] && Object.keys(props['metadata']).some((k) => k !== 'type')) {
      props['metadata'] = { type: 'object' };
      changed = true;
    }
  }
  return { crd: out, changed };
}

/** Installs the CRDs and both runtimes; waits until the CRDs are Established. */
export async function installBenchApi(client: KubeClient): Promise<void> {
  const files = CRD_FILES.flatMap((f) => ['-f', f]);
  for (const file of CRD_FILES) {
    const item = JSON.parse(kubectl(['create', '--dry-run=client', '-o', 'json', '-f', file])) as KubeObject;
    const { crd, changed } = servableCrd(item);
    if (changed) {
      console.log(
        `warning: ${crd.metadata.name}: metadata schema has more than \`type\` (the API server rejects it); installed with {type: object}`,
      );
    }
    await client.request(
      `/apis/apiextensions.k8s.io/v1/customresourcedefinitions/${crd.metadata.name}?fieldManager=${FIELD_MANAGER}&force=true`,
      { method: 'PATCH', contentType: 'application/apply-patch+yaml', body: crd },
    );
  }
  kubectl(['wait', '--for=condition=Established', '--timeout=60s', ...files]);
  kubectl([
    'apply',
    '--server-side',
    '--force-conflicts',
    `--field-manager=${FIELD_MANAGER}`,
    '-f',
    `${REPO}manifests/runtimes/${SHIPPED_RUNTIME}.yaml`,
  ]);
  const shipped = JSON.parse(
    kubectl(['get', 'clustertrainingruntime', SHIPPED_RUNTIME, '-o', 'json']),
  ) as KubeObject;
  await client.request(
    `/apis/trainer.kubeflow.org/v1alpha1/clustertrainingruntimes/${BENCH_RUNTIME}?fieldManager=${FIELD_MANAGER}&force=true`,
    { method: 'PATCH', contentType: 'application/apply-patch+yaml', body: benchRuntime(shipped) },
  );
}

/** The benchmark copy of a runtime: same spec, named {@link BENCH_RUNTIME}, pods annotated for kwok. */
export function benchRuntime(shipped: KubeObject): KubeObject {
  const spec = structuredClone(shipped['spec']) as RuntimeSpec;
  for (const rj of spec.template.spec.replicatedJobs) {
    const pod = rj.template.spec.template;
    pod.metadata = { ...pod.metadata, annotations: { ...pod.metadata?.annotations, ...KWOK_SUCCEED } };
  }
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'ClusterTrainingRuntime',
    metadata: { name: BENCH_RUNTIME, labels: shipped.metadata['labels'] as Record<string, string> },
    spec,
  };
}

interface RuntimeSpec {
  template: {
    spec: {
      replicatedJobs: {
        template: { spec: { template: { metadata?: { annotations?: Record<string, string> } } } };
      }[];
    };
  };
}

/** A 2-node, CPU-only torch TrainJob on the benchmark runtime (or the ClusterTrainingRuntime `runtime`). */
export function benchTrainJob(name: string, numNodes = 2, runtime = BENCH_RUNTIME): KubeObject {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name },
    spec: {
      runtimeRef: { name: runtime, apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
      trainer: { numNodes, command: ['torchrun', 'train.py'] },
    },
  };
}
