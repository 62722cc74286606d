// SPDX-License-Identifier: Apache-2.0
// The ranges of the integer formats, as kube-openapi checks a number against its schema's format
// (IsValueValidAgainstRange: the value must convert to the Go type the format names).

/** The integer formats with a range, and the range of each. */
const RANGES: Readonly<Record<string, readonly [number, number]>> = {
  int32: [-(2 ** 31), 2 ** 31 - 1],
  // 2^63 - 1 is not a double; every double below 2^63 fits an int64.
  int64: [-(2 ** 63), 2 ** 63],
};

/** True when `value` is an integer that the Go type of `format` (`int32`, `int64`) can hold. */
export function fitsIntegerFormat(format: 'int32' | 'int64', value: number): boolean {
  const [min, max] = RANGES[format] ?? [-Infinity, Infinity];
  if (!Number.isInteger(value)) return true; // the type check reports fractions
  return format === 'int64' ? value >= min && value < max : value >= min && value <= max;
}

/** The message kube-openapi gives a number out of its format's range (reported at the object itself). */
export function integerFormatMessage(format: string, bodyPath: string): string {
  return `Checked value must be of type integer with format ${format} in ${bodyPath}`;
}

/** True for a whole number no int64 holds: the API server decodes it as a float64. */
export function isBeyondInt64(value: number): boolean {
  return Number.isInteger(value) && (value >= 2 ** 63 || value < -(2 ** 63));
}
