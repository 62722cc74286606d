// SPDX-License-Identifier: Apache-2.0
// A steady load: TrainJobs created at a fixed rate for a while (open loop: each create is sent at
// its time, whatever the earlier ones are doing), and how long each waited for its JobSet.
import { setTimeout as sleep } from 'node:timers/promises';
import type { KubeClient } from './kube-client.js';
import { inertTrainJob } from './scale-template.js';
import { percentile } from './stats.js';
import type { TrainJobWatch } from './trainjob-watch.js';

/** What one steady load measured. */
export interface SteadyResult {
  manager: string;
  /** Asked rate, TrainJobs/s, and the rate the creates were answered at. */
  rate: number;
  createdPerSecond: number;
  seconds: number;
  created: number;
  /** Creates the API server refused or that failed on the connection. */
  createErrors: number;
  /** Create → JobSet, ms, over the TrainJobs that got one. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** TrainJobs without a JobSet when the load ended, and after the grace period. */
  backlogAtEnd: number;
  missingAfterGrace: number;
  /**
   * The manager kept up: when the load ended, at most 2 s of it (2 × rate TrainJobs) was waiting
   * for a JobSet, and none was left after the grace period.
   */
  keptUp: boolean;
}

/** Creates TrainJobs `prefix-NNNNN` in `namespace` at `rate`/s for `seconds`; waits up to `graceMs` for the last JobSets. */
export async function steadyLoad(
  client: KubeClient,
  manager: string,
  namespace: string,
  watch: TrainJobWatch,
  {
    rate,
    seconds,
    prefix,
    graceMs = 30_000,
  }: { rate: number; seconds: number; prefix: string; graceMs?: number },
): Promise<SteadyResult> {
  const total = Math.round(rate * seconds);
  const createdAt = new Map<string, number>();
  const inFlight = new Set<Promise<void>>();
  let createErrors = 0;
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const name = `${prefix}-${String(i).padStart(5, '0')}`;
    const p = client
      .request(`/apis/trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs`, {
        method: 'POST',
        body: inertTrainJob(name),
      })
      .then(
        () => void createdAt.set(name, performance.now()),
        (error: unknown) => {
          // Counted, not thrown: the load goes on at its rate.
          if (createErrors++ === 0) console.error(`  steady ${rate}/s: create ${name}: ${String(error)}`);
        },
      )
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  const createSeconds = (performance.now() - t0) / 1000;
  const missing = () => [...createdAt.keys()].filter((n) => !watch.jobSetAt.has(n)).length;
  const backlogAtEnd = missing();
  const graceEnd = performance.now() + graceMs;
  while (missing() > 0 && performance.now() < graceEnd) await sleep(250);
  const latencies = [...createdAt].flatMap(([name, at]) => {
    const js = watch.jobSetAt.get(name);
    return js === undefined ? [] : [Math.max(0, js - at)];
  });
  const missingAfterGrace = missing();
  const p99Ms = percentile(latencies, 0.99);
  return {
    manager,
    rate,
    createdPerSecond: createdAt.size / createSeconds,
    seconds,
    created: createdAt.size,
    createErrors,
    p50Ms: percentile(latencies, 0.5),
    p99Ms,
    maxMs: latencies.length ? Math.max(...latencies) : NaN,
    backlogAtEnd,
    missingAfterGrace,
    keptUp: missingAfterGrace === 0 && backlogAtEnd <= 2 * rate,
  };
}
