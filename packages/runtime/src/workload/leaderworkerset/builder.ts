// SPDX-License-Identifier: Apache-2.0
// The LeaderWorkerSet builder: the JobSet builder runs first (so every pod template carries exactly
// what it would in a JobSet: overrides, plugin env, ports, volumes, scheduler metadata), then its
// replicatedJobs are recast: the initializer steps as batch/v1 Jobs, the others as the one group.

import {
  ForeignKinds,
  JOBSET_EXCLUSIVE_TOPOLOGY_ANNOTATION,
  KubetrainAnnotations,
  LWSKeys,
  LWSValues,
  type LeaderWorkerSetSpec,
  type ReplicatedJob,
} from '@kubetrain/api/core';
import { defaultedField } from '../../core/runtime-defaults.js';
import { RenderError } from '../../framework/errors.js';
import { isTrainJobFinished } from '../../status/conditions.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { JobSpec, KubeObject, PodTemplateSpec, TrainJob } from '../../types.js';
import { ownedObject } from '../../util/owner-reference.js';
import { buildJobSet } from '../jobset/builder.js';
import { lwsPermanentExitCodes } from './validate-failure-policy.js';
import { groupShape, type GroupShape } from './group-shape.js';
import { leaderWorkerSetName } from './naming.js';
import { addClaimVolumes, volumeClaimsOf, type VolumeClaim } from './volume-claims.js';

/** Whose exit 0 completes the job: every pod of the group, or the leader alone (MPI's launcher). */
export type GroupCompletion = 'All' | 'Leader';

/** Why a Flux runtime cannot be rendered as a LeaderWorkerSet. */
export const FLUX_UNSUPPORTED_MESSAGE =
  'the Flux ML policy cannot run on a LeaderWorkerSet: its broker names JobSet pods';

/** `<tj>-<step>`: the batch/v1 Job of an initializer step. */
export function initializerJobName(trainJob: TrainJob, step: string): string {
  return `${trainJob.metadata.name ?? ''}-${step}`;
}

function podTemplateOf(rJob: ReplicatedJob, claims: readonly VolumeClaim[]): PodTemplateSpec {
  const template = structuredClone(rJob.template?.spec?.template ?? {});
  // A StatefulSet's pods restart whatever they exit with; only `Always` is accepted.
  template.spec = { ...(template.spec ?? { containers: [] }), restartPolicy: 'Always' };
  addClaimVolumes(template.spec, claims);
  return template;
}

/** `Leader` when the JobSet's successPolicy names only the leader's step (MPI's launcher), else `All`. */
function groupCompletionOf(
  jobSetSpec: { successPolicy?: { targetReplicatedJobs?: string[] } },
  shape: GroupShape,
): GroupCompletion {
  const targets = jobSetSpec.successPolicy?.targetReplicatedJobs ?? [];
  const leaderOnly =
    shape.leader !== shape.worker && targets.length > 0 && targets.every((t) => t === shape.leader);
  return leaderOnly ? 'Leader' : 'All';
}

/**
 * The exit codes that fail the job at once: the `FailJob` rules with `onExitCodes` operator `In`
 * of the group steps' Job `podFailurePolicy`, sorted, deduplicated.
 */
function permanentExitCodesOf(jobs: readonly ReplicatedJob[]): number[] {
  const codes = new Set<number>();
  for (const rJob of jobs) {
    for (const rule of rJob.template?.spec?.podFailurePolicy?.rules ?? []) {
      if (rule.action !== 'FailJob' || rule.onExitCodes?.operator !== 'In') continue;
      for (const code of rule.onExitCodes.values) if (code !== 0) codes.add(code);
    }
  }
  return [...codes].sort((a, b) => a - b);
}

function workloadAnnotations(
  info: RuntimeInfo,
  shape: GroupShape,
  budget: number,
  completion: GroupCompletion,
  codes: number[],
): Record<string, string> {
  const annotations: Record<string, string> = { ...info.annotations };
  const exclusive =
    info.runtimeAnnotations[LWSKeys.ExclusiveTopology] ??
    info.annotations[LWSKeys.ExclusiveTopology] ??
    info.annotations[JOBSET_EXCLUSIVE_TOPOLOGY_ANNOTATION];
  if (exclusive !== undefined) annotations[LWSKeys.ExclusiveTopology] = exclusive;
  annotations[KubetrainAnnotations.MaxGroupRestarts] = String(budget);
  annotations[KubetrainAnnotations.GroupCompletion] = completion;
  annotations[KubetrainAnnotations.GroupSteps] =
    shape.leader === shape.worker ? shape.leader : `${shape.leader},${shape.worker}`;
  if (codes.length > 0) annotations[KubetrainAnnotations.PermanentExitCodes] = codes.join(',');
  return annotations;
}

