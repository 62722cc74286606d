// SPDX-License-Identifier: Apache-2.0
// Reading JobSets and waiting for their terminal conditions.
import type { KubernetesObject } from '@kubernetes/client-node';
import { cluster } from './cluster.js';
import { describePods } from './pods.js';
import { waitFor } from './wait.js';

/** The JobSet label every pod and Job of a JobSet carries. */
export const JOBSET_NAME_LABEL = 'jobset.sigs.k8s.io/jobset-name';
/** The label naming the replicated job of a pod. */
export const REPLICATED_JOB_LABEL = 'jobset.sigs.k8s.io/replicatedjob-name';

/** A JobSet as the suites read it (the fields they look at). */
export interface ObservedJobSet extends KubernetesObject {
  spec?: { network?: { enableDNSHostnames?: boolean; subdomain?: string }; [key: string]: unknown };
  status?: {
    conditions?: Array<{ type: string; status: string; reason?: string; message?: string }>;
    [key: string]: unknown;
  };
}

/** Reads the JobSet `<namespace>/<name>`. */
export async function readJobSet(namespace: string, name: string): Promise<ObservedJobSet> {
  return cluster().objects.read<ObservedJobSet>({
    apiVersion: 'jobset.x-k8s.io/v1alpha2',
    kind: 'JobSet',
    metadata: { name, namespace },
  });
}

/** Waits until the JobSet has condition `type` (Completed, Failed) with status True; returns it. */
export async function waitForJobSetCondition(
  namespace: string,
  name: string,
  type: string,
): Promise<ObservedJobSet> {
  return waitFor(
    `JobSet ${namespace}/${name} condition ${type}=True`,
    async () => {
      const jobSet = await readJobSet(namespace, name);
      const found = jobSet.status?.conditions?.some((c) => c.type === type && c.status === 'True');
      return found ? jobSet : undefined;
    },
    async () => {
      const jobSet = await readJobSet(namespace, name);
      const conditions = (jobSet.status?.conditions ?? []).map((c) => `${c.type}=${c.status}`).join(',');
      return `conditions: [${conditions}]; ${await describePods(namespace, `${JOBSET_NAME_LABEL}=${name}`)}`;
    },
  );
}
