// SPDX-License-Identifier: Apache-2.0
// What the LeaderWorkerSet backend keeps in memory of the objects it watches (design decision 4):
// of a LeaderWorkerSet its metadata, replicas, size and status; of an initializer Job its metadata,
// suspend and status; of a pod only the fields the group's progress is folded from (a few hundred
// bytes instead of several KB: no spec, no annotations, no termination messages).

import { DISRUPTION_TARGET_CONDITION, LWSKeys } from '@kubetrain/api/core';
import { projection, type KubeObject } from '../cluster/kube.js';

/** A LeaderWorkerSet: metadata (annotations hold the group policy and progress), replicas, size, status. */
export const leaderWorkerSetProjection = projection([
  'spec.replicas',
  'spec.leaderWorkerTemplate.size',
  'status',
]);

/** An initializer Job: metadata, `spec.suspend` and status. */
export const initializerJobProjection = projection(['spec.suspend', 'status']);

/** The pod labels the status reads (the group it belongs to, the worker index). */
const KEPT_POD_LABELS = [LWSKeys.Name, LWSKeys.WorkerIndex, LWSKeys.GroupIndex] as const;

interface ContainerStateView {
  running?: object;
  waiting?: { reason?: string };
  terminated?: { exitCode: number; reason?: string; finishedAt?: string };
}

interface PodView {
  metadata?: KubeObject['metadata'] & {
    creationTimestamp?: string;
    deletionTimestamp?: string;
    deletionGracePeriodSeconds?: number;
  };
  status?: {
    phase?: string;
    containerStatuses?: Array<{
      name: string;
      restartCount?: number;
      state?: ContainerStateView;
      lastState?: ContainerStateView;
    }>;
    conditions?: Array<{ type: string; status: string; reason?: string }>;
  };
}

function stateOf(state: ContainerStateView | undefined): ContainerStateView | undefined {
  if (state === undefined) return undefined;
  if (state.terminated !== undefined) {
    const { exitCode, reason, finishedAt } = state.terminated;
    return {
      terminated: {
        exitCode,
        ...(reason !== undefined ? { reason } : {}),
        ...(finishedAt !== undefined ? { finishedAt } : {}),
      },
    };
  }
  if (state.waiting !== undefined)
    return { waiting: state.waiting.reason !== undefined ? { reason: state.waiting.reason } : {} };
  if (state.running !== undefined) return { running: {} };
  return {};
}

function definedOnly<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/**
 * A pod as the LeaderWorkerSet status reads it (`ObservedPod` of the engine): name, namespace, uid,
 * resourceVersion, the group labels, creation and deletion times; phase and each container's name,
 * restart count, state and last state (exit code, reason, finishedAt); the DisruptionTarget condition.
 */
export function podProjection(object: KubeObject): KubeObject {
  const pod = object as PodView;
  const m = pod.metadata ?? {};
  const labels = Object.fromEntries(
    KEPT_POD_LABELS.filter((k) => m.labels?.[k] !== undefined).map((k) => [k, m.labels![k]!]),
  );
  const metadata = definedOnly({
    name: m.name,
    namespace: m.namespace,
    uid: m.uid,
    resourceVersion: m.resourceVersion,
    labels,
    creationTimestamp: m.creationTimestamp,
    deletionTimestamp: m.deletionTimestamp,
    deletionGracePeriodSeconds: m.deletionGracePeriodSeconds,
  });
  const containerStatuses = pod.status?.containerStatuses?.map((c) =>
    definedOnly({
      name: c.name,
      restartCount: c.restartCount,
      state: stateOf(c.state),
      lastState: stateOf(c.lastState),
    }),
  );
  // Of the conditions only DisruptionTarget: why a pod is being deleted, named by a restart's cause.
  const conditions = pod.status?.conditions
    ?.filter((c) => c.type === DISRUPTION_TARGET_CONDITION)
    .map((c) => definedOnly({ type: c.type, status: c.status, reason: c.reason }));
  const status = definedOnly({
    phase: pod.status?.phase,
    containerStatuses,
    ...(conditions !== undefined && conditions.length > 0 ? { conditions } : {}),
  });
  return {
    ...(object.apiVersion !== undefined ? { apiVersion: object.apiVersion } : {}),
    ...(object.kind !== undefined ? { kind: object.kind } : {}),
    metadata,
    status,
  } as KubeObject;
}
