// SPDX-License-Identifier: Apache-2.0
// The contract between the HTTPS server and the admission logic of one webhook.

import type { AdmissionOutcome, AdmissionRequest } from './admission-review.js';

/** Decides one decoded admission request. May throw: the server turns a throw into an error answer. */
export type AdmissionHandler = (request: AdmissionRequest) => Promise<AdmissionOutcome>;

/** The RFC 3339 time, in seconds as metav1.Time marshals, of `date`. */
export function rfc3339Seconds(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, 'Z');
}
