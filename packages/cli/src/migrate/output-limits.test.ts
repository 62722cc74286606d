// SPDX-License-Identifier: Apache-2.0
// The env a migration writes that lists every host is sized before it is built: the computed bytes
// equal the built ones, and a job whose object could never be stored is refused with the limit and
// the largest replica count that fits (2^31-1 XGBoost workers once took migrate 3.6 GB and a crash).
import { convertV1Job } from './convert.js';
import { shippedRuntimes } from '../../test/migrate.js';
import { MigrationError } from './findings.js';
import { legacyEnvBytes } from './legacy-env.js';
import { tfConfigBytes } from './role-env.js';
import type { V1Replica } from './v1-kinds.js';

type Json = Record<string, unknown>;

const shipped = shippedRuntimes;

const INT32_MAX = 2147483647;
const replica = (replicas: number, name: string) => ({
  replicas,
  template: { spec: { containers: [{ name, image: 'img:1', command: ['python', 'train.py'] }] } },
});
const jobs = {
  XGBoostJob: (n: number): Json => ({
    apiVersion: 'kubeflow.org/v1',
    kind: 'XGBoostJob',
    metadata: { name: 'xgb' },
    spec: { xgbReplicaSpecs: { Master: replica(1, 'xgboost'), Worker: replica(n, 'xgboost') } },
  }),
  TFJob: (n: number): Json => ({
    apiVersion: 'kubeflow.org/v1',
    kind: 'TFJob',
    metadata: { name: 'tf' },
    spec: { tfReplicaSpecs: { PS: replica(2, 'tensorflow'), Worker: replica(n, 'tensorflow') } },
  }),
};

/** Every env value named `name` in the converted objects, summed. */
function envBytes(objects: readonly unknown[], name: string): number {
  let total = 0;
  JSON.stringify(objects, (key, value: unknown) => {
    if (key === 'env' && Array.isArray(value))
      for (const e of value as Array<{ name: string; value?: string }>)
        if (e.name === name) total += e.value?.length ?? 0;
    return value;
  });
  return total;
}

const asReplicas = (counts: Record<string, number>): V1Replica[] =>
  Object.entries(counts).map(
    ([type, replicas]) => ({ type, path: type, ...replica(replicas, 'tensorflow') }) as unknown as V1Replica,
  );

describe('migrate output limits', () => {
  it('XGBoostJob: the computed WORKER_ADDRS bytes are the built ones', () => {
    for (let workers = 0; workers <= 200; workers += 11) {
      const result = convertV1Job('XGBoostJob', jobs.XGBoostJob(workers), shipped);
      if (!('objects' in result)) throw new Error(JSON.stringify(result.errors));
      expect(legacyEnvBytes('XGBoostJob', 'xgb', workers + 1)).toBe(envBytes(result.objects, 'WORKER_ADDRS'));
    }
  });

  it('TFJob: the computed TF_CONFIG bytes are the built ones', () => {
    for (let workers = 1; workers <= 200; workers += 11) {
      const result = convertV1Job('TFJob', jobs.TFJob(workers), shipped);
      if (!('objects' in result)) throw new Error(JSON.stringify(result.errors));
      expect(tfConfigBytes('tf', asReplicas({ PS: 2, Worker: workers }))).toBe(
        envBytes(result.objects, 'TF_CONFIG'),
      );
    }
  });

  for (const kind of ['XGBoostJob', 'TFJob'] as const) {
    it(`${kind}: 2^31-1 workers are refused at once, with the limit and the largest count that fits`, () => {
      let error: unknown;
      try {
        convertV1Job(kind, jobs[kind](INT32_MAX), shipped);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(MigrationError);
      const field =
        kind === 'TFJob' ? 'spec.tfReplicaSpecs.Worker.replicas' : 'spec.xgbReplicaSpecs.Worker.replicas';
      const message = (error as MigrationError).message;
      const match =
        /over the 1572864 bytes the API server stores in one object; the largest (\S+) that fits is (\d+)$/.exec(
          message,
        );
      expect(message.startsWith(`${field}: `)).toBe(true);
      expect(match?.[1]).toBe(field);
      const largest = Number(match![2]);
      expect(largest).toBeGreaterThan(1000);
      expect(() => convertV1Job(kind, jobs[kind](largest), shipped)).not.toThrow();
      expect(() => convertV1Job(kind, jobs[kind](largest + 1), shipped)).toThrow(MigrationError);
    });
  }
});
