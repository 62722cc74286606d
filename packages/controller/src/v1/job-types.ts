// SPDX-License-Identifier: Apache-2.0
// The shapes the v1 reconcile core works on, common to the six kinds: a job with its replica specs
// (under the kind's own field), pods and Services as the stores keep them.
import type { V1JobCondition, V1JobStatus, V1ReplicaSpec, V1RunPolicy } from '@kubetrain/api/core';
import type { KubeObject } from '../cluster/kube.js';

/** A v1 job of any kind: its spec holds the kind's replica map and fields besides the shared ones. */
export interface V1JobObject extends KubeObject {
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
export interface PodView extends KubeObject {
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
