// SPDX-License-Identifier: Apache-2.0
// The TrainJob mutating webhook (`defaulter.trainjob.trainer.kubeflow.org`): the engine's
// defaulter (each `runtimePatches[].time`), answered as a JSON patch against the object sent.

import { formatMetaTime } from '@kubetrain/api/core';
import { defaultTrainJob, type TrainJobInput } from '@kubetrain/runtime';
import { allowed, errored, patched } from './admission-review.js';
import type { AdmissionHandler } from './handler.js';
import { jsonPatch } from './json-patch.js';
import { schemaProblems } from './schema-check.js';

/** The defaulter; `now` is the clock (a test may fix it). */
export function trainJobDefaulter(now: () => Date = () => new Date()): AdmissionHandler {
  return async (request) => {
    if (request.operation !== 'CREATE' && request.operation !== 'UPDATE') return allowed();
    if (request.object === undefined) return errored(400, 'there is no content to decode');
    const object = request.object as unknown as TrainJobInput;
    const old = request.operation === 'UPDATE' ? (request.oldObject as TrainJobInput | undefined) : undefined;
    let defaulted: TrainJobInput;
    try {
      defaulted = defaultTrainJob(old, object, formatMetaTime(now()));
    } catch (error) {
      // Off the schema: nothing to default; the API server's schema check, which comes next, refuses it.
      if ((await schemaProblems('TrainJob', object)) !== undefined) return allowed();
      throw error;
    }
    return patched(jsonPatch(object, defaulted));
  };
}
