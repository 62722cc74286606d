// SPDX-License-Identifier: Apache-2.0
// The scale benchmark's templates: what a manager writes for one TrainJob, captured once from a
// real kubetrain manager and then cloned for thousands of jobs by a plain client (scale-population.ts).
//
// The benchmark's TrainJobs name `bench-scale-inert`, a copy of the benchmark runtime whose JobSet
// template carries `spec.managedBy: kubetrain.dev/bench`: the JobSet controller leaves such JobSets
// alone (no Jobs, no pods from kube-controller-manager's 20 qps), so a population of 10,000 jobs and
// a steady load of 40 TrainJobs/s cost the control plane only the objects the Trainer manager and
// the benchmark write. Both managers render the field from the runtime like any other.
//
// The capture: kubetrain (status coalescing off) reconciles two TrainJobs; the benchmark writes a
// running and a completed status into their (inert) JobSets; kubetrain writes the TrainJobs' status
// from them. The snapshot ConfigMap, the JobSet and the TrainJob status of each are kept, with the
// field manager kubetrain wrote them with, so a clone is what kubetrain would have left behind.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_RUNTIME, benchTrainJob, FIELD_MANAGER } from './cluster-setup.js';
import { kubeconfigPath, type KubeClient, type KubeObject } from './kube-client.js';
import type { ManagerLauncher } from './manager.js';
import { createNamespace, deleteNamespace, exists, waitFor } from './namespace.js';

/** The ClusterTrainingRuntime of the scale benchmark's TrainJobs. */
export const INERT_RUNTIME = 'bench-scale-inert';
/** `spec.managedBy` of its JobSets: not the JobSet controller. */
export const INERT_JOBSET_MANAGER = 'kubetrain.dev/bench';

const TRAINER = '/apis/trainer.kubeflow.org/v1alpha1';
const JOBSETS = '/apis/jobset.x-k8s.io/v1alpha2';

/** One captured job: the objects a manager left for it. */
export interface JobTemplate {
  /** The template TrainJob's name and uid, replaced in every clone. */
  name: string;
  uid: string;
  /** The snapshot ConfigMap, JobSet (server-set metadata removed) and both statuses. */
  configMap: KubeObject;
  jobSet: KubeObject;
  jobSetStatus: unknown;
  trainJobStatus: unknown;
  /** The field manager kubetrain wrote the ConfigMap (create) and the JobSet (apply) with. */
  fieldManager: string;
}

/** The running and the finished job. */
export interface Templates {
  running: JobTemplate;
  finished: JobTemplate;
}

/** Installs {@link INERT_RUNTIME}: the benchmark runtime with inert JobSets. */
export async function installInertRuntime(client: KubeClient): Promise<void> {
  const bench = await client.request<KubeObject>(`${TRAINER}/clustertrainingruntimes/${BENCH_RUNTIME}`);
  const spec = structuredClone(bench['spec']) as { template: { spec: Record<string, unknown> } };
  spec.template.spec['managedBy'] = INERT_JOBSET_MANAGER;
  await client.request(
    `${TRAINER}/clustertrainingruntimes/${INERT_RUNTIME}?fieldManager=${FIELD_MANAGER}&force=true`,
    {
      method: 'PATCH',
      contentType: 'application/apply-patch+yaml',
      body: {
        apiVersion: 'trainer.kubeflow.org/v1alpha1',
        kind: 'ClusterTrainingRuntime',
        metadata: { name: INERT_RUNTIME, labels: bench.metadata['labels'] as Record<string, string> },
        spec,
      },
    },
  );
}

/** A 2-node TrainJob on {@link INERT_RUNTIME}. */
export const inertTrainJob = (name: string): KubeObject => benchTrainJob(name, 2, INERT_RUNTIME);

/** The status the benchmark writes into an inert JobSet: one replicated Job running, or all done. */
export function jobSetStatus(finished: boolean, now: string): unknown {
  return finished
    ? {
        restarts: 0,
        terminalState: 'Completed',
        conditions: [
          {
            type: 'Completed',
            status: 'True',
            reason: 'AllJobsCompleted',
            message: 'jobset completed successfully',
            lastTransitionTime: now,
          },
        ],
        replicatedJobsStatus: [{ name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 }],
      }
    : {
        restarts: 0,
        replicatedJobsStatus: [{ name: 'node', ready: 1, succeeded: 0, failed: 0, active: 1, suspended: 0 }],
      };
}

