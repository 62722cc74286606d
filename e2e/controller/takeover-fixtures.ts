// SPDX-License-Identifier: Apache-2.0
// The population of the takeover suite (takeover.e2e.ts) and what it records of each job: the
// identities (uid, generation, resourceVersion) of the TrainJob and everything it owns, so that a
// switch of managers can be judged from what changed on the API server.
import type { KubernetesObject } from '@kubernetes/client-node';
import { GROUP, Kinds, VERSION, type TrainJob } from '@kubetrain/api';
import { apiStatus } from '../support/api-errors.js';
import { cluster } from '../support/cluster.js';
import { JOBSET_NAME_LABEL } from '../support/jobset.js';
import { workloadOf } from '../support/kueue.js';
import { listPods } from '../support/pods.js';
import { custom, readClusterRuntime, readTrainJob } from './harness.js';

/** The identity of one stored object: a change of any of these is a write the suite sees. */
export interface Identity {
  readonly uid: string;
  readonly resourceVersion: string;
  readonly generation?: number;
}

/** What the suite records of one TrainJob and the objects that belong to it. */
export interface JobRecord {
  readonly trainJob: Identity;
  readonly jobSet?: Identity;
  /** The pods by name: their uids. */
  readonly pods: Record<string, string>;
  readonly snapshot?: Identity;
  readonly sshSecret?: Identity;
  readonly workload?: Identity;
}

const identity = (o: KubernetesObject | undefined): Identity | undefined =>
  o?.metadata === undefined
    ? undefined
    : {
        uid: o.metadata.uid ?? '',
        resourceVersion: o.metadata.resourceVersion ?? '',
        ...(o.metadata.generation !== undefined ? { generation: o.metadata.generation } : {}),
      };

/** `read()`, or undefined when the object does not exist. */
async function orAbsent<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (apiStatus(error)?.code === 404) return undefined;
    throw error;
  }
}

/** Records the TrainJob `name` and what belongs to it (see {@link JobRecord}). */
export async function recordJob(namespace: string, name: string): Promise<JobRecord> {
  const trainJob = await readTrainJob(namespace, name);
  const jobSet = await orAbsent(
    () =>
      custom().getNamespacedCustomObject({
        group: 'jobset.x-k8s.io',
        version: 'v1alpha2',
        plural: 'jobsets',
        namespace,
        name,
      }) as Promise<KubernetesObject>,
  );
  const pods = Object.fromEntries(
    (await listPods(namespace, `${JOBSET_NAME_LABEL}=${name}`)).map((p) => [
      p.metadata!.name!,
      p.metadata!.uid!,
    ]),
  );
  const core = cluster().core;
  const snapshot = await orAbsent(() =>
    core.readNamespacedConfigMap({ namespace, name: `${name}-runtime-snapshot` }),
  );
  const sshSecret = await orAbsent(() =>
    core.readNamespacedSecret({ namespace, name: `${name}-mpi-ssh-auth` }),
  );
  const workload = await workloadOf(namespace, name);
  const optional = {
    jobSet: identity(jobSet),
    snapshot: identity(snapshot),
    sshSecret: identity(sshSecret),
    workload: identity(workload as KubernetesObject | undefined),
  };
  return {
    trainJob: identity(trainJob as KubernetesObject)!,
    pods,
    ...Object.fromEntries(Object.entries(optional).filter(([, v]) => v !== undefined)),
  };
}

/**
 * A TrainingRuntime `name` in `namespace` with the spec of the ClusterTrainingRuntime `base`,
 * `annotations` (kwok outcomes) on the pod template of every replicated job, and `jobSpec` merged
 * into every Job spec (e.g. `backoffLimit: 0`).
 */
export async function annotatedRuntime(
  namespace: string,
  name: string,
  base: string,
  annotations: Record<string, string>,
  jobSpec: Record<string, unknown> = {},
): Promise<KubernetesObject> {
  type JobTemplate = { spec: { template: { metadata?: object } } & Record<string, unknown> };
  const spec = structuredClone((await readClusterRuntime(base))['spec']) as {
    template: { spec: { replicatedJobs: Array<{ template: JobTemplate }> } };
  };
  for (const job of spec.template.spec.replicatedJobs) {
    Object.assign(job.template.spec, jobSpec);
    const pod = job.template.spec.template;
    pod.metadata = { ...pod.metadata, annotations };
  }
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: Kinds.TrainingRuntime,
    metadata: { name, namespace },
    spec,
  } as KubernetesObject;
}

/** The condition types that are True on the TrainJob, sorted. */
export const trueConditions = (job: TrainJob): string[] =>
  (job.status?.conditions ?? [])
    .filter((c) => c.status === 'True')
    .map((c) => c.type)
    .sort();
