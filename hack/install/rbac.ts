// SPDX-License-Identifier: Apache-2.0
// The manager's RBAC, derived from one list: the kinds the engine and its plugins read or own
// (`watchedKinds` of @kubetrain/runtime), plus the manager's fixed needs (its own kinds, the status
// and finalizers subresources, the webhook configurations it injects the CA into, events). What
// lives in the manager's own namespace (the Lease, the webhook certificate Secret) is a Role there.
//
// Compared with upstream's generated ClusterRole (guide 9.4), trimmed to the calls the manager
// makes: no update on objects it server-side applies (apply is a PATCH), no delete but of JobSets
// (the active deadline), no core Events (it writes events.k8s.io), no TokenReviews or
// SubjectAccessReviews (metrics authentication is not served), no list/watch of webhook
// configurations (read and replaced by name only), Leases only in its namespace, by name.

import { FeatureGateNames } from '@kubetrain/api/core';
import {
  defaultPlugins,
  engineKinds,
  groupKindOf,
  watchedKinds,
  type KindUse,
  type WatchedKind,
} from '@kubetrain/runtime';

/** What plugins declare, as the RBAC needs it: the kinds, and those applied beyond a first create. */
export interface DeclaredKinds {
  readonly kinds: readonly WatchedKind[];
  /** `group/kind` of owned kinds some declaration applies (`always`, `whileAbsentOrSuspended`). */
  readonly applied: ReadonlySet<string>;
}

/** {@link DeclaredKinds} of `plugins` (default: the registry's) and the engine. */
export function declaredKinds(
  plugins: ReadonlyArray<{ readonly kinds?: readonly KindUse[] }> = defaultPlugins(),
): DeclaredKinds {
  const applied = new Set<string>();
  for (const use of [...engineKinds, ...plugins.flatMap((p) => p.kinds ?? [])]) {
    if (use.owned && use.policy !== 'createOnly') applied.add(groupKindOf(use));
  }
  return { kinds: watchedKinds(plugins), applied };
}

/** One RBAC PolicyRule. */
export interface PolicyRule {
  apiGroups: string[];
  resources: string[];
  verbs: string[];
  resourceNames?: string[];
}

/** Upstream's names of the objects the manager addresses by name. */
export const InstallNames = {
  namespace: 'kubeflow-system',
  serviceAccount: 'kubeflow-trainer-controller-manager',
  clusterRole: 'kubeflow-trainer-controller-manager',
  role: 'kubeflow-trainer-controller-manager',
  service: 'kubeflow-trainer-controller-manager',
  deployment: 'kubeflow-trainer-controller-manager',
  config: 'kubeflow-trainer-config',
  webhookSecret: 'kubeflow-trainer-webhook-cert',
  lease: 'trainer.kubeflow.org',
  mutatingWebhook: 'defaulter.trainer.kubeflow.org',
  validatingWebhook: 'validator.trainer.kubeflow.org',
} as const;

/**
 * Owned kinds the manager writes but never reads (`group/kind`): Secrets. It neither lists, watches
 * nor gets them (packages/controller/src/trainjob/secret-writes.ts), so no Secret of the cluster can
 * be read with its ServiceAccount; its own certificate Secret is read by name through the Role.
 */
export const WRITE_ONLY_KINDS: ReadonlySet<string> = new Set(['/Secret']);

/** Owned kinds (`group/kind`) the manager deletes past a TrainJob's active deadline. */
export const DELETED_KINDS: ReadonlySet<string> = new Set([
  'jobset.x-k8s.io/JobSet',
  'leaderworkerset.x-k8s.io/LeaderWorkerSet',
  'batch/Job',
]);

/**
 * Watched kinds (`group/kind`) the manager deletes without owning them: the LeaderWorkerSet
 * backend deletes a failed attempt's leader pod so that the group is recreated.
 */
export const DELETED_WATCHED_KINDS: ReadonlySet<string> = new Set(['/Pod']);

/**
 * The verbs a kind of `watchedKinds` needs: read kinds get/list (and watch when watched), but for
 * {@link WRITE_ONLY_KINDS}; owned kinds are created, and patched (server-side apply) only when
 * `applied`: a kind only ever created once (`createOnly`: the MPI SSH Secret) is never written again.
 */
