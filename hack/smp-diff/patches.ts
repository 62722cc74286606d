// SPDX-License-Identifier: Apache-2.0
// Random strategic merge patches for the differential test: every directive (`$patch` replace/delete on
// objects and list elements, `$retainKeys`, `$setElementOrder`, `$deleteFromPrimitiveList`), `null`
// deletions, merged and replaced lists, and a few malformed patches. The documented departures of
// packages/runtime/src/smp/README.md are never generated:
// - `$patch: merge` on an object (we accept it as the default merge; upstream rejects it);
// - a patch that adds and deletes the same scalar (upstream applies the keys of one object in Go's random map
//   order, so its result is random; we apply them in patch order): `$deleteFromPrimitiveList/finalizers`
//   never names a value the same patch object adds;
// - fields the Go structs lack (we merge or replace them; upstream errors).
import { affinity, envVar, podTemplateSpec, Pools, resources, volumeSources } from './originals.js';
import type { Random } from './random.js';

type Json = Record<string, unknown>;
type Key = string | number;

/**
 * Sets `parent[field]` to a merged-list patch over `pool` (merge key `key`): updated or new elements built by
 * `element`, `$patch: delete` elements, now and then a leading `$patch: replace`, and a
 * `$setElementOrder/<field>` directive beside it.
 */
function mergeListPatch(
  r: Random,
  parent: Json,
  field: string,
  key: string,
  pool: readonly Key[],
  element: (k: Key) => Json,
): void {
  const keys = r.some(pool, 0.4);
  const deleted = new Set(keys.filter(() => r.chance(0.15)));
  const list: Json[] = keys.map((k) =>
    deleted.has(k) ? { [key]: k, $patch: 'delete' } : { [key]: k, ...element(k) },
  );
  if (r.chance(0.04)) list.unshift({ $patch: 'replace' });
  parent[field] = list;
  // Not beside `$patch: delete` elements (a departure, see smp/README.md: upstream places the other elements by
  // their positions before the deletion when the order list does not name them all).
  if (deleted.size === 0 && r.chance(0.1)) {
    const order = r.shuffle([...new Set([...keys, ...r.subset(pool)])]);
    parent[`$setElementOrder/${field}`] = order.map((k) => ({ [key]: k }));
  }
}

/** A map patch: new and changed values, `null` deletions, now and then `$patch: replace` or `delete`. */
function mapPatch(r: Random, keys: readonly string[], values: readonly string[]): Json {
  const out: Json = Object.fromEntries(r.some(keys).map((k) => [k, r.chance(0.25) ? null : r.pick(values)]));
  if (r.chance(0.06)) out.$patch = r.pick(['replace', 'delete']);
  return out;
}

/** A patch of an object-valued field: a merge, a `null` deletion, or `$patch: replace`/`delete`. */
function objectPatch(r: Random, merge: () => Json): Json | null {
  const roll = r.next();
  if (roll < 0.1) return null;
  if (roll < 0.17) return { $patch: 'replace', ...merge() };
  if (roll < 0.22) return { $patch: 'delete' };
  return merge();
}

function containerPatch(r: Random): Json {
  const c: Json = {};
  if (r.chance(0.4)) c.image = r.chance(0.1) ? null : r.pick(['torch:3', 'busybox']);
  if (r.chance(0.25)) c.args = r.chance(0.2) ? null : r.some(['--x', '--a', '--y']);
  if (r.chance(0.1)) c.command = null;
  if (r.chance(0.5)) {
    mergeListPatch(r, c, 'env', 'name', Pools.env, (n) =>
      r.chance(0.2) ? { value: null } : envVar(r, String(n)),
    );
  }
  if (r.chance(0.3)) {
    mergeListPatch(r, c, 'ports', 'containerPort', Pools.ports, (p) =>
      r.chance(0.5) ? { name: `q${p}` } : { protocol: 'TCP' },
    );
  }
  if (r.chance(0.3)) {
    mergeListPatch(r, c, 'volumeMounts', 'mountPath', Pools.mounts, () =>
      r.chance(0.5) ? { name: r.pick(Pools.volumes) } : { readOnly: true },
    );
  }
  if (r.chance(0.3)) {
    c.resources = objectPatch(r, () => {
      const p = resources(r);
      if (r.chance(0.3)) p.limits = { ...(p.limits as Json), cpu: null };
      return p;
    });
  }
  if (r.chance(0.15)) c.securityContext = objectPatch(r, () => ({ privileged: r.chance(0.5) }));
  return c;
}

/** A patch of a volume: a new source, often with `$retainKeys` so that the old source goes. */
function volumePatch(r: Random): Json {
  const source = r.pick(volumeSources);
  if (!r.chance(0.5)) return { ...source };
  return { $retainKeys: ['name', ...Object.keys(source)], ...source };
}

