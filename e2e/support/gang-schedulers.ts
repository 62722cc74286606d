// SPDX-License-Identifier: Apache-2.0
// The optional gang schedulers of the local control plane (hack/cluster/volcano-up.sh and
// scheduler-plugins-up.sh: Volcano's vc-scheduler and vc-controller-manager, scheduler-plugins'
// kube-scheduler with Coscheduling and its controller), the kwok nodes a suite owns to give them
// a cluster of a known size, and reading what they decided about pods and PodGroups.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { V1Node, V1Pod } from '@kubernetes/client-node';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { REPO_ROOT } from './apply.js';
import { cluster } from './cluster.js';
import { waitFor } from './wait.js';

const run = promisify(execFile);

/** The two gang schedulers, by the name of their hack/cluster scripts. */
export type GangScheduler = 'volcano' | 'scheduler-plugins';

/** `started` when the call started the scheduler, `running` when it already ran. */
export type SchedulerStart = 'started' | 'running';

/**
 * Starts one gang scheduler with `hack/cluster/<scheduler>-up.sh`, which builds it first when its
 * binaries are missing (or waits for the background build `make cluster-up` started).
 */
export async function startGangScheduler(scheduler: GangScheduler): Promise<SchedulerStart> {
  const { stdout } = await run(`${REPO_ROOT}hack/cluster/${scheduler}-up.sh`, [], {
    env: process.env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const state = stdout.trim().split('\n').pop();
  if (state !== 'started' && state !== 'running') throw new Error(`${scheduler}-up.sh printed ${stdout}`);
  return state;
}

/** Stops a gang scheduler that {@link startGangScheduler} started (`<scheduler>-down.sh`). */
export async function stopGangScheduler(scheduler: GangScheduler): Promise<void> {
  await run(`${REPO_ROOT}hack/cluster/${scheduler}-down.sh`, [], { env: process.env });
}

/** The `spec.schedulerName` pods use to reach each gang scheduler. */
export const SCHEDULER_NAMES: Record<GangScheduler, string> = {
  volcano: 'volcano',
  'scheduler-plugins': 'scheduler-plugins-scheduler',
};

/** A PodGroup kind: its API group, version and plural. */
export interface PodGroupKind {
  readonly group: string;
  readonly version: string;
  readonly kind: 'PodGroup';
  readonly plural: 'podgroups';
}

/** The PodGroup kind each gang scheduler reads. */
export const POD_GROUP_KINDS: Record<GangScheduler, PodGroupKind> = {
  volcano: { group: 'scheduling.volcano.sh', version: 'v1beta1', kind: 'PodGroup', plural: 'podgroups' },
  'scheduler-plugins': {
    group: 'scheduling.x-k8s.io',
    version: 'v1alpha1',
    kind: 'PodGroup',
    plural: 'podgroups',
  },
};

/** A PodGroup as the suites read it. */
export interface ObservedPodGroup {
  apiVersion?: string;
  kind?: string;
  metadata?: {
    name?: string;
    namespace?: string;
    ownerReferences?: Array<{ kind: string; name: string; uid: string; controller?: boolean }>;
    [key: string]: unknown;
  };
  spec?: { minMember?: number; minResources?: Record<string, string>; [key: string]: unknown };
  status?: { phase?: string; [key: string]: unknown };
}

const custom = () => cluster().kubeConfig.makeApiClient(CustomObjectsApi);

/** Reads the PodGroup `<namespace>/<name>` of `kind`. */
export async function readPodGroup(
  kind: PodGroupKind,
  namespace: string,
  name: string,
): Promise<ObservedPodGroup> {
  return (await custom().getNamespacedCustomObject({ ...kind, namespace, name })) as ObservedPodGroup;
}

/** Creates a PodGroup of `kind` (a suite's own, not one kubetrain renders). */
export async function createPodGroup(kind: PodGroupKind, body: ObservedPodGroup): Promise<ObservedPodGroup> {
  return (await custom().createNamespacedCustomObject({
    ...kind,
    namespace: body.metadata!.namespace!,
    body: { apiVersion: `${kind.group}/${kind.version}`, kind: kind.kind, ...body },
  })) as ObservedPodGroup;
}

/** The label that ties a suite's kwok nodes, and the taint that keeps every other pod off them. */
export const SUITE_NODE_KEY = 'kubetrain.dev/gang-suite';

/** Options of {@link createSuiteNodes}. */
export interface SuiteNodes {
  /** Label value and taint value; also the node names' prefix. */
  readonly id: string;
  readonly count: number;
  /** CPUs of each node (its capacity and allocatable). */
  readonly cpus: number;
}

/** The nodeSelector and tolerations that put a pod on the suite's nodes (and only there). */
export function onSuiteNodes(id: string): { nodeSelector: Record<string, string>; tolerations: object[] } {
  return {
    nodeSelector: { [SUITE_NODE_KEY]: id },
    tolerations: [{ key: SUITE_NODE_KEY, operator: 'Equal', value: id, effect: 'NoSchedule' }],
  };
}

/** The names of the suite's nodes. */
export function suiteNodeNames(nodes: SuiteNodes): string[] {
  return Array.from({ length: nodes.count }, (_, i) => `${nodes.id}-${i}`);
}

/**
 * Creates `count` kwok nodes (label type=kwok: the cluster's kwok runs them) with `cpus` CPUs each,
 * labelled and tainted with SUITE_NODE_KEY=id, and waits until they are Ready. They make a cluster
 * of exactly known size for pods that select them.
 */
export async function createSuiteNodes(nodes: SuiteNodes): Promise<string[]> {
  const { core } = cluster();
  const resources = { cpu: String(nodes.cpus), memory: '64Gi', pods: '110' };
  const names = suiteNodeNames(nodes);
  for (const name of names) {
    const body: V1Node = {
      metadata: {
        name,
        labels: {
          type: 'kwok',
          [SUITE_NODE_KEY]: nodes.id,
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
        },
        annotations: { 'node.alpha.kubernetes.io/ttl': '0', 'kwok.x-k8s.io/node': 'fake' },
      },
      spec: { taints: [{ key: SUITE_NODE_KEY, value: nodes.id, effect: 'NoSchedule' }] },
      status: { capacity: resources, allocatable: resources },
    };
    await core.createNode({ body });
  }
  for (const name of names) {
    await waitFor(`node ${name} Ready`, async () => {
      const node = await core.readNode({ name });
      return node.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True')
        ? true
        : undefined;
    });
  }
  return names;
}

/** Deletes the suite's nodes (a missing one is fine). */
export async function deleteSuiteNodes(nodes: SuiteNodes): Promise<void> {
  const { core } = cluster();
  for (const name of suiteNodeNames(nodes)) {
    await core.deleteNode({ name }).catch((error: unknown) => {
      if ((error as { code?: number }).code !== 404) throw error;
    });
  }
}

/** The scheduler's verdict on a pod it could not place: PodScheduled=False. */
export function unschedulable(pod: V1Pod): boolean {
  return (pod.status?.conditions ?? []).some((c) => c.type === 'PodScheduled' && c.status === 'False');
}

/** True when the pod is bound to a node (whether or not it runs yet). */
export function bound(pod: V1Pod): boolean {
  return pod.spec?.nodeName !== undefined && pod.spec.nodeName !== '';
}

/** "name=Phase@node[PodScheduled message]" of each pod, for timeout messages. */
export function describeGangPods(pods: readonly V1Pod[]): string {
  return (
    pods
      .map((p) => {
        const scheduled = p.status?.conditions?.find((c) => c.type === 'PodScheduled');
        const verdict = scheduled?.status === 'False' ? ` [${scheduled.reason}: ${scheduled.message}]` : '';
        return `${p.metadata?.name}=${p.status?.phase}@${p.spec?.nodeName ?? 'unbound'}${verdict}`;
      })
      .join(', ') || 'no pods'
  );
}

/** Deletes a PodGroup of `kind` (a missing one is fine). */
export async function deletePodGroup(kind: PodGroupKind, namespace: string, name: string): Promise<void> {
  await custom()
    .deleteNamespacedCustomObject({ ...kind, namespace, name })
    .catch((error: unknown) => {
      if ((error as { code?: number }).code !== 404) throw error;
    });
}
