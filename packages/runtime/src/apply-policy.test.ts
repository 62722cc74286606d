// SPDX-License-Identifier: Apache-2.0
// The apply policies of every kind the engine renders, and the kinds the controller watches, against
// upstream's behaviour (api-and-controller.md §7.1, §7.3, §7.8; plugins-and-runtimes.md §2.4, §2.8,
// §2.9, §2.10).

import { stringify } from 'yaml';
import { desiredRuntimeSnapshot } from './core/runtime-snapshot.js';
import { render } from './engine.js';
import type { DesiredObject } from './framework/desired.js';
import { watchedKinds, type ApplyPolicy } from './framework/kinds.js';
import { defaultPlugins } from './plugins/registry.js';
import { clusterRuntime, replicatedJob, torchRuntime, trainJob, upstreamRuntimes } from '@kubetrain/testing';
import type { TrainingRuntime } from './types.js';

/** Upstream's apply behaviour per rendered object, by `<group>/<kind> <name without the TrainJob name>`. */
const upstreamPolicies: Record<string, ApplyPolicy> = {
  // JobSet Build: not re-applied when both the TrainJob and the JobSet are unsuspended.
  'jobset.x-k8s.io/JobSet ': 'whileAbsentOrSuspended',
  // CoScheduling / Volcano Build: skipped when the PodGroup exists and the TrainJob is not suspended.
  'scheduling.x-k8s.io/PodGroup ': 'whileAbsentOrSuspended',
  'scheduling.volcano.sh/PodGroup ': 'whileAbsentOrSuspended',
  // MPI Build: the Secret only when it does not exist; the hostfile on every reconcile.
  '/Secret -mpi-ssh-auth': 'createOnly',
  '/ConfigMap -mpi-hostfile': 'always',
  // Flux Build: both objects on every reconcile.
  '/ConfigMap -flux-entrypoint': 'always',
  '/Secret -flux-curve': 'always',
  // The runtime snapshot: created once, never updated.
  '/ConfigMap -runtime-snapshot': 'createOnly',
};

const job = trainJob('j', 'rt', { numNodes: 2 });
const secrets = { mpiSSHKeyPair: () => ({ privateKey: 'private', publicKey: 'public\n' }) };

function rendered(runtime: TrainingRuntime): DesiredObject[] {
  return render(
    {
      ...job,
      spec: { ...job.spec, runtimeRef: { ...job.spec.runtimeRef, name: runtime.metadata.name ?? '' } },
    },
    runtime,
    { secrets },
  ).desired;
}

function scenarios(): DesiredObject[] {
  const withPolicy = (podGroupPolicy: TrainingRuntime['spec']['podGroupPolicy']): TrainingRuntime => ({
    ...torchRuntime(),
    spec: { ...torchRuntime().spec, podGroupPolicy },
  });
  const flux = clusterRuntime('flux', { mlPolicy: { numNodes: 1, flux: {} } }, [
    replicatedJob('node', [{ name: 'node', image: 'ubuntu', command: ['lmp'] }], 'trainer'),
  ]);
  const runtimes = [
    ...[...upstreamRuntimes().values()].map((r) => r.runtime),
    withPolicy({ coscheduling: {} }),
    withPolicy({ volcano: {} }),
    flux,
  ];
  return [...runtimes.flatMap(rendered), desiredRuntimeSnapshot(job, torchRuntime(), (o) => stringify(o))];
}

describe('apply policies', () => {
  const all = scenarios();
  const keyOf = (d: DesiredObject): string =>
    `${d.key.group}/${d.key.kind} ${d.key.name.slice(job.metadata.name?.length ?? 0)}`;

  it('every kind upstream renders is rendered by some scenario', () => {
    expect([...new Set(all.map(keyOf))].sort()).toEqual(Object.keys(upstreamPolicies).sort());
  });

  it('each rendered object carries upstream’s policy', () => {
    for (const d of all) expect([keyOf(d), d.policy]).toEqual([keyOf(d), upstreamPolicies[keyOf(d)]]);
  });

  it('keys, canonical content and hashes', () => {
    const [jobSet] = render(job, torchRuntime()).desired;
    expect(jobSet?.key).toEqual({
      group: 'jobset.x-k8s.io',
      kind: 'JobSet',
      namespace: 'default',
      name: 'j',
    });
    expect(jobSet?.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(render(job, torchRuntime()).desired[0]?.hash).toBe(jobSet?.hash);
    expect(
      render({ ...job, spec: { ...job.spec, suspend: true } }, torchRuntime()).desired[0]?.hash,
    ).not.toBe(jobSet?.hash);
  });
});

describe('watchedKinds', () => {
  it('lists the kinds upstream watches and owns, plus the PriorityClass read at admission', () => {
    expect(watchedKinds(defaultPlugins())).toEqual([
      { group: '', version: 'v1', kind: 'ConfigMap', resource: 'configmaps', owned: true, watch: true },
      { group: '', version: 'v1', kind: 'LimitRange', resource: 'limitranges', owned: false, watch: true },
      { group: '', version: 'v1', kind: 'Secret', resource: 'secrets', owned: true, watch: true },
      {
        group: 'jobset.x-k8s.io',
        version: 'v1alpha2',
        kind: 'JobSet',
        resource: 'jobsets',
        owned: true,
        watch: true,
      },
      {
        group: 'node.k8s.io',
        version: 'v1',
        kind: 'RuntimeClass',
        resource: 'runtimeclasses',
        owned: false,
        watch: true,
      },
      {
        group: 'scheduling.k8s.io',
        version: 'v1',
        kind: 'PriorityClass',
        resource: 'priorityclasses',
        owned: false,
        watch: false,
      },
      {
        group: 'scheduling.volcano.sh',
        version: 'v1beta1',
        kind: 'PodGroup',
        resource: 'podgroups',
        owned: true,
        watch: true,
      },
      {
        group: 'scheduling.x-k8s.io',
        version: 'v1alpha1',
        kind: 'PodGroup',
        resource: 'podgroups',
        owned: true,
        watch: true,
      },
    ]);
  });

  it('follows the registry: without Volcano and CoScheduling, no PodGroup, LimitRange or RuntimeClass', () => {
    const plugins = defaultPlugins().filter((p) => p.name !== 'Volcano' && p.name !== 'CoScheduling');
    expect(watchedKinds(plugins).map((k) => k.kind)).toEqual(['ConfigMap', 'Secret', 'JobSet']);
  });
});
