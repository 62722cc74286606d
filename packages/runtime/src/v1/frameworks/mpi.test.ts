// SPDX-License-Identifier: Apache-2.0
import { formatFieldError, type V1ReplicaStatus } from '@kubetrain/api';
import { defaultV1Job, replicaSpecsOf } from '../defaults.js';
import type { PodView, V1JobObject } from '../job-types.js';
import { renderPod } from '../render.js';
import { validateV1Job } from '../validation.js';
import type { ReplicaCounts } from './framework.js';
import { mpi } from './mpi.js';
import { launcherFinished, mpiConfigData } from './mpi-config.js';
import { mpiAuxiliary } from './mpi-auxiliary.js';

const tpl = (limits?: Record<string, string>) => ({
  template: {
    spec: { containers: [{ name: 'mpi', image: 'img', ...(limits ? { resources: { limits } } : {}) }] },
  },
});

function job(specs: Record<string, unknown>, extra: Record<string, unknown> = {}): V1JobObject {
  return defaultV1Job(
    {
      apiVersion: 'kubeflow.org/v1',
      kind: 'MPIJob',
      metadata: { name: 'm', namespace: 'ns' },
      spec: { mpiReplicaSpecs: specs, ...extra },
    },
    mpi,
  );
}

const running = (name: string): PodView => ({
  metadata: { name, labels: { 'training.kubeflow.org/replica-type': 'worker' } },
  status: { phase: 'Running' },
});

