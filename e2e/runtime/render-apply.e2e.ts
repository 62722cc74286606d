// SPDX-License-Identifier: Apache-2.0
// The engine's output on the real components: the shipped ClusterTrainingRuntimes are accepted by our
// CRDs; for representative TrainJobs the test plays the controller's steps 3-6 itself (no controller
// runs yet): it creates the TrainJob (for a real uid to own the objects), renders with
// @kubetrain/runtime, server-side applies every object as field manager `trainer`, lets the JobSet
// controller and the kwok nodes run the job, then computes the TrainJob status with the engine from the
// observed JobSet and writes it to the status subresource.
//
// What is compared with what the engine rendered: the pods' image, command, args and env (normalised:
// the API server defaults `fieldRef.apiVersion` to v1, and the Job controller adds JOB_COMPLETION_INDEX
// to the containers of Indexed Jobs; both are dropped before comparing), container ports (by number),
// and the host names the env vars name (`<host>.<subdomain>` of a real pod, served by JobSet's headless
// Service).
//
// Pod outcomes on kwok: pods of a Job succeed after a second unless a kwok.kubetrain.dev annotation says
// otherwise; here those annotations come from a TrainJob runtime patch (pod template metadata).
import { randomBytes } from 'node:crypto';
import {
  CustomObjectsApi,
  type KubernetesObject,
  type V1Container,
  type V1EnvVar,
  type V1OwnerReference,
  type V1Pod,
} from '@kubernetes/client-node';
import {
  FieldManagers,
  GROUP,
  Kinds,
  Resources,
  VERSION,
  type JobSet,
  type TrainingRuntimeSpecPatch,
  type TrainJob,
  type TrainJobStatus,
} from '@kubetrain/api';
import { deriveSSHKeyPair, render, status, validateAdmission as admit } from '@kubetrain/runtime';
import { makeTrainJob, replicatedJobPodPatch, type TrainJobBuilder } from '@kubetrain/testing';
import { readTrainJob, removeClusterRuntimes } from '../controller/harness.js';
import { applyObject, readYamlObjects } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { installKubetrainCrds } from '../support/crds.js';
import {
  JOBSET_NAME_LABEL,
  type ObservedJobSet,
  readJobSet,
  REPLICATED_JOB_LABEL,
  waitForJobSetCondition,
} from '../support/jobset.js';
import { failAfter, keepRunning } from '../support/kwok.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { listPods } from '../support/pods.js';
import { waitFor } from '../support/wait.js';

type Obj = Record<string, unknown>;

interface Rendered {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    ownerReferences?: V1OwnerReference[];
  };
  [key: string]: unknown;
}

interface RenderedReplicatedJob {
  name: string;
  replicas?: number;
  template: {
    spec: { parallelism?: number; template: { spec: { containers: V1Container[] } } };
  };
}

interface RenderedJobSet extends Rendered {
  spec: { replicatedJobs: RenderedReplicatedJob[] };
}

/** What one submitted TrainJob left in the cluster. */
interface Run {
  trainJob: TrainJob;
  objects: Rendered[];
  jobSet: RenderedJobSet;
}

const FIELD_MANAGER_E2E = 'kubetrain-e2e';
const COMPLETION_INDEX = 'batch.kubernetes.io/job-completion-index';
const JOB_INDEX_LABEL = 'jobset.sigs.k8s.io/job-index';

const custom = () => cluster().kubeConfig.makeApiClient(CustomObjectsApi);

/** The runtime files the kustomization of manifests/runtimes installs. */
function shippedRuntimeFiles(): string[] {
  const [kustomization] = readYamlObjects('manifests/runtimes/kustomization.yaml');
  const resources = (kustomization as unknown as { resources: string[] }).resources;
  return resources.map((r) => `manifests/runtimes/${r}`);
}

async function readClusterRuntime(name: string): Promise<Obj> {
  return (await custom().getClusterCustomObject({
    group: GROUP,
    version: VERSION,
    plural: Resources.ClusterTrainingRuntime,
    name,
  })) as Obj;
}

async function readTrainingRuntime(namespace: string, name: string): Promise<Obj> {
  return (await custom().getNamespacedCustomObject({
    group: GROUP,
    version: VERSION,
    plural: Resources.TrainingRuntime,
    namespace,
    name,
  })) as Obj;
}

