// SPDX-License-Identifier: Apache-2.0
// Table cases of the strategic merge patch, shared by the unit tests. Each `want` was checked against
// k8s.io/apimachinery v0.36.3 `strategicpatch.StrategicMergePatch` with the same struct tags, except
// where `upstream` says how upstream differs.

import { jobSetSpecPatchSchema, objectMetaPatchSchema, podSpecPatchSchema } from '../jobset-schema.js';
import { struct } from '../schema.js';
import type { JsonObject, PatchSchema } from '../types.js';

/** One case: `want` is the merged object, or `error` a substring of the error message. */
export interface SmpCase {
  original: JsonObject;
  patch: JsonObject;
  want?: JsonObject;
  error?: string;
  /** Set where the result intentionally differs from upstream, saying how. */
  upstream?: string;
}

/**
 * The schema the cases run against: JobSetSpec, plus `meta` (an ObjectMeta) and `pod` (a PodSpec) at
 * the root so that the core/v1 and meta/v1 tags can be exercised without four levels of nesting.
 */
export const caseSchema: PatchSchema = struct({
  ...jobSetSpecPatchSchema.fields,
  meta: objectMetaPatchSchema,
  pod: podSpecPatchSchema,
});

const job = (name: string, pod: JsonObject, extra: JsonObject = {}): JsonObject => ({
  name,
  ...extra,
  template: { spec: { template: { spec: pod } } },
});

