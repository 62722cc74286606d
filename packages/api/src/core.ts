// SPDX-License-Identifier: Apache-2.0
// `@kubetrain/api/core`: the part of the API a controller needs to reconcile, without the schemas. The
// constants, the object types (type-only), the foreign kinds, the field-error helpers, the CRD defaults
// (from generated data) and the Training Operator v1 names and types. Nothing here loads typebox, ajv or
// @bufbuild/cel (src/core.test.ts checks it): validation, schemas and CRD generation are in the package's
// index, `@kubetrain/api`, which re-exports all of this.
export * from './constants/index.js';
export * from './foreign/index.js';
export type * from './types.js';
export {
  childPath,
  emptyValidationResult,
  FieldErrorType,
  FieldPath,
  fieldPath,
  forbidden,
  formatFieldError,
  formatFieldErrors,
  indexPath,
  internalError,
  invalid,
  mergeValidationResults,
  notFound,
  required,
} from './validation/field-error.js';
export type { FieldError, ValidationResult } from './validation/field-error.js';
// One place for lossless JSON: @kubetrain/kube's (its client reads with it), re-exported here.
export { mapJsonLeaves, parseJsonLossless, stringifyJson } from '@kubetrain/kube/json';
export type { LosslessJson } from '@kubetrain/kube/json';
export { cloneJson } from './validation/json-clone.js';
export { checkInputBounds, MAX_NESTING_DEPTH, MAX_OBJECT_BYTES } from './validation/input-bounds.js';
export type { BoundsProblem, InputBounds } from './validation/input-bounds.js';
export {
  checkPodResources,
  isNegativeQuantity,
  NEGATIVE_QUANTITY_MESSAGE,
} from './validation/pod-resources.js';
export type { KindObjects, ValidationOutcome } from './validation/validate.js';
export { applyDefaults, applyV1Defaults } from './defaults/apply-defaults.js';
export * from './v1/kind-names.js';
export type * from './v1/types.js';
export * from './trainjob/index.js';
export * from './feature-gates/feature-gates.js';
export { formatMetaTime } from './meta/time.js';
