// SPDX-License-Identifier: Apache-2.0
import { AppliedHashes } from './applied-hashes.js';

describe('AppliedHashes', () => {
  it('remembers per TrainJob uid and object, and forgets', () => {
    const h = new AppliedHashes();
    h.set('ns/a', 'u1', 'JobSet/ns/a', 'h1');
    expect(h.get('ns/a', 'u1', 'JobSet/ns/a')).toBe('h1');
    expect(h.get('ns/a', 'u1', 'ConfigMap/ns/a')).toBeUndefined();
    expect(h.get('ns/a', 'u2', 'JobSet/ns/a')).toBeUndefined();
    h.set('ns/a', 'u2', 'ConfigMap/ns/a', 'h2');
    expect(h.get('ns/a', 'u2', 'JobSet/ns/a')).toBeUndefined();
    expect(h.get('ns/a', 'u2', 'ConfigMap/ns/a')).toBe('h2');
    h.forget('ns/a');
    expect(h.size).toBe(0);
  });
});
