// SPDX-License-Identifier: Apache-2.0
import { render } from '../../engine.js';
import { PluginError, RenderError } from '../../framework/errors.js';
import {
  clusterRuntime,
  containerOf,
  jobOf,
  objectOf,
  replicatedJob,
  thrownBy,
  trainJob,
} from '@kubetrain/testing';
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

/**
 * The script's lines with earlier plain assignments substituted (runs of whitespace made one space), so tests check
 * the commands a script runs whatever variable names and layout its text uses. Values from command
 * substitution, `$@` or `$?` stay unexpanded, as do variables first set from their own unknown
 * value (`PATH=$PATH:...`).
 */
function expandScript(script: string): string[] {
  const vars = new Map<string, string>();
  const expand = (text: string): string =>
    text.replace(
      /\$\{(\w+)\}|\$(\w+)/g,
      (ref, braced?: string, bare?: string) => vars.get(braced ?? bare ?? '') ?? ref,
    );
  return script
    .replace(/\\\n/g, '')
    .split('\n')
    .map((raw) => {
      const line = expand(raw.trim()).replace(/\s+/g, ' ');
      const [, key = '', value = ''] = /^(?:export )?(\w+)=(.*)$/.exec(raw.trim()) ?? [];
      const dynamic = ['$(', '$@', '$?'].some((s) => value.includes(s));
      const unknownSelf = !vars.has(key) && new RegExp(`\\$\\{?${key}\\b`).test(value);
      if (key !== '' && !dynamic && !unknownSelf) vars.set(key, expand(value).replace(/^"(.*)"$/, '$1'));
      return line;
    });
}

