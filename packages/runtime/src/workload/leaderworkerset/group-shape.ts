// SPDX-License-Identifier: Apache-2.0
// Which steps of the runtime become what on the LeaderWorkerSet backend: the initializer steps run
// as plain batch/v1 Jobs; the other steps form the one group, as its leader and worker templates.

import { AncestorSteps, ContainerNames } from '@kubetrain/api/core';
import { RenderError } from '../../framework/errors.js';
import { findPodSetByName, type RuntimeInfo } from '../../framework/runtime-info.js';
import { ancestorOf } from '../../util/replicated-job.js';

/** The steps of a LeaderWorkerSet-backed TrainJob. */
export interface GroupShape {
  /** The initializer steps (dataset, model), in runtime order: each is a batch/v1 Job run first. */
  readonly initializers: readonly string[];
  /** The step whose pod template is the leader's (worker index 0, rank 0). */
  readonly leader: string;
  /** The step whose pod template is the workers'; the same step as `leader` for a one-step trainer. */
  readonly worker: string;
  /** Pods in the group (`leaderWorkerTemplate.size`): the leader and size-1 workers. */
  readonly size: number;
}

function isInitializer(ancestor: string | undefined): boolean {
  return ancestor === AncestorSteps.DatasetInitializer || ancestor === AncestorSteps.ModelInitializer;
}

/**
 * The group shape of `info` (its counts final). One non-initializer step: it is the leader and the
 * workers, `size` = its pod count (numNodes). Two: the leader is the `launcher` step (MPI), else the
 * single-pod step (the `trainer` step when both are), the other the workers; `size` = 1 + the
 * workers' count. Throws {@link RenderError} for none or more than two steps, or two with no leader.
 */
export function groupShape(info: RuntimeInfo): GroupShape {
  const jobs = info.templateSpec.spec.replicatedJobs ?? [];
  const initializers = jobs.filter((j) => isInitializer(ancestorOf(j))).map((j) => j.name);
  const steps = jobs.filter((j) => !isInitializer(ancestorOf(j)));
  const count = (name: string): number => findPodSetByName(info, name)?.count ?? 1;
  const [first, second] = steps;
  if (first === undefined || steps.length > 2) {
    throw new RenderError(
      `a LeaderWorkerSet has one leader and one worker template: the runtime has ${steps.length} steps besides the initializers`,
    );
  }
  if (second === undefined)
    return { initializers, leader: first.name, worker: first.name, size: count(first.name) };
  const singles = steps.filter((s) => count(s.name) === 1);
  const leader =
    steps.find((s) => s.name === ContainerNames.Launcher) ??
    singles.find((s) => ancestorOf(s) === AncestorSteps.Trainer) ??
    (singles[0] as typeof first | undefined);
  if (leader === undefined) {
    throw new RenderError(
      `a LeaderWorkerSet's leader is one pod: neither step ${first.name} nor ${second.name} has a single pod`,
    );
  }
  const worker = leader === first ? second : first;
  return { initializers, leader: leader.name, worker: worker.name, size: 1 + count(worker.name) };
}
