// SPDX-License-Identifier: Apache-2.0
// The trainer.kubeflow.org/v1alpha1 API: types, schemas, CRDs, validation and constants.
export * from './foreign/index.js';