export function verbsOf(
  kind: Pick<WatchedKind, 'owned' | 'watch' | 'kind' | 'group'>,
  applied: boolean,
): string[] {
  const writeOnly = kind.owned && WRITE_ONLY_KINDS.has(`${kind.group}/${kind.kind}`);
  const verbs = new Set(writeOnly ? [] : ['get', 'list']);
  if (kind.watch && !writeOnly) verbs.add('watch');
  if (kind.owned) verbs.add('create');
  if (kind.owned && applied) verbs.add('patch');
  // The active deadline deletes the JobSet (upstream's runtime.Info has no other deletion), or, on
  // the LeaderWorkerSet backend, the LeaderWorkerSet and its initializer Jobs.
  if (kind.owned && DELETED_KINDS.has(`${kind.group}/${kind.kind}`)) verbs.add('delete');
  if (kind.watch && DELETED_WATCHED_KINDS.has(`${kind.group}/${kind.kind}`)) verbs.add('delete');
  return [...verbs].sort();
}

/** The rules from `watchedKinds`: one per group and verb set, resources sorted. */
export function pluginRules(declared: DeclaredKinds): PolicyRule[] {
  const grouped = new Map<string, PolicyRule>();
  for (const kind of declared.kinds) {
    const verbs = verbsOf(kind, declared.applied.has(groupKindOf(kind)));
    const key = `${kind.group}|${verbs.join(',')}`;
    const rule = grouped.get(key) ?? { apiGroups: [kind.group], resources: [], verbs };
    if (!rule.resources.includes(kind.resource)) rule.resources.push(kind.resource);
    rule.resources.sort();
    grouped.set(key, rule);
  }
  return [...grouped.values()];
}

/** What the manager needs whatever plugins run. */
export function fixedClusterRules(): PolicyRule[] {
  return [
    // Its own kinds: watched; TrainJobs never written but through /status, and deleted once their
    // ttlSecondsAfterFinished has passed (KEP-2899; upstream's #4052 adds `delete` to the TrainJob
    // RBAC marker); runtimes patched to drop the legacy finalizer.
    {
      apiGroups: ['trainer.kubeflow.org'],
      resources: ['trainjobs'],
      verbs: ['delete', 'get', 'list', 'watch'],
    },
    {
      apiGroups: ['trainer.kubeflow.org'],
      resources: ['clustertrainingruntimes', 'trainingruntimes'],
      verbs: ['get', 'list', 'patch', 'watch'],
    },
    { apiGroups: ['trainer.kubeflow.org'], resources: ['trainjobs/status'], verbs: ['get', 'patch'] },
    // blockOwnerDeletion on owned objects needs update of the owner's finalizers where the API
    // server enforces owner-reference permissions (OwnerReferencesPermissionEnforcement).
    {
      apiGroups: ['trainer.kubeflow.org'],
      resources: [
        'clustertrainingruntimes/finalizers',
        'trainingruntimes/finalizers',
        'trainjobs/finalizers',
      ],
      verbs: ['update'],
    },
    // The JobSet backend's pods, read only (list and watch, label-selected): JobSet deletes a failed
    // Job and its pods before a reconcile could read them, so the cause of a restart is seen by a
    // pod watch (packages/controller/src/trainjob/workload/pod-failures.ts); the Failed event's pod.
    { apiGroups: [''], resources: ['pods'], verbs: ['list', 'watch'] },
    // Events about TrainJobs live in the TrainJobs' namespaces.
    { apiGroups: ['events.k8s.io'], resources: ['events'], verbs: ['create', 'patch'] },
    // The CA bundle is injected into the two configurations, by name.
    {
      apiGroups: ['admissionregistration.k8s.io'],
      resources: ['mutatingwebhookconfigurations'],
      verbs: ['get', 'update'],
      resourceNames: [InstallNames.mutatingWebhook],
    },
    {
      apiGroups: ['admissionregistration.k8s.io'],
      resources: ['validatingwebhookconfigurations'],
      verbs: ['get', 'update'],
      resourceNames: [InstallNames.validatingWebhook],
    },
  ];
}

