// SPDX-License-Identifier: Apache-2.0
// The shapes the v1 reconcile core works on, common to the six kinds: a job with its replica specs
// (under the kind's own field), pods and Services as the stores keep them; plain JSON, so that the
// controller's cluster objects are these without a conversion.
import type { V1JobCondition, V1JobStatus, V1ReplicaSpec, V1RunPolicy } from '@kubetrain/api/core';
import type { ObjectMeta } from '../types.js';

/**
 * The `metadata` fields the engine reads and writes (the others pass through untouched), as the API
 * types them; timestamps as the JSON the API server sends (strings).
 */
export type V1ObjectMeta = Pick<
  ObjectMeta,
  'name' | 'namespace' | 'uid' | 'labels' | 'annotations' | 'ownerReferences'
> & {
  /** Set once the object is being deleted (the controller skips such jobs and pods). */
  deletionTimestamp?: string;
};

/** Any object the engine reads or returns (a pod, a Service, a ConfigMap, a PodGroup, ...). */
export interface V1Object {
  apiVersion?: string;
  kind?: string;
  metadata?: V1ObjectMeta;
}

/**
 * The API of an object the engine returns, as plain data (`v1`/`ConfigMap`/`configmaps`): the
 * controller turns it into the resource it reads and writes.
 */
export interface V1ObjectApi {
  readonly apiVersion: string;
  readonly kind: string;
  /** The plural resource name, as in URLs and RBAC. */
  readonly plural: string;
}

/** A v1 job of any kind: its spec holds the kind's replica map and fields besides the shared ones. */
export interface V1JobObject extends V1Object {
  apiVersion: string;
  kind: string;
  spec: Record<string, unknown> & { runPolicy?: V1RunPolicy };
  status?: V1JobStatus;
}

/** Replica specs by replica type (canonical CamelCase after defaulting). */
export type ReplicaSpecs = Record<string, V1ReplicaSpec>;

/** A container of a pod template (the fields the core reads and writes). */
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  ports?: Array<{ name?: string; containerPort: number; protocol?: string }>;
  resources?: { limits?: Record<string, unknown>; requests?: Record<string, unknown> };
  [field: string]: unknown;
}

/** An env var (value or valueFrom). */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: Record<string, unknown>;
}

/** A pod template as the core renders it. */
export interface PodTemplate {
  metadata?: { name?: string; labels?: Record<string, string>; annotations?: Record<string, string> };
  spec: {
    containers: Container[];
    initContainers?: Container[];
    restartPolicy?: string;
    [field: string]: unknown;
  };
}

/** A pod as the pod store keeps it: metadata and status. */
export interface PodView extends V1Object {
  status?: {
    phase?: string;
    reason?: string;
    containerStatuses?: ContainerStatus[];
    initContainerStatuses?: ContainerStatus[];
  };
}

/** One container status of a pod. */
export interface ContainerStatus {
  name: string;
  restartCount?: number;
  state?: { terminated?: { exitCode?: number; reason?: string } };
  lastState?: { terminated?: { exitCode?: number } };
}

/** A condition of a v1 job status. */
export type Condition = V1JobCondition;
