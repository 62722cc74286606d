// SPDX-License-Identifier: Apache-2.0
import { createPublicKey, createPrivateKey } from 'node:crypto';
import { render } from '../../engine.js';
import { RenderError } from '../../framework/errors.js';
import {
  clusterRuntime,
  containerOf,
  envMap,
  jobOf,
  objectOf,
  replicatedJob,
  thrownBy,
  trainJob,
} from '@kubetrain/testing';
import { renderJobSet } from '../../../test/engine.js';
import type { MPIMLPolicySource, Trainer } from '@kubetrain/api';
import { deriveSSHKeyPair } from './mpi-ssh-key.js';

/** `mpi` may name an implementation the CRD does not admit, as a runtime read from a file may. */
function mpiRuntime(
  mpi: Omit<MPIMLPolicySource, 'mpiImplementation'> & { mpiImplementation?: string },
  launcherFirst = true,
) {
  const launcher = replicatedJob('launcher', [{ name: 'node', image: 'mpi' }], 'trainer');
  const node = replicatedJob('node', [{ name: 'node', image: 'mpi' }]);
  return clusterRuntime(
    'mpi',
    { mlPolicy: { numNodes: 1, mpi: mpi as MPIMLPolicySource } },
    launcherFirst ? [launcher, node] : [node, launcher],
  );
}

const sshVolume = {
  name: 'mpi-ssh-auth',
  secret: {
    defaultMode: 256,
    items: [
      { key: 'ssh-privatekey', mode: 416, path: 'id_rsa' },
      { key: 'ssh-publickey', mode: 420, path: 'id_rsa.pub' },
      { key: 'ssh-publickey', mode: 420, path: 'authorized_keys' },
    ],
    secretName: 'test-job-mpi-ssh-auth',
  },
};

