// SPDX-License-Identifier: Apache-2.0
// Reading TrainJobs and the pods of their steps.

import type { Session } from './connect.js';
import { PodLabels, Refs } from './refs.js';
import type { PodObject, TrainJobObject } from './trainjob-view.js';
import { stepsOf } from './trainjob-view.js';
import type { Step } from './trainjob-view.js';

/** A TrainJob and its steps. */
export interface TrainJobWithSteps {
  readonly job: TrainJobObject;
  readonly steps: Step[];
  readonly pods: PodObject[];
}

/** The TrainJob `name` in the session's namespace. */
export function readTrainJob(session: Session, name: string): Promise<TrainJobObject> {
  return session.client.get(Refs.TrainJob, name, { namespace: session.namespace }) as Promise<TrainJobObject>;
}

/** The TrainJobs of the namespace (or of all, with `-A`), sorted by namespace and name. */
export async function listTrainJobs(session: Session): Promise<TrainJobObject[]> {
  const list = await session.client.list(Refs.TrainJob, { namespace: session.listNamespace });
  return (list.items as TrainJobObject[]).sort(
    (a, b) =>
      (a.metadata.namespace ?? '').localeCompare(b.metadata.namespace ?? '') ||
      (a.metadata.name ?? '').localeCompare(b.metadata.name ?? ''),
  );
}

/** The pods of the TrainJob `name` in `namespace` (its JobSet has the TrainJob's name). */
export async function podsOf(session: Session, namespace: string, name: string): Promise<PodObject[]> {
  const list = await session.client.list(Refs.Pod, {
    namespace,
    labelSelector: `${PodLabels.JobSetName}=${name}`,
  });
  return list.items as PodObject[];
}

/** The TrainJobs with their steps; one pod LIST per namespace. */
export async function withSteps(
  session: Session,
  jobs: readonly TrainJobObject[],
): Promise<TrainJobWithSteps[]> {
  const byNamespace = new Map<string, PodObject[]>();
  for (const ns of new Set(jobs.map((j) => j.metadata.namespace ?? session.namespace))) {
    const list = await session.client.list(Refs.Pod, { namespace: ns, labelSelector: PodLabels.JobSetName });
    byNamespace.set(ns, list.items as PodObject[]);
  }
  return jobs.map((job) => {
    const pods = (byNamespace.get(job.metadata.namespace ?? session.namespace) ?? []).filter(
      (p) => p.metadata.labels?.[PodLabels.JobSetName] === job.metadata.name,
    );
    return { job, pods, steps: stepsOf(pods) };
  });
}
