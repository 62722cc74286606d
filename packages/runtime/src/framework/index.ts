// SPDX-License-Identifier: Apache-2.0
// The plugin framework: RuntimeInfo, the extension-point interfaces, validation results, the runner.

export * from './errors.js';
export {
  emptyValidationResult,
  FieldErrorType,
  FieldPath,
  fieldPath,
  forbidden,
  formatFieldError,
  formatFieldErrors,
  internalError,
  invalid,
  mergeValidationResults,
  required,
} from '@kubetrain/api';
export type { FieldError, ValidationResult } from '@kubetrain/api';
export * from './dependencies.js';
export * from './desired.js';
export * from './framework.js';
export * from './kinds.js';
export * from './plugin.js';
export * from './runtime-info.js';
