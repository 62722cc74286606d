// SPDX-License-Identifier: Apache-2.0
// TF_CONFIG (TFJob) and the PADDLE_* variables (PaddleJob), which Training Operator v1 gave the
// framework container and v2 does not: rebuilt for the runtime a migration writes, with the host
// names of its JobSet (`<job>-<replica type>-0-<index>.<job>`) and each pod's index read from its
// Job completion index.

import { JOB_COMPLETION_INDEX_FIELD_PATH, V1KindDefaults } from '@kubetrain/api';
import type { V1KindName } from '@kubetrain/api';
import { clusterMapJsonLength } from '@kubetrain/runtime/v1';
import type { Findings } from './findings.js';
import { reportHiddenEnv, withV1Env } from './legacy-env.js';
import { containersOf, frameworkContainerIndex } from './pod-template.js';
import { isObject } from './v1-kinds.js';
import type { Json, V1Replica } from './v1-kinds.js';

/** The env var TF_CONFIG takes the pod's index from (`$(...)` expands earlier variables only). */
const TASK_INDEX_ENV = 'TF_CONFIG_TASK_INDEX';

/** v1's default ports: TFJob's `tfjob-port`, PaddleJob's `master`. */
const PORTS: Readonly<Partial<Record<V1KindName, { name: string; port: number }>>> = {
  TFJob: { name: 'tfjob-port', port: 2222 },
  PaddleJob: { name: 'master', port: 36543 },
};

/** The port of the replica's framework container named as v1 looks it up, else v1's default. */
function portOf(kind: V1KindName, replica: V1Replica): number {
  const facts = PORTS[kind] ?? { name: '', port: 0 };
  const container = containersOf(replica.template)[
    frameworkContainerIndex(replica.template, V1KindDefaults[kind].container)
  ];
  const ports = Array.isArray(container?.ports) ? (container.ports as unknown[]) : [];
  const named = ports.find((p) => isObject(p) && p.name === facts.name) as Json | undefined;
  return typeof named?.containerPort === 'number' ? named.containerPort : facts.port;
}

/** `<job>-<type>-0-` and `.<job>`: the JobSet's host names of a replica type, around the pod index. */
const hostAffixes = (job: string, replica: V1Replica): [string, string] => [
  `${job}-${replica.type.toLowerCase()}-0-`,
  `.${job}`,
];

const host = (job: string, replica: V1Replica, index: number) => {
  const [prefix, suffix] = hostAffixes(job, replica);
  return `${prefix}${index}${suffix}`;
};

/** The replicas in TF_CONFIG's cluster order (keys sorted, as Go writes a map). */
const clusterOrder = (replicas: readonly V1Replica[]) =>
  [...replicas].sort((a, b) => (a.type.toLowerCase() < b.type.toLowerCase() ? -1 : 1));

/** What surrounds each index in TF_CONFIG's cluster list: the host's affixes, then `:<port>`. */
function hostParts(job: string, r: V1Replica): [string, string] {
  const [prefix, suffix] = hostAffixes(job, r);
  return [prefix, `${suffix}:${portOf('TFJob', r)}`];
}

/** The TF_CONFIG task of `replica`'s pods; the index comes from the env var. */
const taskOf = (replica: V1Replica) =>
  `{"type":${JSON.stringify(replica.type.toLowerCase())},"index":$(${TASK_INDEX_ENV})}`;

/**
 * The bytes of TF_CONFIG over every replica's pod template (each carries its own), computed from
 * the counts without building the lists; 0 where v1 sets none.
 */
export function tfConfigBytes(job: string, replicas: readonly V1Replica[]): number {
  const total = replicas.reduce((sum, r) => sum + r.replicas, 0);
  if (total === 1) return 0;
  // {"cluster":{"<type>":["<host>",...],...},"task":<task>,"environment":"cloud"}
  const cluster = clusterMapJsonLength(
    replicas.map((r) => {
      const [prefix, suffix] = hostParts(job, r);
      return { key: r.type.toLowerCase(), prefix, suffix, count: r.replicas };
    }),
  );
  const fixed = '{"cluster":,"task":,"environment":"cloud"}'.length + cluster;
  return replicas.reduce((sum, r) => sum + fixed + taskOf(r).length, 0);
}

/** TF_CONFIG of the pods of `replica`: v1's cluster map (keys sorted, as Go writes a map) and task. */
function tfConfigEnv(job: string, replicas: readonly V1Replica[], replica: V1Replica): Json[] {
  const total = replicas.reduce((sum, r) => sum + r.replicas, 0);
  if (total === 1) return []; // v1 sets TF_CONFIG only for distributed jobs
  // Bounded: the migration refused a TF_CONFIG too large to store (tfConfigBytes) before this.
  const cluster = Object.fromEntries(
    clusterOrder(replicas).map((r) => {
      const [prefix, suffix] = hostParts(job, r);
      return [r.type.toLowerCase(), Array.from({ length: r.replicas }, (_, i) => `${prefix}${i}${suffix}`)];
    }),
  );
  const task = taskOf(replica);
  return [
    { name: TASK_INDEX_ENV, valueFrom: { fieldRef: { fieldPath: JOB_COMPLETION_INDEX_FIELD_PATH } } },
    {
      name: 'TF_CONFIG',
      value: `{"cluster":${JSON.stringify(cluster)},"task":${task},"environment":"cloud"}`,
    },
  ];
}

/** PaddleJob's variables: the master is the Master's pod 0 (parameter-server mode), else worker 0's. */
function paddleEnv(job: string, replicas: readonly V1Replica[], replica: V1Replica): Json[] {
  const master = replicas.find((r) => r.type === 'Master');
  const first = master ?? replicas[0];
  if (first === undefined) return [];
  const total = replicas.reduce((sum, r) => sum + r.replicas, 0);
  return [
    { name: 'PYTHONUNBUFFERED', value: '1' },
    { name: 'PADDLE_JOB_ID', value: job },
    { name: 'PADDLE_NNODES', value: String(total) },
    { name: 'PADDLE_MASTER', value: `${host(job, first, 0)}:${portOf('PaddleJob', first)}` },
    ...(master !== undefined
      ? [{ name: replica === master ? 'PADDLE_SERVER_NUM' : 'PADDLE_TRAINER_NUM', value: '1' }]
      : []),
  ];
}

/**
 * Adds to the framework container of `pod` (the runtime's pod template of `replica`, the container
 * at `index`) the variables Training Operator v1 gave it: TF_CONFIG for a TFJob, PADDLE_* for a
 * PaddleJob. A name the template sets too is set as v1 set it, and the template's entry reported
 * (v1 appended its own after it, which hid it: legacy-env.ts's withV1Env).
 */
export function addRoleEnv(
  kind: V1KindName,
  job: string,
  replicas: readonly V1Replica[],
  replica: V1Replica,
  pod: Json,
  index: number,
  findings: Findings,
): void {
  const container = containersOf(pod)[index];
  if (container === undefined) return;
  const env =
    kind === 'TFJob'
      ? tfConfigEnv(job, replicas, replica)
      : kind === 'PaddleJob'
        ? paddleEnv(job, replicas, replica)
        : [];
  if (env.length === 0) return;
  reportHiddenEnv(container, `${replica.path}.template.spec.containers[${index}]`, env, findings);
  container.env = withV1Env(Array.isArray(container.env) ? (container.env as Json[]) : [], env);
}
