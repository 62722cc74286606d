// SPDX-License-Identifier: Apache-2.0
/**
 * `metav1.MicroTime` text: RFC 3339 with exactly six fractional digits. The API server rejects
 * a Lease `renewTime` / `acquireTime` (or an events.k8s.io `eventTime`) with three digits, which
 * is what `Date#toISOString()` gives.
 */

/** Formats `ms` since the epoch as MicroTime, e.g. `2026-12-01T10:00:00.123000Z`. */
export function formatMicroTime(ms: number): string {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, -1)}000Z`;
}

/** Parses MicroTime (or any RFC 3339 time) to ms since the epoch; NaN when it is not a time. */
export function parseMicroTime(text: string | undefined): number {
  return text === undefined ? NaN : Date.parse(text);
}
