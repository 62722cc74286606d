// SPDX-License-Identifier: Apache-2.0
// The optional Kueue controller manager of the local control plane (hack/cluster/kueue-up.sh) and
// the Kueue objects the suites create. Kueue manages jobs only in namespaces labelled
// KUEUE_SCOPE_LABEL=true, and its webhooks see only those namespaces and cluster-scoped Kueue
// objects carrying that label, so no other suite's objects ever reach it.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CustomObjectsApi, PatchStrategy } from '@kubernetes/client-node';
import { REPO_ROOT } from './apply.js';
import { apiStatus } from './api-errors.js';
import { cluster } from './cluster.js';
import { waitFor } from './wait.js';

const run = promisify(execFile);

/** The label that opts a namespace (or a cluster-scoped Kueue object) in to the local Kueue. */
export const KUEUE_SCOPE_LABEL = 'kubetrain.dev/kueue';
/** Kueue's API group and version. */
export const KUEUE_GROUP = 'kueue.x-k8s.io';
export const KUEUE_VERSION = 'v1beta2';
/** The labels Kueue reads from a TrainJob. */
export const QUEUE_NAME_LABEL = 'kueue.x-k8s.io/queue-name';
export const PRIORITY_CLASS_LABEL = 'kueue.x-k8s.io/priority-class';
/** The pod-template label Kueue injects at admission (the PodSet name). */
export const PODSET_LABEL = 'kueue.x-k8s.io/podset';
/** The pod-template annotation Kueue injects at admission to a topology-aware flavor (the Workload name). */
export const WORKLOAD_ANNOTATION = 'kueue.x-k8s.io/workload';

/** `started` when this call started Kueue, `running` when it already ran. */
export type KueueStart = 'started' | 'running';

/**
 * Starts Kueue with `hack/cluster/kueue-up.sh` (which builds it first when the binary is missing, or
 * waits for the background build `make cluster-up` started) and waits for its webhooks.
 */
export async function startKueue(): Promise<KueueStart> {
  const { stdout } = await run(`${REPO_ROOT}hack/cluster/kueue-up.sh`, [], {
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const state = stdout.trim().split('\n').pop();
  if (state !== 'started' && state !== 'running') throw new Error(`kueue-up.sh printed ${stdout}`);
  return state;
}

/** Deletes Kueue's webhook configurations and stops it (`hack/cluster/kueue-down.sh`). */
export async function stopKueue(): Promise<void> {
  await run(`${REPO_ROOT}hack/cluster/kueue-down.sh`, [], { env: process.env });
}

/** Labels `namespace` so that Kueue manages its jobs and its webhooks see them. */
export async function optInNamespace(namespace: string): Promise<void> {
  await cluster().objects.patch(
    {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: { name: namespace, labels: { [KUEUE_SCOPE_LABEL]: 'true' } },
    },
    undefined,
    undefined,
    'kubetrain-e2e',
    undefined,
    PatchStrategy.MergePatch,
  );
}

/** A Kueue object as the suites read it. */
export interface KueueObject {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string; namespace?: string; labels?: Record<string, string>; [key: string]: unknown };
  spec?: Record<string, unknown>;
  status?: {
    conditions?: Array<{ type: string; status: string; reason?: string; message?: string }>;
    [key: string]: unknown;
  };
}

const api = () => cluster().kubeConfig.makeApiClient(CustomObjectsApi);
const plural = (kind: string) => {
  const lower = kind.toLowerCase();
  if (lower.endsWith('y')) return `${lower.slice(0, -1)}ies`;
  return lower.endsWith('s') ? `${lower}es` : `${lower}s`;
};

/** Creates a Kueue object (cluster-scoped when it has no namespace). */
export async function createKueueObject(body: KueueObject): Promise<KueueObject> {
  const kind = body.kind!;
  const namespace = body.metadata?.namespace;
  const full = { apiVersion: `${KUEUE_GROUP}/${KUEUE_VERSION}`, ...body };
  return (
    namespace === undefined
      ? await api().createClusterCustomObject({
          group: KUEUE_GROUP,
          version: KUEUE_VERSION,
          plural: plural(kind),
          body: full,
        })
      : await api().createNamespacedCustomObject({
          group: KUEUE_GROUP,
          version: KUEUE_VERSION,
          plural: plural(kind),
          namespace,
          body: full,
        })
  ) as KueueObject;
}

/** Reads a cluster-scoped Kueue object. */
export async function readClusterKueueObject(kind: string, name: string): Promise<KueueObject> {
  return (await api().getClusterCustomObject({
    group: KUEUE_GROUP,
    version: KUEUE_VERSION,
    plural: plural(kind),
    name,
  })) as KueueObject;
}

/**
 * Deletes a cluster-scoped Kueue object and waits until it is gone (Kueue removes its finalizer once
 * nothing uses it); a missing one is fine.
 */
export async function deleteClusterKueueObject(kind: string, name: string): Promise<void> {
  const gone = (error: unknown) => {
    if (apiStatus(error)?.code !== 404) throw error;
    return true as const;
  };
  await api()
    .deleteClusterCustomObject({ group: KUEUE_GROUP, version: KUEUE_VERSION, plural: plural(kind), name })
    .catch(gone);
  await waitFor(`${kind} ${name} gone`, async () =>
    readClusterKueueObject(kind, name).then(() => undefined, gone),
  );
}

/** The Workloads in `namespace`. */
export async function listWorkloads(namespace: string): Promise<KueueObject[]> {
  const list = (await api().listNamespacedCustomObject({
    group: KUEUE_GROUP,
    version: KUEUE_VERSION,
    plural: 'workloads',
    namespace,
  })) as { items: KueueObject[] };
  return list.items;
}

/** The Workload Kueue made for the TrainJob `name` (its owner), if any. */
export async function workloadOf(namespace: string, name: string): Promise<KueueObject | undefined> {
  return (await listWorkloads(namespace)).find((w) =>
    ((w.metadata?.['ownerReferences'] as Array<{ kind: string; name: string }> | undefined) ?? []).some(
      (o) => o.kind === 'TrainJob' && o.name === name,
    ),
  );
}

/** True when `obj` has condition `type` with status `status` (and `reason`, when given). */
export function hasCondition(
  obj: KueueObject | undefined,
  type: string,
  status = 'True',
  reason?: string,
): boolean {
  return (obj?.status?.conditions ?? []).some(
    (c) => c.type === type && c.status === status && (reason === undefined || c.reason === reason),
  );
}

/** "Type=Status(Reason)" of every condition, for timeout messages. */
export function describeConditions(obj: KueueObject | undefined): string {
  return (obj?.status?.conditions ?? []).map((c) => `${c.type}=${c.status}(${c.reason ?? ''})`).join(', ');
}