/** The Role in the manager's namespace: its Lease and its webhook certificate Secret, by name. */
export function namespaceRules(): PolicyRule[] {
  return [
    // `create` cannot be limited by name (the name is not known before the object exists).
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create'] },
    {
      apiGroups: ['coordination.k8s.io'],
      resources: ['leases'],
      verbs: ['get', 'update'],
      resourceNames: [InstallNames.lease],
    },
    // The certificate Secret (src/certs): created when missing, read and rotated by name.
    { apiGroups: [''], resources: ['secrets'], verbs: ['create'] },
    {
      apiGroups: [''],
      resources: ['secrets'],
      verbs: ['get', 'update'],
      resourceNames: [InstallNames.webhookSecret],
    },
  ];
}

/** The ClusterRole's rules: the fixed ones, then those of the kinds of the default plugins. */
export function clusterRules(declared: DeclaredKinds = declaredKinds()): PolicyRule[] {
  return [...fixedClusterRules(), ...pluginRules(declared)];
}

/** The name of the opt-in ClusterRole (and its binding) of the LeaderWorkerSet backend. */
export const LEADERWORKERSET_CLUSTER_ROLE = `${InstallNames.clusterRole}-leaderworkerset`;

/**
 * The rules the gate `LeaderWorkerSetBackend` adds to {@link clusterRules}: for each kind the gated
 * plugins declare, the verbs the default ClusterRole does not grant (LeaderWorkerSets and batch
 * Jobs owned, Pods deleted, PersistentVolumeClaims created). A separate ClusterRole, installed
 * with the gate only, so that a default install only reads Pods (list and watch).
 */
export function leaderWorkerSetRules(): PolicyRule[] {
  const base = declaredKinds();
  const gated = declaredKinds(
    defaultPlugins({ featureGates: { [FeatureGateNames.LeaderWorkerSetBackend]: true } }),
  );
  const granted = new Map<string, Set<string>>();
  for (const kind of base.kinds)
    granted.set(`${kind.group}/${kind.kind}`, new Set(verbsOf(kind, base.applied.has(groupKindOf(kind)))));
  const added = gated.kinds.flatMap((kind): WatchedKind[] => {
    const have = granted.get(`${kind.group}/${kind.kind}`);
    const verbs = verbsOf(kind, gated.applied.has(groupKindOf(kind)));
    return have === undefined || verbs.some((v) => !have.has(v)) ? [kind] : [];
  });
  return withoutGranted(pluginRules({ kinds: added, applied: gated.applied }), fixedClusterRules());
}

/** `rules` without the verbs `granted` gives (by group and resource; named rules ignored), regrouped. */
function withoutGranted(rules: readonly PolicyRule[], granted: readonly PolicyRule[]): PolicyRule[] {
  const has = (group: string, resource: string, verb: string) =>
    granted.some(
      (g) =>
        g.resourceNames === undefined &&
        g.apiGroups.includes(group) &&
        g.resources.includes(resource) &&
        g.verbs.includes(verb),
    );
  const grouped = new Map<string, PolicyRule>();
  for (const rule of rules)
    for (const group of rule.apiGroups)
      for (const resource of rule.resources) {
        const verbs = rule.verbs.filter((v) => !has(group, resource, v));
        if (verbs.length === 0) continue;
        const key = `${group}|${verbs.join(',')}`;
        const kept = grouped.get(key) ?? { apiGroups: [group], resources: [], verbs };
        kept.resources.push(resource);
        kept.resources.sort();
        grouped.set(key, kept);
      }
  return [...grouped.values()];
}

/** The name of the opt-in ClusterRole (and its binding) of the Training Operator v1 kinds. */
export const V1_KINDS_CLUSTER_ROLE = `${InstallNames.clusterRole}-v1-kinds`;

/** The rules `--enable-v1-kinds` needs (packages/controller/src/v1/rbac-rules.ts): a ClusterRole of its own. */
export { v1ClusterRules } from '@kubetrain/controller';