describe('MPI', () => {
  it('OpenMPI values from the TrainJob', () => {
    const { objects } = render(
      trainJob('test-job', 'mpi', { numNodes: 2, numProcPerNode: 8 }),
      mpiRuntime({}),
    );
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'ConfigMap/test-job-mpi-hostfile',
      'JobSet/test-job',
    ]);
    expect(objectOf(objects, 'ConfigMap').data).toEqual({
      hostfile: 'test-job-node-0-0.test-job slots=8\ntest-job-node-0-1.test-job slots=8\n',
    });
    const jobSet = objectOf(objects, 'JobSet');
    const launcher = jobOf(jobSet, 'launcher');
    expect(launcher.template?.spec).toMatchObject({ parallelism: 1, completions: 1 });
    expect(launcher.template?.spec?.template?.spec?.volumes).toEqual([
      sshVolume,
      {
        name: 'mpi-hostfile',
        configMap: {
          items: [{ key: 'hostfile', mode: 292, path: 'hostfile' }],
          name: 'test-job-mpi-hostfile',
        },
      },
    ]);
    const launcherNode = containerOf(jobSet, 'launcher', 'node');
    expect(launcherNode.volumeMounts).toEqual([
      { mountPath: '/root/.ssh', name: 'mpi-ssh-auth' },
      { mountPath: '/etc/mpi', name: 'mpi-hostfile' },
    ]);
    expect(launcherNode.env).toEqual([
      { name: 'OMPI_MCA_orte_default_hostfile', value: '/etc/mpi/hostfile' },
      { name: 'OMPI_MCA_orte_keep_fqdn_hostnames', value: 'true' },
      { name: 'OMPI_MCA_orte_set_default_slots', value: '8' },
      { name: 'OMPI_MCA_plm_rsh_args', value: '-o ConnectionAttempts=10' },
    ]);
    expect(jobOf(jobSet, 'node').template?.spec).toMatchObject({ parallelism: 2, completions: 2 });
    expect(jobOf(jobSet, 'node').template?.spec?.template?.spec?.volumes).toEqual([sshVolume]);
    expect(containerOf(jobSet, 'node', 'node').volumeMounts).toEqual([
      { mountPath: '/root/.ssh', name: 'mpi-ssh-auth' },
    ]);
  });

  it('with runLauncherAsNode, node gets numNodes-1 pods and the hostfile lists the launcher first', () => {
    const { objects } = render(
      trainJob('trainJob', 'mpi', { numNodes: 10 }),
      mpiRuntime({ runLauncherAsNode: true }),
    );
    const jobSet = objectOf(objects, 'JobSet');
    expect(jobOf(jobSet, 'node').template?.spec?.parallelism).toBe(9);
    const hostfile = (objectOf(objects, 'ConfigMap').data as { hostfile: string }).hostfile;
    expect(hostfile.split('\n').slice(0, 2)).toEqual([
      'trainJob-launcher-0-0.trainJob slots=1',
      'trainJob-node-0-0.trainJob slots=1',
    ]);
    expect(hostfile.split('\n')).toHaveLength(11);
  });

  it('runLauncherAsNode keeps at least one node pod', () => {
    const jobSet = renderJobSet(
      trainJob('j', 'mpi', { numNodes: 1 }),
      mpiRuntime({ runLauncherAsNode: true }),
    );
    expect(jobOf(jobSet, 'node').template?.spec?.parallelism).toBe(1);
  });

  const slots: Record<string, { trainer: Trainer; mpi: MPIMLPolicySource; slots: string }> = {
    'numProcPerNode is set to the number of GPUs': {
      trainer: { resourcesPerNode: { limits: { 'nvidia.com/gpu': '5' } } },
      mpi: {},
      slots: '5',
    },
    'the runtime numProcPerNode wins when it is not 1': {
      trainer: { resourcesPerNode: { limits: { 'nvidia.com/gpu': '5' } } },
      mpi: { numProcPerNode: 2 },
      slots: '2',
    },
    'the TrainJob numProcPerNode wins': {
      trainer: { numProcPerNode: 3 },
      mpi: { numProcPerNode: 2 },
      slots: '3',
    },
  };
  for (const [name, tc] of Object.entries(slots)) {
    it(name, () => {
      const jobSet = renderJobSet(trainJob('j', 'mpi', tc.trainer), mpiRuntime(tc.mpi));
      expect(envMap(containerOf(jobSet, 'launcher', 'node')).OMPI_MCA_orte_set_default_slots).toBe(tc.slots);
    });
  }

  it('honours sshAuthMountPath and rejects other implementations', () => {
    const jobSet = renderJobSet(
      trainJob('j', 'mpi', {}),
      mpiRuntime({ sshAuthMountPath: '/home/mpiuser/.ssh' }),
    );
    expect(containerOf(jobSet, 'node', 'node').volumeMounts).toEqual([
      { mountPath: '/home/mpiuser/.ssh', name: 'mpi-ssh-auth' },
    ]);
    expect(
      thrownBy(() => render(trainJob('j', 'mpi', {}), mpiRuntime({ mpiImplementation: 'Intel' }))),
    ).toMatchObject({
      plugin: 'MPI',
      point: 'enforceMLPolicy',
      cause: expect.any(RenderError),
    });
  });

  it('renders the immutable ssh-auth Secret from caller-supplied key material', () => {
    const keys = deriveSSHKeyPair('test-seed');
    const { objects } = render(trainJob('test-job', 'mpi', {}), mpiRuntime({}), {
      secrets: { mpiSSHKeyPair: () => keys },
    });
    expect(objects.map((o) => o.kind)).toEqual(['Secret', 'ConfigMap', 'JobSet']);
    const secret = objectOf(objects, 'Secret');
    expect(secret).toMatchObject({
      type: 'kubernetes.io/ssh-auth',
      immutable: true,
      metadata: { name: 'test-job-mpi-ssh-auth' },
    });
    const data = secret.data as Record<string, string>;
    expect(Buffer.from(data['ssh-privatekey'] ?? '', 'base64').toString()).toBe(keys.privateKey);
    expect(Buffer.from(data['ssh-publickey'] ?? '', 'base64').toString()).toBe(keys.publicKey);
  });
});

describe('deriveSSHKeyPair', () => {
  it('is deterministic per seed and differs across seeds', () => {
    expect(deriveSSHKeyPair('a')).toEqual(deriveSSHKeyPair('a'));
    expect(deriveSSHKeyPair('a').privateKey).not.toBe(deriveSSHKeyPair('b').privateKey);
  });

  it('gives a P-521 EC PRIVATE KEY and the matching authorized_keys line', () => {
    const keys = deriveSSHKeyPair(new Uint8Array(32));
    expect(keys.privateKey.startsWith('-----BEGIN EC PRIVATE KEY-----\n')).toBe(true);
    expect(keys.publicKey).toMatch(/^ecdsa-sha2-nistp521 AAAA[A-Za-z0-9+/=]+\n$/);
    const jwk = createPublicKey(createPrivateKey(keys.privateKey)).export({ format: 'jwk' });
    expect(jwk.crv).toBe('P-521');
    const blob = Buffer.from(keys.publicKey.split(' ')[1] ?? '', 'base64');
    const point = blob.subarray(blob.length - 133);
    expect(point.subarray(1, 67).toString('base64url')).toBe(jwk.x);
    expect(point.subarray(67).toString('base64url')).toBe(jwk.y);
  });
});
