// SPDX-License-Identifier: Apache-2.0
import { formatFieldError, type V1ReplicaStatus } from '@kubetrain/api';
import { defaultV1Job, replicaSpecsOf } from '../defaults.js';
import type { PodView, V1JobObject } from '../job-types.js';
import { validateV1Job } from '../validation.js';
import type { ReplicaCounts } from './framework.js';
import { mpi } from './mpi.js';
import { mpiConfigData } from './mpi-config.js';

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
  const counts = (
    launcher: V1ReplicaStatus,
    worker: V1ReplicaStatus,
    extra: Partial<ReplicaCounts> = {},
    launcherReason?: string,
  ) =>
    new Map<string, ReplicaCounts>([
      [
        'Launcher',
        {
          replicas: 1,
          restartPolicy: 'Never',
          status: launcher,
          firstSucceeded: false,
          evicted: 0,
          ...(launcherReason ? { failedReason: launcherReason } : {}),
        },
      ],
      [
        'Worker',
        { replicas: 2, restartPolicy: 'Never', status: worker, firstSucceeded: false, evicted: 0, ...extra },
      ],
    ]);

  it.each<[string, Map<string, ReplicaCounts>, Array<[string, string | undefined]>]>([
    ['launcher and every worker running', counts(rs(1, 0, 0), rs(2, 0, 0)), [['Running', undefined]]],
    ['a worker not running yet', counts(rs(1, 0, 0), rs(1, 0, 0)), []],
    ['the launcher succeeded', counts(rs(0, 1, 0), rs(2, 0, 0)), [['Succeeded', undefined]]],
    ['the launcher failed', counts(rs(0, 0, 1), rs(2, 0, 0)), [['Failed', 'MPIJobFailed']]],
    ['the launcher evicted', counts(rs(0, 0, 1), rs(2, 0, 0), {}, 'Evicted'), [['Failed', 'MPIJobEvicted']]],
    ['an evicted worker', counts(rs(1, 0, 0), rs(1, 0, 1), { evicted: 1 }), [['Failed', 'MPIJobEvicted']]],
    [
      'a failed worker with ExitCode',
      counts(rs(1, 0, 0), rs(1, 0, 1), { restartPolicy: 'ExitCode' }),
      [['Restarting', undefined]],
    ],
  ])('status: %s', (_name, c, expected) => {
    const verdicts = mpi.decideStatus({
      job: job({ Launcher: tpl() }),
      specs: {},
      counts: c,
      restarting: false,
    });
    expect(verdicts.map((v) => [v.type, v.reason])).toEqual(expected);
  });
});
