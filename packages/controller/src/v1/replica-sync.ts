// SPDX-License-Identifier: Apache-2.0
// The pods and Services of each replica type (upstream's ReconcilePods and ReconcileServices): pods
// past `replicas` deleted, missing ones created, failed ones handled by the replica's restartPolicy
// (recreated, or the job failed), one Service per replica index; returns the counts the kind's
// status verdicts are decided from.
import {
  formatMetaTime,
  V1ScalingKinds,
  type V1ReplicaSpec,
  type V1ReplicaStatus,
} from '@kubetrain/api/core';
import {
  exitCodeOf,
  failedPodAction,
  joinGang,
  otherSchedulerSet,
  podIndex,
  podNameOf,
  podReplicaType,
  renderPod,
  renderService,
  SCHEDULER_NAME_EVENT,
  selectorText,
  setCondition,
  V1Labels,
  V1Messages,
  type PodView,
  type ReplicaCounts,
  type V1RestartPolicy,
} from '@kubetrain/runtime/v1';
import type { KubeObject } from '../cluster/kube.js';
import type { V1JobMemory } from './job-memory.js';
import { failJob } from './job-status.js';
import { createUnlessTaken, deleteObject, deletePod } from './owned-objects.js';
import { reasonOf, replicaOrder, type Pass, type V1ReconcilerDeps } from './reconcile-pass.js';
import { V1OwnedResources } from './resources.js';

/** ReconcilePods and ReconcileServices for every replica type; returns the counts by type. */
export async function syncReplicas(
  deps: V1ReconcilerDeps,
  memory: V1JobMemory,
  pass: Pass,
): Promise<Map<string, ReplicaCounts>> {
  const fw = deps.framework;
  const counts = new Map<string, ReplicaCounts>();
  pass.status.replicaStatuses ??= {};
  const idle = fw.idleReplicaTypes?.(pass.pods) ?? [];
  for (const rtype of replicaOrder(fw, pass.specs)) {
    const spec = pass.specs[rtype]!;
    const replicas = spec.replicas ?? 0;
    const { status, firstSucceeded } = idle.includes(rtype)
      ? { status: { active: 0, succeeded: 0, failed: 0 }, firstSucceeded: false }
      : await syncPods(deps, memory, pass, rtype, spec);
    if (fw.ownsServices !== false) await syncServices(deps, memory, pass, rtype, replicas);
    pass.status.replicaStatuses[rtype] = status;
    counts.set(rtype, {
      replicas,
      restartPolicy: (spec.restartPolicy ?? fw.defaultRestartPolicy) as V1RestartPolicy,
      status,
      firstSucceeded,
    });
  }
  return counts;
}

/** What the pods of one replica type came to. */
interface PodCounts {
  readonly status: V1ReplicaStatus;
  readonly firstSucceeded: boolean;
}

/** ReconcilePods for `rtype`: deletes, creates and counts its pods, and handles the failed ones. */
async function syncPods(
  deps: V1ReconcilerDeps,
  memory: V1JobMemory,
  pass: Pass,
  rtype: string,
  spec: V1ReplicaSpec,
): Promise<PodCounts> {
  const fw = deps.framework;
  const replicas = spec.replicas ?? 0;
  const rs: V1ReplicaStatus = { active: 0, succeeded: 0, failed: 0 };
  // Only the kinds that scale their workers write the selector (their UpdateJobStatus), never labelSelector.
  if (V1ScalingKinds.has(fw.kind))
    rs.selector = selectorText({
      ...selectorLabels(deps, pass),
      [V1Labels.ReplicaType]: rtype.toLowerCase(),
    });
  let firstSucceeded = false;
  const byIndex = new Map<number, PodView>();
  for (const pod of pass.pods.filter((p) => podReplicaType(p) === rtype.toLowerCase())) {
    const index = podIndex(pod) ?? (fw.unindexed?.(rtype) === true ? 0 : undefined);
    if (index === undefined) continue;
    if (index >= replicas) {
      await deletePod(deps.client, memory, pod);
      continue;
    }
    if (!byIndex.has(index) || memory.isDeleted(byIndex.get(index)!.metadata?.uid ?? ''))
      byIndex.set(index, pod);
  }
  for (let index = 0; index < replicas; index++) {
    const pod = byIndex.get(index);
    if (pod === undefined || memory.isDeleted(pod.metadata?.uid ?? '')) {
      if (pod === undefined)
        await createUnlessTaken(deps, memory, pass, podTarget(deps), newPod(deps, pass, rtype, index));
      continue;
    }
    const phase = pod.status?.phase;
    if (phase === 'Running') {
      if (pod.metadata?.deletionTimestamp !== undefined) rs.failed! += 1;
      else rs.active! += 1;
    } else if (phase === 'Succeeded') {
      rs.succeeded! += 1;
      if (index === 0 && exitCodeOf(pod, fw.defaultContainer) === 0) firstSucceeded = true;
    } else if (phase === 'Failed') {
      rs.failed! += 1;
      if (fw.recreatesFailedPods !== false)
        await handleFailedPod(deps, memory, pass, pod, rtype, spec.restartPolicy);
    }
  }
  return { status: rs, firstSucceeded };
}

