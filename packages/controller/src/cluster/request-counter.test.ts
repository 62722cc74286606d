// SPDX-License-Identifier: Apache-2.0
import { requestVerb } from './request-counter.js';

describe('requestVerb', () => {
  const cases: Record<
    string,
    { method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'; contentType?: string; want: string }
  > = {
    'server-side apply': { method: 'PATCH', contentType: 'application/apply-patch+yaml', want: 'APPLY' },
    'merge patch': { method: 'PATCH', contentType: 'application/merge-patch+json', want: 'PATCH' },
    create: { method: 'POST', want: 'POST' },
    read: { method: 'GET', want: 'GET' },
    delete: { method: 'DELETE', want: 'DELETE' },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () =>
      expect(
        requestVerb({ method: tc.method, ...(tc.contentType ? { contentType: tc.contentType } : {}) }),
      ).toBe(tc.want),
    );
  }
});
