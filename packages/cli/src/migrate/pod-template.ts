// SPDX-License-Identifier: Apache-2.0
// A v1 pod template read for a TrainJob: which of its fields a TrainJob's `spec.trainer` carries,
// which only a runtime can carry, and which neither (Training Operator v1 overrode them too, or the
// v2 plugin sets its own).

import { cloneJson } from '@kubetrain/api/core';
import { ContainerNames } from '@kubetrain/api';
import { POD_RESTART_POLICY_WHY } from './restart-policy.js';
import { isObject } from './v1-kinds.js';
import type { Json } from './v1-kinds.js';

/** The `spec.trainer` fields a framework container maps to. */
export interface TrainerFields {
  image?: string;
  command?: unknown[];
  args?: unknown[];
  env?: unknown[];
  resourcesPerNode?: Json;
}

/** The outcome of {@link splitTemplate}. */
interface SplitTemplate {
  /** What `spec.trainer` takes from the framework container. */
  readonly trainer: TrainerFields;
  /** A pod template patch (a runtime patch of the trainer job) with the rest a TrainJob can carry; `{}` when none. */
  readonly podPatch: Json;
  /** Fields only a runtime can carry (their paths); empty when a TrainJob on a shipped runtime suffices. */
  readonly runtimeOnly: readonly string[];
  /** Fields a TrainJob on a shipped runtime leaves out, with why (paths). */
  readonly dropped: readonly { path: string; why: string }[];
}

/** Container fields of the framework container that become `spec.trainer` fields. */
const TRAINER_FIELDS: Readonly<Record<string, keyof TrainerFields>> = {
  image: 'image',
  command: 'command',
  args: 'args',
  env: 'env',
  resources: 'resourcesPerNode',
};

/** Why a TrainJob on a shipped runtime leaves a container field out. */
const DROPPED_CONTAINER_FIELDS: Readonly<Record<string, string>> = {
  imagePullPolicy:
    'a TrainJob cannot set it; the kubelet default applies (Always for :latest or untagged images, else IfNotPresent)',
  ports: 'the v2 plugin opens its own port (29500) and the JobSet gives every pod a DNS name',
};

/** The containers of a pod template (empty when it has none). */
export function containersOf(template: Json): Json[] {
  const spec = isObject(template.spec) ? template.spec : {};
  return Array.isArray(spec.containers) ? (spec.containers.filter(isObject) as Json[]) : [];
}

/**
 * The index of the container Training Operator v1 treats as the framework's: the one named `name`,
 * else the first (as v1 does for MPI and for its default port).
 */
export function frameworkContainerIndex(template: Json, name: string): number {
  const index = containersOf(template).findIndex((c) => c.name === name);
  return index >= 0 ? index : 0;
}

/** Pod spec fields a TrainJob's runtimePatches can set on the trainer job's pods. */
const PATCHABLE_POD_FIELDS: ReadonlySet<string> = new Set([
  'serviceAccountName',
  'volumes',
  'imagePullSecrets',
  'securityContext',
  'nodeSelector',
  'affinity',
  'tolerations',
  'schedulingGates',
  'terminationGracePeriodSeconds',
]);

/** Fields of the `node` container a runtime patch can set (its env belongs to `spec.trainer`). */
const PATCHABLE_CONTAINER_FIELDS: ReadonlySet<string> = new Set(['volumeMounts', 'securityContext']);

/** The template's labels and annotations as a patch; other metadata needs a runtime. */
function splitMetadata(template: Json, path: string, runtimeOnly: string[]): Json {
  const patch: Json = {};
  for (const key of Object.keys(template)) {
    if (key !== 'spec' && key !== 'metadata') runtimeOnly.push(`${path}.${key}`);
  }
  const metadata = isObject(template.metadata) ? template.metadata : {};
  for (const [key, value] of Object.entries(metadata)) {
    if (key === 'labels' || key === 'annotations') patch[key] = cloneJson(value);
    else runtimeOnly.push(`${path}.metadata.${key}`);
  }
  return patch;
}