/**
 * The batch/v1 Job of one initializer step: the step's Job template with the JobSet webhook's
 * defaults (`completionMode: Indexed`, pod `restartPolicy: OnFailure` when unset), the claim
 * volumes, suspended with the TrainJob.
 */
function initializerJob(
  trainJob: TrainJob,
  rJob: ReplicatedJob,
  suspend: boolean,
  claims: readonly VolumeClaim[],
): KubeObject {
  const spec: JobSpec = {
    completionMode: 'Indexed',
    ...structuredClone(rJob.template?.spec ?? ({} as JobSpec)),
    suspend,
  };
  const pod = (spec.template.spec ??= { containers: [] });
  pod.restartPolicy ??= 'OnFailure';
  addClaimVolumes(pod, claims);
  const job = ownedObject(trainJob, 'batch/v1', 'Job', initializerJobName(trainJob, rJob.name), { spec });
  const { labels, annotations } = rJob.template?.metadata ?? {};
  if (labels !== undefined && Object.keys(labels).length > 0) job.metadata.labels = { ...labels };
  if (annotations !== undefined && Object.keys(annotations).length > 0)
    job.metadata.annotations = { ...annotations };
  return job;
}

/**
 * Builds the PVCs of the JobSet's volumeClaimPolicies, the initializer Jobs (runtime order) and
 * then the LeaderWorkerSet `<tj>`: one group
 * (`replicas` 1, 0 while the TrainJob is suspended or once it is finished) of `size` pods, leader and worker templates from
 * the group's steps, `RecreateGroupOnPodRestart`, `LeaderCreated`, the exclusive topology of the
 * runtime and kubetrain's completion annotations. Throws {@link RenderError} for Flux (its broker
 * names JobSet pods) and for a runtime whose steps do not make one group (see `groupShape`).
 * Changes `info.templateSpec.spec` in place, as the JobSet builder does; call it once per render.
 */
export function buildLeaderWorkerSet(info: RuntimeInfo, trainJob: TrainJob): KubeObject[] {
  if (info.runtimePolicy.mlPolicy?.flux !== undefined) {
    throw new RenderError(FLUX_UNSUPPORTED_MESSAGE);
  }
  const shape = groupShape(info);
  const jobSet = buildJobSet(info, trainJob);
  const jobs = jobSet.spec.replicatedJobs ?? [];
  const byName = (name: string): ReplicatedJob => {
    const found = jobs.find((j) => j.name === name);
    if (found === undefined) throw new RenderError(`runtime template has no replicatedJob ${name}`);
    return found;
  };
  const suspend = defaultedField(trainJob.spec.suspend, 'spec.suspend');
  const volumeClaims = volumeClaimsOf(trainJob, jobSet.spec);
  const claims = volumeClaims.claims;
  const objects = [
    ...volumeClaims.objects,
    ...shape.initializers.map((name) => initializerJob(trainJob, byName(name), suspend, claims)),
  ];
  const leader = byName(shape.leader);
  const worker = byName(shape.worker);
  const spec: LeaderWorkerSetSpec = {
    // A finished job's group stays stopped: the status stopped it, and a re-apply must not restart it.
    replicas: suspend || isTrainJobFinished(trainJob) ? 0 : 1,
    startupPolicy: LWSValues.StartupPolicyLeaderCreated,
    leaderWorkerTemplate: {
      size: shape.size,
      restartPolicy: LWSValues.RestartPolicyRecreateGroupOnPodRestart,
      leaderTemplate: podTemplateOf(leader, claims) as NonNullable<
        LeaderWorkerSetSpec['leaderWorkerTemplate']['leaderTemplate']
      >,
      workerTemplate: podTemplateOf(
        worker,
        claims,
      ) as LeaderWorkerSetSpec['leaderWorkerTemplate']['workerTemplate'],
    },
  };
  const budget = jobSet.spec.failurePolicy?.maxRestarts ?? 0;
  const completion = groupCompletionOf(jobSet.spec, shape);
  // With a runtime failure policy, its FailTrainJob rules are the permanent codes (the JobSet builder
  // renders every rule, RestartTrainJob ones too, as a FailJob podFailurePolicy rule).
  const policy = info.runtimePolicy.failurePolicy;
  const codes =
    policy !== undefined
      ? lwsPermanentExitCodes(policy)
      : permanentExitCodesOf(shape.leader === shape.worker ? [leader] : [leader, worker]);
  const lws = ownedObject(
    trainJob,
    ForeignKinds.LeaderWorkerSet.apiVersion,
    ForeignKinds.LeaderWorkerSet.kind,
    leaderWorkerSetName(trainJob),
    { spec },
  );
  if (Object.keys(info.labels).length > 0) lws.metadata.labels = { ...info.labels };
  lws.metadata.annotations = workloadAnnotations(info, shape, budget, completion, codes);
  return [...objects, lws];
}
