// SPDX-License-Identifier: Apache-2.0
// The Kubeflow Python SDK, unchanged (kubeflow==0.5.0 from PyPI, in a venv in the cache: see
// e2e/support/ensure-venv.sh), driving kubetrain on the local control plane: TrainerClient lists the runtimes
// with their framework, trains a 2-node CustomTrainer job on torch-distributed, waits for Complete,
// reads its steps, pods and logs (kwok serves them: e2e/cli/kwok-logs.ts), and deletes it.
// kubetrain's manager runs in-process for the suite's namespace (e2e/controller/harness.ts); kwok
// nodes run the pods (Job pods succeed after a second).
import { fileURLToPath } from 'node:url';
import { apiStatus } from '../support/api-errors.js';
import { applyObject, readYamlObjects } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';
import { ensurePythonSdk, runProcess } from '../support/process.js';
import { waitFor } from '../support/wait.js';
import { readTrainJob } from '../controller/harness.js';
import { writePodLog } from '../cli/kwok-logs.js';
import { prepareSuite, type SuiteCluster } from '../cli/suite-cluster.js';
import { listPods } from '../support/pods.js';

const here = fileURLToPath(new URL('.', import.meta.url));

/** What drive_trainer_client.py prints. */
interface SdkReport {
  runtimes: { name: string; framework: string; image: string; num_nodes: number }[];
  entrypoint: string[];
  name: string;
  status: string;
  num_nodes: number;
  steps: { name: string; status: string; pod_name: string }[];
  listed: string[];
}

describe('Kubeflow Python SDK (kubeflow 0.5.0 TrainerClient) against kubetrain', () => {
  let suite: SuiteCluster;
  let namespace: string;
  let python: string;

  beforeAll(async () => {
    python = ensurePythonSdk({
      venv: 'sdk-venv',
      package: 'kubeflow',
      version: process.env['KUBETRAIN_SDK_VERSION'] ?? '0.5.0',
      minPython: '3.10',
    });
    suite = await prepareSuite('e2e-sdk');
    namespace = suite.namespace;
    // The install's namespace and the public ConfigMap the SDK checks on every TrainerClient().
    for (const file of ['manifests/controller/namespace.yaml', 'manifests/controller/public.yaml'])
      for (const object of readYamlObjects(file)) await applyObject(object, 'kubetrain-e2e');
  }, 600_000);

  afterAll(async () => {
    await suite?.teardown();
  });

  /** What the SDK wrote on stderr during the last driver run. */
  let lastStderr = '';

  /** Runs the driver with `args` after the kubeconfig and namespace; returns its JSON report. */
  async function drive<T>(...args: string[]): Promise<T> {
    const run = await runProcess(python, [
      `${here}drive_trainer_client.py`,
      kubeconfigPath(),
      namespace,
      ...args,
    ]);
    lastStderr = run.stderr;
    if (run.code !== 0)
      throw new Error(`the SDK driver failed (exit ${run.code}):\n${run.stderr.slice(-4000)}`);
    return JSON.parse(run.stdout.trim().split('\n').at(-1)!) as T;
  }

  let report: SdkReport;

  it('lists runtimes, trains a 2-node CustomTrainer job to Complete, reads its steps and pods', async () => {
    report = await drive<SdkReport>('train');
    // verify_backend found the public ConfigMap: no warning about it.
    expect(lastStderr).not.toMatch(/kubeflow-trainer-public/);

    // Every shipped runtime, with its framework label and the trainer image of its node container.
    const torch = report.runtimes.find((r) => r.name === 'torch-distributed');
    expect(torch).toEqual({
      name: 'torch-distributed',
      framework: 'torch',
      image: expect.stringMatching(/^pytorch\/pytorch:/),
      num_nodes: 1,
    });
    expect(report.runtimes.map((r) => r.name)).toEqual(
      expect.arrayContaining(['deepspeed-distributed', 'jax-distributed', 'torch-distributed']),
    );
    // mlPolicy.torch: {} survived storage, so the SDK runs the function with torchrun.
    expect(report.entrypoint.slice(0, 2)).toEqual(['bash', '-c']);
    expect(report.entrypoint[2]).toMatch(/torchrun "\{func_file\}"|torchrun /);

    // The SDK's 12-character name, Complete, two node steps from the pods.
    expect(report.name).toMatch(/^[a-z][0-9a-f]{11}$/);
    expect(report.status).toBe('Complete');
    expect(report.num_nodes).toBe(2);
    expect(report.steps.map((s) => [s.name, s.status])).toEqual([
      ['node-0', 'Succeeded'],
      ['node-1', 'Succeeded'],
    ]);
    for (const step of report.steps)
      expect(step.pod_name).toMatch(new RegExp(`^${report.name}-node-0-[01]-`));
    expect(report.listed).toContain(report.name);
  });

  it("get_job_logs reads each node's log (kwok serves pod logs; needs the cluster with pod logs)", async () => {
    const pods = await listPods(namespace, `jobset.sigs.k8s.io/jobset-name=${report.name}`);
    for (const pod of pods) {
      const rank = pod.metadata?.labels?.['batch.kubernetes.io/job-completion-index'];
      await writePodLog(namespace, pod.metadata!.name!, 'node', [`rank ${rank} done`]);
    }
    expect(await drive<Record<string, string[]>>('logs', report.name)).toEqual({
      'node-0': ['rank 0 done'],
      'node-1': ['rank 1 done'],
    });
  });

  it('delete_job removes the TrainJob', async () => {
    expect(await drive('delete', report.name)).toEqual({ deleted: report.name });
    await waitFor(`TrainJob ${report.name} gone`, () =>
      readTrainJob(namespace, report.name).then(
        () => undefined,
        (error: unknown) => (apiStatus(error)?.code === 404 ? true : undefined),
      ),
    );
  });
});
