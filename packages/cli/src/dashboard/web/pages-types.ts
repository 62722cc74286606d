// SPDX-License-Identifier: Apache-2.0
// The JSON of the runtimes and usage pages' endpoints, shared by the server (runtimes-view.ts,
// usage-view.ts) and the page (runtimes.ts, usage.ts). Every value is text the page shows as text.

/** One runtime of the runtimes page. */
export interface RuntimeRow {
  /** `ClusterTrainingRuntime` or `TrainingRuntime`. */
  readonly kind: string;
  /** '' for a ClusterTrainingRuntime. */
  readonly namespace: string;
  readonly name: string;
  /** The `trainer.kubeflow.org/framework` label, or `<none>`. */
  readonly framework: string;
  /** The ML policy's sources (`torch`, `mpi`, ...), or `<none>`. */
  readonly policy: string;
  readonly nodes: number;
  readonly image: string;
}

/** The runtimes of one kind: the rows, or why they cannot be listed (`forbidden: ...`). */
export interface RuntimeGroup {
  readonly items: readonly RuntimeRow[];
  readonly error?: string;
  /** Said above the rows: a fallback namespace, rows left out past the bound. */
  readonly notes: readonly string[];
}

/** `GET /api/runtimes`. */
export interface RuntimesView {
  readonly cluster: RuntimeGroup;
  readonly namespaced: RuntimeGroup;
}

/** `GET /api/runtimes/preview`: the rendered objects as YAML, or the errors naming their fields. */
export interface RuntimePreview {
  /** `kind/name` of each rendered object, in order. */
  readonly objects: readonly string[];
  readonly yaml: string;
  readonly errors: readonly string[];
}

/** The periods the usage page offers. */
export const UsagePeriods = ['24h', '7d', '30d'] as const;

/** One row of a usage table: GPU-hours as `kubetrain usage` prints them. */
export interface UsageRowView {
  readonly key: string;
  readonly jobs: number;
  readonly gpuHours: string;
}

/** `GET /api/usage`: the period's bounds (RFC 3339) and the rows by namespace, queue and runtime. */
export interface UsageView {
  /** Absent: from the beginning. */
  readonly since?: string;
  readonly until: string;
  /** The namespace read; '' for every namespace. */
  readonly namespace: string;
  readonly notes: readonly string[];
  readonly namespaces: readonly UsageRowView[];
  readonly queues: readonly UsageRowView[];
  readonly runtimes: readonly UsageRowView[];
  /** Every job once (the same under each grouping): the TOTAL row of `kubetrain usage`. */
  readonly total: UsageRowView;
}