/** The plain JobSet (status included) as the controller's reflector would hand it over. */
async function observeJobSet(namespace: string, name: string): Promise<JobSet> {
  return (await custom().getNamespacedCustomObject({
    group: 'jobset.x-k8s.io',
    version: 'v1alpha2',
    plural: 'jobsets',
    namespace,
    name,
  })) as JobSet;
}

/** A runtime patch that puts `annotations` on the pod template of replicated job `jobName`. */
function podAnnotations(jobName: string, annotations: Record<string, string>): TrainingRuntimeSpecPatch {
  return {
    template: {
      spec: {
        replicatedJobs: [{ name: jobName, template: { spec: { template: { metadata: { annotations } } } } }],
      },
    },
  };
}

/** The env var the Job controller adds to every container of an Indexed Job (not rendered by the engine). */
const JOB_COMPLETION_INDEX_ENV = 'JOB_COMPLETION_INDEX';

/**
 * A pod container's env as the engine rendered it: the variable the Job controller adds
 * (JOB_COMPLETION_INDEX) and the API server's `fieldRef.apiVersion: v1` default removed, as plain JSON.
 */
function renderedEnv(env: V1EnvVar[] | undefined): unknown[] {
  const plain = JSON.parse(JSON.stringify(env ?? [])) as V1EnvVar[];
  return plain
    .filter((e) => e.name !== JOB_COMPLETION_INDEX_ENV)
    .map((e) => {
      const fieldRef = e.valueFrom?.fieldRef;
      if (!fieldRef) return e;
      const { apiVersion, ...rest } = fieldRef;
      return { ...e, valueFrom: { ...e.valueFrom, fieldRef: apiVersion === 'v1' ? rest : fieldRef } };
    });
}

function envValue(container: V1Container | undefined, name: string): string | undefined {
  return container?.env?.find((e) => e.name === name)?.value;
}

const fqdn = (pod: V1Pod) => `${pod.spec?.hostname}.${pod.spec?.subdomain}`;
const nodeContainer = (pod: V1Pod) => pod.spec?.containers.find((c) => c.name === 'node');
const replicatedJob = (jobSet: RenderedJobSet, name: string) =>
  jobSet.spec.replicatedJobs.find((r) => r.name === name)!;

/** Pod `<job index>-<completion index>` of a replicated job: the first node is `0-0`. */
function podAt(pods: V1Pod[], jobIndex: number, completionIndex: number): V1Pod | undefined {
  return pods.find(
    (p) =>
      p.metadata?.labels?.[JOB_INDEX_LABEL] === String(jobIndex) &&
      p.metadata?.annotations?.[COMPLETION_INDEX] === String(completionIndex),
  );
}

