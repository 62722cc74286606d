// SPDX-License-Identifier: Apache-2.0
import { render } from '../../engine.js';
import { RenderError } from '../../framework/errors.js';
import {
  clusterRuntime,
  containerOf,
  jobOf,
  objectOf,
  replicatedJob,
  trainJob,
} from '../../test-support/fixtures.js';
import type { Trainer } from '@kubetrain/api';
import { curveCertificate, encodeZ85, x25519PublicKey } from './flux-curve.js';
import { fluxRange } from './flux.js';

function fluxRuntime(env: Array<{ name: string; value: string }> = []) {
  return clusterRuntime('flux-distributed', { mlPolicy: { numNodes: 1, flux: {} } }, [
    replicatedJob('node', [{ name: 'node', image: 'ubuntu:jammy', command: ['lmp'], env }], 'trainer'),
  ]);
}

function renderFlux(trainer: Trainer, env: Array<{ name: string; value: string }> = []) {
  const objects = render(trainJob('lammps', 'flux-distributed', trainer), fluxRuntime(env)).objects;
  const data = objectOf(objects, 'ConfigMap', 'lammps-flux-entrypoint').data as Record<string, string>;
  return {
    objects,
    jobSet: objectOf(objects, 'JobSet'),
    entrypoint: data['entrypoint.sh'] ?? '',
    init: data['init.sh'] ?? '',
  };
}

