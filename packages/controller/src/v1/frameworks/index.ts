// SPDX-License-Identifier: Apache-2.0
// The frameworks of the v1 kinds the reconcile core runs.
import type { V1KindName } from '@kubetrain/api/core';
import type { Framework } from './framework.js';
import { jax } from './jax.js';
import { mpi } from './mpi.js';
import { paddle } from './paddle.js';
import { pytorch } from './pytorch.js';
import { tensorflow } from './tensorflow.js';
import { xgboost } from './xgboost.js';

export type { Framework } from './framework.js';

/** The framework of each v1 kind this controller serves. */
export const Frameworks: Readonly<Record<V1KindName, Framework>> = {
  PyTorchJob: pytorch,
  TFJob: tensorflow,
  XGBoostJob: xgboost,
  PaddleJob: paddle,
  JAXJob: jax,
  MPIJob: mpi,
};
