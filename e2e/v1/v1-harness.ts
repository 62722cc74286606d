// SPDX-License-Identifier: Apache-2.0
// What the v1 suites share: the CRDs they need (kubetrain's, which the manager always watches, and the
// v1 kinds' of manifests/crds-v1), the manager with every served v1 kind, and reads of v1 jobs and of
// the pods and Services the manager made for them.
import type { V1Pod, V1Service } from '@kubernetes/client-node';
import { CustomObjectsApi, PatchStrategy } from '@kubernetes/client-node';
import { V1_CRD_DIR, V1_GROUP, V1_VERSION, V1KindDefinitions, V1ReplicaSpecsFields } from '@kubetrain/api';
import type { V1KindName } from '@kubetrain/api';
import { readYamlObjects } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { installCrds, installKubetrainCrds } from '../support/crds.js';
import { waitFor } from '../support/wait.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import {
  installCrdsAndShippedRuntimes,
  removeClusterRuntimes,
  startTestManager,
  TEST_CONFIG,
  type TestManager,
} from '../controller/harness.js';

/** A v1 job as plain JSON. */
export type Job = Record<string, unknown> & {
  metadata: { name: string; namespace?: string; uid?: string; annotations?: Record<string, string> };
  spec: Record<string, unknown>;
  status?: {
    conditions?: Array<{ type: string; status: string; reason?: string; message?: string }>;
    replicaStatuses?: Record<
      string,
      { active?: number; succeeded?: number; failed?: number; selector?: string }
    >;
    startTime?: string;
    completionTime?: string;
  };
};

/** Installs kubetrain's and the v1 kinds' CRDs. */
export async function installV1Crds(fieldManager: string): Promise<void> {
  await installKubetrainCrds(fieldManager);
  const [kustomization] = readYamlObjects(`${V1_CRD_DIR}/kustomization.yaml`) as unknown as [
    { resources: string[] },
  ];
  await installCrds(
    kustomization.resources.map((f) => `${V1_CRD_DIR}/${f}`),
    fieldManager,
  );
}

/** The manager, serving every v1 kind it supports, for `namespace`. */
export function startV1Manager(namespace: string): Promise<TestManager> {
  return startTestManager(namespace, TEST_CONFIG, ['--enable-v1-kinds=all']);
}

const api = () => cluster().kubeConfig.makeApiClient(CustomObjectsApi);

function target(kind: V1KindName, namespace: string) {
  return { group: V1_GROUP, version: V1_VERSION, plural: V1KindDefinitions[kind].plural, namespace };
}

/** Creates a v1 job. */
export async function createJob(kind: V1KindName, namespace: string, body: Job): Promise<Job> {
  return (await api().createNamespacedCustomObject({ ...target(kind, namespace), body })) as Job;
}

/** Reads a v1 job. */
export async function readJob(kind: V1KindName, namespace: string, name: string): Promise<Job> {
  return (await api().getNamespacedCustomObject({ ...target(kind, namespace), name })) as Job;
}

/** Merge-patches a v1 job's spec. */
export async function patchJobSpec(
  kind: V1KindName,
  namespace: string,
  name: string,
  spec: Record<string, unknown>,
): Promise<void> {
  await cluster().objects.patch(
    { apiVersion: `${V1_GROUP}/${V1_VERSION}`, kind, metadata: { name, namespace }, spec },
    undefined,
    undefined,
    'kubetrain-e2e',
    undefined,
    PatchStrategy.MergePatch,
  );
}

/** Waits until the job has condition `type` True (and `reason`, when given); returns the job. */
export async function waitForJobCondition(
  kind: V1KindName,
  namespace: string,
  name: string,
  type: string,
  reason?: string,
): Promise<Job> {
  return waitFor(
    `${kind} ${namespace}/${name} condition ${type}=True${reason ? ` (${reason})` : ''}`,
    async () => {
      const job = await readJob(kind, namespace, name);
      const hit = job.status?.conditions?.some(
        (c) => c.type === type && c.status === 'True' && (reason === undefined || c.reason === reason),
      );
      return hit ? job : undefined;
    },
    async () => JSON.stringify((await readJob(kind, namespace, name)).status ?? {}),
  );
}

