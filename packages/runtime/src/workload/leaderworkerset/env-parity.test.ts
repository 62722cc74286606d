// SPDX-License-Identifier: Apache-2.0
// The same job on both backends: every env var, port, volume and gang size the ML and gang plugins
// write is the same, field by field, once each pod's downward-API fields and host names are resolved
// to the rank they stand for (rank 0 is the JobSet's first node pod and the LeaderWorkerSet's leader).

import { trainJobObject } from '@kubetrain/testing';
import { render } from '../../engine.js';
import type { JobSetSpec } from '@kubetrain/api';
import type { Container, EnvVar, KubeObject, PodSpec, TrainJob, TrainingRuntime } from '../../types.js';
import { addClaimVolumes, volumeClaimsOf } from './volume-claims.js';
import { optIn, renderLws, shippedRuntime } from '../../../test/leaderworkerset.js';

const tj = 'parity';

function job(runtime: TrainingRuntime, numNodes: number): TrainJob {
  return trainJobObject({
    name: tj,
    namespace: 'ns',
    uid: 'u',
    runtime: runtime.metadata.name ?? '',
    spec: {
      trainer: {
        numNodes,
        image: 'example.com/trainer:v1',
        env: [{ name: 'EXTRA', value: 'x' }],
        resourcesPerNode: { limits: { 'nvidia.com/gpu': '4' } },
      },
    },
  });
}

/** The DNS name of rank `rank` on each backend (JobSet: `<tj>-node-0-<rank>`; LWS: leader, then workers). */
const hostOf = {
  jobSet: (rank: number) => `${tj}-node-0-${rank}.${tj}`,
  lws: (rank: number) => (rank === 0 ? `${tj}-0.${tj}` : `${tj}-0-${rank}.${tj}`),
};

/** `env` of the pod of rank `rank`, with rank fields and rank-0 host names resolved to `rank:<n>`. */
function resolvedEnv(
  env: readonly EnvVar[],
  rank: number,
  backend: keyof typeof hostOf,
  size: number,
): Record<string, string> {
  const hosts = new Map(Array.from({ length: size }, (_, r) => [hostOf[backend](r), `rank:${r}`] as const));
  const out: Record<string, string> = {};
  for (const e of env) {
    const path = e.valueFrom?.fieldRef?.fieldPath;
    if (path !== undefined) {
      const rankPath =
        backend === 'jobSet'
          ? "metadata.annotations['batch.kubernetes.io/job-completion-index']"
          : "metadata.labels['leaderworkerset.sigs.k8s.io/worker-index']";
      out[e.name] = path === rankPath ? String(rank) : `unresolved ${path}`;
      continue;
    }
    let value = e.value ?? '';
    for (const [host, name] of hosts) value = value.split(host).join(name);
    out[e.name] = value;
  }
  return out;
}

type Spec = {
  replicatedJobs: Array<{
    name: string;
    template: { spec: { template: { spec: { containers: Container[]; volumes?: unknown[] } } } };
  }>;
};
type LwsSpec = {
  leaderWorkerTemplate: {
    size: number;
    leaderTemplate: { spec: { containers: Container[]; volumes?: unknown[] } };
    workerTemplate: { spec: { containers: Container[]; volumes?: unknown[] } };
  };
};

function find(objects: KubeObject[], kind: string): KubeObject {
  const o = objects.find((x) => x.kind === kind);
  if (o === undefined) throw new Error(`no ${kind}`);
  return o;
}

function jobSetPod(objects: KubeObject[], step: string) {
  const spec = find(objects, 'JobSet').spec as Spec;
  const rJob = spec.replicatedJobs.find((r) => r.name === step);
  if (rJob === undefined) throw new Error(`no step ${step}`);
  return rJob.template.spec.template.spec;
}

function lwsPods(objects: KubeObject[]) {
  const t = (find(objects, 'LeaderWorkerSet').spec as LwsSpec).leaderWorkerTemplate;
  return { size: t.size, leader: t.leaderTemplate.spec, worker: t.workerTemplate.spec };
}

/**
 * The volumes of the JobSet's pods of `step` once the JobSet controller has added those of its
 * volumeClaimPolicies (PVC `<claim>-<jobset>` for each mounted claim).
 */
function volumesAtRunTime(objects: KubeObject[], step: string): unknown[] | undefined {
  const jobSet = find(objects, 'JobSet') as KubeObject & { spec: JobSetSpec };
  const pod = structuredClone(jobSetPod(objects, step)) as unknown as PodSpec;
  addClaimVolumes(pod, volumeClaimsOf(trainJobObject({ name: tj, runtime: '' }), jobSet.spec).claims);
  return pod.volumes;
}

const node = (pod: { containers: Container[] }): Container => {
  const c = pod.containers.find((x) => x.name === 'node');
  if (c === undefined) throw new Error('no node container');
  return c;
};

