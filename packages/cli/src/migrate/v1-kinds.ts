// SPDX-License-Identifier: Apache-2.0
// The replica specs of a Training Operator v1 job as a migration reads them, with the facts the v1
// controllers default with: replica map field, replica types and their case-insensitive keys, the
// framework's restart policy and replica defaults, all from the v1 engine's frameworks
// (@kubetrain/runtime/v1, which takes its defaulting facts from the API package's V1KindDefaults).

import { cloneJson } from '@kubetrain/api/core';
import type { V1KindName, V1RestartPolicy } from '@kubetrain/api';
import { canonicalReplicaType, Frameworks } from '@kubetrain/runtime/v1';
import { MigrationError } from './findings.js';
import type { Findings } from './findings.js';

/** The replica types that coordinate (TFJob's Chief, its legacy Master, the others' Master). */
const COORDINATORS = ['Chief', 'Master'];

/**
 * The replica types of `kind` in the order a migration lists them: the coordinators first, then the
 * others in the order the v1 controller reconciles them.
 */
function listingOrder(kind: V1KindName): string[] {
  const types = Frameworks[kind].replicaTypes;
  const first = COORDINATORS.filter((t) => types.includes(t));
  return [...first, ...types.filter((t) => !first.includes(t))];
}

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
  const framework = Frameworks[kind];
  const specs = spec[framework.replicaSpecsField];
  const base = `spec.${framework.replicaSpecsField}`;
  const found = new Map<string, V1Replica>();
  for (const [key, value] of Object.entries(isObject(specs) ? specs : {})) {
    const type = canonicalReplicaType(framework.replicaTypes, key);
    if (type === undefined || !isObject(value)) {
      findings.notCarried(`${base}.${key}`, `${kind} has no replica type ${JSON.stringify(key)}`);
      continue;
    }
    const restart = value.restartPolicy;
    found.set(type, {
      type,
      path: `${base}.${key}`,
      replicas: typeof value.replicas === 'number' ? value.replicas : framework.defaultReplicas(type),
      restartPolicy:
        typeof restart === 'string' && restart !== ''
          ? (restart as V1RestartPolicy)
          : framework.defaultRestartPolicy,
      template: isObject(value.template) ? cloneJson(value.template) : {},
    });
  }
  const replicas = listingOrder(kind).flatMap((t) => found.get(t) ?? []);
  if (replicas.length === 0) throw new MigrationError(base, 'no replica spec to convert');
  return replicas;
}
