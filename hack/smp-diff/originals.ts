// SPDX-License-Identifier: Apache-2.0
// Random originals for the strategic merge patch differential test: JobSetSpecs and PodTemplateSpecs shaped
// like a runtime's template, drawn from small pools of names so that patches often hit existing elements.
// Only fields the Go structs have: an unknown field is a documented departure (see smp/README.md).
import type { Random } from './random.js';

type Json = Record<string, unknown>;

/** The name pools shared with the patch generator. */
export const Pools = {
  jobs: ['node', 'dataset-initializer', 'model-initializer', 'launcher'],
  containers: ['node', 'sidecar', 'helper'],
  env: ['A', 'B', 'C', 'D'],
  ports: [8080, 9090, 29500],
  mounts: ['/data', '/cache', '/root/.ssh'],
  volumes: ['data', 'cache', 'ssh'],
  labels: ['team', 'tier', 'app'],
  finalizers: ['f1', 'f2', 'f3'],
  secrets: ['reg1', 'reg2'],
  gates: ['g1', 'g2'],
  hosts: ['10.0.0.1', '10.0.0.2'],
  topologyKeys: ['zone', 'rack'],
} as const;

/** One volume source per volume name; `$retainKeys` patches switch between them. */
export const volumeSources: Record<string, Json>[] = [
  { emptyDir: {} },
  { emptyDir: { medium: 'Memory' } },
  { persistentVolumeClaim: { claimName: 'c' } },
  { secret: { secretName: 's' } },
  { configMap: { name: 'cm' } },
];

/** A string map over `keys` with values from `values`. */
export function stringMap(r: Random, keys: readonly string[], values: readonly string[]): Json {
  return Object.fromEntries(r.some(keys).map((k) => [k, r.pick(values)]));
}

/** An env variable: a value or a field reference. */
export function envVar(r: Random, name: string): Json {
  return r.chance(0.8)
    ? { name, value: r.pick(['1', '2', 'x']) }
    : { name, valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } };
}

/** Resource requirements with canonical quantities. */
export function resources(r: Random): Json {
  const out: Json = {};
  if (r.chance(0.7)) out.limits = stringMap(r, ['cpu', 'memory', 'nvidia.com/gpu'], ['1', '2', '4Gi']);
  if (r.chance(0.5)) out.requests = stringMap(r, ['cpu', 'memory'], ['1', '500m', '1Gi']);
  return out;
}

function container(r: Random, name: string): Json {
  const c: Json = { name, image: r.pick(['torch:1', 'torch:2', 'busybox']) };
  if (r.chance(0.3)) c.command = ['python', '-m', 'train'];
  if (r.chance(0.4)) c.args = r.some(['--a', '--b', '--c']);
  if (r.chance(0.6)) c.env = r.some(Pools.env).map((n) => envVar(r, n));
  if (r.chance(0.4)) c.ports = r.some(Pools.ports).map((p) => ({ containerPort: p, name: `p${p}` }));
  if (r.chance(0.4)) {
    c.volumeMounts = r.some(Pools.mounts).map((m, i) => ({ name: Pools.volumes[i], mountPath: m }));
  }
  if (r.chance(0.5)) c.resources = resources(r);
  if (r.chance(0.2)) c.securityContext = { privileged: r.chance(0.5) };
  return c;
}

/** A core/v1 PodSpec. */
export function podSpec(r: Random): Json {
  const spec: Json = { containers: r.some(Pools.containers).map((n) => container(r, n)) };
  if (r.chance(0.3)) spec.initContainers = [container(r, 'init')];
  if (r.chance(0.5)) spec.volumes = r.some(Pools.volumes).map((name) => ({ name, ...r.pick(volumeSources) }));
  if (r.chance(0.4)) spec.nodeSelector = stringMap(r, ['zone', 'gpu', 'pool'], ['a', 'b', 'true']);
  if (r.chance(0.3)) spec.tolerations = [{ key: 'gpu', operator: 'Exists', effect: 'NoSchedule' }];
  if (r.chance(0.3)) spec.serviceAccountName = r.pick(['trainer', 'default']);
  if (r.chance(0.3)) spec.imagePullSecrets = r.some(Pools.secrets).map((name) => ({ name }));
  if (r.chance(0.2)) spec.schedulingGates = r.some(Pools.gates).map((name) => ({ name }));
  if (r.chance(0.2)) spec.hostAliases = r.some(Pools.hosts).map((ip) => ({ ip, hostnames: ['h'] }));
  if (r.chance(0.2)) {
    spec.topologySpreadConstraints = r
      .some(Pools.topologyKeys)
      .map((topologyKey) => ({ topologyKey, maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }));
  }
  if (r.chance(0.2)) spec.affinity = affinity(r);
  if (r.chance(0.2)) spec.restartPolicy = r.pick(['Never', 'OnFailure']);
  return spec;
}

/** A node affinity (its term lists have no patch strategy: replaced). */
export function affinity(r: Random): Json {
  const term = { matchExpressions: [{ key: 'zone', operator: 'In', values: r.some(['a', 'b', 'c']) }] };
  return { nodeAffinity: { requiredDuringSchedulingIgnoredDuringExecution: { nodeSelectorTerms: [term] } } };
}

/** A meta/v1 ObjectMeta of a template: labels, annotations, finalizers. */
export function objectMeta(r: Random): Json {
  const meta: Json = {};
  if (r.chance(0.6)) meta.labels = stringMap(r, Pools.labels, ['x', 'y']);
  if (r.chance(0.3)) meta.annotations = stringMap(r, ['note'], ['n1', 'n2']);
  if (r.chance(0.4)) meta.finalizers = r.some(Pools.finalizers);
  return meta;
}

/** A core/v1 PodTemplateSpec. */
export function podTemplateSpec(r: Random): Json {
  const t: Json = { spec: podSpec(r) };
  if (r.chance(0.6)) t.metadata = objectMeta(r);
  return t;
}

/** A jobset v1alpha2 ReplicatedJob. */
export function replicatedJob(r: Random, name: string): Json {
  const job: Json = { name, replicas: 1 + r.int(3), template: { spec: { template: podTemplateSpec(r) } } };
  if (r.chance(0.3)) (job.template as Json).metadata = objectMeta(r);
  if (name === 'node' && r.chance(0.4)) {
    job.dependsOn = [{ name: 'dataset-initializer', status: r.pick(['Ready', 'Complete']) }];
  }
  return job;
}

/** A jobset v1alpha2 JobSetSpec. */
export function jobSetSpec(r: Random): Json {
  const spec: Json = { replicatedJobs: r.some(Pools.jobs).map((n) => replicatedJob(r, n)) };
  if (r.chance(0.3)) spec.suspend = r.chance(0.5);
  if (r.chance(0.3)) spec.network = { enableDNSHostnames: true, subdomain: 's' };
  if (r.chance(0.2)) spec.successPolicy = { operator: 'All', targetReplicatedJobs: ['node'] };
  if (r.chance(0.2)) spec.ttlSecondsAfterFinished = 60;
  return spec;
}
