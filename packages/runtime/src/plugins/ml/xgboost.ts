// SPDX-License-Identifier: Apache-2.0
// XGBoost (upstream `plugins/xgboost/xgboost.go`): the trainer count, the DMLC_* tracker env with
// one worker per GPU (or one per node without GPUs), and port 29500. PlainML adds the trainer env.

import {
  AncestorSteps,
  CONTAINER_TRAINER_PORT,
  ContainerNames,
  JOB_COMPLETION_INDEX_FIELD_PATH,
  PluginNames,
  XGBoostEnv,
} from '@kubetrain/api';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import { findContainer, findPodSetByAncestor, type RuntimeInfo } from '../../framework/runtime-info.js';
import { effectiveResourcesPerNode, getNumGPUPerNode } from '../../core/resources.js';
import type { TrainJob } from '../../types.js';
import { upsertEnv, upsertPorts } from '../../util/upsert.js';

/** Upstream's plugin name. */
export const name = PluginNames.XGBoost;

/** The XGBoost ML policy. */
export class XGBoost implements EnforceMLPolicyPlugin {
  readonly name = name;

  /** Applies the XGBoost policy when the runtime has `mlPolicy.xgboost`. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.mlPolicy?.xgboost === undefined) return;
    const trainerPS = findPodSetByAncestor(info, AncestorSteps.Trainer);
    if (trainerPS === undefined) return;
    const trainer = trainJob.spec.trainer;
    if (trainer?.numNodes !== undefined) trainerPS.count = trainer.numNodes;
    const node = findContainer(trainerPS, ContainerNames.Node);
    if (trainer === undefined || node === undefined) return;
    const gpus = getNumGPUPerNode(effectiveResourcesPerNode(info, trainJob));
    const workersPerNode = gpus > 0 ? gpus : 1;
    const tj = trainJob.metadata.name ?? '';
    upsertEnv(node.env, [
      { name: XGBoostEnv.TrackerURI, value: `${tj}-${ContainerNames.Node}-0-0.${tj}` },
      { name: XGBoostEnv.TrackerPort, value: String(CONTAINER_TRAINER_PORT) },
      { name: XGBoostEnv.TaskId, valueFrom: { fieldRef: { fieldPath: JOB_COMPLETION_INDEX_FIELD_PATH } } },
      { name: XGBoostEnv.NumWorker, value: String((trainerPS.count ?? 1) * workersPerNode) },
    ]);
    upsertPorts(node.ports, [{ containerPort: CONTAINER_TRAINER_PORT }]);
  }
}

/** Creates the XGBoost plugin. */
export function create(): XGBoost {
  return new XGBoost();
}
