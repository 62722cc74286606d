// SPDX-License-Identifier: Apache-2.0
// What grows with a v1 job's replicas is sized before it is built: the computed size equals the
// built one, and a job whose pods or ConfigMap could never be stored fails validation at once with
// the limit and the largest replica count that fits (2^31-1 XGBoost workers once took 3.6 GB).
import { formatFieldError, StorageLimits } from '@kubetrain/api';
import { defaultV1Job, replicaSpecsOf } from './defaults.js';
import type { Framework } from './frameworks/framework.js';
import { Frameworks } from './frameworks/index.js';
import { mpiConfigData } from './frameworks/mpi-config.js';
import type { PodView, V1JobObject } from './job-types.js';
import { renderPod } from './render.js';
import { validateV1Job } from './validation.js';

const INT32_MAX = 2147483647;
const tpl = (container: string, extra: Record<string, unknown> = {}) => ({
  template: { spec: { containers: [{ name: container, image: 'img', ...extra }] } },
});

interface Kind {
  readonly kind: keyof typeof Frameworks;
  /** The replica specs with `n` in the replica type that grows. */
  readonly specs: (n: number) => Record<string, unknown>;
  /** The built value the size counts, for a job of `n`. */
  readonly built: (job: V1JobObject, fw: Framework) => number;
}

function job(kind: keyof typeof Frameworks, specs: Record<string, unknown>, extra = {}): V1JobObject {
  const fw = Frameworks[kind]!;
  return defaultV1Job(
    {
      apiVersion: 'kubeflow.org/v1',
      kind,
      metadata: { name: 'a-job', namespace: 'team-a', uid: 'u' },
      spec: { [fw.replicaSpecsField]: specs, ...extra },
    },
    fw,
  );
}

/** The bytes of the longest value of env `name` over every pod of the job. */
function longestEnv(name: string) {
  return (j: V1JobObject, fw: Framework): number => {
    const specs = replicaSpecsOf(j, fw);
    let longest = 0;
    for (const [rtype, spec] of Object.entries(specs)) {
      for (let i = 0; i < (spec.replicas ?? 0); i++) {
        const pod = renderPod(j, fw, specs, rtype, i) as unknown as {
          spec: { containers: Array<{ env?: Array<{ name: string; value?: string }> }> };
        };
        for (const c of pod.spec.containers)
          for (const e of c.env ?? []) if (e.name === name) longest = Math.max(longest, e.value!.length);
      }
    }
    return longest;
  };
}

/** Every worker Running: the largest the ConfigMap gets. */
function mpiConfigBytes(j: V1JobObject, fw: Framework): number {
  const specs = replicaSpecsOf(j, fw);
  const pods: PodView[] = Array.from({ length: specs['Worker']?.replicas ?? 0 }, (_, i) => ({
    metadata: { name: `a-job-worker-${i}`, labels: { 'training.kubeflow.org/replica-type': 'worker' } },
    status: { phase: 'Running' },
  }));
  const data = mpiConfigData(j, specs, pods);
  return Object.entries(data).reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v), 0);
}

const kinds: Record<string, Kind> = {
  'XGBoostJob WORKER_ADDRS': {
    kind: 'XGBoostJob',
    specs: (n) => ({ Master: tpl('xgboost'), Worker: { replicas: n, ...tpl('xgboost') } }),
    built: longestEnv('WORKER_ADDRS'),
  },
  'TFJob TF_CONFIG': {
    kind: 'TFJob',
    specs: (n) => ({
      PS: { replicas: 2, ...tpl('tensorflow') },
      Worker: { replicas: n, ...tpl('tensorflow', { ports: [{ name: 'tfjob-port', containerPort: 3333 }] }) },
      Chief: tpl('tensorflow'),
    }),
    built: longestEnv('TF_CONFIG'),
  },
  'MPIJob ConfigMap': {
    kind: 'MPIJob',
    specs: (n) => ({
      Launcher: tpl('mpi', { resources: { limits: { 'nvidia.com/gpu': 1 } } }),
      Worker: { replicas: n, ...tpl('mpi') },
    }),
    built: mpiConfigBytes,
  },
};

describe('v1 output limits', () => {
  for (const [name, k] of Object.entries(kinds)) {
    const fw = Frameworks[k.kind]!;

    it(`${name}: the computed size is the built one, for 1 to 250 replicas`, () => {
      for (let n = 1; n <= 250; n += 13) {
        const j = job(k.kind, k.specs(n));
        const size = fw.outputSizes!(j, replicaSpecsOf(j, fw))[0]!;
        const built = k.built(j, fw);
        // A ConfigMap's size is its data; a pod's is its template, the env value and a margin, and
        // the message names the env value's bytes, the part that grows.
        if (k.kind === 'MPIJob') expect(size.bytes).toBe(built);
        else expect(size.what).toContain(`(${built} bytes)`);
      }
    });

    it(`${name}: 2^31-1 replicas fail validation at once, naming the limit and the largest count that fits`, () => {
      const j = job(k.kind, k.specs(INT32_MAX));
      const errors = validateV1Job(j, fw);
      expect(errors).toHaveLength(1);
      const text = formatFieldError(errors[0]!);
      const field = `spec.${fw.replicaSpecsField}[Worker].replicas`;
      const match = new RegExp(
        `^${field.replace(/[[\].]/g, '\\$&')}: Invalid value: ${INT32_MAX}: .* would be (\\d+) bytes, over the (\\d+) bytes the API server stores in .*; the largest ${field.replace(/[[\].]/g, '\\$&')} that fits is (\\d+)$`,
      ).exec(text);
      expect(match).not.toBeNull();
      const limit = Number(match![2]);
      expect([StorageLimits.ObjectBytes, StorageLimits.ConfigMapDataBytes]).toContain(limit);
      const largest = Number(match![3]);
      expect(largest).toBeGreaterThan(1000);
      expect(validateV1Job(job(k.kind, k.specs(largest)), fw)).toEqual([]);
      expect(validateV1Job(job(k.kind, k.specs(largest + 1)), fw)).toHaveLength(1);
    });
  }
});
