// SPDX-License-Identifier: Apache-2.0
// Percentiles and ratios for the benchmark report.

/** The `p`-quantile (0..1) of `values` by the nearest-rank method; NaN for no values. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] ?? NaN;
}

/** The median of `values` (the mean of the middle two for an even count); NaN for no values. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** `value / baseline`, NaN when either is missing or the baseline is 0. */
export function ratio(value: number | undefined, baseline: number | undefined): number {
  if (
    value === undefined ||
    baseline === undefined ||
    !Number.isFinite(value) ||
    !Number.isFinite(baseline)
  ) {
    return NaN;
  }
  if (baseline === 0) return value === 0 ? 1 : NaN;
  return value / baseline;
}