/**
 * A failed pod under the replica's restartPolicy: ExitCode records its code; a permanent failure
 * fails the job; a retryable one deletes the pod (it is recreated by name) and sets Restarting.
 */
async function handleFailedPod(
  deps: V1ReconcilerDeps,
  memory: V1JobMemory,
  pass: Pass,
  pod: PodView,
  rtype: string,
  policy: string | undefined,
): Promise<void> {
  const code = exitCodeOf(pod, deps.framework.defaultContainer);
  const action = failedPodAction(policy, code);
  if (policy === 'ExitCode')
    pass.events.push({
      type: 'Normal',
      reason: 'ExitedWithCode',
      note: `Pod: ${pod.metadata?.namespace}.${pod.metadata?.name} exited with code ${code}`,
    });
  if (action === 'fail') {
    // Upstream's ReconcilePods sets only the condition here: no completionTime.
    failJob(pass, reasonOf(deps.framework, 'Failed'), V1Messages.podFailing(pass.job, rtype), {
      completes: false,
    });
    return;
  }
  if (action !== 'restart') return;
  await deletePod(deps.client, memory, pod);
  memory.countRecreation(pass.job.metadata?.uid ?? '');
  const reason = reasonOf(deps.framework, 'Restarting');
  const message = V1Messages.podRestarting(pass.job, rtype);
  if (
    setCondition(
      pass.status,
      { type: 'Restarting', status: 'True', reason, message },
      formatMetaTime(pass.now),
    )
  )
    pass.events.push({ type: 'Warning', reason, note: message });
}

/** ReconcileServices for `rtype`: one per index below `replicas`; those past it deleted. */
async function syncServices(
  deps: V1ReconcilerDeps,
  memory: V1JobMemory,
  pass: Pass,
  rtype: string,
  replicas: number,
): Promise<void> {
  const { job, specs } = pass;
  const fw = deps.framework;
  const existing = new Set<string>();
  for (const svc of pass.services) {
    if (svc.metadata?.labels?.[V1Labels.ReplicaType] !== rtype.toLowerCase()) continue;
    const index = Number(svc.metadata?.labels?.[V1Labels.ReplicaIndex]);
    if (Number.isInteger(index) && index >= replicas)
      await deleteObject(deps.client, V1OwnedResources.Service, svc);
    else existing.add(svc.metadata?.name ?? '');
  }
  for (let index = 0; index < replicas; index++) {
    const name = podNameOf(fw, job, rtype, index);
    if (!existing.has(name))
      await createUnlessTaken(
        deps,
        memory,
        pass,
        serviceTarget(deps),
        renderService(job, fw, specs, rtype, index),
      );
  }
}

/** Where a pod is created, and the store that tells whether its name is taken. */
function podTarget(deps: V1ReconcilerDeps) {
  return { kind: 'Pod', resource: V1OwnedResources.Pod, store: deps.pods } as const;
}

/** Where a Service is created, and the store that tells whether its name is taken. */
function serviceTarget(deps: V1ReconcilerDeps) {
  return { kind: 'Service', resource: V1OwnedResources.Service, store: deps.services } as const;
}

/** The pod of `rtype`-`index`, in the job's gang when gang scheduling is on. */
function newPod(deps: V1ReconcilerDeps, pass: Pass, rtype: string, index: number): KubeObject {
  const pod = renderPod(pass.job, deps.framework, pass.specs, rtype, index);
  const gang = deps.podGroups?.gang;
  if (gang === undefined) return pod;
  if (otherSchedulerSet(pass.specs, gang)) pass.events.push({ type: 'Warning', ...SCHEDULER_NAME_EVENT });
  joinGang(pod, pass.job, gang, rtype);
  return pod;
}

/** The labels every pod and Service of the job carries. */
function selectorLabels(deps: V1ReconcilerDeps, pass: Pass): Record<string, string> {
  return {
    [V1Labels.JobName]: pass.job.metadata?.name ?? '',
    [V1Labels.OperatorName]: deps.framework.operatorName,
  };
}
