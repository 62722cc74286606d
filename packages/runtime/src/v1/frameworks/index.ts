// SPDX-License-Identifier: Apache-2.0
// The frameworks of the v1 kinds the reconcile core (in the controller) runs.
import type { V1KindName } from '@kubetrain/api/core';
import type { Framework } from './framework.js';
import { jax } from './jax.js';
import { mpi } from './mpi.js';
import { paddle } from './paddle.js';
import { pytorch } from './pytorch.js';
import { tensorflow, tensorflowFramework } from './tensorflow.js';
import { xgboost } from './xgboost.js';

export type { Framework } from './framework.js';

/** What the frameworks are configured with (the controller's main.ts reads it from the environment). */
export interface V1FrameworkOptions {
  /** Upstream's CUSTOM_CLUSTER_DOMAIN: TFJob's hosts end `.svc.<domain>` (default none: `.svc`). */
  readonly clusterDomain?: string;
}

/** The framework of each v1 kind, configured with `options`. */
export function v1Frameworks(options: V1FrameworkOptions = {}): Readonly<Record<V1KindName, Framework>> {
  return {
    PyTorchJob: pytorch,
    TFJob: options.clusterDomain ? tensorflowFramework(options.clusterDomain) : tensorflow,
    XGBoostJob: xgboost,
    PaddleJob: paddle,
    JAXJob: jax,
    MPIJob: mpi,
  };
}

/** The framework of each v1 kind, without options. */
export const Frameworks = v1Frameworks();
