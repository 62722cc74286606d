// SPDX-License-Identifier: Apache-2.0
// Narrow structural types for the core/v1 and meta/v1 shapes the engine reads and writes. They
// describe plain JSON; unknown fields pass through untouched, which is why most members are optional
// and every type is open to extra keys.

/** A plain JSON object whose extra keys the engine carries through unchanged. */
export type JsonObject = { [key: string]: unknown };

/** meta/v1 ObjectMeta, only the members the engine reads or writes. */
export interface ObjectMeta {
  name?: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: OwnerReference[];
  [key: string]: unknown;
}

/** meta/v1 OwnerReference. */
export interface OwnerReference {
  apiVersion: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
  blockOwnerDeletion?: boolean;
}

/** Any Kubernetes object the engine returns: `apiVersion`, `kind`, `metadata` and free-form content. */
export interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: ObjectMeta;
  [key: string]: unknown;
}

/** core/v1 ObjectFieldSelector. */
export interface ObjectFieldSelector {
  apiVersion?: string;
  fieldPath: string;
}

/** core/v1 EnvVarSource. */
export interface EnvVarSource {
  fieldRef?: ObjectFieldSelector;
  resourceFieldRef?: JsonObject;
  configMapKeyRef?: JsonObject;
  secretKeyRef?: JsonObject;
  [key: string]: unknown;
}

/** core/v1 EnvVar. */
export interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: EnvVarSource;
}

/** core/v1 ContainerPort. */
export interface ContainerPort {
  name?: string;
  containerPort: number;
  protocol?: string;
  hostPort?: number;
  hostIP?: string;
}

/** core/v1 VolumeMount. */
export interface VolumeMount {
  name: string;
  mountPath: string;
  readOnly?: boolean;
  subPath?: string;
  [key: string]: unknown;
}

/** core/v1 Volume (the source members stay free-form). */
export interface Volume {
  name: string;
  [key: string]: unknown;
}

/** core/v1 ResourceRequirements; quantities are kept as written (string or number). */
export interface ResourceRequirements {
  limits?: Record<string, string | number>;
  requests?: Record<string, string | number>;
  claims?: Array<{ name: string; request?: string }>;
}

/** core/v1 Container, only the members the engine reads or writes. */
export interface Container {
  name: string;
  image?: string;
  command?: string[];
  args?: string[];
  env?: EnvVar[];
  envFrom?: JsonObject[];
  ports?: ContainerPort[];
  volumeMounts?: VolumeMount[];
  resources?: ResourceRequirements;
  [key: string]: unknown;
}

/** core/v1 PodSpec, only the members the engine reads or writes. */
export interface PodSpec {
  containers?: Container[];
  initContainers?: Container[];
  volumes?: Volume[];
  overhead?: Record<string, string | number>;
  priorityClassName?: string;
  [key: string]: unknown;
}

/** core/v1 PodTemplateSpec. */
export interface PodTemplateSpec {
  metadata?: ObjectMeta;
  spec?: PodSpec;
}

/** meta/v1 Condition. */
export interface Condition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
  observedGeneration?: number;
}
