// SPDX-License-Identifier: Apache-2.0
// The trainer.kubeflow.org/v1alpha1 API (types, schemas, CRDs, validation and constants) and the
// Training Operator v1 kinds (kubeflow.org/v1). What a controller needs without the schemas is
// `@kubetrain/api/core` (./core.ts), re-exported here.
export * from './core.js';
export { TrainJobSchema, TrainJobSpecSchema } from './schema/trainjob.js';
export { TrainJobStatusSchema } from './schema/trainjob-status.js';
export {
  ClusterTrainingRuntimeSchema,
  TrainingRuntimeSchema,
  TrainingRuntimeSpecSchema,
} from './schema/training-runtime.js';
export * from './validation/index.js';
export { KindDefinitions, renderCrdFiles, toCrd } from './crd/index.js';
export { DEFAULT_SCHEMAS_FILE, renderDefaultSchemas } from './defaults/render-default-schemas.js';
export type { KindDefinition } from './crd/index.js';
export * from './v1/index.js';
