// SPDX-License-Identifier: Apache-2.0
// The trainer.kubeflow.org/v1alpha1 API (types, schemas, CRDs, validation and constants) and the
// Training Operator v1 kinds (kubeflow.org/v1).
export * from './foreign/index.js';
export * from './constants/index.js';
export * from './types.js';
export { TrainJobSchema, TrainJobSpecSchema } from './schema/trainjob.js';
export { TrainJobStatusSchema } from './schema/trainjob-status.js';
export {
  ClusterTrainingRuntimeSchema,
  TrainingRuntimeSchema,
  TrainingRuntimeSpecSchema,
} from './schema/training-runtime.js';
export * from './validation/index.js';
export {
  childPath,
  emptyValidationResult,
  FieldPath,
  fieldPath,
  forbidden,
  formatFieldErrors,
  indexPath,
  internalError,
  invalid,
  mergeValidationResults,
  notFound,
  required,
} from './validation/field-error.js';
export type { ValidationResult } from './validation/field-error.js';
export { KindDefinitions, renderCrdFiles, toCrd } from './crd/index.js';
export type { KindDefinition } from './crd/index.js';
export * from './v1/index.js';
