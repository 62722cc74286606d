// SPDX-License-Identifier: Apache-2.0
// Which container of a failed TrainJob's pods failed, and how (pure): what `kubetrain describe`
// prints and what the manager's Failed event names.

/** A container's termination, as core/v1 `ContainerStateTerminated` (the fields read here). */
interface TerminationView {
  exitCode?: number;
  reason?: string;
}

/** The parts of a core/v1 ContainerStatus read here. */
export interface ContainerStatusView {
  name: string;
  state?: { terminated?: TerminationView };
  lastState?: { terminated?: TerminationView };
}

/** The parts of a core/v1 Pod read here. */
export interface FailurePodView {
  metadata?: { name?: string; creationTimestamp?: string };
  status?: {
    containerStatuses?: readonly ContainerStatusView[];
    initContainerStatuses?: readonly ContainerStatusView[];
  };
}

/** A container that terminated with a non-zero exit code. */
export interface ContainerFailure {
  /** The pod's name (`''` when it has none). */
  readonly pod: string;
  readonly container: string;
  readonly exitCode: number;
  /** The termination reason (`Error`, `OOMKilled`), `''` when unknown. */
  readonly reason: string;
}

/**
 * The failing container of a job's pods: in the earliest-created pod that has one, the first
 * container (init containers first) whose current or last termination has a non-zero exit code;
 * undefined when none has.
 */
export function findFailedContainer(pods: readonly FailurePodView[]): ContainerFailure | undefined {
  const sorted = [...pods].sort((a, b) =>
    String(a.metadata?.creationTimestamp ?? '').localeCompare(String(b.metadata?.creationTimestamp ?? '')),
  );
  for (const pod of sorted) {
    const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
    for (const c of statuses) {
      const t = c.state?.terminated ?? c.lastState?.terminated;
      if (t?.exitCode === undefined || t.exitCode === 0) continue;
      return {
        pod: pod.metadata?.name ?? '',
        container: c.name,
        exitCode: t.exitCode,
        reason: t.reason ?? '',
      };
    }
  }
  return undefined;
}