/** The pods of job `name` (by the `training.kubeflow.org/job-name` label), by name. */
export async function podsOf(namespace: string, name: string): Promise<Map<string, V1Pod>> {
  const list = await cluster().core.listNamespacedPod({
    namespace,
    labelSelector: `training.kubeflow.org/job-name=${name}`,
  });
  return new Map(list.items.map((p) => [p.metadata!.name!, p]));
}

/** The Services of job `name`, by name. */
export async function servicesOf(namespace: string, name: string): Promise<Map<string, V1Service>> {
  const list = await cluster().core.listNamespacedService({
    namespace,
    labelSelector: `training.kubeflow.org/job-name=${name}`,
  });
  return new Map(list.items.map((s) => [s.metadata!.name!, s]));
}

/** The env of container `container` of `pod` as name → value (valueFrom shown as its JSON). */
export function envOf(pod: V1Pod, container: string): Record<string, string> {
  const c = pod.spec?.containers.find((x) => x.name === container);
  return Object.fromEntries(
    (c?.env ?? []).map((e) => [e.name, e.value ?? (e.valueFrom ? JSON.stringify(e.valueFrom) : '')]),
  );
}

/** Puts `annotations` on the pod template of every replica of `job` (kwok outcomes), in place. */
export function annotateReplicas(kind: V1KindName, job: Job, annotations: Record<string, string>): Job {
  const specs = job.spec[V1ReplicaSpecsFields[kind]] as Record<
    string,
    { template?: Record<string, unknown> }
  >;
  for (const spec of Object.values(specs)) {
    spec.template ??= {};
    const meta = (spec.template['metadata'] ??= {}) as { annotations?: Record<string, string> };
    meta.annotations = { ...meta.annotations, ...annotations };
  }
  return job;
}

/** What {@link useV1Suite} gives a suite: its namespace and manager, once `beforeAll` ran. */
export interface V1Suite {
  readonly namespace: string;
  readonly test: TestManager;
}

/** Options of {@link useV1Suite}. */
export interface V1SuiteOptions {
  /** Also install the shipped ClusterTrainingRuntimes (for TrainJobs beside the v1 jobs); removed afterwards. */
  readonly runtimes?: boolean;
}

/**
 * Registers the `beforeAll`/`afterAll` of a v1 suite: a fresh namespace `<prefix>-<random>`, the CRDs
 * (and the shipped runtimes, when asked), the manager serving every v1 kind (for that namespace);
 * stopped and deleted afterwards.
 */
export function useV1Suite(prefix: string, options: V1SuiteOptions = {}): V1Suite {
  const state: { namespace?: string; test?: TestManager } = {};
  const installedRuntimes: string[] = [];
  beforeAll(async () => {
    state.namespace = await createNamespace(prefix);
    if (options.runtimes === true)
      installedRuntimes.push(...(await installCrdsAndShippedRuntimes('kubetrain-e2e')));
    await installV1Crds('kubetrain-e2e');
    state.test = await startV1Manager(state.namespace);
  });
  afterAll(async () => {
    await state.test?.manager.stop();
    await removeClusterRuntimes(installedRuntimes);
    if (state.namespace) await deleteNamespace(state.namespace);
  });
  return {
    get namespace() {
      return state.namespace!;
    },
    get test() {
      return state.test!;
    },
  };
}

/** One replica of {@link pytorchJob}: what kwok does with its pods, its restart policy and count. */
export interface ReplicaInput {
  annotations: Record<string, string>;
  restartPolicy?: string;
  replicas?: number;
}

/** A PyTorchJob with a Master and (unless `worker` is undefined) a Worker, each told by `annotations` what to do on kwok. */
export function pytorchJob(
  name: string,
  master: ReplicaInput,
  worker: ReplicaInput | undefined,
  runPolicy: Record<string, unknown> = {},
): Job {
  const replica = (r: ReplicaInput) => ({
    replicas: r.replicas ?? 1,
    ...(r.restartPolicy !== undefined ? { restartPolicy: r.restartPolicy } : {}),
    template: {
      metadata: { annotations: r.annotations },
      spec: {
        containers: [{ name: 'pytorch', image: 'docker.io/pytorch/pytorch:2.7.1', command: ['python'] }],
      },
    },
  });
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name },
    spec: {
      runPolicy,
      pytorchReplicaSpecs: { Master: replica(master), ...(worker ? { Worker: replica(worker) } : {}) },
    },
  };
}