/** The broker configuration `init.sh` writes, as `section.key` → raw TOML value. */
function brokerSettings(init: string): Record<string, string> {
  const body = /<< EOT >> \S+\/broker\.toml\n([\s\S]*?)\nEOT\n/.exec(init)?.[1] ?? '';
  const settings: Record<string, string> = {};
  let section = '';
  let open = '';
  for (const line of body.split('\n').map((l) => l.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const header = /^\[([\w-]+)\]$/.exec(line);
    if (header) section = header[1] ?? '';
    else if (open !== '') {
      settings[open] += line;
      if (line === ']') open = '';
    } else {
      const [key = '', value = ''] = line.split(/\s*=\s*(.*)/);
      settings[`${section}.${key}`] = value;
      if (value === '[') open = `${section}.${key}`;
    }
  }
  return settings;
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

  it('starts both scripts with the shebang and fills every substitution point', () => {
    const { entrypoint, init } = renderFlux({ numNodes: 2 });
    for (const script of [entrypoint, init]) {
      expect(script.startsWith('#!/bin/sh\n')).toBe(true);
      expect(script).not.toContain('%s');
      expect(script).not.toContain('Licensed under');
    }
  });

  it('entrypoint.sh prepares the shared view, then starts the lead or a follower broker', () => {
    const { entrypoint } = renderFlux({ numNodes: 2, numProcPerNode: 4 });
    const lines = expandScript(entrypoint);
    console.log(lines.join('\n'));
    const options = [
      '-Scron.directory=/mnt/flux/config/etc/flux/system/cron.d',
      '-Stbon.fanout=256',
      '-Srundir=/mnt/flux/config/run/flux',
      '-Sstatedir=/mnt/flux/config/var/lib/flux',
      '-Slocal-uri=local:///mnt/flux/config/run/flux/local',
      '-Slog-stderr-level=0',
      '-Slog-stderr-mode=local',
    ].join(' ');
    expect(lines).toEqual(
      expect.arrayContaining([
        'export PATH=$PATH:/mnt/flux/view/bin',
        'cp -R /mnt/flux/software/* /opt/software/',
        'export FLUX_RC_EXTRA=/mnt/flux/view/etc/flux/rc1.d',
        'flux module remove sched-simple',
        'flux module load sched-fluxion-resource',
        'flux module load sched-fluxion-qmanager',
        'mv /tmp/load-fluxion.sh /mnt/flux/load-fluxion.sh',
        '#!/bin/bash',
        'export LD_LIBRARY_PATH=${LD_LIBRARY_PATH:-""}:/mnt/flux/view/lib',
        'export fluxsocket=local:///mnt/flux/config/run/flux/local',
        'mv /tmp/flux-view.sh /mnt/flux/flux-view.sh',
        'cp /curve/curve.cert /mnt/flux/config/etc/curve/curve.cert',
        'hosts=$(cat /mnt/flux/config/etc/flux/system/hostlist)',
        'mv /tmp/R /mnt/flux/config/etc/flux/system/R',
        'export STATE_DIR=/mnt/flux/config/var/lib/flux',
        'export FLUX_OUTPUT_DIR=/tmp/fluxout',
        `flux start -o --config /mnt/flux/config/etc/flux/config ${options} flux run -N 2 -n 8 \${command}`,
        `flux broker --config-path /mnt/flux/config/etc/flux/config ${options}`,
        `flux start -o --config /mnt/flux/config/etc/flux/config ${options}`,
        'sleep 15',
        'touch /mnt/flux/flux-operator-complete.txt',
      ]),
    );
    expect(entrypoint).toMatch(/^command="\$@"$/m);
    expect(entrypoint).toMatch(/-path \$\{?\w+\}?\/lib\/python3\*/);
    expect(entrypoint).toMatch(/PYTHONPATH=\$\{PYTHONPATH:-""\}:\$\{\w+\}\/site-packages$/m);
    const uid = /(\w+)=\$\(id -u \$\{?(\w+)\}?\)/.exec(entrypoint);
    expect(entrypoint).toMatch(new RegExp(`^${uid?.[2]}=\\$\\(whoami\\)$`, 'm'));
    expect(lines).toContain(`chown -R \${${uid?.[1]}} /mnt/flux/config/etc/curve/curve.cert`);
    expect(lines.some((l) => /^if \[ "\$\(hostname\)" = "lammps-node-0-0" \]/.test(l))).toBe(true);
    // The completion marker comes last, so the script's exit status is that of touch.
    expect(lines.filter((l) => l !== '').at(-1)).toBe('touch /mnt/flux/flux-operator-complete.txt');
  });

  it('init.sh lays out /mnt/flux/config and copies the view into the shared volume', () => {
    const { init } = renderFlux({ numNodes: 4 });
    const lines = expandScript(init);
    const made = lines.filter((l) => l.startsWith('mkdir -p ')).flatMap((l) => l.split(' ').slice(2));
    expect(made).toEqual(
      expect.arrayContaining([
        '/opt/view/bin',
        '/mnt/flux/config/etc/flux/system/cron.d',
        '/mnt/flux/config/etc/flux/config',
        '/mnt/flux/config/etc/curve',
        '/mnt/flux/config/var/lib/flux',
        '/mnt/flux/config/run/flux',
        '/mnt/flux/view',
      ]),
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        'export fluxroot',
        'export PATH=/opt/view/bin:$PATH',
        'echo "lammps-node-0-[0-3]" > /mnt/flux/config/etc/flux/system/hostlist',
        'cat << EOT >> /mnt/flux/config/etc/flux/config/broker.toml',
        'cat /mnt/flux/config/etc/flux/config/broker.toml',
        'cp -R /opt/software /mnt/flux/',
        'touch /mnt/flux/flux-operator-done.txt',
      ]),
    );
    // The Spack view is the one entry under /opt/views/._view/; its content goes to the shared view.
    expect(init).toContain('$(ls /opt/views/._view/)');
    expect(lines.some((l) => /^cp -R \S+\/\* \/mnt\/flux\/view$/.test(l))).toBe(true);
  });

  it('init.sh writes the whole broker configuration', () => {
    const { init } = renderFlux({ numNodes: 2 }, [{ name: 'FLUX_QUEUE_POLICY', value: 'easy' }]);
    expect(brokerSettings(init)).toEqual({
      'access.allow-guest-user': 'true',
      'access.allow-root-owner': 'true',
      'resource.path': '"/mnt/flux/config/etc/flux/system/R"',
      'bootstrap.curve_cert': '"/mnt/flux/config/etc/curve/curve.cert"',
      'bootstrap.default_port': '8050',
      'bootstrap.default_bind': '"tcp://eth0:%p"',
      'bootstrap.default_connect': '"tcp://%h.lammps.default.svc.cluster.local:%p"',
      'bootstrap.hosts': '[{ host="lammps-node-0-[0-1]"},]',
      'archive.dbpath': '"/mnt/flux/config/var/lib/flux/job-archive.sqlite"',
      'archive.period': '"1m"',
      'archive.busytimeout': '"50s"',
      'sched-fluxion-qmanager.queue-policy': '"easy"',
    });
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
    expect(() => renderFlux({})).toThrow(PluginError);
    expect((thrownBy(() => renderFlux({})) as Error).cause).toBeInstanceOf(RenderError);
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
