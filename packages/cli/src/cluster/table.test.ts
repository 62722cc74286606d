// SPDX-License-Identifier: Apache-2.0
import { formatTable } from './table.js';

describe('formatTable', () => {
  it('aligns columns with three spaces and trims the last', () => {
    expect(
      formatTable(
        ['NAME', 'STATE'],
        [
          ['a-long-name', 'Running'],
          ['b', 'Complete'],
        ],
      ),
    ).toBe('NAME          STATE\na-long-name   Running\nb             Complete\n');
  });
  it('prints the header alone when there are no rows', () => {
    expect(formatTable(['NAME', 'AGE'], [])).toBe('NAME   AGE\n');
  });
});
