// SPDX-License-Identifier: Apache-2.0
// The pod and the headless Service of one replica, as Training Operator v1 creates them
// (pkg/controller.v1/common/pod.go createNewPod, service.go CreateNewService): named
// `<job>-<rtype>-<index>`, labelled `training.kubeflow.org/*`, owned by the job; the pod's restart policy
// from the replica spec (ExitCode becomes Never), its env from the framework.
import { cloneJson } from '@kubetrain/api/core';
import { JOB_ROLE_MASTER, V1Labels, V1RestartPolicies } from './constants.js';
import { defaultContainerOf } from './defaults.js';
import { replicaName } from './frameworks/env.js';
import type { Framework } from './frameworks/framework.js';
import type { OwnerReference } from '../types.js';
import type { PodTemplate, ReplicaSpecs, V1JobObject, V1Object } from './job-types.js';

/** The name of replica `rtype`-`index`'s pod and Service. */
export function podNameOf(framework: Framework, job: V1JobObject, rtype: string, index: number): string {
  const name = job.metadata?.name ?? '';
  return framework.podName?.(name, rtype, index) ?? replicaName(name, rtype, index);
}

/** The labels every pod and Service of `job` carries (the job's selector). */
export function jobLabels(job: V1JobObject, framework: Framework): Record<string, string> {
  return {
    [V1Labels.OperatorName]: framework.operatorName,
    [V1Labels.JobName]: job.metadata?.name ?? '',
  };
}

/** The labels selecting replica `rtype`-`index` (the Service's selector). */
function replicaLabels(
  job: V1JobObject,
  framework: Framework,
  rtype: string,
  index: number,
): Record<string, string> {
  return {
    ...jobLabels(job, framework),
    [V1Labels.ReplicaType]: rtype.toLowerCase(),
    [V1Labels.ReplicaIndex]: String(index),
  };
}

/** The controller owner reference to `job` on what it owns (blockOwnerDeletion, as upstream). */
export function ownerReference(job: V1JobObject): OwnerReference {
  return {
    apiVersion: job.apiVersion,
    kind: job.kind,
    name: job.metadata?.name ?? '',
    uid: job.metadata?.uid ?? '',
    controller: true,
    blockOwnerDeletion: true,
  };
}

/** The pod of replica `rtype`-`index` of the (defaulted) `job`. */
export function renderPod(
  job: V1JobObject,
  framework: Framework,
  specs: ReplicaSpecs,
  rtype: string,
  index: number,
): V1Object {
  const spec = specs[rtype];
  const template = cloneJson((spec?.template ?? { spec: { containers: [] } }) as PodTemplate);
  template.spec ??= { containers: [] };
  const policy = spec?.restartPolicy;
  if (policy !== undefined)
    template.spec.restartPolicy = policy === V1RestartPolicies.ExitCode ? 'Never' : policy;
  framework.setClusterSpec(template, { job, specs, rtype, index });
  const labels: Record<string, string> = {
    ...template.metadata?.labels,
    ...replicaLabels(job, framework, rtype, index),
  };
  if (framework.isMasterRole(specs, rtype, index)) labels[V1Labels.JobRole] = JOB_ROLE_MASTER;
  if (framework.unindexed?.(rtype) === true) delete labels[V1Labels.ReplicaIndex];
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...template.metadata,
      name: podNameOf(framework, job, rtype, index),
      namespace: job.metadata?.namespace,
      labels,
      ownerReferences: [ownerReference(job)],
    },
    spec: template.spec,
  } as V1Object;
}

/** The headless Service of replica `rtype`-`index`: the ports of the framework container. */
export function renderService(
  job: V1JobObject,
  framework: Framework,
  specs: ReplicaSpecs,
  rtype: string,
  index: number,
): V1Object {
  const template = specs[rtype]?.template as PodTemplate | undefined;
  const container = template?.spec ? defaultContainerOf(template, framework.defaultContainer) : undefined;
  const ports = (container?.name === framework.defaultContainer ? (container.ports ?? []) : [])
    .filter((p) => p.name !== undefined)
    .map((p) => ({ name: p.name, port: p.containerPort }));
  const selector = replicaLabels(job, framework, rtype, index);
  return {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: podNameOf(framework, job, rtype, index),
      namespace: job.metadata?.namespace,
      labels: selector,
      ownerReferences: [ownerReference(job)],
    },
    spec: { clusterIP: 'None', selector, ...(ports.length > 0 ? { ports } : {}) },
  } as V1Object;
}
