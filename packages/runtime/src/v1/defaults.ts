// SPDX-License-Identifier: Apache-2.0
// Training Operator v1.9's Go defaulting (pkg/apis/kubeflow.org/v1/*_defaults.go), which the CRD
// defaults (applyV1Defaults) do not carry: replica keys to CamelCase, replicas, restart policies, the
// framework's default port, `cleanPodPolicy: None`, then the kind's own defaults. Upstream applies it in
// its defaulting webhook and again at the start of every reconcile; so does kubetrain's v1 controller (in
// memory, never written back), hence objects created while the controller was off converge too.
import { applyV1Defaults, cloneJson, type V1KindObjects, type V1ReplicaSpec } from '@kubetrain/api/core';
import { V1CleanPodPolicies } from './constants.js';
import type { Framework } from './frameworks/framework.js';
import type { Container, PodTemplate, ReplicaSpecs, V1JobObject } from './job-types.js';

/** The replica map of `job` (an empty map when absent). */
export function replicaSpecsOf(job: V1JobObject, framework: Framework): ReplicaSpecs {
  return (job.spec[framework.replicaSpecsField] as ReplicaSpecs | undefined) ?? {};
}

/** The replica type of `types` that `key` names, matched case-insensitively (`worker` → `Worker`). */
export function canonicalReplicaType(types: readonly string[], key: string): string | undefined {
  return types.find((t) => t.toLowerCase() === key.toLowerCase());
}

/** Rewrites replica keys matching a canonical type case-insensitively (`worker` → `Worker`). */
function camelCaseKeys(specs: ReplicaSpecs, types: readonly string[]): ReplicaSpecs {
  const out: ReplicaSpecs = {};
  for (const [key, spec] of Object.entries(specs)) {
    const canonical = canonicalReplicaType(types, key) ?? key;
    out[canonical] = spec;
  }
  return out;
}

/** The container the framework's port and env go to: the one named as the framework, else the first. */
export function defaultContainerOf(template: PodTemplate, name: string): Container | undefined {
  const containers = template.spec.containers ?? [];
  return containers.find((c) => c.name === name) ?? containers[0];
}

function defaultPort(spec: V1ReplicaSpec, framework: Framework): void {
  const template = spec.template as PodTemplate | undefined;
  if (template?.spec?.containers === undefined) return;
  const container = defaultContainerOf(template, framework.defaultContainer);
  if (container === undefined) return;
  if ((container.ports ?? []).some((p) => p.name === framework.defaultPortName)) return;
  container.ports = [
    ...(container.ports ?? []),
    { name: framework.defaultPortName, containerPort: framework.defaultPort },
  ];
}

/** Returns a defaulted copy of `job` (CRD defaults, then upstream's Go defaulting). */
export function defaultV1Job(job: V1JobObject, framework: Framework): V1JobObject {
  const copy = applyV1Defaults(
    framework.kind,
    cloneJson(job) as unknown as V1KindObjects[typeof framework.kind],
  ) as unknown as V1JobObject;
  copy.spec ??= {};
  const specs = camelCaseKeys(replicaSpecsOf(copy, framework), framework.replicaTypes);
  for (const [rtype, spec] of Object.entries(specs)) {
    spec.replicas ??= framework.defaultReplicas(rtype);
    spec.restartPolicy ??= framework.defaultRestartPolicy;
    if (framework.addsDefaultPort !== false) defaultPort(spec, framework);
  }
  copy.spec[framework.replicaSpecsField] = specs;
  copy.spec.runPolicy = { ...copy.spec.runPolicy };
  framework.defaultSpec?.(copy.spec, specs);
  copy.spec.runPolicy.cleanPodPolicy ??= V1CleanPodPolicies.None;
  return copy;
}
