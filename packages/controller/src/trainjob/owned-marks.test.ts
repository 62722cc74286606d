// SPDX-License-Identifier: Apache-2.0
import { appliedHashOf, markOwned } from './owned-marks.js';

describe('markOwned', () => {
  const object = (kind: string) => ({
    apiVersion: 'v1',
    kind,
    metadata: { name: 'x', namespace: 'ns', labels: { a: 'b' }, annotations: { c: 'd' } },
  });
  it('labels ConfigMaps, Secrets and Jobs with the TrainJob and annotates the hash', () => {
    for (const kind of ['ConfigMap', 'Secret', 'Job']) {
      const marked = markOwned(object(kind), 'tj', 'h1');
      expect(marked.metadata.labels).toEqual({ a: 'b', 'kubetrain.dev/trainjob-name': 'tj' });
      expect(appliedHashOf(marked)).toBe('h1');
    }
  });
  it('annotates other kinds without labelling them, and leaves the input as it was', () => {
    const input = object('JobSet');
    const marked = markOwned(input, 'tj', 'h2');
    expect(marked.metadata.labels).toEqual({ a: 'b' });
    expect(marked.metadata.annotations).toEqual({ c: 'd', 'kubetrain.dev/applied-hash': 'h2' });
    expect(input.metadata.annotations).toEqual({ c: 'd' });
  });
});
