// SPDX-License-Identifier: Apache-2.0
// The typed error of the strategic merge patch. Fixed messages are the API machinery's
// (k8s.io/apimachinery/pkg/util/mergepatch), byte for byte.

import { EngineError } from '../framework/errors.js';

/** Fixed messages of k8s.io/apimachinery's mergepatch errors. */
export const SmpMessages = {
  noListOfLists: 'lists of lists are not supported',
  badPatchFormatForPrimitiveList: 'invalid patch format of primitive list',
  badPatchFormatForRetainKeys: 'invalid patch format of retainKeys',
  badPatchFormatForSetElementOrderList: 'invalid patch format of setElementOrder list',
  mergingListsNotSupported: 'merging lists cannot yet be specified in the patch',
} as const;

/**
 * A patch that cannot be applied: a malformed directive, a list element without its merge key, or
 * values of kinds that cannot be merged. `path` is the field path where it happened, such as
 * `replicatedJobs[name=node].template.spec.template.spec.containers`.
 */
export class StrategicMergePatchError extends EngineError {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(path === '' ? message : `${path}: ${message}`);
  }
}

/** Renders a value for an error message (JSON, which reads better than Go's `%v`). */
export function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
