// SPDX-License-Identifier: Apache-2.0
// Which pod of a failed job failed, and how: the first container that terminated with a non-zero
// exit code, read from the pods' status (pure).

/** The parts of a core/v1 Pod read here. */
export interface PodView {
  metadata?: { name?: string; creationTimestamp?: string };
  status?: {
    phase?: string;
    containerStatuses?: ContainerStatusView[];
    initContainerStatuses?: ContainerStatusView[];
  };
}

interface ContainerStatusView {
  name: string;
  state?: { terminated?: { exitCode?: number; reason?: string } };
  lastState?: { terminated?: { exitCode?: number; reason?: string } };
}

/**
 * `pod <name> container <c> exited with code <n> (<reason>)` for the earliest-created pod with a
 * container (init containers first) that terminated with a non-zero code; undefined when none did.
 */
export function describeFailedPod(pods: readonly PodView[]): string | undefined {
  const sorted = [...pods].sort((a, b) =>
    String(a.metadata?.creationTimestamp ?? '').localeCompare(String(b.metadata?.creationTimestamp ?? '')),
  );
  for (const pod of sorted) {
    const statuses = [...(pod.status?.initContainerStatuses ?? []), ...(pod.status?.containerStatuses ?? [])];
    for (const c of statuses) {
      const t = c.state?.terminated ?? c.lastState?.terminated;
      if (t?.exitCode === undefined || t.exitCode === 0) continue;
      const reason = t.reason ? ` (${t.reason})` : '';
      return `pod ${pod.metadata?.name ?? '?'} container ${c.name} exited with code ${t.exitCode}${reason}`;
    }
  }
  return undefined;
}
