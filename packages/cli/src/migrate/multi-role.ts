// SPDX-License-Identifier: Apache-2.0
// TFJob and PaddleJob, for which v2 ships no runtime: a TrainingRuntime without a framework policy
// (PlainML) with one replicated job per replica type, named after it (`chief`, `ps`, `worker`, ...);
// the type whose success ends the v1 job is the trainer job, and the JobSet succeeds with it.

import { ContainerNames, V1KindDefaults } from '@kubetrain/api';
import type { ConvertedObjects, V1JobContext } from './context.js';
import { addRoleEnv, tfConfigBytes } from './role-env.js';
import { refuseOverIndexedLimit, refuseOversizedEnv } from './output-limits.js';
import { runtimeAndTrainJob, TRAINER_JOB_LABELS } from './objects.js';
import { containersOf, frameworkContainerIndex, runtimePodTemplate } from './pod-template.js';
import { jobRestart, reportPodRestartPolicy, withJobRestart } from './restart-policy.js';
import { isObject, readReplicas } from './v1-kinds.js';
import type { Json, V1Replica } from './v1-kinds.js';

/** The replica type whose success is the job's: TF's chief (or legacy master), else the workers. */
function successReplica(replicas: readonly V1Replica[]): V1Replica {
  const pick = (type: string) => replicas.find((r) => r.type === type);
  return pick('Chief') ?? pick('Master') ?? pick('Worker') ?? (replicas[0] as V1Replica);
}

/** TFJob's successPolicy and enableDynamicWorker; PaddleJob's elasticPolicy. */
function reportKindFields(ctx: V1JobContext, replicas: readonly V1Replica[], trainer: V1Replica): void {
  if (ctx.kind === 'PaddleJob') {
    for (const key of Object.keys(isObject(ctx.spec.elasticPolicy) ? ctx.spec.elasticPolicy : {}))
      ctx.findings.notCarried(
        `spec.elasticPolicy.${key}`,
        'v2 has no elastic training (Training Operator v1 ignored it too)',
      );
    return;
  }
  if (ctx.spec.enableDynamicWorker === true)
    ctx.findings.notCarried(
      'spec.enableDynamicWorker',
      'v2 has no dynamic workers; every worker is part of the gang',
    );
  const workers = replicas.find((r) => r.type === 'Worker')?.replicas ?? 0;
  if (trainer.type === 'Worker' && workers > 1 && ctx.spec.successPolicy !== 'AllWorkers')
    ctx.findings.changed(
      'spec.successPolicy',
      'the TrainJob completes when every worker has succeeded (successPolicy AllWorkers); Training Operator v1 ended it when worker 0 succeeded',
    );
}

/** The replicated job of one replica type. */
function replicatedJob(
  replica: V1Replica,
  replicas: readonly V1Replica[],
  isTrainer: boolean,
  ctx: V1JobContext,
): Json {
  const index = frameworkContainerIndex(replica.template, V1KindDefaults[ctx.kind].container);
  const restart = jobRestart(
    replica.restartPolicy,
    `${replica.path}.restartPolicy`,
    ctx.run.backoffLimit,
    ctx.findings,
  );
  const pod = runtimePodTemplate(replica.template, index, restart.podRestartPolicy);
  if (!isTrainer) {
    // Only the trainer job's container must be `node`; the others keep their names.
    const containers = containersOf(pod);
    const original = containersOf(replica.template)[index];
    if (containers[index] !== undefined && original !== undefined)
      containers[index].name = original.name ?? ContainerNames.Node;
  }
  addRoleEnv(ctx.kind, ctx.metadata.name, replicas, replica, pod, index, ctx.findings);
  reportPodRestartPolicy(replica.template, replica.path, ctx.findings);
  const counts = isTrainer ? {} : { parallelism: replica.replicas, completions: replica.replicas };
  return {
    name: replica.type.toLowerCase(),
    template: {
      ...(isTrainer ? { metadata: { labels: TRAINER_JOB_LABELS } } : {}),
      spec: withJobRestart({ ...counts, template: pod }, restart),
    },
  };
}

/** Converts a TFJob or PaddleJob into a PlainML TrainingRuntime and a TrainJob on it. */
export function convertMultiRole(ctx: V1JobContext): ConvertedObjects {
  const replicas = readReplicas(ctx.kind, ctx.spec, ctx.findings);
  const trainer = successReplica(replicas);
  reportKindFields(ctx, replicas, trainer);
  refuseOverIndexedLimit(replicas, trainer);
  if (ctx.kind === 'TFJob')
    refuseOversizedEnv(
      'the TrainingRuntime, whose pod templates each list every replica in TF_CONFIG,',
      replicas,
      (rs) => tfConfigBytes(ctx.metadata.name, rs),
    );

  const jobs = replicas.map((r) => replicatedJob(r, replicas, r === trainer, ctx));
  const spec: Json = {
    mlPolicy: { numNodes: trainer.replicas },
    template: {
      spec: {
        ...(jobs.length > 1
          ? { successPolicy: { operator: 'All', targetReplicatedJobs: [trainer.type.toLowerCase()] } }
          : {}),
        replicatedJobs: jobs,
      },
    },
  };
  return runtimeAndTrainJob(ctx.metadata, undefined, spec, { numNodes: trainer.replicas }, ctx.run.trainJob);
}
