// SPDX-License-Identifier: Apache-2.0
// The Running and Succeeded messages of each kind's UpdateJobStatus, as the v1.9.4 binary writes them
// (compared live in e2e/v1/operator-parity.e2e.ts): `<ns>/<name>` or `<name>`, "successfully
// completed." or "is successfully completed.", depending on the kind and, for PyTorchJob and
// PaddleJob, on whether a Master decides.
import type { V1ReplicaStatus } from '@kubetrain/api';
import type { V1JobObject } from '../job-types.js';
import type { ReplicaCounts } from './framework.js';
import { Frameworks } from './index.js';
import { V1Messages } from './messages.js';

const job = (kind: string): V1JobObject => ({
  apiVersion: 'kubeflow.org/v1',
  kind,
  metadata: { name: 'j', namespace: 'ns' },
  spec: {},
});

const rs = (active: number, succeeded: number): V1ReplicaStatus => ({ active, succeeded, failed: 0 });

function messages(kind: keyof typeof Frameworks, entries: Array<[string, V1ReplicaStatus]>): string[] {
  const counts = new Map<string, ReplicaCounts>(
    entries.map(([rtype, status]) => [
      rtype,
      { replicas: 1, restartPolicy: 'Never', status, firstSucceeded: false },
    ]),
  );
  return Frameworks[kind]!.decideStatus({
    job: job(kind),
    specs: Object.fromEntries(entries.map(([rtype]) => [rtype, { replicas: 1 }])),
    counts,
    restarting: false,
  }).map((v) => `${v.type}: ${v.message}`);
}

describe('v1.9.4 condition messages', () => {
  it.each<[string, keyof typeof Frameworks, Array<[string, V1ReplicaStatus]>, string[]]>([
    [
      'PyTorchJob with a Master: the name alone',
      'PyTorchJob',
      [['Master', rs(1, 0)]],
      ['Running: PyTorchJob j is running.'],
    ],
    [
      'PyTorchJob with a Master succeeded',
      'PyTorchJob',
      [['Master', rs(0, 1)]],
      ['Succeeded: PyTorchJob j is successfully completed.'],
    ],
    [
      'PyTorchJob without a Master: namespace/name',
      'PyTorchJob',
      [['Worker', rs(1, 0)]],
      ['Running: PyTorchJob ns/j is running.'],
    ],
    [
      'PyTorchJob without a Master succeeded',
      'PyTorchJob',
      [['Worker', rs(0, 1)]],
      ['Succeeded: PyTorchJob ns/j successfully completed.'],
    ],
    [
      'PaddleJob with a Master',
      'PaddleJob',
      [['Master', rs(0, 1)]],
      ['Succeeded: PaddleJob j is successfully completed.'],
    ],
    [
      'PaddleJob without a Master',
      'PaddleJob',
      [['Worker', rs(1, 0)]],
      ['Running: PaddleJob ns/j is running.'],
    ],
    ['JAXJob', 'JAXJob', [['Worker', rs(0, 1)]], ['Succeeded: JAXJob ns/j successfully completed.']],
    ['TFJob running', 'TFJob', [['Worker', rs(1, 0)]], ['Running: TFJob ns/j is running.']],
    ['TFJob succeeded', 'TFJob', [['Chief', rs(0, 1)]], ['Succeeded: TFJob ns/j successfully completed.']],
    [
      'XGBoostJob succeeded (Running set first)',
      'XGBoostJob',
      [['Master', rs(0, 1)]],
      ['Running: XGBoostJob j is running.', 'Succeeded: XGBoostJob j is successfully completed.'],
    ],
    ['MPIJob running', 'MPIJob', [['Launcher', rs(1, 0)]], ['Running: MPIJob j is running.']],
    [
      'MPIJob succeeded',
      'MPIJob',
      [['Launcher', rs(0, 1)]],
      ['Succeeded: MPIJob j is successfully completed.'],
    ],
  ])('%s', (_name, kind, entries, expected) => {
    expect(messages(kind, entries)).toEqual(expected);
  });

  it('Failed: TFJob names the job namespace/name and "has failed", the others "is failed"', () => {
    expect(V1Messages.tfFailed(job('TFJob'), 2, 'Worker')).toBe(
      'TFJob ns/j has failed because 2 Worker replica(s) failed.',
    );
    expect(V1Messages.failed(job('PyTorchJob'), 1, 'Worker')).toBe(
      'PyTorchJob j is failed because 1 Worker replica(s) failed.',
    );
  });

  it('the pod reconcile: lower-case "job", the quoted form for a permanent exit code', () => {
    expect(V1Messages.podRestarting(job('PyTorchJob'), 'Worker')).toBe(
      'job j is restarting because Worker replica(s) failed.',
    );
    expect(V1Messages.podFailing(job('PyTorchJob'), 'Worker')).toBe(
      'job "j" is failing because "Worker" replica(s) failed.',
    );
  });
});
