// SPDX-License-Identifier: Apache-2.0
// How a time is written in an object: metav1.Time marshals RFC 3339 with seconds, in UTC.

/** `date` as metav1.Time writes it: RFC 3339 in UTC with whole seconds (`2026-01-02T03:04:05Z`). */
export function formatMetaTime(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
