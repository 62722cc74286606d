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
  return execFileSync(kubectlPath(), ['--kubeconfig', kubeconfigPath(), ...args], { encoding: 'utf8' });
}

/** Installs the CRDs and both runtimes; waits until the CRDs are Established. */
export async function installBenchApi(client: KubeClient): Promise<void> {
  const files = CRD_FILES.flatMap((f) => ['-f', f]);
  kubectl(['apply', '--server-side', '--force-conflicts', `--field-manager=${FIELD_MANAGER}`, ...files]);
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

/** A 2-node, CPU-only torch TrainJob on the benchmark runtime. */
export function benchTrainJob(name: string, numNodes = 2): KubeObject {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name },
    spec: {
      runtimeRef: { name: BENCH_RUNTIME, apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
      trainer: { numNodes, command: ['torchrun', 'train.py'] },
    },
  };
}
