// SPDX-License-Identifier: Apache-2.0
// Switching from Training Operator v1.9.4 to kubetrain's v1 kinds in place, and back (issue 21).
// The live operator (built from the Go module proxy, run out of cluster scoped to the suite's
// namespace) runs a PyTorchJob, a TFJob and an MPIJob, and finishes a PyTorchJob with a TTL. It
// stops; kubetrain's manager starts on the same objects: no pod or Service is re-created, the status
// carries on (the same conditions, replicaStatuses and times, so no status write), the finished job
// keeps its completionTime (its TTL clock). Kubetrain finishes one job and starts another; then it
// stops and the operator takes the rest back the same way, and finishes them.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readV1Examples } from '@kubetrain/api/test-support';
import type { V1KindName } from '@kubetrain/api';
import { kubeconfigPath } from '../../hack/bench/lib/kube-client.js';
import type { ManagerHandle } from '../../hack/bench/lib/manager.js';
import { startTrainingOperator, trainingOperatorBinary } from '../../hack/baseline/run-training-operator.js';
import { reconcileTotals, writesOf, type TestManager } from '../controller/harness.js';
import { cluster } from '../support/cluster.js';
import { keepRunning, succeedAfter } from '../support/kwok.js';
import { createNamespace, deleteNamespaceAndWait } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import {
  annotateReplicas,
  createJob,
  installV1Crds,
  podsOf,
  pytorchJob,
  readJob,
  servicesOf,
  startV1Manager,
  waitForJobCondition,
  type Job,
} from './v1-harness.js';

const SETUP_TIMEOUT_MS = 40 * 60_000;
const PHASE_TIMEOUT_MS = 6 * 60_000;

/** What the suite records of one job: its status and the uids of its pods and Services. */
interface JobRecord {
  readonly uid: string;
  readonly status: unknown;
  readonly pods: Record<string, string>;
  readonly services: Record<string, string>;
}

/** The jobs: name → kind. */
const JOBS: Record<string, V1KindName> = {
  'pt-running': 'PyTorchJob',
  'tf-running': 'TFJob',
  'mpi-running': 'MPIJob',
  'pt-done': 'PyTorchJob',
};

/** The reference example of `kind`, named `name`, every pod running until told otherwise. */
function runningExample(kind: V1KindName, name: string): Job {
  const example = readV1Examples().find((e) => e.kind === kind)!;
  const body = structuredClone(example.object) as Job;
  delete body.metadata.namespace;
  body.metadata.name = name;
  return annotateReplicas(kind, body, keepRunning());
}

