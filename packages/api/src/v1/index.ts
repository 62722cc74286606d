// SPDX-License-Identifier: Apache-2.0
// The kubeflow.org/v1 kinds of Training Operator v1.9.4: types, schemas, CRDs and the kind list.
export * from './types.js';
export {
  V1_API_VERSION,
  V1_GROUP,
  V1_VERSION,
  V1KindDefinitions,
  V1KindNames,
  V1Kinds,
  V1ReplicaSpecsFields,
} from './kinds.js';
export type { V1Kind, V1KindDefinition, V1KindName } from './kinds.js';
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
export { applyV1Defaults, validateV1Schema } from './validate.js';
