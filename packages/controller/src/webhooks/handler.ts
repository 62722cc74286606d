// SPDX-License-Identifier: Apache-2.0
// The contract between the HTTPS server and the admission logic of one webhook.

import type { AdmissionOutcome, AdmissionRequest } from './admission-review.js';

/** Decides one decoded admission request. May throw: the server turns a throw into an error answer. */
export type AdmissionHandler = (request: AdmissionRequest) => Promise<AdmissionOutcome>;
