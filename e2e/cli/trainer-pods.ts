// SPDX-License-Identifier: Apache-2.0
// The trainer pods of a TrainJob on the kwok nodes: finding the running ones, and deciding when one
// ends. A pod submitted with the outcome `run` (support/kwok.ts keepRunning) runs until its outcome
// annotations are changed here; kwok's outcome stages then finish it. So a suite can first give a
// running pod its log and only then let it end, without racing a timer.
import { applyObject } from '../support/apply.js';
import { failAfter, succeedAfter } from '../support/kwok.js';
import { listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';
import { FIELD_MANAGER } from './suite-cluster.js';

/** The pods of the TrainJob's node job by rank, once `count` of them run. */
export async function nodePods(namespace: string, name: string, count: number): Promise<Map<number, string>> {
  return waitFor(`${count} running node pods of ${name}`, async () => {
    const pods = await listPods(namespace, `jobset.sigs.k8s.io/jobset-name=${name}`);
    const running = pods.filter((p) => p.status?.phase === 'Running');
    if (running.length < count) return undefined;
    return new Map(
      running.map((p) => [
        Number(p.metadata?.labels?.['batch.kubernetes.io/job-completion-index']),
        p.metadata!.name!,
      ]),
    );
  });
}

async function setOutcome(
  namespace: string,
  pod: string,
  annotations: Record<string, string>,
): Promise<void> {
  await applyObject(
    { apiVersion: 'v1', kind: 'Pod', metadata: { name: pod, namespace, annotations } },
    FIELD_MANAGER,
  );
}

/** Lets a running pod end now: Succeeded (exit code 0). */
export function letPodSucceed(namespace: string, pod: string): Promise<void> {
  return setOutcome(namespace, pod, succeedAfter('0s'));
}

/** Lets a running pod end now: Failed, its containers terminated with `exitCode`. */
export function letPodFail(namespace: string, pod: string, exitCode: number): Promise<void> {
  return setOutcome(namespace, pod, failAfter('0s', exitCode));
}

/** Lets the TrainJob's node pods succeed now, once `count` of them run. */
export async function letNodesSucceed(namespace: string, name: string, count: number): Promise<void> {
  for (const pod of (await nodePods(namespace, name, count)).values()) await letPodSucceed(namespace, pod);
}
