// SPDX-License-Identifier: Apache-2.0
// The env vars Training Operator v1 gave the user's code in a PyTorchJob, XGBoostJob or JAXJob,
// rebuilt for the v2 pods (rank 0 is `<job>-node-0-0.<job>`, the port the plugin opens is 29500,
// the rank is the Job completion index), so that scripts that read them run unchanged.

import { CONTAINER_TRAINER_PORT, JOB_COMPLETION_INDEX_FIELD_PATH } from '@kubetrain/api';
import type { V1KindName } from '@kubetrain/api';
import { indexedNamesLength } from '@kubetrain/runtime';
import type { Findings } from './findings.js';
import { isObject } from './v1-kinds.js';
import type { Json } from './v1-kinds.js';

/** What the legacy env of a job depends on. */
interface LegacyEnvInput {
  readonly kind: V1KindName;
  /** The job's (and so the TrainJob's and JobSet's) name. */
  readonly job: string;
  readonly numNodes: number;
  /** Processes per node (PyTorch's numeric nprocPerNode), 1 otherwise. */
  readonly procsPerNode: number;
  /** Whether the v1 job had a Master (PyTorch sets its env only then). */
  readonly hasMaster: boolean;
  /** Whether the command starts torchrun, which sets MASTER_ADDR, RANK, ... itself from PET_*. */
  readonly torchrun: boolean;
}

const value = (name: string, v: string | number): Json => ({ name, value: String(v) });
const nodeRank = (name: string): Json => ({
  name,
  valueFrom: { fieldRef: { fieldPath: JOB_COMPLETION_INDEX_FIELD_PATH } },
});
/** `<job>-node-0-` and `.<job>`: the JobSet's host names of the trainer's pods, around the index. */
const hostAffixes = (job: string): [string, string] => [`${job}-node-0-`, `.${job}`];
const host = (job: string, index: number) => {
  const [prefix, suffix] = hostAffixes(job);
  return `${prefix}${index}${suffix}`;
};

/**
 * The bytes of what the legacy env lists per node (XGBoost's WORKER_ADDRS: hosts 1 ... n-1 and their
 * commas), computed without building it; 0 for the kinds whose variables do not grow.
 */
export function legacyEnvBytes(kind: V1KindName, job: string, numNodes: number): number {
  if (kind !== 'XGBoostJob' || numNodes <= 1) return 0;
  const [prefix, suffix] = hostAffixes(job);
  return indexedNamesLength(prefix, suffix, numNodes) - host(job, 0).length + (numNodes - 2);
}

/** The variables of Training Operator v1 for `input.kind`, in its order; none where v1 set none. */
function variables(input: LegacyEnvInput): Json[] {
  const { job, numNodes } = input;
  const port = CONTAINER_TRAINER_PORT;
  switch (input.kind) {
    case 'PyTorchJob':
      if (!input.hasMaster || input.torchrun) return [value('PYTHONUNBUFFERED', 1)];
      return [
        value('PYTHONUNBUFFERED', 1),
        value('MASTER_PORT', port),
        value('MASTER_ADDR', host(job, 0)),
        value('WORLD_SIZE', numNodes * input.procsPerNode),
        nodeRank('RANK'),
      ];
    case 'XGBoostJob': {
      // Bounded: the migration refused a WORKER_ADDRS too large to store (legacyEnvBytes) before this.
      const workers = Array.from({ length: Math.max(numNodes - 1, 0) }, (_, i) => host(job, i + 1));
      return [
        value('MASTER_PORT', port),
        value('MASTER_ADDR', host(job, 0)),
        value('WORLD_SIZE', numNodes),
        nodeRank('RANK'),
        value('PYTHONUNBUFFERED', 1),
        ...(numNodes > 1 ? [value('WORKER_PORT', port), value('WORKER_ADDRS', workers.join(','))] : []),
      ];
    }
    case 'JAXJob':
      return [
        value('PYTHONUNBUFFERED', 1),
        value('COORDINATOR_PORT', port),
        value('COORDINATOR_ADDRESS', host(job, 0)),
        value('NUM_PROCESSES', numNodes),
        nodeRank('PROCESS_ID'),
      ];
    default:
      return [];
  }
}

/**
 * The env vars to add to `spec.trainer.env` so that the user's code finds what Training Operator
 * v1 gave it: MASTER_ADDR, MASTER_PORT, WORLD_SIZE, RANK (PyTorch with a Master and without
 * torchrun; XGBoost with WORKER_ADDRS and WORKER_PORT), COORDINATOR_ADDRESS, COORDINATOR_PORT,
 * NUM_PROCESSES, PROCESS_ID (JAX), PYTHONUNBUFFERED. A name the template sets too is set as v1
 * set it ({@link withV1Env}, {@link reportHiddenEnv}).
 */
export function legacyEnv(input: LegacyEnvInput): Json[] {
  return variables(input);
}

/** The entries of a container's env, `[]` when it has none. */
const envOf = (container: Json): Json[] =>
  Array.isArray(container.env) ? (container.env as unknown[]).filter(isObject) : [];

/**
 * `env` without its entries named as one of `vars`, then `vars`. Training Operator v1 appended its
 * variables after the user's, and of two entries of one name a pod's code sees the later: the
 * user's value of such a name never reached the code, v1's did.
 */
export function withV1Env(env: readonly Json[], vars: readonly Json[]): Json[] {
  const names = new Set(vars.map((v) => v.name));
  return [...env.filter((e) => !names.has(e.name)), ...vars];
}

/**
 * Warns of each env entry of the container at `containerPath` that v1 hid behind a variable of the
 * same name in `vars` (see {@link withV1Env}): the migration sets that variable as v1 did.
 */
export function reportHiddenEnv(
  container: Json,
  containerPath: string,
  vars: readonly Json[],
  findings: Findings,
): void {
  const names = new Set(vars.map((v) => v.name));
  envOf(container).forEach((entry, i) => {
    if (!names.has(entry.name)) return;
    const name = String(entry.name);
    findings.notCarried(
      `${containerPath}.env[${i}]`,
      `Training Operator v1 set ${name} itself, after this entry, so the code never saw this value; the migration sets ${name} as v1 did`,
    );
  });
}
