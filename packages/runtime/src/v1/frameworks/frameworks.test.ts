// SPDX-License-Identifier: Apache-2.0
// The env each framework sets on a pod, and the conditions each kind's UpdateJobStatus sets.
import type { V1ReplicaStatus } from '@kubetrain/api';
import { defaultV1Job, replicaSpecsOf } from '../defaults.js';
import type { V1JobObject } from '../job-types.js';
import { renderPod } from '../render.js';
import type { Framework, ReplicaCounts } from './framework.js';
import { Frameworks } from './index.js';

const c = (name: string) => ({ name, image: 'img' });
const tpl = (...containers: unknown[]) => ({ template: { spec: { containers } } });

function pod(
  kind: keyof typeof Frameworks,
  specs: Record<string, unknown>,
  rtype: string,
  index: number,
  extra = {},
) {
  const fw = Frameworks[kind]!;
  const field = fw.replicaSpecsField;
  const job = defaultV1Job(
    {
      apiVersion: 'kubeflow.org/v1',
      kind,
      metadata: { name: 'j', namespace: 'ns', uid: 'u' },
      spec: { [field]: specs, ...extra },
    },
    fw,
  );
  return renderPod(job, fw, replicaSpecsOf(job, fw), rtype, index) as unknown as {
    metadata: { name: string; labels: Record<string, string> };
    spec: {
      restartPolicy?: string;
      containers: Array<{ name: string; env?: Array<{ name: string; value?: string }> }>;
    };
  };
}

const envOf = (p: ReturnType<typeof pod>, container: string) =>
  Object.fromEntries(
    (p.spec.containers.find((x) => x.name === container)?.env ?? []).map((e) => [e.name, e.value]),
  );

