// SPDX-License-Identifier: Apache-2.0
// Creating, updating and deleting the PodGroup of a gang-scheduled v1 job, as upstream's SyncPodGroup
// and DeletePodGroup (pkg/controller.v1/common/scheduling.go): read it; missing, create it; present,
// update it only when the spec upstream would fill differs from the stored one. Deletes are sent once
// per job until it needs a PodGroup again.
import {
  newPodGroup,
  podGroupApi,
  podGroupSpec,
  samePodGroupSpec,
  type GangScheduling,
  type PodGroupObject,
  type ReplicaSpecs,
  type V1JobObject,
} from '@kubetrain/runtime/v1';
import { isNotFound, type KubeApi } from '../cluster/kube.js';
import { objectApiResource } from './resources.js';

/** The PodGroups of one v1 kind's jobs. */
export class PodGroupSync {
  /** Jobs (by UID) whose PodGroup this process deleted. */
  private readonly removed = new Set<string>();

  constructor(
    private readonly client: KubeApi,
    readonly gang: GangScheduling,
  ) {}

  /** Creates or updates the PodGroup of `job`; returns it as stored. */
  async sync(job: V1JobObject, specs: ReplicaSpecs, order: readonly string[]): Promise<PodGroupObject> {
    const ref = objectApiResource(podGroupApi(this.gang));
    const name = job.metadata?.name ?? '';
    const namespace = job.metadata?.namespace;
    this.removed.delete(job.metadata?.uid ?? '');
    let current: PodGroupObject | undefined;
    try {
      current = await this.client.get<PodGroupObject>(ref, name, { namespace });
    } catch (error) {
      if (!isNotFound(error)) throw error;
    }
    if (current === undefined) {
      const spec = podGroupSpec(job, specs, order, this.gang);
      return this.client.create<PodGroupObject>(ref, newPodGroup(job, this.gang, spec));
    }
    const queue =
      this.gang.plugin === 'volcano' ? (current.spec?.['queue'] as string | undefined) : undefined;
    const spec = podGroupSpec(job, specs, order, this.gang, queue);
    if (samePodGroupSpec(current.spec, spec)) return current;
    return this.client.replace<PodGroupObject>(ref, { ...current, spec });
  }

  /** Deletes the PodGroup of `job`; true when a delete was sent and found one. */
  async remove(job: V1JobObject): Promise<boolean> {
    const uid = job.metadata?.uid ?? '';
    if (this.removed.has(uid)) return false;
    let found = true;
    try {
      await this.client.delete(objectApiResource(podGroupApi(this.gang)), job.metadata?.name ?? '', {
        namespace: job.metadata?.namespace,
      });
    } catch (error) {
      if (!isNotFound(error)) throw error;
      found = false;
    }
    this.removed.add(uid);
    return found;
  }

  /** Drops what is kept of a deleted job. */
  forget(jobUid: string): void {
    this.removed.delete(jobUid);
  }
}
