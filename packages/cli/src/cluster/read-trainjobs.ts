// SPDX-License-Identifier: Apache-2.0
// Reading TrainJobs and the pods of their steps.

import { trainJobOfPod, trainJobPodSelectors } from '@kubetrain/api';
import type { Session } from './connect.js';
import { Refs } from './refs.js';
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

/** The pods of the TrainJob `name` in `namespace`: its JobSet's or its LeaderWorkerSet's. */
export async function podsOf(session: Session, namespace: string, name: string): Promise<PodObject[]> {
  return listPods(session, namespace, trainJobPodSelectors(name));
}

/** The pods matching any of `selectors` (one pod LIST each). */
async function listPods(session: Session, namespace: string, selectors: string[]): Promise<PodObject[]> {
  const pods: PodObject[] = [];
  for (const labelSelector of selectors)
    pods.push(...((await session.client.list(Refs.Pod, { namespace, labelSelector })).items as PodObject[]));
  return pods;
}

/** The TrainJobs with their steps; one pod LIST per namespace and backend. */
export async function withSteps(
  session: Session,
  jobs: readonly TrainJobObject[],
): Promise<TrainJobWithSteps[]> {
  const byNamespace = new Map<string, PodObject[]>();
  for (const ns of new Set(jobs.map((j) => j.metadata.namespace ?? session.namespace)))
    byNamespace.set(ns, await listPods(session, ns, trainJobPodSelectors()));
  return jobs.map((job) => {
    const pods = (byNamespace.get(job.metadata.namespace ?? session.namespace) ?? []).filter(
      (p) => trainJobOfPod(p) === job.metadata.name,
    );
    return { job, pods, steps: stepsOf(pods) };
  });
}
