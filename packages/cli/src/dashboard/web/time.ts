// SPDX-License-Identifier: Apache-2.0
// Ages and durations on the page, in kubectl's units (45s, 3m12s, 2h5m, 4d3h).

const UNITS: readonly [string, number][] = [
  ['d', 86_400],
  ['h', 3_600],
  ['m', 60],
  ['s', 1],
];

/** `seconds` in its two largest units (`3m12s`); seconds alone below two minutes. */
export function shortDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  let rest = Math.max(0, Math.floor(seconds));
  if (rest < 120) return `${rest}s`;
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    if (parts.length === 2) break;
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0 || parts.length > 0) parts.push(n > 0 ? `${n}${unit}` : '');
  }
  return parts.join('');
}

/** The time from `since` (RFC 3339) to `nowMs`, or '' when `since` is empty. */
export function since(time: string, nowMs: number): string {
  if (!time) return '';
  return shortDuration((nowMs - Date.parse(time)) / 1000);
}

/** How long a job ran: from its start to its end (or now). */
export function runDuration(started: string, finished: string, nowMs: number): string {
  if (!started) return '';
  const end = finished ? Date.parse(finished) : nowMs;
  return shortDuration((end - Date.parse(started)) / 1000);
}
