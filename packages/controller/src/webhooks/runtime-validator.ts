// SPDX-License-Identifier: Apache-2.0
// The TrainingRuntime and ClusterTrainingRuntime validating webhooks: the engine's runtime rules
// (which skip runtimes labelled `trainer.kubeflow.org/webhook-validation: disabled`, as the
// configuration's objectSelector does), denials as controller-runtime's `Denied`.

import { formatFieldErrors } from '@kubetrain/api';
import { validateRuntimeAdmission, type RuntimeInput } from '@kubetrain/runtime';
import { allowed, denied, errored } from './admission-review.js';
import type { AdmissionHandler } from './handler.js';

/** The runtime validator (one for both kinds: the rules read the object's kind). */
export function runtimeValidator(): AdmissionHandler {
  return async (request) => {
    if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed();
    if (request.object === undefined) return errored(400, 'there is no content to decode');
    const old = request.operation === 'UPDATE' ? (request.oldObject as RuntimeInput | undefined) : undefined;
    const result = validateRuntimeAdmission(old, request.object as unknown as RuntimeInput);
    if (result.errors.length > 0) return denied(formatFieldErrors(result.errors), result.warnings);
    return allowed(result.warnings);
  };
}