/** `object` without what the API server sets (uid, resourceVersion, managedFields, …) and without status. */
export function stripServerFields(object: KubeObject): KubeObject {
  const out = structuredClone(object);
  const m = out.metadata;
  for (const key of ['uid', 'resourceVersion', 'creationTimestamp', 'generation', 'managedFields'])
    delete m[key];
  delete out.status;
  return out;
}

/** The manager that wrote `object` with `operation` (Apply or Update), from its managedFields. */
function writerOf(object: KubeObject, operation: string): string | undefined {
  const fields = object.metadata['managedFields'] as { manager?: string; operation?: string }[] | undefined;
  return fields?.find((f) => f.operation === operation)?.manager;
}

/**
 * Captures the templates with `launcher` (kubetrain with status coalescing off) in a namespace of
 * its own, removed afterwards.
 */
export async function captureTemplates(client: KubeClient, launcher: ManagerLauncher): Promise<Templates> {
  const workDir = mkdtempSync(join(tmpdir(), 'kubetrain-bench-template-'));
  const manager = await launcher.start({ kubeconfig: kubeconfigPath(), workDir });
  const ns = await createNamespace(client, 'bench-scale-template');
  try {
    const capture = async (name: string, finished: boolean): Promise<JobTemplate> => {
      const tj = await client.request<KubeObject>(
        `/apis/trainer.kubeflow.org/v1alpha1/namespaces/${ns}/trainjobs`,
        {
          method: 'POST',
          body: inertTrainJob(name),
        },
      );
      const jobSetPath = `${JOBSETS}/namespaces/${ns}/jobsets/${name}`;
      await waitFor(60_000, `JobSet of ${name}`, () => exists(client, jobSetPath));
      const status = jobSetStatus(finished, new Date().toISOString().replace(/\.\d+Z$/, 'Z'));
      await client.request(`${jobSetPath}/status`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { status },
      });
      const tjPath = `${TRAINER}/namespaces/${ns}/trainjobs/${name}`;
      let trainJob = tj;
      await waitFor(60_000, `the status of ${name}`, async () => {
        trainJob = await client.request<KubeObject>(tjPath);
        const s = trainJob.status as
          { conditions?: { type: string }[]; jobsStatus?: { active?: number }[] } | undefined;
        // The status computed from the JobSet status written above, not from the JobSet without one.
        return finished
          ? (s?.conditions ?? []).some((c) => c.type === 'Complete')
          : (s?.jobsStatus ?? []).some((j) => (j.active ?? 0) > 0);
      });
      const configMap = await client.request<KubeObject>(
        `/api/v1/namespaces/${ns}/configmaps/${name}-runtime-snapshot`,
      );
      const jobSet = await client.request<KubeObject>(jobSetPath);
      const spec = jobSet['spec'] as { managedBy?: string };
      if (spec.managedBy !== INERT_JOBSET_MANAGER)
        throw new Error(
          `${jobSetPath}: spec.managedBy is ${spec.managedBy}, expected ${INERT_JOBSET_MANAGER}`,
        );
      return {
        name,
        uid: tj.metadata.uid ?? '',
        configMap: stripServerFields(configMap),
        jobSet: stripServerFields(jobSet),
        jobSetStatus: status,
        trainJobStatus: trainJob.status,
        fieldManager: writerOf(jobSet, 'Apply') ?? writerOf(configMap, 'Update') ?? 'trainer',
      };
    };
    const running = await capture('scaletpl-running', false);
    const finished = await capture('scaletpl-finished', true);
    return { running, finished };
  } finally {
    await manager.stop();
    await deleteNamespace(client, ns);
  }
}

/**
 * `template` as the objects of the TrainJob `name` (uid `uid`) in `namespace`: every occurrence of
 * the template's name and uid replaced (labels, owner references, PET_MASTER_ADDR, …).
 */
export function cloneFor<T>(
  value: T,
  template: JobTemplate,
  name: string,
  uid: string,
  namespace: string,
): T {
  const text = JSON.stringify(value)
    .split(template.name)
    .join(name)
    .split(template.uid)
    .join(uid)
    .replace(/"namespace":"[^"]*"/g, `"namespace":"${namespace}"`);
  return JSON.parse(text) as T;
}