describe('Flux', () => {
  it('wraps the command, adds the installer, volumes and mounts', () => {
    const { objects, jobSet } = renderFlux({ numNodes: 2, command: ['lmp', '-in'], args: ['in.reaxc'] });
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'ConfigMap/lammps-flux-entrypoint',
      'Secret/lammps-flux-curve',
      'JobSet/lammps',
    ]);
    const node = containerOf(jobSet, 'node', 'node');
    expect(node.command).toEqual(['/bin/bash', '/etc/flux-config/entrypoint.sh', 'lmp -in in.reaxc']);
    expect(node.args).toBeUndefined();
    expect(node.volumeMounts).toEqual([
      { mountPath: '/mnt/flux', name: 'flux-install' },
      { mountPath: '/opt/software', name: 'spack-install' },
      { mountPath: '/etc/flux-config', name: 'lammps-flux-entrypoint', readOnly: true },
      { mountPath: '/curve', name: 'flux-curve', readOnly: true },
      { mountPath: '/dev/shm', name: 'shared-memory', readOnly: true },
    ]);
    const pod = jobOf(jobSet, 'node').template?.spec?.template?.spec;
    expect(pod?.volumes).toEqual([
      { emptyDir: {}, name: 'spack-install' },
      { emptyDir: {}, name: 'flux-install' },
      { configMap: { defaultMode: 493, name: 'lammps-flux-entrypoint' }, name: 'lammps-flux-entrypoint' },
      { emptyDir: { medium: 'Memory' }, name: 'shared-memory' },
      { name: 'flux-curve', secret: { defaultMode: 256, secretName: 'lammps-flux-curve' } },
    ]);
    expect(pod?.initContainers).toEqual([
      {
        command: ['/bin/bash', '/etc/flux-config/init.sh'],
        image: 'ghcr.io/converged-computing/flux-view-ubuntu:tag-jammy',
        name: 'flux-installer',
        volumeMounts: [
          { mountPath: '/mnt/flux', name: 'flux-install' },
          { mountPath: '/etc/flux-config', name: 'lammps-flux-entrypoint', readOnly: true },
        ],
      },
    ]);
    expect(jobOf(jobSet, 'node').template?.spec).toMatchObject({ parallelism: 2, completions: 2 });
  });

  it('keeps the runtime command when the TrainJob sets none', () => {
    const { jobSet } = renderFlux({ numNodes: 1 });
    expect(containerOf(jobSet, 'node', 'node').command).toEqual([
      '/bin/bash',
      '/etc/flux-config/entrypoint.sh',
      'lmp',
    ]);
  });

  it('renders the R encode resources, main host and flux flags', () => {
    const cpu = renderFlux({ numNodes: 2, numProcPerNode: 4 });
    expect(cpu.entrypoint).toContain('flux R encode --hosts=${hosts} --cores=0-3 > /tmp/R\n');
    expect(cpu.entrypoint).toContain('mainHost="lammps-node-0-0"\n');
    expect(cpu.entrypoint).toContain('flags="-N 2 -n 8  "\n');
    const gpu = renderFlux({ numNodes: 3, resourcesPerNode: { limits: { 'nvidia.com/gpu': '2' } } });
    expect(gpu.entrypoint).toContain('--cores=0 --gpu=0-1 > /tmp/R');
    expect(gpu.entrypoint).toContain('flags="-N 3 -n 3 -g 2  "');
  });

  it('renders init.sh with the host list and the broker configuration', () => {
    const { init } = renderFlux({ numNodes: 4 }, [{ name: 'FLUX_NETWORK_DEVICE', value: 'eth1' }]);
    expect(init).toContain('#!/bin/sh\nfluxroot=/opt/view\nmainHost=lammps-node-0-0\n');
    expect(init).toContain('hosts="lammps-node-0-[0-3]"\n');
    expect(init).toContain('default_bind = "tcp://eth1:%p"\n');
    expect(init).toContain('default_connect = "tcp://%h.lammps.default.svc.cluster.local:%p"\n');
    expect(init).toContain('{ host="lammps-node-0-[0-3]"},\n');
    expect(init).toContain('queue-policy = "fcfs"\n');
  });

  it('lets the TrainJob env override the runtime env for settings', () => {
    const { jobSet } = renderFlux(
      { numNodes: 1, env: [{ name: 'FLUX_VIEW_IMAGE', value: 'custom/view:1' }] },
      [{ name: 'FLUX_VIEW_IMAGE', value: 'runtime/view:1' }],
    );
    expect(jobOf(jobSet, 'node').template?.spec?.template?.spec?.initContainers?.[0]?.image).toBe(
      'custom/view:1',
    );
  });

  it('derives the CURVE certificate from the TrainJob UID', () => {
    const { objects } = renderFlux({ numNodes: 1 });
    const secret = objectOf(objects, 'Secret');
    const cert = Buffer.from(
      (secret.data as Record<string, string>)['curve.cert'] ?? '',
      'base64',
    ).toString();
    expect(cert).toBe(curveCertificate('lammps', 'lammps-uid'));
    expect(cert).toMatch(
      /^# {2}ZeroMQ CURVE Secret Certificate\n# {2}Generated by Kubeflow Trainer\n\nmetadata\n {4}name = "lammps"\ncurve\n {4}public-key = ".{40}"\n {4}secret-key = ".{40}"\n$/,
    );
    expect(curveCertificate('lammps', 'other-uid')).not.toBe(cert);
  });

  it('requires numNodes', () => {
    expect(() => renderFlux({})).toThrow(RenderError);
  });
});

describe('Flux helpers', () => {
  it('Z85 matches the ZeroMQ RFC 32 test vector and rejects odd lengths', () => {
    expect(encodeZ85(Buffer.from([0x86, 0x4f, 0xd2, 0x6f, 0xb5, 0x59, 0xf7, 0x5b]))).toBe('HelloWorld');
    expect(encodeZ85(new Uint8Array(4))).toBe('00000');
    expect(encodeZ85(new Uint8Array(3))).toBe('');
  });

  it('X25519 matches the RFC 7748 test vector', () => {
    const secret = Buffer.from('77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a', 'hex');
    expect(x25519PublicKey(secret).toString('hex')).toBe(
      '8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a',
    );
  });

  const ranges: Record<string, [number, string]> = { 'single node': [1, '0'], 'four nodes': [4, '0-3'] };
  for (const [name, [size, want]] of Object.entries(ranges)) {
    it(`range for ${name}`, () => expect(fluxRange(size)).toBe(want));
  }
});
