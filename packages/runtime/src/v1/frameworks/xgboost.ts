// SPDX-License-Identifier: Apache-2.0
// XGBoostJob (kubeflow/training-operator: pkg/controller.v1/xgboost, pkg/webhooks/xgboost): one Master
// (the Rabit tracker) and Workers, MASTER_*/WORKER_* variables; the Master decides the job's state.
import { V1KindDefaults, fieldPath, required, type FieldError } from '@kubetrain/api/core';
import type { OutputSize } from '../../framework/plugin.js';
import { indexedNamesLength } from '../../util/decimal-digits.js';
import { V1RestartPolicies } from '../constants.js';
import type { PodTemplate, ReplicaSpecs, V1JobObject } from '../job-types.js';
import { exactlyOne, validateReplicaSpecs } from '../validation.js';
import { appendEnv, env, portOf, replicaName, totalReplicas } from './env.js';
import {
  kindFacts,
  type Framework,
  type PodContext,
  type StatusContext,
  type StatusVerdict,
} from './framework.js';
import { V1Messages } from './messages.js';
import { podWithEnv } from '../output-limits.js';

const MASTER = 'Master';
const WORKER = 'Worker';
const CONTAINER = V1KindDefaults.XGBoostJob.container;
const PORT_NAME = 'xgboostjob-port';

/** `<job>-worker-`: WORKER_ADDRS lists `<job>-worker-<i>` for every worker. */
const workerPrefix = (job: string) => replicaName(job, WORKER, 0).slice(0, -1);

/** WORKER_ADDRS: the `total - 1` worker names, comma-separated. */
function workerAddrs(name: string, total: number): string {
  return Array.from({ length: total - 1 }, (_, i) => replicaName(name, WORKER, i)).join(',');
}

/** Each pod's env holds WORKER_ADDRS: the worker names and their commas, computed, not built. */
function outputSizes(job: V1JobObject, specs: ReplicaSpecs): OutputSize[] {
  const total = totalReplicas(specs);
  if (total <= 1) return [];
  const addrs = indexedNamesLength(workerPrefix(job.metadata?.name ?? ''), '', total - 1) + (total - 2);
  return [
    podWithEnv(`an XGBoostJob pod, whose WORKER_ADDRS lists every worker (${addrs} bytes),`, specs, addrs),
  ];
}

function setClusterSpec(template: PodTemplate, { job, specs, rtype, index }: PodContext): void {
  const name = job.metadata?.name ?? '';
  const total = totalReplicas(specs);
  const rank = rtype === WORKER ? index + (specs[MASTER]?.replicas ?? 0) : index;
  const vars = [
    env('MASTER_PORT', portOf(specs, MASTER, CONTAINER, PORT_NAME)),
    env('MASTER_ADDR', replicaName(name, MASTER, 0)),
    env('WORLD_SIZE', total),
    env('RANK', rank),
    env('PYTHONUNBUFFERED', '1'),
  ];
  if (total > 1) {
    // Bounded: validation refused a WORKER_ADDRS that makes the pod too large (outputSizes).
    vars.push(env('WORKER_PORT', portOf(specs, WORKER, CONTAINER, PORT_NAME)));
    vars.push(env('WORKER_ADDRS', workerAddrs(name, total)));
  }
  for (const c of template.spec.containers) appendEnv(c, vars);
}

function validate(job: V1JobObject, specs: ReplicaSpecs): FieldError[] {
  const errors = validateReplicaSpecs(job.spec['xgbReplicaSpecs'] as never, xgboost, [MASTER, WORKER]);
  if (specs[MASTER] === undefined)
    errors.push(required(fieldPath('spec', 'xgbReplicaSpecs').key(MASTER), 'must be present'));
  return [...errors, ...exactlyOne(xgboost, specs, MASTER)];
}

/**
 * UpdateJobStatus of XGBoostJob: the Master decides. Upstream sets Running (True) before Succeeded, and
 * before Restarting or Failed, whether or not a pod runs: a finished job always has Running (False).
 */
function decideStatus({ job, counts }: StatusContext): StatusVerdict[] {
  const verdicts: StatusVerdict[] = [];
  const running: StatusVerdict = { type: 'Running', message: V1Messages.running(job, false) };
  for (const [rtype, c] of counts) {
    if (rtype === MASTER) {
      if (c.status.active! > 0) verdicts.push(running);
      if (c.replicas - c.status.succeeded! === 0) {
        verdicts.push(running, { type: 'Succeeded', message: V1Messages.succeeded(job, false) });
        return verdicts;
      }
    }
    const failed = c.status.failed!;
    if (failed > 0) {
      verdicts.push(running);
      if (c.restartPolicy === V1RestartPolicies.ExitCode)
        verdicts.push({ type: 'Restarting', message: V1Messages.restarting(job, failed, rtype) });
      else verdicts.push({ type: 'Failed', message: V1Messages.failed(job, failed, rtype) });
    }
  }
  return verdicts;
}

/** The XGBoostJob framework. */
export const xgboost: Framework = {
  kind: 'XGBoostJob',
  operatorName: 'xgboostjob-controller',
  replicaTypes: [MASTER, WORKER],
  ...kindFacts('XGBoostJob'),
  defaultPortName: PORT_NAME,
  defaultPort: 9999,
  validate,
  isMasterRole: (_specs, rtype) => rtype === MASTER,
  setClusterSpec,
  decideStatus,
  outputSizes,
};
