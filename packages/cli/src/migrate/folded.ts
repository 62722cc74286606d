// SPDX-License-Identifier: Apache-2.0
// PyTorchJob, XGBoostJob and JAXJob: every replica becomes one node of the shipped runtime of the
// framework (torch-distributed, xgboost-distributed, jax-distributed), the Master (if any) rank 0.
// A TrainJob on that runtime when the pod template fits `spec.trainer`; otherwise a TrainingRuntime
// derived from it that carries the template.

import { cloneJson } from '@kubetrain/api/core';
import {
  AncestorSteps,
  Kinds,
  Labels,
  TORCH_RESERVED_ENV_NAMES,
  XGBOOST_RESERVED_ENV_NAMES,
} from '@kubetrain/api';
import { V1KindDefaults, V1ReplicaSpecsFields, type V1KindName } from '@kubetrain/api';
import type { ConvertedObjects, V1JobContext } from './context.js';
import { startsTorchrun } from './env-contract.js';
import { legacyEnv, legacyEnvBytes, reportHiddenEnv, withV1Env } from './legacy-env.js';
import { refuseOversizedEnv } from './output-limits.js';
import { MigrationError } from './findings.js';
import { migrationPatches, runtimeAndTrainJob, trainJobObject } from './objects.js';
import { containersOf, frameworkContainerIndex, runtimePodTemplate, splitTemplate } from './pod-template.js';
import type { TrainerFields } from './pod-template.js';
import { jobRestart, withJobRestart } from './restart-policy.js';
import type { JobRestart } from './restart-policy.js';
import { differingPaths } from './template-diff.js';
import { isObject, readReplicas } from './v1-kinds.js';
import type { Json, V1Replica } from './v1-kinds.js';

/** The largest numNodes (an int32). */
const MAX_INT32 = 2 ** 31 - 1;

/** The shipped runtime each folded kind maps to, and the env names its plugin reserves. */
const SHIPPED: Readonly<Partial<Record<V1KindName, { runtime: string; reserved: readonly string[] }>>> = {
  PyTorchJob: { runtime: 'torch-distributed', reserved: TORCH_RESERVED_ENV_NAMES },
  XGBoostJob: { runtime: 'xgboost-distributed', reserved: XGBOOST_RESERVED_ENV_NAMES },
  JAXJob: { runtime: 'jax-distributed', reserved: [] },
};

/** True for the kinds {@link convertFolded} converts. */
export function isFoldedKind(kind: V1KindName): boolean {
  return SHIPPED[kind] !== undefined;
}

/** Reports each field where a folded replica's spec differs from the one all nodes run. */
function reportDifferences(primary: V1Replica, other: V1Replica, ctx: V1JobContext): void {
  for (const path of differingPaths(primary.template, other.template, `${other.path}.template`))
    ctx.findings.notCarried(
      path,
      `differs from ${primary.type}'s template; v2 runs every node from one pod template (${primary.type}'s)`,
    );
  if (other.restartPolicy !== primary.restartPolicy)
    ctx.findings.notCarried(
      `${other.path}.restartPolicy`,
      `${other.restartPolicy} differs from ${primary.type}'s ${primary.restartPolicy}, which every node gets`,
    );
}

/** The shipped runtime's spec with the trainer job running `pod` under `restart`. */
function derivedRuntimeSpec(base: Json, pod: Json, restart: JobRestart): Json {
  const spec = cloneJson(isObject(base.spec) ? base.spec : {});
  const template = isObject(spec.template) ? spec.template : {};
  const jobs =
    isObject(template.spec) && Array.isArray(template.spec.replicatedJobs)
      ? template.spec.replicatedJobs
      : [];
  const trainer = (jobs as Json[]).find((job) => {
    const labels =
      isObject(job.template) && isObject(job.template.metadata) ? job.template.metadata.labels : undefined;
    return isObject(labels) && labels[Labels.TrainJobAncestor] === AncestorSteps.Trainer;
  });
  if (trainer === undefined || !isObject(trainer.template))
    throw new MigrationError('spec', 'the shipped runtime has no trainer job to derive a runtime from');
  const jobSpec = isObject(trainer.template.spec) ? trainer.template.spec : {};
  trainer.template.spec = withJobRestart({ ...jobSpec, template: pod }, restart);
  return spec;
}

