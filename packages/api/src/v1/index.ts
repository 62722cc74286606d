// SPDX-License-Identifier: Apache-2.0
// The kubeflow.org/v1 kinds of Training Operator v1.9.4: schemas, CRDs and validation (their names and types,
// which need no schema, are exported by ../core.ts).
export { V1KindDefinitions } from './kinds.js';
export type { V1KindDefinition } from './kinds.js';
export { renderV1CrdFiles, V1_CRD_DIR } from './crd.js';
export { JAXJobSchema, JAXJobSpecSchema } from './schema/jaxjob.js';
export { MPIJobSchema, MPIJobSpecSchema } from './schema/mpijob.js';
export { PaddleJobSchema, PaddleJobSpecSchema } from './schema/paddlejob.js';
export { PyTorchJobSchema, PyTorchJobSpecSchema } from './schema/pytorchjob.js';
export { TFJobSchema, TFJobSpecSchema } from './schema/tfjob.js';
export { XGBoostJobSchema, XGBoostJobSpecSchema } from './schema/xgboostjob.js';
export {
  JobStatusSchema as V1JobStatusSchema,
  RunPolicySchema as V1RunPolicySchema,
} from './schema/common.js';
export { pruneV1Object, validateV1Schema } from './validate.js';
export type { PrunedV1Object } from './validate.js';
