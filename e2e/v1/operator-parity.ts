// SPDX-License-Identifier: Apache-2.0
// The comparison of e2e/v1/operator-parity.e2e.ts: the cases (the Training Operator v1.9.4 reference
// examples, and PyTorchJob failure cases), what is read of a finished case (the job's status, its
// pods, Services, and an MPIJob's ConfigMap and launcher RBAC), and how that is normalised so that
// only what may legitimately differ between two runs in two namespaces is gone: timestamps (kept as
// "set"), uids, resourceVersions, the namespace's name, the ServiceAccount token volume, the node.
import type { V1Pod, V1Service } from '@kubernetes/client-node';
import { RbacAuthorizationV1Api } from '@kubernetes/client-node';
import type { V1KindName } from '@kubetrain/api';
import { readV1Examples } from '@kubetrain/api/test-support';
import { cluster } from '../support/cluster.js';
import { failAfter, keepRunning, succeedAfter } from '../support/kwok.js';
import { annotateReplicas, podsOf, pytorchJob, readJob, servicesOf, type Job } from './v1-harness.js';

/** How long a pod runs before it succeeds or fails. */
const RUN_FOR = '5s';

/** One job both operators run. */
export interface ParityCase {
  /** The example file, or the failure case's name. */
  readonly title: string;
  readonly kind: V1KindName;
  /** The job to create (no namespace). */
  readonly body: Job;
  /** The condition it ends with. */
  readonly ends: 'Succeeded' | 'Failed';
}

/**
 * The example as the v1 examples suite runs it, but every pod succeeding after 5 s (long enough for
 * both operators to see it run: a Running condition either way); MPI's workers run on.
 */
function exampleCase(file: string, kind: V1KindName, object: Record<string, unknown>): ParityCase {
  const body = structuredClone(object) as Job;
  delete body.metadata.namespace;
  annotateReplicas(kind, body, succeedAfter(RUN_FOR));
  if (kind === 'MPIJob') {
    const specs = body.spec['mpiReplicaSpecs'] as Record<
      string,
      { template: { metadata: { annotations: Record<string, string> } } }
    >;
    specs['Worker']!.template.metadata.annotations = keepRunning();
  }
  return { title: file, kind, body, ends: 'Succeeded' };
}

/** A failing PyTorchJob: its Master runs on, its Worker does what `worker` says. */
function pytorchFailure(
  name: string,
  worker: { annotations: Record<string, string>; restartPolicy?: string },
  runPolicy: Record<string, unknown> = {},
): ParityCase {
  const body = pytorchJob(name, { annotations: keepRunning() }, worker, runPolicy);
  return { title: `PyTorchJob ${name}`, kind: 'PyTorchJob', body, ends: 'Failed' };
}

/** The 8 reference examples (and the MPI one keeping its workers), then the 3 PyTorchJob failure cases. */
export function parityCases(): ParityCase[] {
  const examples = readV1Examples();
  const mpi = examples.find((e) => e.kind === 'MPIJob')!;
  // The MPI example again, its workers kept (cleanPodPolicy None), so that their pods are compared too.
  const mpiKept = exampleCase(`${mpi.file}, cleanPodPolicy None`, mpi.kind, mpi.object);
  mpiKept.body.metadata.name = 'mpi-workers-kept';
  (mpiKept.body.spec['runPolicy'] as Record<string, unknown>)['cleanPodPolicy'] = 'None';
  return [
    ...examples.map((e) => exampleCase(e.file, e.kind, e.object)),
    mpiKept,
    // restartPolicy Never: the failed worker fails the job (UpdateJobStatus).
    pytorchFailure('fail-never', { annotations: failAfter(RUN_FOR, 1), restartPolicy: 'Never' }),
    // restartPolicy ExitCode, a permanent code: ReconcilePods fails the job.
    pytorchFailure('fail-exitcode', { annotations: failAfter(RUN_FOR, 1), restartPolicy: 'ExitCode' }),
    // activeDeadlineSeconds, the worker succeeding after it: v1.9.4 checks the deadline only when an
    // event makes it reconcile (the requeue it asks for goes to a FakeWorkQueue), so the worker's end
    // is that event; kubetrain fails the job at the deadline itself. Both end as at the deadline, once
    // both replicas ran (the deadline leaves them time to start on a loaded machine).
    pytorchFailure('fail-deadline', { annotations: succeedAfter('20s') }, { activeDeadlineSeconds: 12 }),
  ];
}

/** What is compared of one finished case. */
export interface ParitySnapshot {
  status: unknown;
  pods: Record<string, unknown>;
  services: Record<string, unknown>;
  /** MPIJob: the ConfigMap `<job>-config` and the launcher's Role and RoleBinding. */
  mpi?: Record<string, unknown>;
}

/** Whether the job has its final condition True. */
export async function hasEnded(c: ParityCase, namespace: string): Promise<boolean> {
  const job = await readJob(c.kind, namespace, c.body.metadata.name);
  return job.status?.conditions?.some((x) => x.type === c.ends && x.status === 'True') === true;
}

const TIME_FIELDS = ['startTime', 'completionTime', 'lastReconcileTime'];

/**
 * The replica types whose `selector` v1.9.4 leaves to chance: a PyTorchJob or PaddleJob with a Master
 * succeeds in an UpdateJobStatus that iterates a Go map and returns at the Master, so the other types
 * get their selector back on that last reconcile only when the map happened to yield them first.
 */
