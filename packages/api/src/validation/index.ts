// SPDX-License-Identifier: Apache-2.0
// In-process validation of the three kinds.
export { applyDefaults, validateSchema } from './validate.js';
export type { KindObjects, ValidationOutcome } from './validate.js';
export { FieldErrorType, formatFieldError } from './field-error.js';
export type { FieldError } from './field-error.js';
export { checkInputBounds, MAX_NESTING_DEPTH, MAX_OBJECT_BYTES } from './input-bounds.js';
export type { BoundsProblem, InputBounds } from './input-bounds.js';
export { checkPodResources, isNegativeQuantity, NEGATIVE_QUANTITY_MESSAGE } from './pod-resources.js';