describe('SetClusterSpec per framework', () => {
  it('PyTorch with a Master: legacy and PET_* variables on every container, workers ranked after the master', () => {
    const specs = { Master: tpl(c('pytorch')), Worker: { replicas: 2, ...tpl(c('pytorch'), c('sidecar')) } };
    const worker = pod('PyTorchJob', specs, 'Worker', 1, { nprocPerNode: '4' });
    const expected = {
      PYTHONUNBUFFERED: '1',
      MASTER_PORT: '23456',
      PET_MASTER_PORT: '23456',
      MASTER_ADDR: 'j-master-0',
      PET_MASTER_ADDR: 'j-master-0',
      WORLD_SIZE: '12',
      RANK: '2',
      PET_NODE_RANK: '2',
      PET_NPROC_PER_NODE: '4',
      PET_NNODES: '3',
    };
    expect(envOf(worker, 'pytorch')).toEqual(expected);
    expect(envOf(worker, 'sidecar')).toEqual(expected);
    expect(worker.metadata.name).toBe('j-worker-1');
    expect(worker.spec.restartPolicy).toBe('OnFailure');
  });

  it('PyTorch Worker-only: no MASTER_ADDR, RANK or WORLD_SIZE', () => {
    expect(
      envOf(pod('PyTorchJob', { Worker: { replicas: 2, ...tpl(c('pytorch')) } }, 'Worker', 0), 'pytorch'),
    ).toEqual({
      PYTHONUNBUFFERED: '1',
      PET_NPROC_PER_NODE: 'auto',
      PET_NNODES: '2',
    });
  });

  it('PyTorch elastic: the rendezvous variables', () => {
    const env = envOf(
      pod('PyTorchJob', { Worker: { replicas: 2, ...tpl(c('pytorch')) } }, 'Worker', 0, {
        elasticPolicy: {
          rdzvHost: 'etcd',
          rdzvPort: 2379,
          rdzvBackend: 'etcd-v2',
          minReplicas: 1,
          maxReplicas: 3,
          maxRestarts: 5,
          rdzvId: 'r',
          rdzvConf: [
            { key: 'a', value: '1' },
            { key: 'b', value: '2' },
          ],
          standalone: true,
        },
      }),
      'pytorch',
    );
    expect(env).toEqual({
      PYTHONUNBUFFERED: '1',
      PET_NPROC_PER_NODE: 'auto',
      PET_RDZV_ENDPOINT: 'etcd:2379',
      PET_RDZV_BACKEND: 'etcd-v2',
      PET_NNODES: '1:3',
      PET_MAX_RESTARTS: '5',
      PET_RDZV_ID: 'r',
      PET_RDZV_CONF: 'a=1,b=2',
      PET_STANDALONE: '',
    });
  });

  it('TF: TF_CONFIG on the tensorflow container only, none for a single replica', () => {
    const specs = {
      PS: tpl(c('tensorflow')),
      Worker: { replicas: 2, ...tpl(c('tensorflow'), c('sidecar')) },
    };
    const worker = pod('TFJob', specs, 'Worker', 1);
    expect(JSON.parse(envOf(worker, 'tensorflow')['TF_CONFIG']!)).toEqual({
      cluster: { ps: ['j-ps-0.ns.svc:2222'], worker: ['j-worker-0.ns.svc:2222', 'j-worker-1.ns.svc:2222'] },
      task: { type: 'worker', index: 1 },
      environment: 'cloud',
    });
    expect(envOf(worker, 'sidecar')).toEqual({});
    expect(envOf(pod('TFJob', { Worker: tpl(c('tensorflow')) }, 'Worker', 0), 'tensorflow')).toEqual({});
    expect(worker.spec.restartPolicy).toBe('Never');
  });

  it('XGBoost: MASTER_* and WORKER_* for the Rabit tracker', () => {
    const specs = { Master: tpl(c('xgboost')), Worker: { replicas: 2, ...tpl(c('xgboost')) } };
    expect(envOf(pod('XGBoostJob', specs, 'Worker', 0), 'xgboost')).toEqual({
      MASTER_PORT: '9999',
      MASTER_ADDR: 'j-master-0',
      WORLD_SIZE: '3',
      RANK: '1',
      PYTHONUNBUFFERED: '1',
      WORKER_PORT: '9999',
      WORKER_ADDRS: 'j-worker-0,j-worker-1',
    });
  });

  it('Paddle PS mode: the master serves, workers train', () => {
    const specs = { Master: tpl(c('paddle')), Worker: { replicas: 2, ...tpl(c('paddle')) } };
    expect(envOf(pod('PaddleJob', specs, 'Master', 0), 'paddle')).toMatchObject({
      PADDLE_NNODES: '3',
      PADDLE_MASTER: '$(POD_IP_DUMMY):36543',
      PADDLE_SERVER_NUM: '1',
    });
    expect(envOf(pod('PaddleJob', specs, 'Worker', 1), 'paddle')).toEqual({
      PYTHONUNBUFFERED: '1',
      PADDLE_JOB_ID: 'j',
      PADDLE_NNODES: '3',
      PADDLE_MASTER: 'j-master-0:36543',
      PADDLE_TRAINER_NUM: '1',
    });
  });

  it('ExitCode pods restart with policy Never; the master-role label', () => {
    const specs = { Master: tpl(c('pytorch')), Worker: { restartPolicy: 'ExitCode', ...tpl(c('pytorch')) } };
    const worker = pod('PyTorchJob', specs, 'Worker', 0);
    expect(worker.spec.restartPolicy).toBe('Never');
    expect(worker.metadata.labels['training.kubeflow.org/job-role']).toBeUndefined();
    expect(pod('PyTorchJob', specs, 'Master', 0).metadata.labels['training.kubeflow.org/job-role']).toBe(
      'master',
    );
  });
});

const rs = (active: number, succeeded: number, failed: number): V1ReplicaStatus => ({
  active,
  succeeded,
  failed,
});
const counts = (
  entries: Array<[string, number, string, V1ReplicaStatus, boolean?]>,
): Map<string, ReplicaCounts> =>
  new Map(
    entries.map(([t, replicas, restartPolicy, status, firstSucceeded]) => [
      t,
      {
        replicas,
        restartPolicy: restartPolicy as ReplicaCounts['restartPolicy'],
        status,
        firstSucceeded: firstSucceeded ?? false,
      },
    ]),
  );

type Entry = [string, number, string, V1ReplicaStatus, boolean?];
type Row = [string, keyof typeof Frameworks, Record<string, unknown>, Entry[], string[], boolean?];

