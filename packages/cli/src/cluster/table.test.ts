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
  it('escapes each cell, and aligns on the escaped text', () => {
    expect(formatTable(['NAME', 'MESSAGE'], [['a\nb', '\u001b[2Jgone']])).toBe(
      'NAME   MESSAGE\na\\nb   \\x1b[2Jgone\n',
    );
  });
  it('prints the header alone when there are no rows', () => {
    expect(formatTable(['NAME', 'AGE'], [])).toBe('NAME   AGE\n');
  });
});
