// SPDX-License-Identifier: Apache-2.0
// Small object factories for the engine's own tests (the shared builders live in @kubetrain/testing).

import type { ReplicatedJob, Trainer } from '@kubetrain/api';
import type { Container, KubeObject, TrainJob, TrainingRuntime } from '../types.js';

/** A replicatedJob with one pod template; `ancestor` sets the ancestor label on the job template. */
export function replicatedJob(name: string, containers: Container[], ancestor?: string): ReplicatedJob {
  return {
    name,
    template: {
      ...(ancestor !== undefined
        ? { metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': ancestor } } }
        : {}),
      spec: { template: { spec: { containers } } },
    },
  };
}

/** A ClusterTrainingRuntime named `name` with the given spec members. */
export function clusterRuntime(
  name: string,
  spec: Partial<TrainingRuntime['spec']>,
  jobs: ReplicatedJob[],
): TrainingRuntime {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'ClusterTrainingRuntime',
    metadata: { name },
    spec: { ...spec, template: { spec: { replicatedJobs: jobs } } },
  };
}

/** A TrainJob `<name>` in namespace `default` on the ClusterTrainingRuntime `runtimeName`. */
export function trainJob(
  name: string,
  runtimeName: string,
  trainer?: Trainer,
  extra?: Partial<TrainJob['spec']>,
): TrainJob {
  return {
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name, namespace: 'default', uid: `${name}-uid` },
    spec: {
      runtimeRef: { name: runtimeName, apiGroup: 'trainer.kubeflow.org', kind: 'ClusterTrainingRuntime' },
      ...(trainer !== undefined ? { trainer } : {}),
      ...extra,
    },
  };
}

/** Returns the rendered object of the given kind (and name, if given); throws if absent. */
export function objectOf(objects: KubeObject[], kind: string, name?: string): KubeObject {
  const found = objects.find((o) => o.kind === kind && (name === undefined || o.metadata.name === name));
  if (found === undefined) throw new Error(`no ${kind} ${name ?? ''} rendered`);
  return found;
}

/** The replicatedJob `job` of a rendered JobSet. */
export function jobOf(jobSet: KubeObject, job: string): ReplicatedJob {
  const spec = jobSet.spec as { replicatedJobs: ReplicatedJob[] };
  const found = spec.replicatedJobs.find((r) => r.name === job);
  if (found === undefined) throw new Error(`no replicatedJob ${job}`);
  return found;
}

/** The container `container` of replicatedJob `job` of a rendered JobSet. */
export function containerOf(jobSet: KubeObject, job: string, container: string): Container {
  const c = jobOf(jobSet, job).template?.spec?.template?.spec?.containers?.find((x) => x.name === container);
  if (c === undefined) throw new Error(`no container ${container} in ${job}`);
  return c;
}

/** The env of a container as a name → value map (valueFrom renders as its fieldPath). */
export function envMap(c: Container): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of c.env ?? []) out[e.name] = e.value ?? e.valueFrom?.fieldRef?.fieldPath ?? '';
  return out;
}

/** The env names of a container, in order. */
export function envNames(c: Container): string[] {
  return (c.env ?? []).map((e) => e.name);
}

/** A torch runtime with one trainer job `node` (container `node`) and optional resources. */
export function torchRuntime(resources?: Container['resources']): TrainingRuntime {
  return clusterRuntime('torch-distributed', { mlPolicy: { numNodes: 1, torch: {} } }, [
    replicatedJob(
      'node',
      [{ name: 'node', image: 'pytorch', ...(resources ? { resources } : {}) }],
      'trainer',
    ),
  ]);
}
