// SPDX-License-Identifier: Apache-2.0
// Training Operator v1's Python SDK, unchanged (kubeflow-training==1.9.4 from PyPI, in a venv in the
// cache: see e2e/support/ensure-venv.sh), driving kubetrain's v1 controllers on the local control plane: the
// TrainingClient creates a PyTorchJob from its own models, waits for Succeeded, lists the job and its
// pods (all, master, workers: by the training.kubeflow.org labels), reads every pod's log (kwok serves
// them: e2e/cli/kwok-logs.ts) and deletes the job. The manager runs in-process (--enable-v1-kinds=all)
// for the suite's namespace; the pods run on kwok nodes and succeed after 2 s.
import { fileURLToPath } from 'node:url';
import { apiStatus } from '../../support/api-errors.js';
import { kubeconfigPath } from '../../support/cluster.js';
import { ensurePythonSdk, runProcess } from '../../support/process.js';
import { succeedAfter } from '../../support/kwok.js';
import { waitFor } from '../../support/wait.js';
import { writePodLog } from '../../cli/kwok-logs.js';
import { readJob, useV1Suite } from '../v1-harness.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const NAME = 'sdk-pytorch';

/** What `drive_training_client.py create` prints. */
interface CreateReport {
  conditions: string[];
  replica_statuses: Record<string, { succeeded: number; active: number }>;
  succeeded: boolean;
  pods: string[];
  master_pods: string[];
  worker_pods: string[];
  listed: string[];
}

describe('Training Operator v1 Python SDK (kubeflow-training 1.9.4 TrainingClient) against kubetrain', () => {
  const suite = useV1Suite('e2e-v1sdk');
  let python: string;

  beforeAll(() => {
    python = ensurePythonSdk({
      venv: 'sdk-v1-venv',
      package: 'kubeflow-training',
      version: process.env['KUBETRAIN_V1_SDK_VERSION'] ?? '1.9.4',
    });
  }, 600_000);

  async function drive<T>(...args: string[]): Promise<T> {
    const out = await runProcess(python, [
      `${here}drive_training_client.py`,
      kubeconfigPath(),
      suite.namespace,
      ...args,
    ]);
    if (out.code !== 0)
      throw new Error(`the SDK driver failed (exit ${out.code}):\n${out.stderr.slice(-4000)}`);
    return JSON.parse(out.stdout.trim().split('\n').at(-1)!) as T;
  }

  it('creates a PyTorchJob, waits for Succeeded, lists it and its pods', async () => {
    const report = await drive<CreateReport>('create', NAME, JSON.stringify(succeedAfter('2s')));
    expect(report.succeeded).toBe(true);
    expect(report.conditions[0]).toBe('Created');
    expect(report.conditions.at(-1)).toBe('Succeeded');
    // Zero counts are omitted (as v1.9.4's omitempty), so the SDK reads None (null here), not 0.
    expect(report.replica_statuses).toEqual({
      Master: { succeeded: 1, active: null },
      Worker: { succeeded: 1, active: null },
    });
    expect(report.pods).toEqual([`${NAME}-master-0`, `${NAME}-worker-0`]);
    expect(report.master_pods).toEqual([`${NAME}-master-0`]);
    expect(report.worker_pods).toEqual([`${NAME}-worker-0`]);
    expect(report.listed).toContain(NAME);
  });

  it("get_job_logs reads every pod's log", async () => {
    for (const [pod, line] of [
      [`${NAME}-master-0`, 'rank 0 done'],
      [`${NAME}-worker-0`, 'rank 1 done'],
    ] as const)
      await writePodLog(suite.namespace, pod, 'pytorch', [line]);
    expect(await drive('logs', NAME)).toEqual({
      [`${NAME}-master-0`]: ['rank 0 done'],
      [`${NAME}-worker-0`]: ['rank 1 done'],
    });
  });

  it('delete_job deletes the PyTorchJob', async () => {
    expect(await drive('delete', NAME)).toEqual({ deleted: NAME });
    await waitFor(`PyTorchJob ${NAME} gone`, () =>
      readJob('PyTorchJob', suite.namespace, NAME).then(
        () => undefined,
        (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
      ),
    );
  });
});