describe('MPIJob', () => {
  it('defaults: Worker replicas 0, Launcher 1, Never, slotsPerWorker 1, the legacy cleanPodPolicy', () => {
    const j = job({ Launcher: tpl(), Worker: tpl() }, { cleanPodPolicy: 'Running' });
    const specs = replicaSpecsOf(j, mpi);
    expect(specs['Launcher']).toMatchObject({ replicas: 1, restartPolicy: 'Never' });
    expect(specs['Worker']).toMatchObject({ replicas: 0, restartPolicy: 'Never' });
    expect(j.spec['slotsPerWorker']).toBe(1);
    expect(j.spec.runPolicy?.cleanPodPolicy).toBe('Running');
  });

  it.each<[string, Record<string, unknown>, string[]]>([
    ['valid', { Launcher: tpl(), Worker: { replicas: 2, ...tpl() } }, []],
    [
      'no launcher',
      { Worker: tpl() },
      [
        'spec.mpiReplicaSpecs[Launcher]: Required value: MPIReplicaSpec is not valid: Master ReplicaSpec must be present',
      ],
    ],
    [
      'two launchers',
      { Launcher: { replicas: 2, ...tpl() } },
      [
        'spec.mpiReplicaSpecs[Launcher].replicas: Invalid value: 2: MPIReplicaSpec is not valid: There must be only 1 launcher replica',
      ],
    ],
    [
      'an unknown type',
      { Launcher: tpl(), Chief: tpl() },
      [
        'spec.mpiReplicaSpecs[Chief]: Invalid value: "Chief": MPIReplicaType is Chief but must be one of [Launcher Worker]',
      ],
    ],
  ])('validation: %s', (_name, specs, expected) => {
    expect(validateV1Job(job(specs), mpi).map(formatFieldError)).toEqual(expected);
  });

  it('the ConfigMap: hostfile (with the launcher when it has a GPU), kubexec.sh with mainContainer, Running workers sorted', () => {
    const j = job(
      { Launcher: tpl({ 'nvidia.com/gpu': '1' }), Worker: { replicas: 2, ...tpl() } },
      { slotsPerWorker: 4, mainContainer: 'main' },
    );
    expect(mpiConfigData(j, replicaSpecsOf(j, mpi), [running('m-worker-1'), running('m-worker-0')])).toEqual({
      hostfile: 'm-launcher slots=4\nm-worker-0 slots=4\nm-worker-1 slots=4\n',
      'kubexec.sh':
        '#!/bin/sh\nset -x\nPOD_NAME=$1\nshift\n/opt/kube/kubectl exec ${POD_NAME} --container main -- /bin/sh -c "$*"',
      'discover_hosts.sh': '#!/bin/sh\necho m-launcher:4\n\necho m-worker-0:4\necho m-worker-1:4',
    });
  });

  const rs = (active: number, succeeded: number, failed: number): V1ReplicaStatus => ({
    active,
    succeeded,
    failed,
  });
  const counts = (launcher: V1ReplicaStatus, worker: V1ReplicaStatus, extra: Partial<ReplicaCounts> = {}) =>
    new Map<string, ReplicaCounts>([
      ['Launcher', { replicas: 1, restartPolicy: 'Never', status: launcher, firstSucceeded: false }],
      ['Worker', { replicas: 2, restartPolicy: 'Never', status: worker, firstSucceeded: false, ...extra }],
    ]);

  // v1.9.4's binary: only UpdateJobStatus's conditions survive (its pod reconcile writes others on a
  // copy of the status that UpdateJobStatus overwrites), so the launcher alone decides Running.
  it.each<[string, Map<string, ReplicaCounts>, Array<[string, string | undefined, string]>]>([
    [
      'the launcher running, the workers too',
      counts(rs(1, 0, 0), rs(2, 0, 0)),
      [['Running', undefined, 'MPIJob m is running.']],
    ],
    [
      'the launcher running, a worker not yet',
      counts(rs(1, 0, 0), rs(1, 0, 0)),
      [['Running', undefined, 'MPIJob m is running.']],
    ],
    [
      'the launcher succeeded',
      counts(rs(0, 1, 0), rs(0, 0, 0)),
      [['Succeeded', undefined, 'MPIJob m is successfully completed.']],
    ],
    [
      'the launcher failed: the doubled reason',
      counts(rs(0, 0, 1), rs(0, 0, 0)),
      [['Failed', 'MPIJobMPIJobFailed', 'MPIJob m is failed because 1 Launcher replica(s) failed.']],
    ],
    [
      'a failed (or evicted) worker',
      counts(rs(1, 0, 0), rs(1, 0, 1)),
      [
        ['Running', undefined, 'MPIJob m is running.'],
        ['Failed', 'MPIJobMPIJobFailed', 'MPIJob m is failed because 1 Worker replica(s) failed.'],
      ],
    ],
    [
      'a failed worker with ExitCode',
      counts(rs(1, 0, 0), rs(1, 0, 1), { restartPolicy: 'ExitCode' }),
      [
        ['Running', undefined, 'MPIJob m is running.'],
        ['Restarting', undefined, 'MPIJob m is restarting because 1 Worker replica(s) failed.'],
      ],
    ],
  ])('status: %s', (_name, c, expected) => {
    const verdicts = mpi.decideStatus({
      job: job({ Launcher: tpl() }),
      specs: {},
      counts: c,
      restarting: false,
    });
    expect(verdicts.map((v) => [v.type, v.reason, v.message])).toEqual(expected);
  });

  const launcher = (phase: string): PodView => ({
    metadata: { name: 'm-launcher', labels: { 'training.kubeflow.org/replica-type': 'launcher' } },
    status: { phase },
  });

  it('once the launcher finished, its workers are idle (not created nor counted) and the owned objects left as they are', () => {
    const j = job({ Launcher: tpl(), Worker: { replicas: 2, ...tpl() } });
    const specs = replicaSpecsOf(j, mpi);
    for (const phase of ['Pending', 'Running']) {
      expect(launcherFinished([launcher(phase)])).toBe(false);
      expect(mpi.idleReplicaTypes!([launcher(phase), running('m-worker-0')])).toEqual([]);
      expect(mpiAuxiliary(j, specs, [launcher(phase)]).map((o) => o.name)).toEqual([
        'm-launcher',
        'm-config',
        'm-launcher',
        'm-launcher',
      ]);
    }
    for (const phase of ['Succeeded', 'Failed']) {
      expect(mpi.idleReplicaTypes!([launcher(phase), running('m-worker-0')])).toEqual(['Worker']);
      // No object: the ConfigMap keeps the discover_hosts.sh of the last reconcile before (the running
      // workers), not one rewritten once cleanPodPolicy deleted them.
      expect(mpiAuxiliary(j, specs, [launcher(phase)])).toEqual([]);
    }
  });

  it('discover_hosts.sh lists the running workers, sorted, and nothing else', () => {
    const j = job({ Launcher: tpl(), Worker: { replicas: 3, ...tpl() } });
    const pending: PodView = { ...running('m-worker-2'), status: { phase: 'Pending' } };
    const data = mpiConfigData(j, replicaSpecsOf(j, mpi), [
      running('m-worker-1'),
      pending,
      running('m-worker-0'),
    ]);
    expect(data['discover_hosts.sh']).toBe('#!/bin/sh\necho m-worker-0:1\necho m-worker-1:1');
  });

  it("the launcher as v1.9.4's newLauncher makes it: no replica index, no mpi-job-name, its env order, the ghcr kubectl-delivery image", () => {
    const j = job({ Launcher: tpl(), Worker: { replicas: 1, ...tpl() } });
    const specs = replicaSpecsOf(j, mpi);
    const pod = renderPod(j, mpi, specs, 'Launcher', 0) as unknown as {
      metadata: { labels: Record<string, string> };
      spec: { containers: Array<{ env: Array<{ name: string }> }>; initContainers: Array<{ image: string }> };
    };
    expect(pod.metadata.labels).toEqual({
      'training.kubeflow.org/job-name': 'm',
      'training.kubeflow.org/operator-name': 'mpijob-controller',
      'training.kubeflow.org/replica-type': 'launcher',
      'training.kubeflow.org/job-role': 'master',
    });
    expect(pod.spec.containers[0]!.env.map((e) => e.name)).toEqual([
      'OMPI_MCA_plm_rsh_agent',
      'OMPI_MCA_orte_default_hostfile',
      'NVIDIA_VISIBLE_DEVICES',
      'NVIDIA_DRIVER_CAPABILITIES',
      'I_MPI_HYDRA_BOOTSTRAP',
      'I_MPI_HYDRA_BOOTSTRAP_EXEC',
    ]);
    expect(pod.spec.initContainers[0]!.image).toBe('ghcr.io/kubeflow/training-v1/kubectl-delivery:latest');
    const worker = renderPod(j, mpi, specs, 'Worker', 0) as unknown as {
      metadata: { labels: Record<string, string> };
    };
    expect(worker.metadata.labels['training.kubeflow.org/replica-index']).toBe('0');
    expect(worker.metadata.labels).not.toHaveProperty('mpi-job-name');
  });
});
