// SPDX-License-Identifier: Apache-2.0
import { parse, stringify } from 'yaml';
import { torchRuntime, trainJob } from '@kubetrain/testing';
import type { KubeObject } from '../types.js';
import {
  buildRuntimeSnapshot,
  readRuntimeSnapshot,
  RuntimeSnapshotError,
  runtimeSnapshotName,
} from './runtime-snapshot.js';

describe('runtimeSnapshotName', () => {
  const cases: Record<string, { name: string | undefined; want: string }> = {
    'the TrainJob name and -runtime-snapshot': { name: 'tj', want: 'tj-runtime-snapshot' },
    'no name': { name: undefined, want: '-runtime-snapshot' },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () =>
      expect(runtimeSnapshotName({ metadata: { ...(tc.name === undefined ? {} : { name: tc.name }) } })).toBe(
        tc.want,
      ),
    );
});

const job = trainJob('j', 'torch-distributed', {});
const runtime = torchRuntime();

describe('runtime snapshot', () => {
  it('round-trips the runtime through the owned ConfigMap', () => {
    const cm = buildRuntimeSnapshot(job, runtime, (o) => stringify(o));
    expect(cm.metadata).toMatchObject({ name: 'j-runtime-snapshot', namespace: 'default' });
    expect(cm.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'TrainJob',
      uid: 'j-uid',
      controller: true,
    });
    expect(cm.metadata.labels).toBeUndefined();
    expect(readRuntimeSnapshot(job, cm, parse)).toEqual(runtime);
  });

  const bad: Record<string, [(cm: KubeObject) => KubeObject, string]> = {
    'another owner': [
      (cm) => ({ ...cm, metadata: { ...cm.metadata, ownerReferences: [] } }),
      'invalid runtime snapshot: a snapshot configmap exists but is owned by another object',
    ],
    'no runtime key': [
      (cm) => ({ ...cm, data: {} }),
      'invalid runtime snapshot: snapshot ConfigMap missing "runtime" data key',
    ],
    'wrong runtime': [
      (cm) => ({ ...cm, data: { runtime: stringify({ ...runtime, metadata: { name: 'other' } }) } }),
      'invalid runtime snapshot: the snapshot refers to the wrong runtime: expecting a runtime with name, api group and kind of "torch-distributed", "trainer.kubeflow.org", "ClusterTrainingRuntime" but found runtime with name, api group and kind of "other", "trainer.kubeflow.org", "ClusterTrainingRuntime"',
    ],
  };
  for (const [name, [mutate, message]] of Object.entries(bad)) {
    it(`rejects ${name}`, () => {
      const cm = mutate(buildRuntimeSnapshot(job, runtime, (o) => stringify(o)));
      expect(() => readRuntimeSnapshot(job, cm, parse)).toThrow(new RuntimeSnapshotError(message));
    });
  }

  it('reports a snapshot that does not parse', () => {
    const cm = buildRuntimeSnapshot(job, runtime, () => 'x');
    expect(() =>
      readRuntimeSnapshot(job, cm, () => {
        throw new Error('boom');
      }),
    ).toThrow('invalid runtime snapshot: unable to unmarshal the snapshot: boom');
  });

  it('matches any group and kind when the runtimeRef leaves them unset', () => {
    const loose = trainJob('j', 'torch-distributed', {});
    loose.spec.runtimeRef = { name: 'torch-distributed' };
    const cm = buildRuntimeSnapshot(loose, runtime, (o) => stringify(o));
    expect(readRuntimeSnapshot(loose, cm, parse).metadata.name).toBe('torch-distributed');
  });
});
