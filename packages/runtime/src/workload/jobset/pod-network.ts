// SPDX-License-Identifier: Apache-2.0
// JobSet preBuildSync (upstream `syncPodNetwork` + `syncParallelCount`): pod DNS endpoints for every
// pod set, then parallelism/completions from the final pod-set counts.

import type { Endpoints } from '../../framework/endpoints.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { decimalDigitsBelow } from '../../util/decimal-digits.js';
import { ensureJobSpec } from '../../util/replicated-job.js';

/** The DNS subdomain of the JobSet's pods: `spec.network.subdomain`, else the TrainJob name. */
function podSubdomain(info: RuntimeInfo, trainJob: TrainJob): string {
  const subdomain = info.templateSpec.spec.network?.subdomain;
  return subdomain !== undefined && subdomain !== '' ? subdomain : (trainJob.metadata.name ?? '');
}

/**
 * The endpoints `<job>-<replica>-<pod>.<subdomain>` of `replicas` x `pods` pods, as a re-iterable
 * sequence: nothing is built until it is iterated, and each iteration yields the names anew. Their
 * count and total length are computed, not built.
 */
export function podEndpoints(job: string, subdomain: string, replicas: number, pods: number): Endpoints {
  const count = Math.max(replicas, 0) * Math.max(pods, 0);
  return {
    count,
    // `<job>-` `-` `.<subdomain>` on every name, plus each replica's and pod's digits.
    length:
      count * (job.length + 3 + subdomain.length) +
      Math.max(pods, 0) * decimalDigitsBelow(replicas) +
      Math.max(replicas, 0) * decimalDigitsBelow(pods),
    *[Symbol.iterator]() {
      for (let replica = 0; replica < replicas; replica++) {
        for (let pod = 0; pod < pods; pod++) yield `${job}-${replica}-${pod}.${subdomain}`;
      }
    },
  };
}

/**
 * Sets each pod set's endpoints to `<tj>-<rjob>-<replica>-<pod>.<subdomain>` for every replica of
 * its replicatedJob (default 1) and every pod (count, default 1), lazily (see {@link podEndpoints}).
 */
export function syncPodNetwork(info: RuntimeInfo, trainJob: TrainJob): void {
  const subdomain = podSubdomain(info, trainJob);
  const jobs = info.templateSpec.spec.replicatedJobs ?? [];
  const name = trainJob.metadata.name ?? '';
  for (const podSet of info.templateSpec.podSets) {
    const replicas = jobs.find((r) => r.name === podSet.name)?.replicas ?? 1;
    podSet.endpoints = podEndpoints(`${name}-${podSet.name}`, subdomain, replicas, podSet.count ?? 1);
  }
}

/** Sets `parallelism` and `completions` of each replicatedJob to its pod set's count, when set. */
export function syncParallelCount(info: RuntimeInfo): void {
  const jobs = info.templateSpec.spec.replicatedJobs ?? [];
  for (const podSet of info.templateSpec.podSets) {
    if (podSet.count === undefined) continue;
    const rJob = jobs.find((r) => r.name === podSet.name);
    if (rJob === undefined) continue;
    const jobSpec = ensureJobSpec(rJob);
    jobSpec.parallelism = podSet.count;
    jobSpec.completions = podSet.count;
  }
}