/** One malformed directive or element, which both sides must reject. */
function malform(r: Random, spec: Json): void {
  switch (r.int(7)) {
    case 0:
      spec.containers = [{ image: 'no-merge-key' }];
      break;
    case 1:
      spec.nodeSelector = { $patch: 'explode' };
      break;
    case 2:
      spec.volumes = [{ name: 'data', $retainKeys: 'name' }];
      break;
    case 3:
      spec['$setElementOrder/containers'] = 'node';
      break;
    case 4:
      spec.containers = [{ $patch: 'merge' }]; // as a list element: rejected by both (README)
      break;
    case 5:
      spec.containers = [{ name: 'node', env: [['A']] }];
      break;
    default:
      spec.imagePullSecrets = [{ name: 'reg1', $patch: 'delete' }, 'reg2'];
  }
}

/** A patch of a core/v1 PodSpec. */
export function podSpecPatch(r: Random): Json {
  const s: Json = {};
  if (r.chance(0.6)) mergeListPatch(r, s, 'containers', 'name', Pools.containers, () => containerPatch(r));
  if (r.chance(0.15))
    mergeListPatch(r, s, 'initContainers', 'name', ['init', 'init2'], () => containerPatch(r));
  if (r.chance(0.3)) mergeListPatch(r, s, 'volumes', 'name', Pools.volumes, () => volumePatch(r));
  if (r.chance(0.3)) s.nodeSelector = mapPatch(r, ['zone', 'gpu', 'pool'], ['a', 'c']);
  if (r.chance(0.2)) s.tolerations = r.chance(0.3) ? null : [{ key: 'spot', operator: 'Exists' }];
  if (r.chance(0.15)) s.affinity = objectPatch(r, () => affinity(r));
  if (r.chance(0.2)) s.serviceAccountName = r.chance(0.3) ? null : 'patched';
  if (r.chance(0.15)) mergeListPatch(r, s, 'imagePullSecrets', 'name', Pools.secrets, () => ({}));
  if (r.chance(0.1)) mergeListPatch(r, s, 'schedulingGates', 'name', Pools.gates, () => ({}));
  if (r.chance(0.1)) mergeListPatch(r, s, 'hostAliases', 'ip', Pools.hosts, () => ({ hostnames: ['h2'] }));
  if (r.chance(0.1)) {
    mergeListPatch(r, s, 'topologySpreadConstraints', 'topologyKey', Pools.topologyKeys, () => ({
      maxSkew: 2,
    }));
  }
  if (r.chance(0.05)) s.$retainKeys = r.some(['containers', 'volumes', 'nodeSelector', ...Object.keys(s)]);
  if (r.chance(0.03)) s.$patch = 'replace';
  if (r.chance(0.04)) malform(r, s);
  return s;
}

/** A patch of a template's ObjectMeta; the finalizers it deletes are never ones it adds (see above). */
export function objectMetaPatch(r: Random): Json {
  const m: Json = {};
  if (r.chance(0.5)) m.labels = mapPatch(r, Pools.labels, ['x', 'z']);
  if (r.chance(0.2)) m.annotations = mapPatch(r, ['note', 'other'], ['n3']);
  const added = r.chance(0.4) ? r.some(Pools.finalizers) : [];
  if (added.length > 0) m.finalizers = added;
  if (r.chance(0.3)) {
    const deletable = Pools.finalizers.filter((f) => !added.includes(f));
    if (deletable.length > 0) m['$deleteFromPrimitiveList/finalizers'] = r.some(deletable);
  }
  if (added.length > 0 && r.chance(0.15)) m['$setElementOrder/finalizers'] = r.shuffle(Pools.finalizers);
  return m;
}

/** A patch of a core/v1 PodTemplateSpec. */
export function podTemplateSpecPatch(r: Random): Json {
  const t: Json = {};
  if (r.chance(0.4)) t.metadata = objectMetaPatch(r);
  if (r.chance(0.85) || !t.metadata) t.spec = podSpecPatch(r);
  return t;
}

function replicatedJobPatch(r: Random): Json {
  const job: Json = {};
  if (r.chance(0.2)) job.replicas = 1 + r.int(4);
  if (r.chance(0.1)) {
    mergeListPatch(r, job, 'dependsOn', 'name', ['dataset-initializer', 'model-initializer'], () => ({
      status: r.pick(['Ready', 'Complete']),
    }));
  }
  if (r.chance(0.85)) {
    const template: Json = {
      spec: { template: r.chance(0.1) ? podTemplateSpec(r) : podTemplateSpecPatch(r) },
    };
    if (r.chance(0.2)) template.metadata = objectMetaPatch(r);
    job.template = template;
  }
  return job;
}

/** A patch of a jobset v1alpha2 JobSetSpec, as a TrainJob's runtimePatches carry one. */
export function jobSetSpecPatch(r: Random): Json {
  const s: Json = {};
  mergeListPatch(r, s, 'replicatedJobs', 'name', Pools.jobs, () => replicatedJobPatch(r));
  if (r.chance(0.15)) s.suspend = r.chance(0.5) ? null : true;
  if (r.chance(0.15)) s.network = objectPatch(r, () => ({ enableDNSHostnames: r.chance(0.5) }));
  if (r.chance(0.1)) s.successPolicy = null;
  if (r.chance(0.1)) s.ttlSecondsAfterFinished = r.chance(0.5) ? null : 30;
  return s;
}
