// SPDX-License-Identifier: Apache-2.0
// TFJob's TF_CONFIG (kubeflow/training-operator: pkg/controller.v1/tensorflow/tensorflow.go
// genTFConfigJSONStr): every replica's `<job>-<type>-<i>.<namespace>.svc[.<domain>]:<port>` by type,
// the pod's task and `cloud`. Every pod carries the whole list, so its length is computed first.
// `clusterDomain` is upstream's CUSTOM_CLUSTER_DOMAIN (the operator's environment, read by the
// controller's main.ts); empty for none.
import { V1KindDefaults } from '@kubetrain/api/core';
import { decimalDigits, indexedNamesLength } from '../../util/decimal-digits.js';
import type { ReplicaSpecs, V1JobObject } from '../job-types.js';
import { portOf, PortNotFoundError, replicaName } from './env.js';

const CONTAINER = V1KindDefaults.TFJob.container;
/** The port name TFJob looks up, and the port when there is none. */
export const TF_PORT_NAME = 'tfjob-port';
export const TF_DEFAULT_PORT = 2222;

function tfPort(specs: ReplicaSpecs, rtype: string): number {
  try {
    return portOf(specs, rtype, CONTAINER, TF_PORT_NAME);
  } catch (error) {
    if (error instanceof PortNotFoundError) return TF_DEFAULT_PORT;
    throw error;
  }
}

/** The replica types by their TF_CONFIG key (lower case; the last of types alike but for case wins), sorted. */
function clusterTypes(specs: ReplicaSpecs): Map<string, string> {
  const byKey = new Map<string, string>();
  for (const t of Object.keys(specs).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    byKey.set(t.toLowerCase(), t);
  return byKey;
}

/** `<job>-<type>-` and `.<namespace>.svc[.<domain>]:<port>`: what surrounds each replica's index. */
function hostParts(
  job: V1JobObject,
  specs: ReplicaSpecs,
  rtype: string,
  clusterDomain: string,
): [string, string] {
  const name = job.metadata?.name ?? '';
  const domain = clusterDomain ? `.${clusterDomain}` : '';
  return [
    replicaName(name, rtype, 0).slice(0, -1),
    `.${job.metadata?.namespace ?? ''}.svc${domain}:${tfPort(specs, rtype)}`,
  ];
}

/** TF_CONFIG of pod `rtype`-`index`: the cluster (sorted replica types), the task, `cloud`. */
export function tfConfig(
  job: V1JobObject,
  specs: ReplicaSpecs,
  rtype: string,
  index: number,
  clusterDomain: string,
): string {
  const cluster: Record<string, string[]> = {};
  for (const [key, t] of clusterTypes(specs)) {
    const [prefix, suffix] = hostParts(job, specs, t, clusterDomain);
    cluster[key] = Array.from({ length: specs[t]?.replicas ?? 0 }, (_, i) => `${prefix}${i}${suffix}`);
  }
  return JSON.stringify({ cluster, task: { type: rtype.toLowerCase(), index }, environment: 'cloud' });
}

/** Characters of `text` written as a JSON string, without the quotes. */
const jsonLength = (text: string) => JSON.stringify(text).length - 2;

/** One list of TF_CONFIG's cluster map: its key, and the hosts `<prefix><i><suffix>` for i < count. */
export interface ClusterList {
  readonly key: string;
  readonly prefix: string;
  readonly suffix: string;
  readonly count: number;
}

/**
 * The length of `{"<key>":["<host>",...],...}` as JSON.stringify writes it, computed from the
 * counts without building the lists (kubetrain's TF_CONFIG and the one `kubetrain migrate` writes).
 */
export function clusterMapJsonLength(lists: readonly ClusterList[]): number {
  let length = 2 + Math.max(lists.length - 1, 0);
  for (const { key, prefix, suffix, count } of lists) {
    const hosts =
      count > 0 ? indexedNamesLength(jsonLength(prefix) + 2, jsonLength(suffix), count) + (count - 1) : 0;
    length += JSON.stringify(key).length + 3 + hosts;
  }
  return length;
}

/**
 * The length of the longest TF_CONFIG of any pod of the job (that of the last index of the type
 * with the longest task), computed from the counts without building it: equal to
 * `tfConfig(...).length` for that pod.
 */
export function tfConfigMaxLength(job: V1JobObject, specs: ReplicaSpecs, clusterDomain: string): number {
  // {"cluster":{"<key>":["<host>",...],...},"task":{"type":"<type>","index":<i>},"environment":"cloud"}
  const cluster = clusterMapJsonLength(
    [...clusterTypes(specs)].map(([key, t]) => {
      const [prefix, suffix] = hostParts(job, specs, t, clusterDomain);
      return { key, prefix, suffix, count: specs[t]?.replicas ?? 0 };
    }),
  );
  let task = 0;
  for (const t of Object.keys(specs)) {
    const n = specs[t]?.replicas ?? 0;
    task = Math.max(task, JSON.stringify(t.toLowerCase()).length + decimalDigits(Math.max(n - 1, 0)));
  }
  return (
    '{"cluster":'.length +
    cluster +
    ',"task":{"type":,"index":}'.length +
    task +
    ',"environment":"cloud"}'.length
  );
}