/** PyTorch's `nprocPerNode` and `elasticPolicy`: numProcPerNode, or what is not carried over. */
function torchFields(spec: Json, ctx: V1JobContext): Json {
  for (const key of Object.keys(isObject(spec.elasticPolicy) ? spec.elasticPolicy : {}))
    ctx.findings.notCarried(
      `spec.elasticPolicy.${key}`,
      'v2 has no elastic training (removed in Trainer v2.2); the TrainJob runs a fixed numNodes',
    );
  const nproc = spec.nprocPerNode;
  if (typeof nproc !== 'string' || nproc === 'auto') return {};
  if (/^[1-9]\d*$/.test(nproc)) return { numProcPerNode: Number(nproc) };
  ctx.findings.notCarried(
    'spec.nprocPerNode',
    `${JSON.stringify(nproc)}: v2 takes a number; without one it starts one process per GPU, else per CPU, of resourcesPerNode`,
  );
  return {};
}

/** `trainer` with `legacy` set in its env as v1 set it (unchanged when there is none to add). */
function withEnv(trainer: TrainerFields, legacy: readonly Json[]): TrainerFields {
  if (legacy.length === 0) return trainer;
  return { ...trainer, env: withV1Env((trainer.env ?? []).filter(isObject), legacy) };
}

/** Converts a PyTorchJob, XGBoostJob or JAXJob. */
export function convertFolded(ctx: V1JobContext): ConvertedObjects {
  const shipped = SHIPPED[ctx.kind];
  if (shipped === undefined) throw new MigrationError('kind', `${ctx.kind} has no shipped runtime`);
  const base = ctx.shipped.get(shipped.runtime);
  if (base === undefined)
    throw new MigrationError('kind', `the shipped runtime ${shipped.runtime} is not in the runtimes folder`);
  const replicas = readReplicas(ctx.kind, ctx.spec, ctx.findings);
  const [primary, ...others] = replicas as [V1Replica, ...V1Replica[]];
  for (const other of others) reportDifferences(primary, other, ctx);

  const index = frameworkContainerIndex(primary.template, V1KindDefaults[ctx.kind].container);
  const split = splitTemplate(primary.template, index, `${primary.path}.template`, shipped.reserved);
  const restart = jobRestart(
    primary.restartPolicy,
    `${primary.path}.restartPolicy`,
    ctx.run.backoffLimit,
    ctx.findings,
  );
  const container = containersOf(primary.template)[index] ?? {};
  const commandLine = [container.command, container.args].flatMap((v) => (Array.isArray(v) ? v : []));

  const numNodes = replicas.reduce((sum, r) => sum + r.replicas, 0);
  refuseOversizedEnv(`the TrainJob, whose env lists every node,`, replicas, (rs) =>
    legacyEnvBytes(
      ctx.kind,
      ctx.metadata.name,
      rs.reduce((sum, r) => sum + r.replicas, 0),
    ),
  );
  if (numNodes > MAX_INT32)
    throw new MigrationError(
      `spec.${V1ReplicaSpecsFields[ctx.kind]}`,
      `the replicas sum to ${numNodes} nodes, more than spec.trainer.numNodes can hold (${MAX_INT32})`,
    );
  const extra: Json = ctx.kind === 'PyTorchJob' ? torchFields(ctx.spec, ctx) : {};
  const legacy = legacyEnv({
    kind: ctx.kind,
    job: ctx.metadata.name,
    numNodes,
    procsPerNode: typeof extra.numProcPerNode === 'number' ? extra.numProcPerNode : 1,
    hasMaster: primary.type === 'Master',
    torchrun: startsTorchrun(commandLine),
  });
  reportHiddenEnv(container, `${primary.path}.template.spec.containers[${index}]`, legacy, ctx.findings);
  const needsRuntime = split.runtimeOnly.length > 0 || !restart.shippedRuntimeFits;
  for (const dropped of split.dropped) {
    // A derived runtime carries the container as it is; the pod's restartPolicy is replaced either way.
    if (needsRuntime && !dropped.path.endsWith('.spec.restartPolicy')) continue;
    ctx.findings.notCarried(dropped.path, dropped.why);
  }
  if (!needsRuntime) {
    return [
      trainJobObject(
        ctx.metadata,
        { name: shipped.runtime, kind: Kinds.ClusterTrainingRuntime },
        { numNodes, ...withEnv(split.trainer, legacy), ...extra },
        ctx.run.trainJob,
        migrationPatches(split.podPatch),
      ),
    ];
  }
  const pod = runtimePodTemplate(primary.template, index, restart.podRestartPolicy);
  const metadata = isObject(base.metadata) ? base.metadata : {};
  const labels = isObject(metadata.labels) ? metadata.labels : undefined;
  return runtimeAndTrainJob(
    ctx.metadata,
    labels,
    derivedRuntimeSpec(base, pod, restart),
    { numNodes, ...withEnv({}, legacy), ...extra },
    ctx.run.trainJob,
  );
}
