// SPDX-License-Identifier: Apache-2.0
import * as api from './index.js';

describe('package api', () => {
  it('loads as an ES module', () => {
    expect(typeof api).toBe('object');
  });
});
