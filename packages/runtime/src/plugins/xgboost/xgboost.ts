// SPDX-License-Identifier: Apache-2.0
// XGBoost (upstream `plugins/xgboost/xgboost.go`): the trainer count, the DMLC_* tracker env with
// one worker per GPU (or one per node without GPUs), and port 29500. PlainML adds the trainer env.

import { CONTAINER_TRAINER_PORT, PluginNames, XGBoostEnv } from '@kubetrain/api/core';
import { effectiveResourcesPerNode, getNumGPUPerNode } from '../../core/resources.js';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { TrainJob } from '../../types.js';
import { upsertEnv } from '../../util/upsert.js';
import { nodeRankEnv, firstNodeHost, openTrainerPort, resolveTrainerNode } from '../common/trainer-node.js';
import { validateXGBoost } from './validate.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.XGBoost;

/** The XGBoost ML policy. */
export class XGBoost implements EnforceMLPolicyPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Applies the XGBoost policy when the runtime has `mlPolicy.xgboost`. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.mlPolicy?.xgboost === undefined) return;
    const target = resolveTrainerNode(info, trainJob);
    if (target === undefined) return;
    const { podSet, node } = target;
    const gpus = getNumGPUPerNode(effectiveResourcesPerNode(info, trainJob));
    const workersPerNode = gpus > 0 ? gpus : 1;
    upsertEnv(node.env, [
      { name: XGBoostEnv.TrackerURI, value: firstNodeHost(info, trainJob) },
      { name: XGBoostEnv.TrackerPort, value: String(CONTAINER_TRAINER_PORT) },
      nodeRankEnv(info, XGBoostEnv.TaskId),
      { name: XGBoostEnv.NumWorker, value: String((podSet.count ?? 1) * workersPerNode) },
    ]);
    openTrainerPort(node);
  }

  /** The XGBoost rule: reserved `DMLC_*` env. Returns data, never throws. */
  readonly validate = validateWithRules({ errors: [validateXGBoost] });
}

/** Creates the XGBoost plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): XGBoost {
  return new XGBoost();
}
