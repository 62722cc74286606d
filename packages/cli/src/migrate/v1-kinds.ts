// SPDX-License-Identifier: Apache-2.0
// The facts of each Training Operator v1 kind that a migration reads: its replica map and replica
// types here; its framework container, default restart policy and replica defaults from the API
// package's V1KindDefaults (the facts the v1 controllers default with).

import { V1KindDefaults, V1ReplicaSpecsFields, v1DefaultReplicas } from '@kubetrain/api';
import type { V1KindName, V1RestartPolicy } from '@kubetrain/api';
import { MigrationError } from './findings.js';
import type { Findings } from './findings.js';

export type { V1RestartPolicy } from '@kubetrain/api';

/** The per-kind facts of the replica map (Training Operator v1.9.4's types). */
export interface V1KindFacts {
  /** The replica map field of the spec, such as `pytorchReplicaSpecs`. */
  readonly specsField: string;
  /** The replica types in their canonical spelling, in the order the output lists them. */
  readonly replicaTypes: readonly string[];
}

/** Training Operator v1.9.4's facts per kind. */
export const V1_KIND_FACTS: Readonly<Record<V1KindName, V1KindFacts>> = {
  PyTorchJob: {
    specsField: V1ReplicaSpecsFields.PyTorchJob,
    replicaTypes: ['Master', 'Worker'],
  },
  TFJob: {
    specsField: V1ReplicaSpecsFields.TFJob,
    replicaTypes: ['Chief', 'Master', 'PS', 'Worker', 'Evaluator'],
  },
  MPIJob: {
    specsField: V1ReplicaSpecsFields.MPIJob,
    replicaTypes: ['Launcher', 'Worker'],
  },
  XGBoostJob: {
    specsField: V1ReplicaSpecsFields.XGBoostJob,
    replicaTypes: ['Master', 'Worker'],
  },
  PaddleJob: {
    specsField: V1ReplicaSpecsFields.PaddleJob,
    replicaTypes: ['Master', 'Worker'],
  },
  JAXJob: {
    specsField: V1ReplicaSpecsFields.JAXJob,
    replicaTypes: ['Worker'],
  },
};

/** A JSON object. */
export type Json = Record<string, unknown>;

/** True for a plain (non-array) object. */
export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One replica spec after Training Operator v1's defaulting. */
export interface V1Replica {
  /** The canonical replica type (`Master`, `Worker`, ...). */
  readonly type: string;
  /** Its path in the v1 object, with the key as the input spells it. */
  readonly path: string;
  readonly replicas: number;
  readonly restartPolicy: V1RestartPolicy;
  /** The pod template (a copy); `{}` when the spec has none. */
  readonly template: Json;
}

/**
 * The replica specs of a v1 job in canonical order, defaulted as Training Operator v1 does (replica
 * keys matched case-insensitively, replicas 1 (MPI Worker 0), the kind's restart policy). A key that
 * names no replica type of the kind is reported and left out; a job without any replica spec
 * cannot be converted (MigrationError).
 */
export function readReplicas(kind: V1KindName, spec: Json, findings: Findings): V1Replica[] {
  const facts = V1_KIND_FACTS[kind];
  const specs = spec[facts.specsField];
  const base = `spec.${facts.specsField}`;
  const found = new Map<string, V1Replica>();
  for (const [key, value] of Object.entries(isObject(specs) ? specs : {})) {
    const type = facts.replicaTypes.find((t) => t.toLowerCase() === key.toLowerCase());
    if (type === undefined || !isObject(value)) {
      findings.notCarried(`${base}.${key}`, `${kind} has no replica type ${JSON.stringify(key)}`);
      continue;
    }
    const restart = value.restartPolicy;
    found.set(type, {
      type,
      path: `${base}.${key}`,
      replicas: typeof value.replicas === 'number' ? value.replicas : v1DefaultReplicas(kind, type),
      restartPolicy:
        typeof restart === 'string' && restart !== ''
          ? (restart as V1RestartPolicy)
          : V1KindDefaults[kind].restartPolicy,
      template: isObject(value.template) ? structuredClone(value.template) : {},
    });
  }
  const replicas = facts.replicaTypes.flatMap((t) => found.get(t) ?? []);
  if (replicas.length === 0) throw new MigrationError(base, 'no replica spec to convert');
  return replicas;
}