/** The table cases of the strategic merge patch, by name (also run against apimachinery by the differential test). */
export const cases: Record<string, SmpCase> = {
  'replicatedJobs merge by name and keep the jobs the patch does not name': {
    original: {
      replicatedJobs: [
        job('dataset-initializer', { containers: [{ name: 'dataset-initializer', image: 'init:1' }] }),
        job('node', { containers: [{ name: 'node', image: 'torch:1' }] }, { replicas: 1 }),
      ],
    },
    patch: { replicatedJobs: [job('node', { serviceAccountName: 'trainer' })] },
    want: {
      replicatedJobs: [
        job('dataset-initializer', { containers: [{ name: 'dataset-initializer', image: 'init:1' }] }),
        job('node', { containers: [{ name: 'node', image: 'torch:1' }], serviceAccountName: 'trainer' }, { replicas: 1 }),
      ],
    },
  },
  'a new replicatedJob goes before the jobs only the original has (the caller restores the runtime order)': {
    original: { replicatedJobs: [job('node', {})] },
    patch: { replicatedJobs: [job('extra', { nodeName: 'n1' })] },
    want: { replicatedJobs: [job('extra', { nodeName: 'n1' }), job('node', {})] },
  },
  'dependsOn merges by name': {
    original: { replicatedJobs: [{ name: 'node', dependsOn: [{ name: 'init', status: 'Ready' }] }] },
    patch: { replicatedJobs: [{ name: 'node', dependsOn: [{ name: 'init', status: 'Complete' }] }] },
    want: { replicatedJobs: [{ name: 'node', dependsOn: [{ name: 'init', status: 'Complete' }] }] },
  },
  'containers merge by name': {
    original: { pod: { containers: [{ name: 'node', image: 'a' }, { name: 'sidecar', image: 'b' }] } },
    patch: { pod: { containers: [{ name: 'node', image: 'c', securityContext: { privileged: true } }] } },
    want: {
      pod: { containers: [{ name: 'node', image: 'c', securityContext: { privileged: true } }, { name: 'sidecar', image: 'b' }] },
    },
  },
  'initContainers merge by name': {
    original: { pod: { initContainers: [{ name: 'setup', image: 'a', args: ['x'] }] } },
    patch: { pod: { initContainers: [{ name: 'setup', args: ['y'] }, { name: 'extra', image: 'e' }] } },
    want: { pod: { initContainers: [{ name: 'setup', image: 'a', args: ['y'] }, { name: 'extra', image: 'e' }] } },
  },
  'ephemeralContainers merge by name': {
    original: { pod: { ephemeralContainers: [{ name: 'debug', image: 'a' }] } },
    patch: { pod: { ephemeralContainers: [{ name: 'debug', tty: true }] } },
    want: { pod: { ephemeralContainers: [{ name: 'debug', image: 'a', tty: true }] } },
  },
  'env merges by name; a new variable goes right after the patch element before it': {
    original: {
      pod: { containers: [{ name: 'node', env: [{ name: 'A', value: '1' }, { name: 'B', value: '2' }, { name: 'C', value: '3' }] }] },
    },
    patch: { pod: { containers: [{ name: 'node', env: [{ name: 'B', value: 'two' }, { name: 'D', value: '4' }] }] } },
    want: {
      pod: {
        containers: [
          {
            name: 'node',
            env: [
              { name: 'A', value: '1' },
              { name: 'B', value: 'two' },
              { name: 'D', value: '4' },
              { name: 'C', value: '3' },
            ],
          },
        ],
      },
    },
  },
  'env valueFrom replaces value when value is nulled': {
    original: { pod: { containers: [{ name: 'node', env: [{ name: 'A', value: '1' }] }] } },
    patch: {
      pod: { containers: [{ name: 'node', env: [{ name: 'A', value: null, valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }] },
    },
    want: { pod: { containers: [{ name: 'node', env: [{ name: 'A', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }] } },
  },
  'patch elements keep the patch order; an original-only element earlier than them stays in front': {
    original: { pod: { containers: [{ name: 'node', env: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }] } },
    patch: { pod: { containers: [{ name: 'node', env: [{ name: 'C', value: 'c' }, { name: 'A', value: 'a' }] }] } },
    want: {
      pod: { containers: [{ name: 'node', env: [{ name: 'B' }, { name: 'C', value: 'c' }, { name: 'A', value: 'a' }] }] },
    },
  },
  'volumeMounts merge by mountPath': {
    original: { pod: { containers: [{ name: 'node', volumeMounts: [{ name: 'data', mountPath: '/data' }] }] } },
    patch: {
      pod: {
        containers: [
          { name: 'node', volumeMounts: [{ name: 'cache', mountPath: '/data', readOnly: true }, { name: 'x', mountPath: '/x' }] },
        ],
      },
    },
    want: {
      pod: {
        containers: [
          { name: 'node', volumeMounts: [{ name: 'cache', mountPath: '/data', readOnly: true }, { name: 'x', mountPath: '/x' }] },
        ],
      },
    },
  },
  'volumeDevices merge by devicePath': {
    original: { pod: { containers: [{ name: 'node', volumeDevices: [{ name: 'a', devicePath: '/dev/a' }] }] } },
    patch: { pod: { containers: [{ name: 'node', volumeDevices: [{ name: 'b', devicePath: '/dev/a' }] }] } },
    want: { pod: { containers: [{ name: 'node', volumeDevices: [{ name: 'b', devicePath: '/dev/a' }] }] } },
  },
  'ports merge by containerPort': {
    original: {
      pod: { containers: [{ name: 'node', ports: [{ containerPort: 29500, name: 'master' }, { containerPort: 8080 }] }] },
    },
    patch: { pod: { containers: [{ name: 'node', ports: [{ containerPort: 29500, protocol: 'TCP' }, { containerPort: 9090 }] }] } },
    want: {
      pod: {
        containers: [
          {
            name: 'node',
            ports: [{ containerPort: 29500, name: 'master', protocol: 'TCP' }, { containerPort: 9090 }, { containerPort: 8080 }],
          },
        ],
      },
    },
  },
  'volumes merge by name': {
    original: { pod: { volumes: [{ name: 'data', emptyDir: {} }, { name: 'shm', emptyDir: { medium: 'Memory' } }] } },
    patch: { pod: { volumes: [{ name: 'shm', emptyDir: { sizeLimit: '1Gi' } }] } },
    want: { pod: { volumes: [{ name: 'data', emptyDir: {} }, { name: 'shm', emptyDir: { medium: 'Memory', sizeLimit: '1Gi' } }] } },
  },
  '$retainKeys switches a volume source': {
    original: { pod: { volumes: [{ name: 'data', emptyDir: {} }] } },
    patch: { pod: { volumes: [{ name: 'data', $retainKeys: ['name', 'persistentVolumeClaim'], persistentVolumeClaim: { claimName: 'c' } }] } },
    want: { pod: { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'c' } }] } },
  },
  '$retainKeys allows nulls and directives for keys it does not list': {
    original: { pod: { nodeName: 'n', hostname: 'h', subdomain: 's' } },
    patch: { pod: { $retainKeys: ['hostname'], subdomain: null, hostname: 'h2' } },
    want: { pod: { hostname: 'h2' } },
  },
  '$retainKeys rejects a patched key it does not list': {
    original: { pod: { nodeName: 'n' } },
    patch: { pod: { $retainKeys: ['nodeName'], hostname: 'h' } },
    error: 'pod: invalid patch format of retainKeys',
  },
  '$retainKeys must be a list': {
    original: { pod: {} },
    patch: { pod: { $retainKeys: 'nodeName' } },
    error: 'invalid patch format of retainKeys',
  },
  'imagePullSecrets merge by name': {
    original: { pod: { imagePullSecrets: [{ name: 'a' }] } },
    patch: { pod: { imagePullSecrets: [{ name: 'b' }, { name: 'a' }] } },
    want: { pod: { imagePullSecrets: [{ name: 'b' }, { name: 'a' }] } },
  },
  'schedulingGates merge by name': {
    original: { pod: { schedulingGates: [{ name: 'kueue' }] } },
    patch: { pod: { schedulingGates: [{ name: 'example.com/gate' }] } },
    want: { pod: { schedulingGates: [{ name: 'example.com/gate' }, { name: 'kueue' }] } },
  },
  'hostAliases merge by ip': {
    original: { pod: { hostAliases: [{ ip: '10.0.0.1', hostnames: ['a'] }] } },
    patch: { pod: { hostAliases: [{ ip: '10.0.0.1', hostnames: ['b'] }] } },
    want: { pod: { hostAliases: [{ ip: '10.0.0.1', hostnames: ['b'] }] } },
  },
  'topologySpreadConstraints merge by topologyKey': {
    original: { pod: { topologySpreadConstraints: [{ topologyKey: 'zone', maxSkew: 1, whenUnsatisfiable: 'DoNotSchedule' }] } },
    patch: { pod: { topologySpreadConstraints: [{ topologyKey: 'zone', maxSkew: 2 }] } },
    want: { pod: { topologySpreadConstraints: [{ topologyKey: 'zone', maxSkew: 2, whenUnsatisfiable: 'DoNotSchedule' }] } },
  },
  'resourceClaims merge by name': {
    original: { pod: { resourceClaims: [{ name: 'gpu', resourceClaimName: 'a' }] } },
    patch: { pod: { resourceClaims: [{ name: 'gpu', resourceClaimTemplateName: 't' }] } },
    want: { pod: { resourceClaims: [{ name: 'gpu', resourceClaimName: 'a', resourceClaimTemplateName: 't' }] } },
  },
  'tolerations are replaced': {
    original: { pod: { tolerations: [{ key: 'a', operator: 'Exists' }] } },
    patch: { pod: { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] } },
    want: { pod: { tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }] } },
  },
  'command and args are replaced': {
    original: { pod: { containers: [{ name: 'node', command: ['torchrun'], args: ['a', 'b'] }] } },
    patch: { pod: { containers: [{ name: 'node', args: ['c'] }] } },
    want: { pod: { containers: [{ name: 'node', command: ['torchrun'], args: ['c'] }] } },
  },
  'nodeSelector merges as a map and null deletes a key': {
    original: { pod: { nodeSelector: { a: '1', b: '2' } } },
    patch: { pod: { nodeSelector: { b: null, c: '3' } } },
    want: { pod: { nodeSelector: { a: '1', c: '3' } } },
  },
  'affinity merges as a struct; its term lists are replaced': {
    original: {
      pod: {
        affinity: {
          podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { topologyKey: 'h' } }] },
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'a', operator: 'Exists' }] }],
            },
          },
        },
      },
    },
    patch: {
      pod: {
        affinity: {
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'b', operator: 'Exists' }] }],
            },
          },
        },
      },
    },
    want: {
      pod: {
        affinity: {
          podAntiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, podAffinityTerm: { topologyKey: 'h' } }] },
          nodeAffinity: {
            requiredDuringSchedulingIgnoredDuringExecution: {
              nodeSelectorTerms: [{ matchExpressions: [{ key: 'b', operator: 'Exists' }] }],
            },
          },
        },
      },
    },
  },
  'resources merge per key': {
    original: { pod: { containers: [{ name: 'node', resources: { limits: { cpu: '1', memory: '1Gi' } } }] } },
    patch: { pod: { containers: [{ name: 'node', resources: { limits: { cpu: '2', 'nvidia.com/gpu': '8' } } }] } },
    want: { pod: { containers: [{ name: 'node', resources: { limits: { cpu: '2', memory: '1Gi', 'nvidia.com/gpu': '8' } } }] } },
  },
  'template labels and annotations merge': {
    original: { replicatedJobs: [{ name: 'node', template: { metadata: { labels: { a: '1' } } } }] },
    patch: { replicatedJobs: [{ name: 'node', template: { metadata: { labels: { b: '2' }, annotations: { c: '3' } } } }] },
    want: { replicatedJobs: [{ name: 'node', template: { metadata: { labels: { a: '1', b: '2' }, annotations: { c: '3' } } } }] },
  },
  'finalizers merge as a set': {
    original: { meta: { finalizers: ['a', 'b'] } },
    patch: { meta: { finalizers: ['c', 'a'] } },
    want: { meta: { finalizers: ['c', 'a', 'b'] } },
  },
  'ownerReferences merge by uid': {
    original: { meta: { ownerReferences: [{ uid: '1', name: 'a' }, { uid: '2', name: 'b' }] } },
    patch: { meta: { ownerReferences: [{ uid: '2', controller: true }] } },
    want: { meta: { ownerReferences: [{ uid: '1', name: 'a' }, { uid: '2', name: 'b', controller: true }] } },
  },
  '$patch: replace on an object replaces it': {
    original: { pod: { nodeSelector: { a: '1', b: '2' } } },
    patch: { pod: { nodeSelector: { $patch: 'replace', c: '3' } } },
    want: { pod: { nodeSelector: { c: '3' } } },
  },
  '$patch: replace on an object the original lacks drops it, as upstream does': {
    original: { pod: {} },
    patch: { pod: { nodeSelector: { $patch: 'replace', c: '3' } } },
    want: { pod: {} },
  },
  '$patch: replace at the root replaces the whole object': {
    original: { suspend: true, pod: { nodeName: 'n' } },
    patch: { $patch: 'replace', suspend: false },
    want: { suspend: false },
  },
  '$patch: delete on an object empties it': {
    original: { pod: { affinity: { nodeAffinity: {} }, nodeName: 'n' } },
    patch: { pod: { affinity: { $patch: 'delete' } } },
    want: { pod: { affinity: {}, nodeName: 'n' } },
  },
  '$patch: delete as a list element removes every element with that key': {
    original: { pod: { containers: [{ name: 'a' }, { name: 'b', image: 'x' }, { name: 'a', image: 'dup' }, { name: 'c' }] } },
    patch: { pod: { containers: [{ name: 'a', $patch: 'delete' }, { name: 'c', image: 'y' }] } },
    want: { pod: { containers: [{ name: 'b', image: 'x' }, { name: 'c', image: 'y' }] } },
  },
  '$patch: delete needs the merge key': {
    original: { pod: { containers: [{ name: 'a' }] } },
    patch: { pod: { containers: [{ image: 'a', $patch: 'delete' }] } },
    error: 'pod.containers: map: {"image":"a","$patch":"delete"} does not contain declared merge key: name',
  },
  '$patch: replace as a list element replaces the list': {
    original: { pod: { containers: [{ name: 'a', image: 'x' }, { name: 'b' }] } },
    patch: { pod: { containers: [{ $patch: 'replace' }, { name: 'c', image: 'z' }] } },
    want: { pod: { containers: [{ name: 'c', image: 'z' }] } },
  },
  '$patch: merge on an object is the default merge': {
    original: { pod: { nodeSelector: { a: '1' } } },
    patch: { pod: { nodeSelector: { $patch: 'merge', b: '2' } } },
    want: { pod: { nodeSelector: { a: '1', b: '2' } } },
    upstream: 'rejects `$patch: merge` on an object with "unknown patch type: merge in map: ..."',
  },
  '$patch: merge as a list element is rejected': {
    original: { pod: { containers: [{ name: 'a' }] } },
    patch: { pod: { containers: [{ $patch: 'merge' }] } },
    error: 'merging lists cannot yet be specified in the patch',
  },
  'an unknown $patch value is rejected': {
    original: { pod: { nodeSelector: {} } },
    patch: { pod: { nodeSelector: { $patch: 'explode' } } },
    error: 'unknown patch type: "explode" in map',
  },
  '$deleteFromPrimitiveList removes values from a merged set': {
    original: { meta: { finalizers: ['a', 'b', 'c'] } },
    patch: { meta: { '$deleteFromPrimitiveList/finalizers': ['b', 'x'] } },
    want: { meta: { finalizers: ['a', 'c'] } },
  },
  '$deleteFromPrimitiveList also removes values from a replaced list': {
    original: { pod: { containers: [{ name: 'node', args: ['a', 'b', 'a'] }] } },
    patch: { pod: { containers: [{ name: 'node', '$deleteFromPrimitiveList/args': ['a'] }] } },
    want: { pod: { containers: [{ name: 'node', args: ['b'] }] } },
  },
  '$deleteFromPrimitiveList on a missing list is a no-op': {
    original: { meta: {} },
    patch: { meta: { '$deleteFromPrimitiveList/finalizers': ['a'] } },
    want: { meta: {} },
  },
  '$deleteFromPrimitiveList without a field name is rejected': {
    original: { meta: {} },
    patch: { meta: { $deleteFromPrimitiveList: ['a'] } },
    error: 'invalid patch format of primitive list',
  },
  '$setElementOrder reorders a merged list': {
    original: { pod: { containers: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] } },
    patch: {
      pod: {
        '$setElementOrder/containers': [{ name: 'c' }, { name: 'a' }, { name: 'b' }],
        containers: [{ name: 'a', image: 'x' }],
      },
    },
    want: { pod: { containers: [{ name: 'c' }, { name: 'a', image: 'x' }, { name: 'b' }] } },
  },
  '$setElementOrder without the list in the patch only reorders': {
    original: { pod: { containers: [{ name: 'a' }, { name: 'b' }] } },
    patch: { pod: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }] } },
    want: { pod: { containers: [{ name: 'b' }, { name: 'a' }] } },
  },
  '$setElementOrder with a list the original lacks': {
    original: { pod: {} },
    patch: {
      pod: { '$setElementOrder/containers': [{ name: 'b' }, { name: 'a' }], containers: [{ name: 'b', image: 'y' }, { name: 'a', image: 'x', $patch: 'delete' }] },
    },
    want: { pod: { containers: [{ name: 'b', image: 'y' }] } },
  },
  '$setElementOrder orders a set of scalars': {
    original: { meta: { finalizers: ['a', 'b', 'c'] } },
    patch: { meta: { '$setElementOrder/finalizers': ['d', 'c', 'a'], finalizers: ['d'] } },
    want: { meta: { finalizers: ['d', 'b', 'c', 'a'] } },
  },
  '$setElementOrder must name every patched element in order': {
    original: { pod: { containers: [{ name: 'a' }, { name: 'b' }] } },
    patch: { pod: { '$setElementOrder/containers': [{ name: 'a' }], containers: [{ name: 'b' }] } },
    error: "doesn't match $setElementOrder list",
  },
  'null deletes a key and is ignored for a key the original lacks': {
    original: { suspend: true, network: { subdomain: 's' } },
    patch: { suspend: null, managedBy: null, network: { subdomain: null } },
    want: { network: {} },
  },
  'nulls inside a new value are dropped': {
    original: {},
    patch: { network: { subdomain: 's', enableDNSHostnames: null } },
    want: { network: { subdomain: 's' } },
  },
  'a value of another kind replaces the original': {
    original: { pod: { nodeSelector: { a: '1' }, containers: [{ name: 'a' }] } },
    patch: { pod: { nodeSelector: 'oops', containers: { name: 'b' } } },
    want: { pod: { nodeSelector: 'oops', containers: { name: 'b' } } },
  },
  'a merged list element without its merge key is rejected': {
    original: { pod: { containers: [{ name: 'a' }] } },
    patch: { pod: { containers: [{ image: 'x' }] } },
    error: 'does not contain declared merge key: name',
  },
  'elements of mixed kinds are rejected': {
    original: { meta: { finalizers: ['a'] } },
    patch: { meta: { finalizers: [1] } },
    error: 'list element types are not identical',
  },
  'lists of lists are rejected': {
    original: { meta: { finalizers: [['a']] } },
    patch: { meta: { finalizers: [['b']] } },
    error: 'lists of lists are not supported',
  },
  'empty merged lists stay empty': {
    original: { pod: { containers: [] } },
    patch: { pod: { containers: [] } },
    want: { pod: { containers: [] } },
  },
  'an empty patch list keeps the original elements of a merged list': {
    original: { pod: { containers: [{ name: 'a' }] } },
    patch: { pod: { containers: [] } },
    want: { pod: { containers: [{ name: 'a' }] } },
  },
  '$setElementOrder on a nested list inside a merged element': {
    original: { pod: { containers: [{ name: 'node', env: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] }] } },
    patch: {
      pod: {
        containers: [
          { name: 'node', '$setElementOrder/env': [{ name: 'C' }, { name: 'B' }, { name: 'A' }], env: [{ name: 'B', value: 'b' }] },
        ],
      },
    },
    want: { pod: { containers: [{ name: 'node', env: [{ name: 'C' }, { name: 'B', value: 'b' }, { name: 'A' }] }] } },
  },
  '$deleteFromPrimitiveList and additions to the same set': {
    original: { meta: { finalizers: ['a', 'b'] } },
    patch: { meta: { finalizers: ['c'], '$deleteFromPrimitiveList/finalizers': ['a'] } },
    want: { meta: { finalizers: ['c', 'b'] } },
  },
  'a merged set drops duplicates of the original': {
    original: { meta: { finalizers: ['a', 'b', 'a'] } },
    patch: { meta: { finalizers: ['b'] } },
    want: { meta: { finalizers: ['a', 'b'] } },
  },
  'ports with the same containerPort merge whatever their protocol': {
    original: { pod: { containers: [{ name: 'node', ports: [{ containerPort: 53, protocol: 'TCP' }] }] } },
    patch: { pod: { containers: [{ name: 'node', ports: [{ containerPort: 53, protocol: 'UDP' }] }] } },
    want: { pod: { containers: [{ name: 'node', ports: [{ containerPort: 53, protocol: 'UDP' }] }] } },
  },
  'a deleted element can be added back by the same patch': {
    original: { pod: { volumes: [{ name: 'data', emptyDir: {} }, { name: 'x', emptyDir: {} }] } },
    patch: { pod: { volumes: [{ name: 'data', $patch: 'delete' }, { name: 'data', hostPath: { path: '/d' } }] } },
    want: { pod: { volumes: [{ name: 'data', hostPath: { path: '/d' } }, { name: 'x', emptyDir: {} }] } },
  },
  'null inside a merged list element deletes that member': {
    original: { pod: { containers: [{ name: 'node', image: 'a', workingDir: '/w' }] } },
    patch: { pod: { containers: [{ name: 'node', workingDir: null }] } },
    want: { pod: { containers: [{ name: 'node', image: 'a' }] } },
  },
  'replicatedJobs patch reaching init containers, volumes and mounts together': {
    original: {
      replicatedJobs: [
        job('node', {
          initContainers: [{ name: 'fetch', image: 'f' }],
          containers: [{ name: 'node', volumeMounts: [{ name: 'data', mountPath: '/data' }] }],
          volumes: [{ name: 'data', emptyDir: {} }],
        }),
      ],
    },
    patch: {
      replicatedJobs: [
        job('node', {
          initContainers: [{ name: 'fetch', args: ['--fast'] }],
          containers: [{ name: 'node', volumeMounts: [{ name: 'cache', mountPath: '/cache' }] }],
          volumes: [{ name: 'cache', persistentVolumeClaim: { claimName: 'c' } }],
        }),
      ],
    },
    want: {
      replicatedJobs: [
        job('node', {
          initContainers: [{ name: 'fetch', image: 'f', args: ['--fast'] }],
          containers: [
            {
              name: 'node',
              volumeMounts: [
                { name: 'cache', mountPath: '/cache' },
                { name: 'data', mountPath: '/data' },
              ],
            },
          ],
          volumes: [
            { name: 'cache', persistentVolumeClaim: { claimName: 'c' } },
            { name: 'data', emptyDir: {} },
          ],
        }),
      ],
    },
  },
  'a patch that adds and deletes the same value applies its keys in patch order': {
    original: { meta: { finalizers: ['a', 'b'] } },
    patch: { meta: { finalizers: ['c'], '$deleteFromPrimitiveList/finalizers': ['c', 'a'] } },
    want: { meta: { finalizers: ['b'] } },
    upstream: 'applies the two keys in Go map order, which is random: the result is ["b"] or ["c","b"]',
  },
  'runtime patch of upstream example 02: service account, node selector and tolerations on the node job': {
    original: {
      replicatedJobs: [
        {
          name: 'node',
          template: {
            metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
            spec: { template: { spec: { containers: [{ name: 'node', image: 'pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime' }] } } },
          },
        },
      ],
    },
    patch: {
      replicatedJobs: [
        {
          name: 'node',
          template: {
            spec: {
              template: {
                spec: {
                  serviceAccountName: 'training-sa',
                  nodeSelector: { 'node.kubernetes.io/instance-type': 'p5.48xlarge' },
                  tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
                },
              },
            },
          },
        },
      ],
    },
    want: {
      replicatedJobs: [
        {
          name: 'node',
          template: {
            metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
            spec: {
              template: {
                spec: {
                  containers: [{ name: 'node', image: 'pytorch/pytorch:2.7.1-cuda12.8-cudnn9-runtime' }],
                  serviceAccountName: 'training-sa',
                  nodeSelector: { 'node.kubernetes.io/instance-type': 'p5.48xlarge' },
                  tolerations: [{ key: 'nvidia.com/gpu', operator: 'Exists', effect: 'NoSchedule' }],
                },
              },
            },
          },
        },
      ],
    },
  },
};