function selectorByChance(c: ParityCase, status: NonNullable<Job['status']>): string[] {
  const specs = c.body.spec[c.kind === 'PyTorchJob' ? 'pytorchReplicaSpecs' : 'paddleReplicaSpecs'];
  const succeeded = status.conditions?.some((x) => x.type === 'Succeeded' && x.status === 'True');
  if ((c.kind !== 'PyTorchJob' && c.kind !== 'PaddleJob') || succeeded !== true) return [];
  const types = Object.keys((specs ?? {}) as Record<string, unknown>);
  return types.includes('Master') ? types.filter((t) => t !== 'Master') : [];
}

/** The status with times as "set", condition times dropped and the selectors left to chance removed. */
function normaliseStatus(
  c: ParityCase,
  status: NonNullable<Job['status']> & Record<string, unknown>,
): unknown {
  const out: Record<string, unknown> = { ...status };
  if (status.replicaStatuses !== undefined) {
    const replicaStatuses = structuredClone(status.replicaStatuses);
    for (const rtype of selectorByChance(c, status)) delete replicaStatuses[rtype]?.selector;
    out['replicaStatuses'] = replicaStatuses;
  }
  for (const f of TIME_FIELDS) if (out[f] !== undefined) out[f] = 'set';
  out['conditions'] = (status.conditions ?? []).map((c) => {
    const { lastUpdateTime: _u, lastTransitionTime: _t, ...rest } = c as Record<string, unknown>;
    return rest;
  });
  return out;
}

/** The owner references without uids. */
function owners(meta: { ownerReferences?: Array<Record<string, unknown>> } | undefined): unknown {
  return (meta?.ownerReferences ?? []).map(({ uid: _uid, ...rest }) => rest);
}

const isTokenVolume = (name: string | undefined) => name?.startsWith('kube-api-access-') === true;

/** A pod's metadata that the operator sets and its whole spec, less the node and the token volume. */
function normalisePod(pod: V1Pod): unknown {
  const spec = structuredClone(pod.spec!) as unknown as Record<string, unknown>;
  delete spec['nodeName'];
  spec['volumes'] = ((spec['volumes'] as Array<{ name: string }> | undefined) ?? []).filter(
    (v) => !isTokenVolume(v.name),
  );
  for (const key of ['containers', 'initContainers'])
    for (const c of (spec[key] as Array<Record<string, unknown>> | undefined) ?? [])
      c['volumeMounts'] = ((c['volumeMounts'] as Array<{ name: string }> | undefined) ?? []).filter(
        (m) => !isTokenVolume(m.name),
      );
  return {
    labels: pod.metadata?.labels ?? {},
    annotations: pod.metadata?.annotations ?? {},
    ownerReferences: owners(pod.metadata as never),
    spec,
  };
}

function normaliseService(svc: V1Service): unknown {
  return {
    labels: svc.metadata?.labels ?? {},
    annotations: svc.metadata?.annotations ?? {},
    ownerReferences: owners(svc.metadata as never),
    spec: svc.spec,
  };
}

/** The MPIJob's ConfigMap and launcher RBAC (absent ones as null). */
async function mpiObjects(namespace: string, name: string): Promise<Record<string, unknown>> {
  const rbac = cluster().kubeConfig.makeApiClient(RbacAuthorizationV1Api);
  const read = async <T>(get: () => Promise<T>): Promise<T | null> => {
    try {
      return await get();
    } catch {
      return null;
    }
  };
  const cm = await read(() => cluster().core.readNamespacedConfigMap({ name: `${name}-config`, namespace }));
  const role = await read(() => rbac.readNamespacedRole({ name: `${name}-launcher`, namespace }));
  const binding = await read(() => rbac.readNamespacedRoleBinding({ name: `${name}-launcher`, namespace }));
  const sa = await read(() =>
    cluster().core.readNamespacedServiceAccount({ name: `${name}-launcher`, namespace }),
  );
  return {
    configMap: cm && {
      labels: cm.metadata?.labels,
      ownerReferences: owners(cm.metadata as never),
      data: cm.data,
    },
    role: role && { labels: role.metadata?.labels, rules: role.rules },
    roleBinding: binding && {
      labels: binding.metadata?.labels,
      subjects: binding.subjects,
      roleRef: binding.roleRef,
    },
    serviceAccount: sa && { labels: sa.metadata?.labels },
  };
}

/** Replaces `namespace` by `<ns>` in every string of `value`. */
function withoutNamespace<T>(value: T, namespace: string): T {
  return JSON.parse(JSON.stringify(value).split(namespace).join('<ns>')) as T;
}

/** What the case came to in `namespace`, normalised. */
export async function snapshot(c: ParityCase, namespace: string): Promise<ParitySnapshot> {
  const name = c.body.metadata.name;
  const job = await readJob(c.kind, namespace, name);
  const pods = await podsOf(namespace, name);
  const services = await servicesOf(namespace, name);
  const snap: ParitySnapshot = {
    status: normaliseStatus(c, (job.status ?? {}) as never),
    pods: Object.fromEntries(
      [...pods].sort(([a], [b]) => a.localeCompare(b)).map(([n, p]) => [n, normalisePod(p)]),
    ),
    services: Object.fromEntries(
      [...services].sort(([a], [b]) => a.localeCompare(b)).map(([n, s]) => [n, normaliseService(s)]),
    ),
  };
  if (c.kind === 'MPIJob') snap.mpi = await mpiObjects(namespace, name);
  return withoutNamespace(snap, namespace);
}

/** Whether no pod of the job is being deleted (cleanPodPolicy's deletions are over). */
export async function podsSettled(c: ParityCase, namespace: string): Promise<boolean> {
  const pods = await podsOf(namespace, c.body.metadata.name);
  return [...pods.values()].every((p) => p.metadata?.deletionTimestamp === undefined);
}