/** The framework container's fields: to `trainer`, to the patch, dropped or needing a runtime. */
function splitContainer(
  container: Json,
  at: string,
  reservedEnv: readonly string[],
  out: {
    trainer: TrainerFields;
    patch: Json;
    runtimeOnly: string[];
    dropped: { path: string; why: string }[];
  },
): void {
  for (const [key, value] of Object.entries(container)) {
    const field = TRAINER_FIELDS[key];
    if (key === 'name') continue;
    if (field !== undefined) (out.trainer as Record<string, unknown>)[field] = cloneJson(value);
    else if (PATCHABLE_CONTAINER_FIELDS.has(key)) out.patch[key] = cloneJson(value);
    else if (DROPPED_CONTAINER_FIELDS[key] !== undefined)
      out.dropped.push({ path: `${at}.${key}`, why: DROPPED_CONTAINER_FIELDS[key] });
    else out.runtimeOnly.push(`${at}.${key}`);
  }
  const env = Array.isArray(container.env) ? container.env : [];
  env.forEach((e, i) => {
    if (isObject(e) && typeof e.name === 'string' && reservedEnv.includes(e.name))
      out.runtimeOnly.push(`${at}.env[${i}]`);
  });
}

/**
 * Splits the pod template at `path` (a v1 `...ReplicaSpecs.<type>.template`): the framework
 * container `index`'s image, command, args, env and resources go to `spec.trainer`; the fields a
 * runtime patch can set (labels, annotations, service account, volumes and their mounts, node
 * selection, security contexts, ...) to a pod template patch; its imagePullPolicy and ports and the
 * pod's restartPolicy can be left out; everything else (other containers, host networking,
 * priority, probes, env names the runtime's plugin reserves, ...) needs a runtime.
 */
export function splitTemplate(
  template: Json,
  index: number,
  path: string,
  reservedEnv: readonly string[],
): SplitTemplate {
  const runtimeOnly: string[] = [];
  const out = {
    trainer: {} as TrainerFields,
    patch: {} as Json,
    runtimeOnly,
    dropped: [] as { path: string; why: string }[],
  };
  const metadata = splitMetadata(template, path, runtimeOnly);
  const spec = isObject(template.spec) ? template.spec : {};
  const podPatch: Json = {};
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'containers') continue;
    if (key === 'restartPolicy')
      out.dropped.push({ path: `${path}.spec.restartPolicy`, why: POD_RESTART_POLICY_WHY });
    else if (PATCHABLE_POD_FIELDS.has(key)) podPatch[key] = cloneJson(value);
    else runtimeOnly.push(`${path}.spec.${key}`);
  }
  const containers = containersOf(template);
  containers.forEach((_c, i) => {
    if (i !== index) runtimeOnly.push(`${path}.spec.containers[${i}]`);
  });
  const container = containers[index];
  if (container === undefined) runtimeOnly.push(`${path}.spec.containers`);
  else splitContainer(container, `${path}.spec.containers[${index}]`, reservedEnv, out);
  if (Object.keys(out.patch).length > 0) podPatch.containers = [{ name: ContainerNames.Node, ...out.patch }];
  const patch: Json = {
    ...(Object.keys(metadata).length > 0 ? { metadata } : {}),
    ...(Object.keys(podPatch).length > 0 ? { spec: podPatch } : {}),
  };
  return { trainer: out.trainer, podPatch: patch, runtimeOnly, dropped: out.dropped };
}

/**
 * The pod template for a runtime's trainer job: the v1 template with the framework container
 * renamed `node` (the container the v2 engine and SDK look for) and the pod restart policy given.
 */
export function runtimePodTemplate(template: Json, index: number, restartPolicy: string): Json {
  const copy = cloneJson(template);
  const spec: Json = isObject(copy.spec) ? copy.spec : {};
  const containers = Array.isArray(spec.containers) ? (spec.containers as Json[]) : [];
  const container = containers[index];
  if (container !== undefined) containers[index] = { ...container, name: ContainerNames.Node };
  const { restartPolicy: _dropped, ...rest } = spec;
  void _dropped;
  copy.spec = { ...rest, containers, restartPolicy };
  if (isObject(copy.metadata) && Object.keys(copy.metadata).length === 0) delete copy.metadata;
  return copy;
}
