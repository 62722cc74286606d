// SPDX-License-Identifier: Apache-2.0
// Which pods form a TrainJob's gang. Upstream counts every pod set into one gang; a runtime whose
// steps are ordered by JobSet `dependsOn` then waits for pods JobSet will not create yet. Here the
// gang holds only the pods that exist at the same time (design decision 7).

import { AncestorSteps, type ReplicatedJob } from '@kubetrain/api/core';
import type { PodSet, RuntimeInfo } from '../../framework/runtime-info.js';
import type { KubeObject, TrainJob } from '../../types.js';
import { ownedObject } from '../../util/owner-reference.js';
import {
  addToResourceList,
  formatResourceList,
  parseQuantity,
  scaleQuantity,
  type Quantity,
} from '../../util/quantity.js';

/** JobSet `dependsOn[].status` value meaning "the dependency has finished". */
const DEPENDS_ON_COMPLETE = 'Complete';

/** Where one replicatedJob sits in the run order JobSet's `dependsOn` imposes. */
export interface StepPlacement {
  /**
   * The phase: 0 for steps JobSet creates at once; a `Complete` dependency starts a new phase
   * (the dependency's pods are gone before these start); a `Ready` dependency keeps the phase.
   */
  readonly phase: number;
  /** True when a `Ready` dependency holds the step back: its pods appear only after others run. */
  readonly heldBack: boolean;
}

/**
 * Places each replicatedJob (same order as the spec) in its phase. A dependency on an unknown or
 * later name (which JobSet's webhook rejects) counts as phase 0.
 */
export function placeSteps(
  replicatedJobs: readonly Pick<ReplicatedJob, 'name' | 'dependsOn'>[],
): StepPlacement[] {
  const phaseByName = new Map<string, number>();
  return replicatedJobs.map((rJob) => {
    let phase = 0;
    let heldBack = false;
    for (const dep of rJob.dependsOn ?? []) {
      const depPhase = phaseByName.get(dep.name) ?? 0;
      if (dep.status === DEPENDS_ON_COMPLETE) {
        phase = Math.max(phase, depPhase + 1);
      } else {
        phase = Math.max(phase, depPhase);
        heldBack = true;
      }
    }
    phaseByName.set(rJob.name, phase);
    return { phase, heldBack };
  });
}

/**
 * The PodGroup of a gang plugin: kind `kind`, named after the TrainJob, in its namespace and owned
 * by it, with `spec`.
 */
export function buildPodGroup(
  trainJob: TrainJob,
  kind: { readonly apiVersion: string; readonly kind: string },
  spec: Record<string, unknown>,
): KubeObject {
  return ownedObject(trainJob, kind.apiVersion, kind.kind, trainJob.metadata.name ?? '', { spec });
}

/** One pod set of the gang and its index among the replicatedJobs. */
interface GangMember {
  readonly index: number;
  readonly podSet: PodSet;
}

/** The gang of a TrainJob: its members and the PodGroup figures derived from them. */
export interface Gang {
  /** Member pod sets, in template order. */
  readonly members: readonly GangMember[];
  /** True when every pod set is a member: the runtime has no `dependsOn` in the way (upstream's case). */
  readonly includesAll: boolean;
  /** Σ member pod counts (`PodSet.count`; replicas are not multiplied in, as upstream). */
  readonly minMember: number;
  /** Σ count × one pod's requests per resource, printed as canonical quantities; keys sorted. */
  readonly minResources: Record<string, string>;
}

function sumResources(members: readonly GangMember[]): Record<string, string> {
  const totals = new Map<string, Quantity>();
  for (const { podSet } of members) {
    const count = podSet.count ?? 1;
    for (const [resource, text] of Object.entries(podSet.singlePodRequests)) {
      addToResourceList(totals, resource, scaleQuantity(parseQuantity(text), count));
    }
  }
  return formatResourceList(totals);
}

/**
 * Computes the gang from `info` once the pod-set counts are final (after enforceMLPolicy). The
 * gang is the trainer step's phase (see {@link placeSteps}; phase 0 when no step carries the
 * `trainer` ancestor label) minus the steps a `Ready` dependency holds back. Without `dependsOn`
 * every pod set is a member and the figures equal upstream's.
 *
 * Examples: torchtune (`node` waits for both initializers to complete) → the gang is `node`;
 * deepspeed/mlx (`launcher` waits for `node` to be ready) → the gang is `node`.
 */
export function computeGang(info: RuntimeInfo): Gang {
  const podSets = info.templateSpec.podSets;
  const placements = placeSteps(info.templateSpec.spec.replicatedJobs ?? []);
  const trainerIndex = podSets.findIndex((ps) => ps.ancestor === AncestorSteps.Trainer);
  const targetPhase = placements[trainerIndex]?.phase ?? 0;
  const members: GangMember[] = [];
  podSets.forEach((podSet, index) => {
    const placement = placements[index] ?? { phase: 0, heldBack: false };
    if (placement.phase === targetPhase && !placement.heldBack) members.push({ index, podSet });
  });
  const minMember = members.reduce((sum, m) => sum + (m.podSet.count ?? 1), 0);
  return {
    members,
    includesAll: members.length === podSets.length,
    minMember,
    minResources: sumResources(members),
  };
}
