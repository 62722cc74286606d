// SPDX-License-Identifier: Apache-2.0
// The harness's own view of a run: watches on the benchmark namespace's JobSets and TrainJobs,
// stamped with the harness's monotonic clock when each event arrives (not the objects'
// second-granularity creationTimestamps).
import type { KubeClient, KubeObject } from './kube-client.js';

/** When each TrainJob got its JobSet and when it finished, by TrainJob name (performance.now() ms). */
export class TrainJobWatch {
  /** First time a JobSet owned by the TrainJob was seen. */
  readonly jobSetAt = new Map<string, number>();
  /** First time the TrainJob had Complete=True. */
  readonly completeAt = new Map<string, number>();
  /** First time the TrainJob had Failed=True. */
  readonly failedAt = new Map<string, number>();
  private closers: (() => void)[] = [];

  private constructor() {}

  /** Opens both watches on `namespace`. */
  static async open(client: KubeClient, namespace: string): Promise<TrainJobWatch> {
    const w = new TrainJobWatch();
    w.closers.push(
      await client.watch(
        `/apis/jobset.x-k8s.io/v1alpha2/namespaces/${namespace}/jobsets?watch=1`,
        (e, at) => {
          if (e.type !== 'ADDED' && e.type !== 'MODIFIED') return;
          const owner = trainJobOwner(e.object) ?? e.object.metadata.name;
          if (!w.jobSetAt.has(owner)) w.jobSetAt.set(owner, at);
        },
        { metadataOnly: true },
      ),
      await client.watch(
        `/apis/trainer.kubeflow.org/v1alpha1/namespaces/${namespace}/trainjobs?watch=1`,
        (e, at) => {
          if (e.type !== 'ADDED' && e.type !== 'MODIFIED') return;
          const name = e.object.metadata.name;
          if (hasCondition(e.object, 'Complete') && !w.completeAt.has(name)) w.completeAt.set(name, at);
          if (hasCondition(e.object, 'Failed') && !w.failedAt.has(name)) w.failedAt.set(name, at);
        },
      ),
    );
    return w;
  }

  /** How many TrainJobs have finished (Complete or Failed). */
  get finished(): number {
    return this.completeAt.size + this.failedAt.size;
  }

  /** Closes the watches. */
  close(): void {
    for (const c of this.closers) c();
    this.closers = [];
  }
}

function trainJobOwner(obj: KubeObject): string | undefined {
  return obj.metadata.ownerReferences?.find((o) => o.kind === 'TrainJob')?.name;
}

function hasCondition(obj: KubeObject, type: string): boolean {
  return obj.status?.conditions?.some((c) => c.type === type && c.status === 'True') ?? false;
}
