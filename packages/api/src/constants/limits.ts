// SPDX-License-Identifier: Apache-2.0
// What the API server and etcd store at most, as Kubernetes enforces it. The engines compute the
// size of what they would produce against these before building it, and refuse at admission what
// could never be stored.

/** Storage limits of Kubernetes objects. */
export const StorageLimits = {
  /**
   * The most bytes of a ConfigMap's (or Secret's) `data` and `binaryData`: the sum of every key's and
   * value's length (`k8s.io/kubernetes/pkg/apis/core/validation`: `MaxSecretSize`, 1 MiB).
   */
  ConfigMapDataBytes: 1024 * 1024,
  /**
   * The most bytes of one stored object: etcd's default `--max-request-bytes` (1.5 MiB); a larger
   * write fails with `etcdserver: request is too large`.
   */
  ObjectBytes: 1.5 * 1024 * 1024,
} as const;

/** Limits Kubernetes' validation sets on workloads the engines render. */
export const WorkloadLimits = {
  /**
   * The most pods an Indexed Job runs in parallel (`k8s.io/kubernetes/pkg/apis/batch/validation`:
   * `maxParallelismForIndexedJob`): JobSet's Jobs are Indexed, so a replicated job's parallelism
   * over it makes JobSet's Job creation fail.
   */
  IndexedJobParallelism: 100_000,
} as const;
