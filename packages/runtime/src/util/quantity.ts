// SPDX-License-Identifier: Apache-2.0
// Kubernetes resource quantities (apimachinery `resource.Quantity`), exact to the nano unit:
// parse, add, scale, compare, round up to an integer, and print in canonical form.

import { EngineError } from '../framework/errors.js';

/** How a quantity prints: decimal SI suffixes, binary suffixes, or a decimal exponent. */
type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

/** A parsed quantity: its value in nano units (value × 10⁹) and its print format. */
export interface Quantity {
  readonly nanos: bigint;
  readonly format: QuantityFormat;
}

/** A quantity text that does not parse. */
export class QuantityParseError extends EngineError {}

const NANO = 1_000_000_000n;

const decimalSuffixes: Record<string, number> = {
  n: -9,
  u: -6,
  m: -3,
  '': 0,
  k: 3,
  M: 6,
  G: 9,
  T: 12,
  P: 15,
  E: 18,
};
const binarySuffixes: Record<string, number> = { Ki: 10, Mi: 20, Gi: 30, Ti: 40, Pi: 50, Ei: 60 };

const pattern = /^([+-]?)(\d*)(?:\.(\d*))?(?:(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE])|[eE]([+-]?\d+))?$/;

function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a > 0n === b > 0n ? q + 1n : q;
}

/**
 * Parses a quantity (`2`, `2.5`, `2500m`, `4Gi`, `1e3`, or a JSON number). Digits below one nano
 * unit round up, as Kubernetes does. Throws {@link QuantityParseError} on malformed text.
 */
export function parseQuantity(text: string | number): Quantity {
  const s = typeof text === 'number' ? String(text) : text.trim();
  const m = pattern.exec(s);
  if (m === null || ((m[2] ?? '') === '' && (m[3] ?? '') === '')) {
    throw new QuantityParseError(`quantities must match the regular expression: ${JSON.stringify(s)}`);
  }
  const negative = m[1] === '-';
  const whole = m[2] ?? '';
  const frac = m[3] ?? '';
  const suffix = m[4];
  const exponentText = m[5];
  let format: QuantityFormat = 'DecimalSI';
  let numerator = BigInt(`${whole}${frac}` || '0');
  let denominator = 10n ** BigInt(frac.length);
  if (suffix !== undefined && suffix in binarySuffixes) {
    format = 'BinarySI';
    numerator *= 2n ** BigInt(binarySuffixes[suffix] ?? 0);
  } else {
    let exp: number;
    if (exponentText !== undefined) {
      format = 'DecimalExponent';
      exp = Number(exponentText);
    } else {
      exp = decimalSuffixes[suffix ?? ''] ?? 0;
    }
    if (exp >= 0) numerator *= 10n ** BigInt(exp);
    else denominator *= 10n ** BigInt(-exp);
  }
  let nanos = ceilDiv(numerator * NANO, denominator);
  if (negative) nanos = -nanos;
  return { nanos, format };
}

/** Sums quantities; the result keeps the format of the first (zero DecimalSI if empty). */
export function addQuantities(...qs: Quantity[]): Quantity {
  let nanos = 0n;
  for (const q of qs) nanos += q.nanos;
  return { nanos, format: qs[0]?.format ?? 'DecimalSI' };
}

/** Multiplies a quantity by an integer. */
export function scaleQuantity(q: Quantity, factor: number): Quantity {
  return { nanos: q.nanos * BigInt(factor), format: q.format };
}

/** Compares two quantities: negative, zero or positive. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** The integer value rounded up (`Quantity.Value()`): `2.5` → 3, `2500m` → 3, `0.7` → 1. */
export function quantityValue(q: Quantity): number {
  return Number(ceilDiv(q.nanos, NANO));
}

function formatDecimal(nanos: bigint, format: QuantityFormat): string {
  const sign = nanos < 0n ? '-' : '';
  let amount = nanos < 0n ? -nanos : nanos;
  if (amount === 0n) return '0';
  let exp = -9;
  while (amount % 1000n === 0n && exp < 18) {
    amount /= 1000n;
    exp += 3;
  }
  if (format === 'DecimalExponent') return `${sign}${amount}${exp === 0 ? '' : `e${exp}`}`;
  const suffix = Object.entries(decimalSuffixes).find(([, e]) => e === exp)?.[0] ?? '';
  return `${sign}${amount}${suffix}`;
}

/**
 * Prints a quantity in Kubernetes' canonical form: the largest suffix that keeps an integer
 * mantissa (`1250m`, `2k`, `2560Mi`). Binary values that are not whole or below 1024 print as
 * decimal, as upstream.
 */
export function formatQuantity(q: Quantity): string {
  if (q.format === 'BinarySI' && q.nanos % NANO === 0n) {
    const units = q.nanos / NANO;
    const abs = units < 0n ? -units : units;
    if (abs >= 1024n) {
      let amount = abs;
      let shift = 0;
      while (amount % 1024n === 0n && shift < 60) {
        amount /= 1024n;
        shift += 10;
      }
      const suffix = Object.entries(binarySuffixes).find(([, e]) => e === shift)?.[0] ?? '';
      return `${units < 0n ? '-' : ''}${amount}${suffix}`;
    }
  }
  return formatDecimal(q.nanos, q.format === 'BinarySI' ? 'DecimalSI' : q.format);
}

/** Adds `q` to the quantity of resource `name` in `list` (a resource list being summed). */
export function addToResourceList(list: Map<string, Quantity>, name: string, q: Quantity): void {
  const prev = list.get(name);
  list.set(name, prev === undefined ? q : addQuantities(prev, q));
}

/** A summed resource list as Kubernetes prints one: canonical quantities, resource names sorted. */
export function formatResourceList(list: ReadonlyMap<string, Quantity>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of [...list.keys()].sort()) out[name] = formatQuantity(list.get(name) as Quantity);
  return out;
}
