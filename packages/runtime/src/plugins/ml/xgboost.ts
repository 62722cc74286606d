// SPDX-License-Identifier: Apache-2.0
// XGBoost (upstream `plugins/xgboost/xgboost.go`): the trainer count, the DMLC_* tracker env with
// one worker per GPU (or one per node without GPUs), and port 29500. PlainML adds the trainer env.

import { XGBoostEnv } from '@kubetrain/api';
import { ContainerTrainerPort, Env, Names } from '../../constants.js';
import type { EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import { findContainer, findPodSetByAncestor, type RuntimeInfo } from '../../framework/runtime-info.js';
import { effectiveResourcesPerNode, getNumGPUPerNode } from '../../core/resources.js';
import type { TrainJob } from '../../types.js';
import { upsertEnv, upsertPorts } from '../../util/upsert.js';

/** Upstream's plugin name. */
export const name = 'XGBoost';

/** The XGBoost ML policy. */
export class XGBoost implements EnforceMLPolicyPlugin {
  readonly name = name;

  /** Applies the XGBoost policy when the runtime has `mlPolicy.xgboost`. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.mlPolicy?.xgboost === undefined) return;
    const trainerPS = findPodSetByAncestor(info, Names.AncestorTrainer);
    if (trainerPS === undefined) return;
    const trainer = trainJob.spec.trainer;
    if (trainer?.numNodes !== undefined) trainerPS.count = trainer.numNodes;
    const node = findContainer(trainerPS, Names.Node);
    if (trainer === undefined || node === undefined) return;
    const gpus = getNumGPUPerNode(effectiveResourcesPerNode(info, trainJob));
    const workersPerNode = gpus > 0 ? gpus : 1;
    const tj = trainJob.metadata.name ?? '';
    upsertEnv(node.env, [
      { name: XGBoostEnv.TrackerURI, value: `${tj}-${Names.Node}-0-0.${tj}` },
      { name: XGBoostEnv.TrackerPort, value: String(ContainerTrainerPort) },
      { name: XGBoostEnv.TaskId, valueFrom: { fieldRef: { fieldPath: Env.JobCompletionIndexFieldPath } } },
      { name: XGBoostEnv.NumWorker, value: String((trainerPS.count ?? 1) * workersPerNode) },
    ]);
    upsertPorts(node.ports, [{ containerPort: ContainerTrainerPort }]);
  }
}

/** Creates the XGBoost plugin. */
export function create(): XGBoost {
  return new XGBoost();
}
