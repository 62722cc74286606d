// SPDX-License-Identifier: Apache-2.0
// The scale benchmark's population: N TrainJobs as a manager would have left them, written by a
// plain parallel client (no manager running), in namespaces of 1,000 jobs. Per TrainJob: the
// TrainJob with its status, its runtime snapshot ConfigMap, its (inert) JobSet with status, and
// its 2 pods, bound to the kwok CPU nodes; kwok runs them (the pods of finished jobs succeed at
// once, those of running jobs keep running). Every 10th job is running, the rest finished.
// The objects are clones of what kubetrain wrote for the templates (scale-template.ts), so a
// manager that starts on them finds every job reconciled: nothing to create.
import { FIELD_MANAGER } from './cluster-setup.js';
import type { KubeClient, KubeObject } from './kube-client.js';
import { createNamespace, waitFor } from './namespace.js';
import { runPool } from './pool.js';
import { cloneFor, inertTrainJob, type Templates } from './scale-template.js';

/** TrainJobs per population namespace. */
export const JOBS_PER_NAMESPACE = 1000;
/** The kwok nodes without taints (hack/cluster/config/nodes.yaml). */
const CPU_NODES = ['cpu-node-0', 'cpu-node-1', 'cpu-node-2'];

/** Whether the `i`-th job of the population is running (10%); the others finished. */
export const isRunning = (i: number): boolean => i % 10 === 0;

/** The population built so far. */
export class Population {
  readonly namespaces: string[] = [];
  size = 0;

  constructor(
    private readonly client: KubeClient,
    private readonly templates: Templates,
  ) {}

  /** How many of the jobs built so far are running. */
  get running(): number {
    return Math.ceil(this.size / 10);
  }

  /** Adds jobs until there are `n`, with `concurrency` jobs in flight; returns the seconds it took. */
  async growTo(n: number, concurrency = 48): Promise<number> {
    const t0 = performance.now();
    while (this.namespaces.length * JOBS_PER_NAMESPACE < n)
      this.namespaces.push(await createNamespace(this.client, 'bench-scale-pop'));
    const from = this.size;
    await runPool(n - from, concurrency, (k) => this.writeJob(from + k));
    this.size = n;
    await this.waitPodsSettled();
    return (performance.now() - t0) / 1000;
  }

  /** Waits until kwok has run every pod: none Pending, one Running per running job's pod. */
  async waitPodsSettled(timeoutMs = 900_000): Promise<void> {
    await waitFor(timeoutMs, `the population's ${this.size * 2} pods settled`, async () => {
      const [pending, running] = await Promise.all([
        this.countPods('status.phase=Pending'),
        this.countPods('status.phase=Running'),
      ]);
      return pending === 0 && running === this.running * 2;
    });
  }

  private async countPods(fieldSelector: string): Promise<number> {
    let total = 0;
    for (const ns of this.namespaces) {
      let cont = '';
      do {
        const page = await this.client.request<{ items: unknown[] | null; metadata: { continue?: string } }>(
          `/api/v1/namespaces/${ns}/pods?limit=1000&fieldSelector=${encodeURIComponent(fieldSelector)}` +
            (cont ? `&continue=${encodeURIComponent(cont)}` : ''),
          { accept: 'application/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1' },
        );
        total += page.items?.length ?? 0; // an empty metadata list has `items: null`
        cont = page.metadata.continue ?? '';
      } while (cont);
    }
    return total;
  }

  private async writeJob(i: number): Promise<void> {
    const running = isRunning(i);
    const t = running ? this.templates.running : this.templates.finished;
    const ns = this.namespaces[Math.floor(i / JOBS_PER_NAMESPACE)] ?? '';
    const name = `tj-${String(i).padStart(5, '0')}`;
    const client = this.client;
    const tj = await client.request<KubeObject>(
      `/apis/trainer.kubeflow.org/v1alpha1/namespaces/${ns}/trainjobs`,
      {
        method: 'POST',
        body: inertTrainJob(name),
      },
    );
    const uid = tj.metadata.uid ?? '';
    const clone = <T>(v: T): T => cloneFor(v, t, name, uid, ns);
    const jobSetPath = `/apis/jobset.x-k8s.io/v1alpha2/namespaces/${ns}/jobsets/${name}`;
    await Promise.all([
      client.request(`/apis/trainer.kubeflow.org/v1alpha1/namespaces/${ns}/trainjobs/${name}/status`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { status: clone(t.trainJobStatus) },
      }),
      client.request(`/api/v1/namespaces/${ns}/configmaps?fieldManager=${t.fieldManager}`, {
        method: 'POST',
        body: clone(t.configMap),
      }),
      client.request(`${jobSetPath}?fieldManager=${t.fieldManager}&force=true`, {
        method: 'PATCH',
        contentType: 'application/apply-patch+yaml',
        body: clone(t.jobSet),
      }),
    ]);
    await Promise.all([
      client.request(`${jobSetPath}/status`, {
        method: 'PATCH',
        contentType: 'application/merge-patch+json',
        body: { status: clone(t.jobSetStatus) },
      }),
      ...[0, 1].map((index) =>
        client.request(`/api/v1/namespaces/${ns}/pods?fieldManager=${FIELD_MANAGER}`, {
          method: 'POST',
          body: podOf(clone(t.jobSet), name, index, running, CPU_NODES[(i + index) % CPU_NODES.length] ?? ''),
        }),
      ),
    ]);
  }
}

/**
 * Pod `index` of the JobSet `jobSet` (already cloned for `name`) as the Job controller would
 * create it: the replicated Job's pod template with the JobSet's and the Job's labels, bound to
 * `node`. kwok's annotations: the pods of a finished job succeed at once, a running job's keep running.
 */
export function podOf(
  jobSet: KubeObject,
  name: string,
  index: number,
  running: boolean,
  node: string,
): KubeObject {
  const rj = (jobSet['spec'] as { replicatedJobs: ReplicatedJob[] }).replicatedJobs[0];
  const template = structuredClone(rj?.template.spec.template ?? {}) as PodTemplate;
  const rjName = rj?.name ?? 'node';
  const jobName = `${name}-${rjName}-0`;
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: `${jobName}-${index}-bench`,
      labels: {
        ...template.metadata?.labels,
        ...(rj?.template.metadata?.labels ?? {}),
        'jobset.sigs.k8s.io/jobset-name': name,
        'jobset.sigs.k8s.io/replicatedjob-name': rjName,
        'jobset.sigs.k8s.io/job-index': '0',
        'batch.kubernetes.io/job-name': jobName,
        'batch.kubernetes.io/job-completion-index': String(index),
      },
      annotations: {
        ...template.metadata?.annotations,
        'batch.kubernetes.io/job-completion-index': String(index),
        'kwok.kubetrain.dev/outcome': running ? 'run' : 'succeed',
        'kwok.kubetrain.dev/duration': '0s',
      },
    },
    spec: {
      ...template.spec,
      // A Job's pods never restart in place (kwok finishes only pods that do not).
      restartPolicy: template.spec?.['restartPolicy'] === 'OnFailure' ? 'OnFailure' : 'Never',
      nodeName: node,
      hostname: `${jobName}-${index}`,
      subdomain: name,
    },
  };
}

interface PodTemplate {
  metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
  spec?: Record<string, unknown>;
}

interface ReplicatedJob {
  name: string;
  template: { metadata?: { labels?: Record<string, string> }; spec: { template: PodTemplate } };
}
