// SPDX-License-Identifier: Apache-2.0
// JobSet's `volumeClaimPolicies` on the LeaderWorkerSet backend: what the JobSet controller does
// (jobset v0.12.0) done at render time. Each template becomes the PVC `<claim>-<tj>`, owned by the
// TrainJob unless its retention is `Retain`, and every pod template that mounts `<claim>` without
// such a volume gets the volume `<claim>` on that PVC.

import type { JobSetSpec } from '@kubetrain/api/core';
import type { KubeObject, PodSpec, TrainJob } from '../../types.js';
import { ownedObject } from '../../util/owner-reference.js';

/** The claims of the spec's volumeClaimPolicies: volume name (the template's) and PVC name. */
export interface VolumeClaim {
  readonly volume: string;
  readonly claimName: string;
}

/** The PVCs of `spec.volumeClaimPolicies` and the claims they back, in policy then template order. */
export function volumeClaimsOf(
  trainJob: TrainJob,
  spec: Pick<JobSetSpec, 'volumeClaimPolicies'>,
): { readonly objects: KubeObject[]; readonly claims: VolumeClaim[] } {
  const objects: KubeObject[] = [];
  const claims: VolumeClaim[] = [];
  for (const policy of spec.volumeClaimPolicies ?? []) {
    for (const template of policy.templates ?? []) {
      const volume = template.metadata?.name ?? '';
      const claimName = `${volume}-${trainJob.metadata.name ?? ''}`;
      const pvc = ownedObject(trainJob, 'v1', 'PersistentVolumeClaim', claimName, {
        spec: structuredClone(template.spec ?? {}),
      });
      if (policy.retentionPolicy?.whenDeleted === 'Retain') delete pvc.metadata.ownerReferences;
      const { labels, annotations } = template.metadata ?? {};
      if (labels !== undefined && Object.keys(labels).length > 0) pvc.metadata.labels = { ...labels };
      if (annotations !== undefined && Object.keys(annotations).length > 0) {
        pvc.metadata.annotations = { ...annotations };
      }
      objects.push(pvc);
      claims.push({ volume, claimName });
    }
  }
  return { objects, claims };
}

/** Adds the volume of each claim that a container of `pod` mounts and `pod` does not define. */
export function addClaimVolumes(pod: PodSpec, claims: readonly VolumeClaim[]): void {
  const mounted = new Set(
    [...(pod.initContainers ?? []), ...(pod.containers ?? [])].flatMap((c) =>
      (c.volumeMounts ?? []).map((m) => m.name),
    ),
  );
  for (const { volume, claimName } of claims) {
    if (!mounted.has(volume) || (pod.volumes ?? []).some((v) => v.name === volume)) continue;
    pod.volumes = [...(pod.volumes ?? []), { name: volume, persistentVolumeClaim: { claimName } }];
  }
}
