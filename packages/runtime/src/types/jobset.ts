// SPDX-License-Identifier: Apache-2.0
// Narrow structural types for jobset.x-k8s.io/v1alpha2, only the members the engine reads or writes.

import type { Condition, JsonObject, KubeObject, ObjectMeta, PodTemplateSpec } from './core.js';

/** batch/v1 JobSpec. */
export interface JobSpec {
  parallelism?: number;
  completions?: number;
  template?: PodTemplateSpec;
  [key: string]: unknown;
}

/** batch/v1 JobTemplateSpec. */
export interface JobTemplateSpec {
  metadata?: ObjectMeta;
  spec?: JobSpec;
}

/** JobSet ReplicatedJob. */
export interface ReplicatedJob {
  name: string;
  groupName?: string;
  replicas?: number;
  dependsOn?: Array<{ name: string; status: string }>;
  template?: JobTemplateSpec;
  [key: string]: unknown;
}

/** JobSet Network. */
export interface JobSetNetwork {
  enableDNSHostnames?: boolean;
  subdomain?: string;
  publishNotReadyAddresses?: boolean;
}

/** JobSet v1alpha2 spec. */
export interface JobSetSpec {
  replicatedJobs?: ReplicatedJob[];
  network?: JobSetNetwork;
  suspend?: boolean;
  successPolicy?: JsonObject;
  failurePolicy?: JsonObject;
  [key: string]: unknown;
}

/** One entry of JobSet `status.replicatedJobsStatus`. */
export interface ReplicatedJobStatus {
  name: string;
  ready: number;
  succeeded: number;
  failed: number;
  active: number;
  suspended: number;
}

/** JobSet v1alpha2 status. */
export interface JobSetStatus {
  conditions?: Condition[];
  replicatedJobsStatus?: ReplicatedJobStatus[];
  [key: string]: unknown;
}

/** A JobSet object as rendered or observed. */
export interface JobSet extends KubeObject {
  spec?: JobSetSpec;
  status?: JobSetStatus;
}
