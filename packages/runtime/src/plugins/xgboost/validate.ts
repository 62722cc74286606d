// SPDX-License-Identifier: Apache-2.0
// Rule of upstream's XGBoost plugin: `spec.trainer.env` must not set the DMLC variables it injects.

import {
  fieldPath,
  forbidden,
  XGBOOST_RESERVED_ENV_NAMES,
  xgboostReservedEnvMessage,
  type FieldError,
} from '@kubetrain/api/core';
import type { TrainJobRuleInput } from '../../validation/input.js';

const RESERVED: ReadonlySet<string> = new Set(XGBOOST_RESERVED_ENV_NAMES);

/**
 * With `mlPolicy.xgboost`: each `spec.trainer.env[i]` named `DMLC_TRACKER_URI`,
 * `DMLC_TRACKER_PORT`, `DMLC_TASK_ID` or `DMLC_NUM_WORKER` is
 * `field.Forbidden(spec.trainer.env[i], <NAME> is reserved for the XGBoost runtime)`.
 */
export function validateXGBoost(input: TrainJobRuleInput): FieldError[] {
  if (input.info.runtimePolicy.mlPolicy?.xgboost === undefined) return [];
  const errors: FieldError[] = [];
  (input.newJob.spec.trainer?.env ?? []).forEach((env, i) => {
    if (RESERVED.has(env.name)) {
      errors.push(
        forbidden(fieldPath('spec', 'trainer', 'env').index(i), xgboostReservedEnvMessage(env.name)),
      );
    }
  });
  return errors;
}