describe('UpdateJobStatus per kind', () => {
  const job = (kind: string, spec: Record<string, unknown> = {}): V1JobObject => ({
    apiVersion: 'kubeflow.org/v1',
    kind,
    metadata: { name: 'j', namespace: 'ns' },
    spec,
  });
  const decide = (
    fw: Framework,
    j: V1JobObject,
    specs: Record<string, unknown>,
    c: Map<string, ReplicaCounts>,
    restarting = false,
  ) => fw.decideStatus({ job: j, specs: specs as never, counts: c, restarting }).map((v) => v.type);

  it.each(
    (
      [
        [
          'PyTorch: master running',
          'PyTorchJob',
          {},
          [
            ['Master', 1, 'OnFailure', rs(1, 0, 0)],
            ['Worker', 2, 'OnFailure', rs(2, 0, 0)],
          ],
          ['Running'],
        ],
        [
          'PyTorch: master succeeded ends the job',
          'PyTorchJob',
          {},
          [
            ['Master', 1, 'OnFailure', rs(0, 1, 0)],
            ['Worker', 2, 'OnFailure', rs(2, 0, 0)],
          ],
          ['Succeeded'],
        ],
        [
          'PyTorch: a failed worker restarts (OnFailure)',
          'PyTorchJob',
          {},
          [
            ['Master', 1, 'OnFailure', rs(1, 0, 0)],
            ['Worker', 2, 'OnFailure', rs(1, 0, 1)],
          ],
          ['Running', 'Restarting'],
        ],
        [
          'PyTorch: a failed worker fails the job (Never)',
          'PyTorchJob',
          {},
          [
            ['Master', 1, 'Never', rs(1, 0, 0)],
            ['Worker', 2, 'Never', rs(1, 0, 1)],
          ],
          ['Running', 'Failed'],
        ],
        [
          'PyTorch elastic: one worker succeeded is enough',
          'PyTorchJob',
          { elasticPolicy: {} },
          [['Worker', 2, 'OnFailure', rs(1, 1, 0)]],
          ['Succeeded'],
        ],
        [
          'PyTorch worker-only: all workers needed',
          'PyTorchJob',
          {},
          [['Worker', 2, 'OnFailure', rs(1, 1, 0)]],
          ['Running'],
        ],
        [
          'XGBoost: any failure fails the job unless ExitCode',
          'XGBoostJob',
          {},
          [
            ['Master', 1, 'Never', rs(1, 0, 0)],
            ['Worker', 2, 'ExitCode', rs(1, 0, 1)],
          ],
          // Upstream sets Running before Restarting or Failed, running pod or not.
          ['Running', 'Running', 'Restarting'],
        ],
        [
          'XGBoost: a failed master',
          'XGBoostJob',
          {},
          [['Master', 1, 'Never', rs(0, 0, 1)]],
          ['Running', 'Failed'],
        ],
        [
          'XGBoost: a succeeded master sets Running first',
          'XGBoostJob',
          {},
          [['Master', 1, 'Never', rs(0, 1, 0)]],
          ['Running', 'Succeeded'],
        ],
        [
          'TF: worker-0 succeeded ends a chief-less job',
          'TFJob',
          {},
          [
            ['PS', 1, 'Never', rs(1, 0, 0)],
            ['Worker', 2, 'Never', rs(1, 1, 0), true],
          ],
          ['Succeeded'],
        ],
        [
          'TF: AllWorkers waits for every worker',
          'TFJob',
          { successPolicy: 'AllWorkers' },
          [['Worker', 2, 'Never', rs(1, 1, 0), true]],
          ['Running'],
        ],
        [
          'TF: the chief decides',
          'TFJob',
          {},
          [
            ['Chief', 1, 'Never', rs(0, 1, 0)],
            ['Worker', 2, 'Never', rs(2, 0, 0)],
          ],
          ['Succeeded'],
        ],
        [
          'TF: a failure while restarting keeps Restarting',
          'TFJob',
          {},
          [['Worker', 2, 'OnFailure', rs(1, 0, 1)]],
          ['Running'],
          true,
        ],
        [
          'TF: a failure fails the job',
          'TFJob',
          {},
          [['Worker', 2, 'Never', rs(1, 0, 1)]],
          ['Running', 'Failed'],
        ],
        ['JAX: all workers', 'JAXJob', {}, [['Worker', 2, 'Never', rs(0, 2, 0)]], ['Succeeded']],
      ] as Row[]
    ).map((row) => [row[0], row[1], row[2], row[3], row[4], row[5] ?? false] as const),
  )('%s', (_name, kind, spec, entries, expected, restarting) => {
    const fw = Frameworks[kind]!;
    const specs = Object.fromEntries(entries.map(([t, replicas]) => [t, { replicas }]));
    expect(decide(fw, job(kind, spec), specs, counts([...entries]), restarting)).toEqual(expected);
  });
});
