// SPDX-License-Identifier: Apache-2.0
// The pair ceiling: with no Trainer manager running, how fast the API server accepts the two
// writes kubetrain makes per TrainJob (its runtime snapshot ConfigMap, POST, then its JobSet,
// server-side apply) from a plain parallel client. The objects are the captured templates
// (scale-template.ts) without owner references (no TrainJob exists for the garbage collector to
// find); the JobSets are inert, as the scale benchmark's are.
import type { KubeClient, KubeObject } from './kube-client.js';
import { machineReading, machineWindow, type MachineWindow } from './machine.js';
import { createNamespace, deleteNamespace } from './namespace.js';
import { timedPool } from './pool.js';
import { cloneFor, type JobTemplate } from './scale-template.js';

/** What the pair ceiling measured. */
export interface PairCeilingResult {
  n: number;
  seconds: number;
  pairsPerSecond: number;
  /** Latency of one pair (both requests), ms. */
  pairP50Ms: number;
  pairP99Ms: number;
  /** The machine while the pairs were written: how busy, and the control plane's CPU. */
  machine: MachineWindow;
  /**
   * The CPU seconds of the writing client (this benchmark process) meanwhile: what a manager's
   * own CPU is compared with (absent in runs saved before it was measured).
   */
  clientCpuSeconds?: number;
}

function withoutOwners(object: KubeObject): KubeObject {
  const out = structuredClone(object);
  delete out.metadata.ownerReferences;
  return out;
}

/** Writes `n` pairs into a fresh namespace with `concurrency` in flight; removes them afterwards. */
export async function runPairCeiling(
  client: KubeClient,
  template: JobTemplate,
  n: number,
  concurrency: number,
): Promise<PairCeilingResult> {
  const ns = await createNamespace(client, `bench-scale-ceiling-${n}`);
  try {
    const before = machineReading();
    const cpuBefore = process.cpuUsage();
    const timing = await timedPool(n, concurrency, async (i) => {
      const name = `tj-${String(i).padStart(5, '0')}`;
      const clone = (o: KubeObject) => withoutOwners(cloneFor(o, template, name, '', ns));
      await client.request(`/api/v1/namespaces/${ns}/configmaps?fieldManager=${template.fieldManager}`, {
        method: 'POST',
        body: clone(template.configMap),
      });
      await client.request(
        `/apis/jobset.x-k8s.io/v1alpha2/namespaces/${ns}/jobsets/${name}?fieldManager=${template.fieldManager}&force=true`,
        { method: 'PATCH', contentType: 'application/apply-patch+yaml', body: clone(template.jobSet) },
      );
    });
    const machine = machineWindow(before, machineReading());
    const cpu = process.cpuUsage(cpuBefore);
    return {
      n,
      machine,
      clientCpuSeconds: (cpu.user + cpu.system) / 1e6,
      seconds: timing.seconds,
      pairsPerSecond: n / timing.seconds,
      pairP50Ms: timing.p50Ms,
      pairP99Ms: timing.p99Ms,
    };
  } finally {
    await deleteNamespace(client, ns);
  }
}