const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('rendered TrainJobs on the JobSet controller and kwok nodes', () => {
  const suffix = randomBytes(2).toString('hex');
  const installedRuntimes: string[] = [];
  let namespace: string;

  const shippedRuntimes: Array<{ runtime: KubernetesObject; applied: KubernetesObject }> = [];

  beforeAll(async () => {
    namespace = await createNamespace('e2e-render');
    await installKubetrainCrds(FIELD_MANAGER_E2E);
    // The shipped runtimes, as `kubectl apply --server-side -k manifests/runtimes` installs them.
    for (const file of shippedRuntimeFiles()) {
      for (const runtime of readYamlObjects(file)) {
        const name = runtime.metadata!.name!;
        const existed = await readClusterRuntime(name).then(
          () => true,
          () => false,
        );
        const applied = await applyObject(runtime, FIELD_MANAGER_E2E);
        if (!existed) installedRuntimes.push(name);
        shippedRuntimes.push({ runtime, applied });
      }
    }
  });

  afterAll(async () => {
    // Remove only the ClusterTrainingRuntimes this suite installed (not ones that were there before).
    await removeClusterRuntimes(installedRuntimes);
    await deleteNamespace(namespace);
  });

  /** Server-side applies a TrainingRuntime in the suite's namespace: `base`'s spec with `change` applied. */
  async function trainingRuntime(name: string, base: string, change: (spec: Obj) => void): Promise<void> {
    const spec = structuredClone((await readClusterRuntime(base)).spec) as Obj;
    change(spec);
    await applyObject(
      { apiVersion: `${GROUP}/${VERSION}`, kind: Kinds.TrainingRuntime, metadata: { name, namespace }, spec },
      FIELD_MANAGER_E2E,
    );
  }

  /**
   * The controller's apply step: creates the TrainJob, reads its runtime, renders, and server-side
   * applies every object as field manager `trainer` (force), in the engine's order.
   */
  async function submit(builder: TrainJobBuilder): Promise<Run> {
    const body = builder.obj();
    const created = (await custom().createNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: Resources.TrainJob,
      namespace,
      body,
    })) as TrainJob;
    const ref = created.spec!.runtimeRef;
    const runtime =
      ref.kind === Kinds.TrainingRuntime
        ? await readTrainingRuntime(namespace, ref.name)
        : await readClusterRuntime(ref.name);
    // The admission rules of the engine (the controller's webhook) accept the pair.
    expect(admit(undefined, created, runtime).errors).toEqual([]);
    const uid = created.metadata!.uid!;
    const { objects } = render(created, runtime, {
      secrets: { mpiSSHKeyPair: () => deriveSSHKeyPair(uid) },
    });
    for (const obj of objects) await applyObject(obj, FieldManagers.Trainer, { force: true });
    const rendered = objects as unknown as Rendered[];
    const jobSet = rendered.find((o) => o.kind === 'JobSet') as RenderedJobSet;
    return { trainJob: created, objects: rendered, jobSet };
  }

  /** The pods of one replicated job of a TrainJob's JobSet. */
  async function podsOf(run: Run, rJob: string): Promise<V1Pod[]> {
    const name = run.trainJob.metadata!.name!;
    return listPods(namespace, `${JOBSET_NAME_LABEL}=${name},${REPLICATED_JOB_LABEL}=${rJob}`);
  }

  /** Every pod runs the container `node` exactly as rendered: image, command, args, env, ports. */
  function expectRenderedContainers(pods: V1Pod[], rJob: RenderedReplicatedJob): void {
    const want = rJob.template.spec.template.spec.containers.find((c) => c.name === 'node')!;
    for (const pod of pods) {
      const got = nodeContainer(pod)!;
      expect(got.image).toBe(want.image);
      expect(got.command).toEqual(want.command);
      expect(got.args).toEqual(want.args);
      expect(renderedEnv(got.env)).toEqual(want.env ?? []);
      // The Job controller's own variable is there too: the pods really come from an Indexed Job.
      expect(got.env?.some((e) => e.name === JOB_COMPLETION_INDEX_ENV)).toBe(true);
      expect((got.ports ?? []).map((p) => p.containerPort)).toEqual(
        (want.ports ?? []).map((p) => p.containerPort),
      );
    }
  }

  /** Waits for the JobSet's terminal condition, computes the TrainJob status, writes it, returns it. */
  async function finish(run: Run, jobSetCondition: 'Completed' | 'Failed'): Promise<TrainJobStatus> {
    const name = run.trainJob.metadata!.name!;
    await waitForJobSetCondition(namespace, name, jobSetCondition);
    const observed = await observeJobSet(namespace, name);
    const stored = await readTrainJob(namespace, name);
    const computed = status(stored, { jobSet: observed, now: now() }).status;

    // The TrainJob condition mirrors the JobSet's (upstream: type Completed becomes Complete).
    const fromJobSet = observed.status!.conditions!.find((c) => c.type === jobSetCondition)!;
    const type = jobSetCondition === 'Completed' ? 'Complete' : 'Failed';
    const other = jobSetCondition === 'Completed' ? 'Failed' : 'Complete';
    expect(computed.conditions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type,
          status: 'True',
          reason: fromJobSet.reason,
          message: fromJobSet.message,
        }),
      ]),
    );
    expect(computed.conditions?.some((c) => c.type === other && c.status === 'True')).toBe(false);
    // One jobsStatus entry per replicated job, read from the JobSet's replicatedJobsStatus.
    expect((computed.jobsStatus ?? []).map((j) => j.name).sort()).toEqual(
      run.jobSet.spec.replicatedJobs.map((r) => r.name).sort(),
    );

    // The status the controller would write is accepted by our CRD's status schema.
    const written = (await custom().replaceNamespacedCustomObjectStatus({
      group: GROUP,
      version: VERSION,
      plural: Resources.TrainJob,
      namespace,
      name,
      body: { ...stored, status: computed },
    })) as TrainJob;
    expect(written.status?.conditions).toEqual(computed.conditions);
    return computed;
  }

  it('applies every shipped ClusterTrainingRuntime (server-side) and the API server accepts it', async () => {
    expect(shippedRuntimes.length).toBeGreaterThan(0);
    for (const { runtime, applied } of shippedRuntimes) {
      expect(applied.metadata?.uid).toBeDefined();
      const stored = await readClusterRuntime(runtime.metadata!.name!);
      expect(stored.kind).toBe(Kinds.ClusterTrainingRuntime);
      expect(stored.metadata).toMatchObject({ labels: runtime.metadata!.labels });
      expect((stored.spec as Obj).template).toBeDefined();
    }
  });

  it('every shipped runtime, the opt-in data-cache one too, and the gang-scheduled variants render objects the API server and the JobSet webhook accept (dry-run apply)', async () => {
    const runtimes = [
      ...shippedRuntimeFiles(),
      'manifests/runtimes/data-cache/torch-distributed-with-cache.yaml',
    ].flatMap((file) => readYamlObjects(file) as unknown as Obj[]);
    // torch-distributed as a TrainingRuntime of the namespace with each podGroupPolicy.
    const torch = runtimes.find((r) => (r.metadata as Obj).name === 'torch-distributed')!;
    for (const [name, podGroupPolicy] of [
      ['torch-volcano', { volcano: { networkTopology: { mode: 'hard', highestTierAllowed: 1 } } }],
      ['torch-coscheduling', { coscheduling: { scheduleTimeoutSeconds: 30 } }],
    ] as const) {
      runtimes.push({
        apiVersion: `${GROUP}/${VERSION}`,
        kind: Kinds.TrainingRuntime,
        metadata: { name, namespace },
        spec: { ...(torch.spec as Obj), podGroupPolicy },
      });
    }
    const kindsSeen = new Set<string>();
    for (const [i, runtime] of runtimes.entries()) {
      const { name } = runtime.metadata as { name: string };
      // A dry-run apply of the runtime itself, so the opt-in one need not be installed.
      const stored = (await applyObject(runtime as unknown as KubernetesObject, FIELD_MANAGER_E2E, {
        dryRun: 'All',
      })) as unknown as Obj;
      const trainJob = (await custom().createNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: Resources.TrainJob,
        namespace,
        body: makeTrainJob(namespace, `dry-${i}-${suffix}`)
          .runtimeRef(name, runtime.kind as string)
          .numNodes(2)
          .obj(),
      })) as TrainJob;
      expect(admit(undefined, trainJob, stored).errors).toEqual([]);
      const { objects } = render(trainJob, stored, {
        secrets: { mpiSSHKeyPair: () => deriveSSHKeyPair(trainJob.metadata!.uid!) },
      });
      for (const obj of objects) {
        kindsSeen.add(`${obj.apiVersion as string} ${obj.kind as string}`);
        const applied = await applyObject(obj, FieldManagers.Trainer, { force: true, dryRun: 'All' });
        expect(applied.metadata?.name).toBe((obj.metadata as { name: string }).name);
        // The JobSet's mutating webhook ran on the dry run too: it defaulted the network.
        if (obj.kind === 'JobSet') {
          expect((applied as ObservedJobSet).spec?.network?.enableDNSHostnames).toBe(true);
        }
      }
    }
    // MPI runtimes add the SSH Secret and the hostfile ConfigMap, the gang policies their PodGroup; the
    // data cache's LeaderWorkerSet is made at run time by its initializer, not rendered.
    expect([...kindsSeen].sort()).toEqual([
      'jobset.x-k8s.io/v1alpha2 JobSet',
      'scheduling.volcano.sh/v1beta1 PodGroup',
      'scheduling.x-k8s.io/v1alpha1 PodGroup',
      'v1 ConfigMap',
      'v1 Secret',
    ]);
  });

  it('torch-distributed, 1 CPU node: the pod gets the PET_* env and runs to Complete', async () => {
    const run = await submit(
      makeTrainJob(namespace, `torch-cpu-${suffix}`)
        .runtimeRef('torch-distributed')
        .numNodes(1)
        .resourcesPerNode({ requests: { cpu: '2' }, limits: { cpu: '2' } })
        .command('torchrun', 'train.py'),
    );
    // The JobSet webhook admitted and defaulted the applied JobSet.
    const applied = await readJobSet(namespace, run.jobSet.metadata.name);
    expect(applied.spec?.network?.enableDNSHostnames).toBe(true);
    expect(applied.metadata?.ownerReferences?.[0]?.uid).toBe(run.trainJob.metadata!.uid);

    const computed = await finish(run, 'Completed');
    expect(computed.jobsStatus).toEqual([
      { name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
    ]);
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(1);
    expect(pods[0]!.status?.phase).toBe('Succeeded');
    expect(pods[0]!.spec?.nodeName).toMatch(/^cpu-node-\d+$/);
    expectRenderedContainers(pods, replicatedJob(run.jobSet, 'node'));
    const node = nodeContainer(pods[0]!);
    expect(envValue(node, 'PET_NNODES')).toBe('1');
    expect(envValue(node, 'PET_MASTER_ADDR')).toBe(fqdn(podAt(pods, 0, 0)!));
    expect(envValue(node, 'PET_MASTER_PORT')).toBe('29500');

    // Applying the same render again changes nothing: the server keeps the resourceVersion.
    const before = await readJobSet(namespace, run.jobSet.metadata.name);
    const again = await applyObject(run.jobSet, FieldManagers.Trainer, { force: true });
    expect(again.metadata?.resourceVersion).toBe(before.metadata?.resourceVersion);
  });

  it('torch-distributed, 2 GPU nodes: one pod per GPU node, ranks 0 and 1, master is pod 0-0', async () => {
    const name = `torch-gpu-${suffix}`;
    const run = await submit(
      makeTrainJob(namespace, name)
        .runtimeRef('torch-distributed')
        .numNodes(2)
        .resourcesPerNode({ limits: { 'nvidia.com/gpu': '8' } }),
    );
    await finish(run, 'Completed');
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(2);
    expectRenderedContainers(pods, replicatedJob(run.jobSet, 'node'));
    for (const pod of pods) {
      expect(pod.status?.phase).toBe('Succeeded');
      expect(pod.spec?.nodeName).toMatch(/^gpu-node-\d+$/);
      expect(nodeContainer(pod)?.resources?.limits?.['nvidia.com/gpu']).toBe('8');
      expect(envValue(nodeContainer(pod), 'PET_NNODES')).toBe('2');
    }
    // 8 GPUs each: the two pods cannot share a node.
    expect(new Set(pods.map((p) => p.spec?.nodeName)).size).toBe(2);
    // PET_NODE_RANK reads the completion index: the pods hold ranks 0 and 1.
    expect(pods.map((p) => p.metadata?.annotations?.[COMPLETION_INDEX]).sort()).toEqual(['0', '1']);
    // PET_MASTER_ADDR names pod 0-0 by host name and subdomain, which JobSet's headless Service serves.
    const master = podAt(pods, 0, 0)!;
    expect(master.spec?.hostname).toBe(`${name}-node-0-0`);
    expect(master.spec?.subdomain).toBe(name);
    for (const pod of pods) expect(envValue(nodeContainer(pod), 'PET_MASTER_ADDR')).toBe(fqdn(master));
    const service = await cluster().core.readNamespacedService({ name, namespace });
    expect(service.spec?.clusterIP).toBe('None');
    expect(service.spec?.selector?.[JOBSET_NAME_LABEL]).toBe(name);
  });

  it('jax-distributed, 2 nodes: JAX_COORDINATOR_ADDRESS is pod 0-0 and JAX_NUM_PROCESSES the pod count', async () => {
    const run = await submit(
      makeTrainJob(namespace, `jax-${suffix}`).runtimeRef('jax-distributed').numNodes(2),
    );
    await finish(run, 'Completed');
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(2);
    expectRenderedContainers(pods, replicatedJob(run.jobSet, 'node'));
    const coordinator = fqdn(podAt(pods, 0, 0)!);
    for (const pod of pods) {
      expect(pod.status?.phase).toBe('Succeeded');
      expect(envValue(nodeContainer(pod), 'JAX_COORDINATOR_ADDRESS')).toBe(`${coordinator}:29500`);
      expect(envValue(nodeContainer(pod), 'JAX_NUM_PROCESSES')).toBe('2');
    }
  });

  it('xgboost-distributed, 2 nodes: DMLC_TRACKER_URI is pod 0-0 and DMLC_NUM_WORKER the pod count', async () => {
    const run = await submit(
      makeTrainJob(namespace, `xgb-${suffix}`).runtimeRef('xgboost-distributed').numNodes(2),
    );
    await finish(run, 'Completed');
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(2);
    expectRenderedContainers(pods, replicatedJob(run.jobSet, 'node'));
    const tracker = fqdn(podAt(pods, 0, 0)!);
    for (const pod of pods) {
      expect(pod.status?.phase).toBe('Succeeded');
      expect(envValue(nodeContainer(pod), 'DMLC_TRACKER_URI')).toBe(tracker);
      expect(envValue(nodeContainer(pod), 'DMLC_NUM_WORKER')).toBe('2');
    }
  });

  it('suspend and resume: a suspended TrainJob renders a suspended JobSet; resuming re-renders and re-applies it', async () => {
    const name = `resume-${suffix}`;
    const run = await submit(
      makeTrainJob(namespace, name).runtimeRef('torch-distributed').numNodes(2).suspend(true),
    );
    const suspended = await waitFor(`JobSet ${name} Suspended=True`, async () => {
      const jobSet = await observeJobSet(namespace, name);
      return jobSet.status?.conditions?.some((c) => c.type === 'Suspended' && c.status === 'True')
        ? jobSet
        : undefined;
    });
    expect(await podsOf(run, 'node')).toEqual([]);
    const whileSuspended = status(await readTrainJob(namespace, name), {
      jobSet: suspended,
      now: now(),
    }).status;
    expect(whileSuspended.conditions).toEqual([
      expect.objectContaining({ type: 'Suspended', status: 'True', reason: 'Suspended' }),
    ]);
    await custom().replaceNamespacedCustomObjectStatus({
      group: GROUP,
      version: VERSION,
      plural: Resources.TrainJob,
      namespace,
      name,
      body: { ...(await readTrainJob(namespace, name)), status: whileSuspended },
    });

    // Resume (as Kueue does on admission): the TrainJob's spec.suspend becomes false; the controller
    // renders again and applies the new JobSet over the suspended one (the JobSet webhook allows it).
    const current = await readTrainJob(namespace, name);
    const resumed = (await custom().replaceNamespacedCustomObject({
      group: GROUP,
      version: VERSION,
      plural: Resources.TrainJob,
      namespace,
      name,
      body: { ...current, spec: { ...current.spec!, suspend: false } },
    })) as TrainJob;
    const runtime = await readClusterRuntime('torch-distributed');
    const { objects } = render(resumed, runtime);
    for (const obj of objects) await applyObject(obj, FieldManagers.Trainer, { force: true });

    const computed = await finish({ ...run, trainJob: resumed }, 'Completed');
    expect(computed.conditions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'Suspended', status: 'False', reason: 'Resumed' }),
        expect.objectContaining({ type: 'Complete', status: 'True' }),
      ]),
    );
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(2);
    for (const pod of pods) expect(pod.status?.phase).toBe('Succeeded');
  });

  describe('deepspeed-distributed (MPI: SSH Secret, hostfile ConfigMap, launcher after the nodes)', () => {
    let run: Run;
    const name = `ds-${suffix}`;

    it('runs the launcher once the sshd node pods are Ready; the hostfile names the real pods', async () => {
      run = await submit(
        makeTrainJob(namespace, name)
          .runtimeRef('deepspeed-distributed')
          .numNodes(3)
          .command('mpirun', 'python3', 'train.py')
          // The node pods run sshd until the JobSet ends; the launcher's mpirun finishes.
          .runtimePatch('e2e.kubetrain.dev/kwok', podAnnotations('node', keepRunning())),
      );
      expect(run.objects.map((o) => o.kind)).toEqual(['Secret', 'ConfigMap', 'JobSet']);
      const { core } = cluster();
      const secret = await core.readNamespacedSecret({ name: `${name}-mpi-ssh-auth`, namespace });
      expect(secret.type).toBe('kubernetes.io/ssh-auth');
      expect(Object.keys(secret.data ?? {}).sort()).toEqual(['ssh-privatekey', 'ssh-publickey']);
      const hostfile = await core.readNamespacedConfigMap({ name: `${name}-mpi-hostfile`, namespace });

      // runLauncherAsNode: 3 nodes are 2 sshd node pods and the launcher. The node pods get Ready first.
      const nodePods = await waitFor(`the node pods of ${name} Ready`, async () => {
        const pods = await podsOf(run, 'node');
        const ready = pods.filter((p) =>
          p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
        );
        return ready.length === 2 ? ready : undefined;
      });
      nodePods.sort(
        (a, b) =>
          Number(a.metadata?.annotations?.[COMPLETION_INDEX]) -
          Number(b.metadata?.annotations?.[COMPLETION_INDEX]),
      );
      expectRenderedContainers(nodePods, replicatedJob(run.jobSet, 'node'));

      await finish(run, 'Completed');
      const launchers = await podsOf(run, 'launcher');
      expect(launchers).toHaveLength(1);
      expect(launchers[0]!.status?.phase).toBe('Succeeded');
      expectRenderedContainers(launchers, replicatedJob(run.jobSet, 'launcher'));
      expect(nodeContainer(launchers[0]!)?.command).toEqual(['mpirun', 'python3', 'train.py']);
      const volumes = launchers[0]!.spec?.volumes ?? [];
      expect(volumes.find((v) => v.secret)?.secret?.secretName).toBe(`${name}-mpi-ssh-auth`);
      expect(volumes.find((v) => v.configMap)?.configMap?.name).toBe(`${name}-mpi-hostfile`);

      // One "<pod DNS name> slots=1" line per MPI rank: the node pod(s), then the launcher.
      const hosts = (hostfile.data?.['hostfile'] ?? '')
        .trim()
        .split('\n')
        .map((l) => l.split(' ')[0]);
      expect(hosts).toEqual([...nodePods.map(fqdn), fqdn(launchers[0]!)]);
      expect(hosts[0]).toBe(`${name}-node-0-0.${name}`);
      // The sshd pods never exit: JobSet deletes the still-active node Job when it completes.
      await waitFor(`the sshd pods of ${name} removed by JobSet`, async () =>
        (await podsOf(run, 'node')).every(
          (p) => p.metadata?.deletionTimestamp || p.status?.phase !== 'Running',
        )
          ? true
          : undefined,
      );
    });

    it('deleting the TrainJob garbage-collects its JobSet, Secret and ConfigMap (owner references)', async () => {
      const uid = run.trainJob.metadata!.uid!;
      for (const obj of run.objects) {
        expect(obj.metadata.ownerReferences).toEqual([expect.objectContaining({ kind: 'TrainJob', uid })]);
      }
      const { core } = cluster();
      // Everything exists before the delete.
      await readJobSet(namespace, name);
      await core.readNamespacedSecret({ name: `${name}-mpi-ssh-auth`, namespace });
      await core.readNamespacedConfigMap({ name: `${name}-mpi-hostfile`, namespace });
      await custom().deleteNamespacedCustomObject({
        group: GROUP,
        version: VERSION,
        plural: Resources.TrainJob,
        namespace,
        name,
        propagationPolicy: 'Background',
      });
      const gone = async (read: () => Promise<unknown>) =>
        read().then(
          () => undefined,
          (error: { code?: number }) => (error.code === 404 ? true : undefined),
        );
      await waitFor(`JobSet ${name} garbage-collected`, () => gone(() => readJobSet(namespace, name)));
      await waitFor(`Secret ${name}-mpi-ssh-auth garbage-collected`, () =>
        gone(() => core.readNamespacedSecret({ name: `${name}-mpi-ssh-auth`, namespace })),
      );
      await waitFor(`ConfigMap ${name}-mpi-hostfile garbage-collected`, () =>
        gone(() => core.readNamespacedConfigMap({ name: `${name}-mpi-hostfile`, namespace })),
      );
      await waitFor(`pods of JobSet ${name} deleted`, async () =>
        (await listPods(namespace, `${JOBSET_NAME_LABEL}=${name}`)).length === 0 ? true : undefined,
      );
    });
  });

  it('a coscheduling runtime: the PodGroup is applied, owned by the TrainJob, and the gang pods carry its label', async () => {
    await trainingRuntime('torch-gang', 'torch-distributed', (spec) => {
      spec.podGroupPolicy = { coscheduling: { scheduleTimeoutSeconds: 120 } };
    });
    const name = `gang-${suffix}`;
    const run = await submit(
      makeTrainJob(namespace, name)
        .runtimeRef('torch-gang', Kinds.TrainingRuntime)
        .numNodes(2)
        .resourcesPerNode({ requests: { cpu: '1' } }),
    );
    expect(run.objects.map((o) => o.kind).sort()).toEqual(['JobSet', 'PodGroup']);
    const podGroup = (await custom().getNamespacedCustomObject({
      group: 'scheduling.x-k8s.io',
      version: 'v1alpha1',
      plural: 'podgroups',
      namespace,
      name,
    })) as { spec: Obj; metadata: { ownerReferences?: Array<{ uid: string }> } };
    expect(podGroup.spec).toMatchObject({ minMember: 2, scheduleTimeoutSeconds: 120 });
    expect(podGroup.metadata.ownerReferences?.[0]?.uid).toBe(run.trainJob.metadata!.uid);

    await finish(run, 'Completed');
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(2);
    for (const pod of pods) {
      expect(pod.status?.phase).toBe('Succeeded');
      expect(pod.metadata?.labels?.['scheduling.x-k8s.io/pod-group']).toBe(name);
    }
  });

  it('a runtime patch with a nodeSelector and a toleration puts a CPU pod on a GPU node', async () => {
    const run = await submit(
      makeTrainJob(namespace, `placed-${suffix}`)
        .runtimeRef('torch-distributed')
        .numNodes(1)
        .runtimePatch('example.com/placement', {
          template: {
            spec: replicatedJobPodPatch('node', {
              nodeSelector: { 'nvidia.com/gpu.product': 'NVIDIA-A100-SXM4-80GB' },
              tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
            }),
          },
        }),
    );
    await finish(run, 'Completed');
    const pods = await podsOf(run, 'node');
    expect(pods).toHaveLength(1);
    const pod = pods[0]!;
    expect(pod.status?.phase).toBe('Succeeded');
    expect(pod.spec?.nodeSelector).toEqual({ 'nvidia.com/gpu.product': 'NVIDIA-A100-SXM4-80GB' });
    expect(pod.spec?.tolerations).toEqual(
      expect.arrayContaining([{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }]),
    );
    expect(nodeContainer(pod)?.resources?.limits?.['nvidia.com/gpu']).toBeUndefined();
    expect(pod.spec?.nodeName).toMatch(/^gpu-node-\d+$/);
  });

  it('a trainer pod that fails makes the JobSet Failed, and the engine computes TrainJob Failed', async () => {
    // The shipped runtimes keep Job's default backoffLimit (6 retries with back-off); a runtime of the
    // namespace with backoffLimit 0 fails on the first pod failure.
    await trainingRuntime('torch-fail-fast', 'torch-distributed', (spec) => {
      const jobs = (spec.template as { spec: { replicatedJobs: Array<{ template: { spec: Obj } }> } }).spec
        .replicatedJobs;
      for (const job of jobs) job.template.spec.backoffLimit = 0;
    });
    const run = await submit(
      makeTrainJob(namespace, `fails-${suffix}`)
        .runtimeRef('torch-fail-fast', Kinds.TrainingRuntime)
        .numNodes(2)
        .runtimePatch('e2e.kubetrain.dev/kwok', podAnnotations('node', failAfter('1s', 3))),
    );
    const computed = await finish(run, 'Failed');
    expect(computed.conditions?.find((c) => c.type === 'Failed')?.reason).toBe('FailedJobs');
    expect(computed.jobsStatus?.find((j) => j.name === 'node')?.failed).toBe(1);
    const pods = await podsOf(run, 'node');
    const failed = pods.filter((p) => p.status?.phase === 'Failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    expect(failed[0]!.status?.containerStatuses?.[0]?.state?.terminated?.exitCode).toBe(3);
  });
});