describe('switching from Training Operator v1.9.4 in place, and back', () => {
  let namespace: string;
  let operator: ManagerHandle | undefined;
  let kubetrain: TestManager | undefined;
  let binary: string;

  const startOperator = async () => {
    operator = await startTrainingOperator({
      binary,
      kubeconfig: kubeconfigPath(),
      workDir: mkdtempSync(join(tmpdir(), 'kubetrain-v1-takeover-')),
      namespace,
    });
  };
  const stopOperator = async () => {
    await operator?.stop();
    operator = undefined;
  };
  const stopKubetrain = async () => {
    await kubetrain?.manager.stop();
    kubetrain = undefined;
  };

  beforeAll(async () => {
    // Built from the Go module proxy (make training-operator builds it before the suites).
    binary = trainingOperatorBinary();
    await installV1Crds('kubetrain-e2e');
    namespace = await createNamespace('e2e-v1-takeover');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await stopOperator();
    await stopKubetrain();
    if (namespace) await deleteNamespaceAndWait(namespace);
  }, 180_000);

  const record = async (names: readonly string[]): Promise<Record<string, JobRecord>> => {
    const out: Record<string, JobRecord> = {};
    for (const name of names) {
      const job = await readJob(JOBS[name] ?? 'PyTorchJob', namespace, name);
      const uids = (m: Map<string, { metadata?: { uid?: string } }>) =>
        Object.fromEntries([...m].map(([n, o]) => [n, o.metadata?.uid ?? '']));
      out[name] = {
        uid: job.metadata.uid ?? '',
        status: job['status'],
        pods: uids(await podsOf(namespace, name)),
        services: uids(await servicesOf(namespace, name)),
      };
    }
    return out;
  };

  /** Lets every running pod of job `name` succeed (the kwok outcome annotation). */
  const finishPods = async (name: string): Promise<number> => {
    const pods = [...(await podsOf(namespace, name)).values()].filter((p) => p.status?.phase === 'Running');
    for (const pod of pods)
      await cluster().core.patchNamespacedPod(
        {
          name: pod.metadata!.name!,
          namespace,
          body: [
            {
              op: 'add',
              path: '/metadata/annotations',
              value: { ...pod.metadata?.annotations, ...succeedAfter('1s') },
            },
          ],
        },
        undefined,
      );
    return pods.length;
  };

  const waitForRunningPods = (name: string, count: number) =>
    waitFor(`${count} Running pods of ${name}`, async () => {
      const pods = [...(await podsOf(namespace, name)).values()];
      return pods.length === count && pods.every((p) => p.status?.phase === 'Running') ? pods : undefined;
    });

  let beforeTakeover: Record<string, JobRecord>;
  const names = Object.keys(JOBS);

  it(
    'the operator runs a PyTorchJob, a TFJob and an MPIJob, and finishes a PyTorchJob with a TTL',
    async () => {
      await startOperator();
      await createJob(
        'PyTorchJob',
        namespace,
        pytorchJob('pt-running', { annotations: keepRunning() }, { annotations: keepRunning() }),
      );
      await createJob('TFJob', namespace, runningExample('TFJob', 'tf-running'));
      await createJob('MPIJob', namespace, runningExample('MPIJob', 'mpi-running'));
      await createJob(
        'PyTorchJob',
        namespace,
        pytorchJob('pt-done', { annotations: succeedAfter('1s') }, undefined, {
          ttlSecondsAfterFinished: 3600,
        }),
      );
      for (const name of ['pt-running', 'tf-running', 'mpi-running'])
        await waitForJobCondition(JOBS[name]!, namespace, name, 'Running');
      await waitForJobCondition('PyTorchJob', namespace, 'pt-done', 'Succeeded');
      // The operator's last status writes have landed: the record stays the same for 3 s.
      let last = JSON.stringify(await record(names));
      await waitFor('the operator settled', async () => {
        await new Promise((r) => setTimeout(r, 3000));
        const next = JSON.stringify(await record(names));
        const same = next === last;
        last = next;
        return same ? true : undefined;
      });
      await stopOperator();
      beforeTakeover = await record(names);
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'kubetrain adopts them: no pod or Service re-created, the status carried on, the TTL clock kept',
    async () => {
      kubetrain = await startV1Manager(namespace);
      await waitFor('each job reconciled', async () => {
        const totals = await reconcileTotals(kubetrain!);
        const v1 = [...totals].filter(([c]) => /job/.test(c) && c !== 'trainjob_controller');
        return v1.reduce((n, [, v]) => n + v, 0) >= names.length ? true : undefined;
      });
      await new Promise((r) => setTimeout(r, 5000));
      const after = await record(names);
      for (const name of names) expect({ name, ...after[name] }).toEqual({ name, ...beforeTakeover[name] });
      // Nothing had to change: not a pod, a Service, or a status.
      expect(await writesOf(kubetrain.manager)).toEqual({});
    },
    PHASE_TIMEOUT_MS,
  );

  it(
    'kubetrain finishes one and starts another; the operator takes the rest back and finishes them',
    async () => {
      expect(await finishPods('pt-running')).toBe(2);
      await waitForJobCondition('PyTorchJob', namespace, 'pt-running', 'Succeeded');
      await createJob(
        'PyTorchJob',
        namespace,
        pytorchJob('kt-running', { annotations: keepRunning() }, { annotations: keepRunning() }),
      );
      await waitForRunningPods('kt-running', 2);
      await waitForJobCondition('PyTorchJob', namespace, 'kt-running', 'Running');
      await new Promise((r) => setTimeout(r, 3000));
      await stopKubetrain();
      const handed = ['tf-running', 'mpi-running', 'kt-running', 'pt-done'];
      JOBS['kt-running'] = 'PyTorchJob';
      const before = await record(handed);
      await startOperator();
      // The operator reconciles every job at start.
      await new Promise((r) => setTimeout(r, 10_000));
      const after = await record(handed);
      for (const name of handed) {
        const [b, a] = [before[name]!, after[name]!];
        expect({ name, uid: a.uid, pods: a.pods, services: a.services }).toEqual({
          name,
          uid: b.uid,
          pods: b.pods,
          services: b.services,
        });
      }
      for (const name of ['tf-running', 'mpi-running', 'kt-running']) {
        expect(await finishPods(name)).toBeGreaterThan(0);
        await waitForJobCondition(JOBS[name]!, namespace, name, 'Succeeded');
      }
    },
    PHASE_TIMEOUT_MS,
  );
});