describe('env parity: the LeaderWorkerSet rendering vs the JobSet rendering of the same job', () => {
  const oneStep = ['torch-distributed', 'jax-distributed', 'xgboost-distributed', 'torchtune-llama3.2-1b'];
  for (const name of oneStep) {
    it(`${name}: every rank's env, ports and volumes match field by field`, () => {
      const runtime = shippedRuntime(name);
      const numNodes = name.startsWith('torchtune') ? 1 : 4;
      const jobSet = render(job(runtime, numNodes), runtime).objects;
      const lws = renderLws(job(runtime, numNodes), optIn(runtime)).objects;
      const js = node(jobSetPod(jobSet, 'node'));
      const group = lwsPods(lws);
      expect(group.size).toBe(numNodes);
      for (let rank = 0; rank < numNodes; rank++) {
        const pod = rank === 0 ? group.leader : group.worker;
        const env = node(pod).env ?? [];
        expect(env.map((e) => e.name)).toEqual((js.env ?? []).map((e) => e.name));
        expect(resolvedEnv(env, rank, 'lws', numNodes)).toEqual(
          resolvedEnv(js.env ?? [], rank, 'jobSet', numNodes),
        );
        expect(node(pod).ports).toEqual(js.ports);
        expect(node(pod).resources).toEqual(js.resources);
        expect(node(pod).command).toEqual(
          js.command?.map((a) => a.split(hostOf.jobSet(0)).join(hostOf.lws(0))),
        );
        expect(pod.volumes).toEqual(volumesAtRunTime(jobSet, 'node'));
      }
    });
  }

  it('torch: PET_* env spelled out (rank 0 on the leader, rendezvous on the leader)', () => {
    const runtime = shippedRuntime('torch-distributed');
    const group = lwsPods(renderLws(job(runtime, 4), optIn(runtime)).objects);
    const pet = (pod: { containers: Container[] }) => resolvedEnv(node(pod).env ?? [], 0, 'lws', 4);
    expect(pet(group.leader)).toMatchObject({
      PET_NNODES: '4',
      PET_NPROC_PER_NODE: 'auto',
      PET_NODE_RANK: '0',
      PET_MASTER_ADDR: 'rank:0',
      PET_MASTER_PORT: '29500',
    });
    expect(node(group.leader).env?.find((e) => e.name === 'PET_MASTER_ADDR')?.value).toBe('parity-0.parity');
  });

  it('MPI (deepspeed): launcher as leader, nodes as workers; OpenMPI env, slots and hostfile size match', () => {
    const runtime = shippedRuntime('deepspeed-distributed');
    const jobSet = render(job(runtime, 4), runtime).objects;
    const lws = renderLws(job(runtime, 4), optIn(runtime)).objects;
    const group = lwsPods(lws);
    expect(node(group.leader).env).toEqual(node(jobSetPod(jobSet, 'launcher')).env);
    expect(node(group.worker).env).toEqual(node(jobSetPod(jobSet, 'node')).env);
    expect(group.leader.volumes).toEqual(jobSetPod(jobSet, 'launcher').volumes);
    expect(group.worker.volumes).toEqual(jobSetPod(jobSet, 'node').volumes);
    const hostfile = (objects: KubeObject[]) =>
      (find(objects, 'ConfigMap') as KubeObject & { data: { hostfile: string } }).data.hostfile
        .trim()
        .split('\n');
    const lwsLines = hostfile(lws);
    expect(lwsLines).toEqual([
      'parity-0-1.parity slots=4',
      'parity-0-2.parity slots=4',
      'parity-0-3.parity slots=4',
      'parity-0.parity slots=4',
    ]);
    expect(lwsLines.length).toBe(hostfile(jobSet).length);
    expect(group.size).toBe(4);
  });

  it('coscheduling and volcano: the same PodGroups and pod-group metadata on both backends', () => {
    for (const policy of [{ coscheduling: { scheduleTimeoutSeconds: 60 } }, { volcano: {} }]) {
      const runtime = structuredClone(shippedRuntime('torch-distributed'));
      runtime.spec.podGroupPolicy = policy as TrainingRuntime['spec']['podGroupPolicy'];
      const jobSet = render(job(runtime, 4), runtime).objects;
      const lws = renderLws(job(runtime, 4), optIn(runtime)).objects;
      expect(find(lws, 'PodGroup')).toEqual(find(jobSet, 'PodGroup'));
      const jsMeta = (
        find(jobSet, 'JobSet').spec as {
          replicatedJobs: Array<{ template: { spec: { template: { metadata?: object } } } }>;
        }
      ).replicatedJobs[0]?.template.spec.template.metadata;
      const t = (
        find(lws, 'LeaderWorkerSet').spec as {
          leaderWorkerTemplate: {
            leaderTemplate: { metadata?: object };
            workerTemplate: { metadata?: object };
          };
        }
      ).leaderWorkerTemplate;
      expect(t.leaderTemplate.metadata).toEqual(jsMeta);
      expect(t.workerTemplate.metadata).toEqual(jsMeta);
    }
  });
});
