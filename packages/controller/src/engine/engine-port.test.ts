// SPDX-License-Identifier: Apache-2.0
import { makeClusterTrainingRuntime, makeTrainJob } from '@kubetrain/testing';
import { stringify } from 'yaml';
import { buildSnapshot, createEngine } from './engine-port.js';

const snapshotText = (d: ReturnType<typeof buildSnapshot>): string =>
  (d.object as unknown as { data: { runtime: string } }).data.runtime;

describe('buildSnapshot', () => {
  const job = (name: string) =>
    makeTrainJob('team-a', name).uid(`uid-${name}`).runtimeRef('torch-distributed').obj();

  it('writes the YAML of the runtime it is given, for each TrainJob of the same runtime', () => {
    const runtime = makeClusterTrainingRuntime('torch-distributed').numNodes(2).obj();
    const first = buildSnapshot(job('a'), runtime);
    const second = buildSnapshot(job('b'), runtime);
    expect(snapshotText(first)).toBe(stringify(runtime));
    expect(snapshotText(second)).toBe(stringify(runtime));
    expect(first.key.name).not.toBe(second.key.name);
  });

  it('an updated runtime (a new object, as the stores hold it) is written anew', () => {
    const before = makeClusterTrainingRuntime('torch-distributed').numNodes(2).obj();
    const after = makeClusterTrainingRuntime('torch-distributed').numNodes(4).obj();
    expect(snapshotText(buildSnapshot(job('a'), before))).toBe(stringify(before));
    const text = snapshotText(buildSnapshot(job('b'), after));
    expect(text).toBe(stringify(after));
    expect(text).not.toBe(stringify(before));
  });
});

describe('createEngine: the gate TrainJobStatus', () => {
  const config = {
    statusServer: { port: 10443 },
    certManagement: { webhookServiceName: 'kubeflow-trainer-controller-manager', webhookSecretName: 'cert' },
  };
  const runtime = makeClusterTrainingRuntime('torch-distributed').numNodes(1).obj();
  const trainJob = makeTrainJob('team-a', 'a').uid('uid-a').runtimeRef('torch-distributed').obj();
  const cases: Record<string, { gate: boolean; wantReads: string[]; wantKinds: string[] }> = {
    'off: no CA read, no ConfigMap': { gate: false, wantReads: [], wantKinds: ['JobSet'] },
    'on: the Secret of the configuration in the operator namespace, and its ConfigMap': {
      gate: true,
      wantReads: ['ops/cert'],
      wantKinds: ['JobSet', 'ConfigMap'],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const reads: string[] = [];
      const engine = createEngine({
        config,
        featureGates: { TrainJobStatus: tc.gate },
        operatorNamespace: 'ops',
        readSecret: async (namespace, secret) => {
          reads.push(`${namespace}/${secret}`);
          return { data: { 'ca.crt': Buffer.from('PEM').toString('base64') } };
        },
      });
      const statusServerCA = await engine.statusServerCA?.();
      const rendered = engine.render(trainJob, runtime, statusServerCA ? { statusServerCA } : {});
      expect(reads).toEqual(tc.wantReads);
      expect(rendered.desired.map((d) => d.object.kind)).toEqual(tc.wantKinds);
      expect(rendered.desired.find((d) => d.object.kind === 'ConfigMap')?.policy).toBe(
        tc.gate ? 'always' : undefined,
      );
    });
  }
});
