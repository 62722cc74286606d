// SPDX-License-Identifier: Apache-2.0
// The TrainingRuntime and ClusterTrainingRuntime validating webhooks: the engine's runtime rules
// (which skip runtimes labelled `trainer.kubeflow.org/webhook-validation: disabled`, as the
// configuration's objectSelector does), denials as controller-runtime's `Denied`.

import { formatFieldErrors, type ValidationResult } from '@kubetrain/api/core';
import { validateRuntimeAdmission, type RuntimeInput } from '@kubetrain/runtime';
import { allowed, denied, errored } from './admission-review.js';
import type { AdmissionHandler } from './handler.js';
import { schemaProblems } from './schema-check.js';

/** The runtime validator (one for both kinds: the rules read the object's kind). */
export function runtimeValidator(): AdmissionHandler {
  return async (request) => {
    if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed();
    if (request.object === undefined) return errored(400, 'there is no content to decode');
    const old = request.operation === 'UPDATE' ? (request.oldObject as RuntimeInput | undefined) : undefined;
    let result: ValidationResult;
    try {
      result = validateRuntimeAdmission(old, request.object as unknown as RuntimeInput);
    } catch (error) {
      const kind =
        request.object['kind'] === 'ClusterTrainingRuntime' ? 'ClusterTrainingRuntime' : 'TrainingRuntime';
      const problems = await schemaProblems(kind, request.object);
      if (problems !== undefined) return errored(400, `the ${kind} does not match its schema: ${problems}`);
      const oldProblems = old === undefined ? undefined : await schemaProblems(kind, old);
      if (oldProblems !== undefined)
        return errored(400, `the stored ${kind} does not match its schema: ${oldProblems}`);
      throw error;
    }
    if (result.errors.length > 0) return denied(formatFieldErrors(result.errors), result.warnings);
    return allowed(result.warnings);
  };
}
