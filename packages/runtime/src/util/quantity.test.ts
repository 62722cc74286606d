// SPDX-License-Identifier: Apache-2.0
import {
  addQuantities,
  formatQuantity,
  parseQuantity,
  QuantityParseError,
  quantityValue,
  scaleQuantity,
  addToResourceList,
  formatResourceList,
  type Quantity,
} from './quantity.js';

describe('quantity', () => {
  const values: Record<string, [string | number, number]> = {
    '2': ['2', 2],
    '2.5 rounds up': ['2.5', 3],
    '2500m rounds up': ['2500m', 3],
    '0.7 rounds up': ['0.7', 1],
    '3.7 rounds up': ['3.7', 4],
    '1Ki': ['1Ki', 1024],
    '1e3': ['1e3', 1000],
    'number input': [4, 4],
  };
  for (const [name, [text, want]] of Object.entries(values)) {
    it(`value of ${name}`, () => expect(quantityValue(parseQuantity(text))).toBe(want));
  }

  const canonical: Record<string, [string[], number, string]> = {
    'milli sum': [['500m', '750m'], 1, '1250m'],
    'decimal to kilo': [['2000'], 1, '2k'],
    'binary stays binary': [['512Mi', '2Gi'], 1, '2560Mi'],
    'binary scaled': [['1Gi'], 4, '4Gi'],
    'fractional decimal': [['1.5'], 1, '1500m'],
    zero: [['0'], 1, '0'],
  };
  for (const [name, [parts, factor, want]] of Object.entries(canonical)) {
    it(`canonical form: ${name}`, () =>
      expect(
        formatQuantity(scaleQuantity(addQuantities(...parts.map((p) => parseQuantity(p))), factor)),
      ).toBe(want));
  }

  it('rejects malformed text', () => {
    expect(() => parseQuantity('abc')).toThrow(QuantityParseError);
    expect(() => parseQuantity('')).toThrow(QuantityParseError);
  });

  it('sums a resource list and prints it with sorted names', () => {
    const list = new Map<string, Quantity>();
    addToResourceList(list, 'memory', parseQuantity('1Gi'));
    addToResourceList(list, 'cpu', parseQuantity('500m'));
    addToResourceList(list, 'memory', parseQuantity('512Mi'));
    expect(formatResourceList(list)).toEqual({ cpu: '500m', memory: '1536Mi' });
    expect(Object.keys(formatResourceList(list))).toEqual(['cpu', 'memory']);
  });
});
