// SPDX-License-Identifier: Apache-2.0
// Upsert helpers with upstream's keys (`pkg/apply/apply.go`): env by name, volumes by name, volume
// mounts by mountPath, ports by containerPort or name. An existing entry is replaced in place;
// otherwise the new one is appended.

import type { ContainerPort, EnvVar, Volume, VolumeMount } from '../types.js';

function upsertBy<T>(list: T[], items: readonly T[], same: (a: T, b: T) => boolean): T[] {
  for (const item of items) {
    const i = list.findIndex((existing) => same(existing, item));
    if (i >= 0) list[i] = item;
    else list.push(item);
  }
  return list;
}

/**
 * Upserts env vars by name. Like upstream's apply conversion, only `value` or one of
 * `valueFrom.{fieldRef,resourceFieldRef,configMapKeyRef,secretKeyRef}` is kept.
 */
export function upsertEnv(list: EnvVar[], items: readonly EnvVar[]): EnvVar[] {
  return upsertBy(list, items.map(normalizeEnvVar), (a, b) => a.name === b.name);
}

/** Upserts volumes by name. */
export function upsertVolumes(list: Volume[], items: readonly Volume[]): Volume[] {
  return upsertBy(list, items, (a, b) => a.name === b.name);
}

/** Upserts volume mounts by mountPath (not name, as upstream). */
export function upsertVolumeMounts(list: VolumeMount[], items: readonly VolumeMount[]): VolumeMount[] {
  return upsertBy(list, items, (a, b) => a.mountPath === b.mountPath);
}

/**
 * Upserts ports by containerPort or name. Two unnamed ports compare equal by name, so a new
 * unnamed port replaces the first unnamed one (upstream quirk, kept).
 */
export function upsertPorts(list: ContainerPort[], items: readonly ContainerPort[]): ContainerPort[] {
  return upsertBy(
    list,
    items,
    (a, b) => a.containerPort === b.containerPort || (a.name ?? '') === (b.name ?? ''),
  );
}

/** Copies an env var keeping only the members upstream's apply conversion keeps. */
function normalizeEnvVar(env: EnvVar): EnvVar {
  const out: EnvVar = { name: env.name };
  if (env.value !== undefined) out.value = env.value;
  if (env.valueFrom !== undefined) {
    const from: NonNullable<EnvVar['valueFrom']> = {};
    const { fieldRef, resourceFieldRef, configMapKeyRef, secretKeyRef } = env.valueFrom;
    if (fieldRef !== undefined) from.fieldRef = fieldRef;
    if (resourceFieldRef !== undefined) from.resourceFieldRef = resourceFieldRef;
    if (configMapKeyRef !== undefined) from.configMapKeyRef = configMapKeyRef;
    if (secretKeyRef !== undefined) from.secretKeyRef = secretKeyRef;
    out.valueFrom = from;
  }
  return out;
}
