// SPDX-License-Identifier: Apache-2.0
import { makeClusterTrainingRuntime, makeTrainJob } from '@kubetrain/testing';
import { stringify } from 'yaml';
import { buildSnapshot } from './engine-port.js';

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
