// SPDX-License-Identifier: Apache-2.0
// TFJob (kubeflow/training-operator: pkg/controller.v1/tensorflow, pkg/webhooks/tensorflow): PS, Worker,
// Chief (Master is its legacy name) and Evaluator; TF_CONFIG on the `tensorflow` container; the chief
// decides, else the workers (all, or worker-0 unless successPolicy is AllWorkers).
import { V1KindDefaults, fieldPath, forbidden, type FieldError } from '@kubetrain/api/core';
import type { OutputSize } from '../../framework/plugin.js';
import type { PodTemplate, ReplicaSpecs, V1JobObject } from '../job-types.js';
import { validateReplicaSpecs } from '../validation.js';
import { appendEnv, env, totalReplicas } from './env.js';
import {
  kindFacts,
  type Framework,
  type PodContext,
  type StatusContext,
  type StatusVerdict,
} from './framework.js';
import { V1Messages } from './messages.js';
import { podWithEnv } from '../output-limits.js';
import { TF_DEFAULT_PORT, TF_PORT_NAME, tfConfig, tfConfigMaxLength } from './tf-config.js';

const CHIEF = 'Chief';
const MASTER = 'Master';
const WORKER = 'Worker';
const CONTAINER = V1KindDefaults.TFJob.container;

/** Each pod's env holds TF_CONFIG, which lists every replica: its longest, computed, not built. */
function outputSizes(job: V1JobObject, specs: ReplicaSpecs, clusterDomain: string): OutputSize[] {
  if (totalReplicas(specs) <= 1) return [];
  const length = tfConfigMaxLength(job, specs, clusterDomain);
  return [podWithEnv(`a TFJob pod, whose TF_CONFIG lists every replica (${length} bytes),`, specs, length)];
}

function setClusterSpec(
  template: PodTemplate,
  { job, specs, rtype, index }: PodContext,
  clusterDomain: string,
): void {
  // Bounded: validation refused a TF_CONFIG that makes the pod too large (outputSizes).
  if (totalReplicas(specs) === 1) return;
  const value = tfConfig(job, specs, rtype, index, clusterDomain);
  for (const c of template.spec.containers) if (c.name === CONTAINER) appendEnv(c, [env('TF_CONFIG', value)]);
}

function validate(job: V1JobObject): FieldError[] {
  const specs = job.spec['tfReplicaSpecs'] as ReplicaSpecs | undefined;
  const errors = validateReplicaSpecs(specs, tensorflow, undefined);
  const chiefs = Object.keys(specs ?? {}).filter((t) => t === CHIEF || t === MASTER).length;
  if (chiefs > 1)
    errors.push(
      forbidden(fieldPath('spec', 'tfReplicaSpecs'), 'must not have more than 1 Chief or Master role'),
    );
  return errors;
}

function unsupported(job: V1JobObject): FieldError[] {
  if (job.spec['enableDynamicWorker'] !== true) return [];
  return [
    forbidden(
      'spec.enableDynamicWorker',
      'is not supported by kubetrain: remove it (every worker is listed in TF_CONFIG)',
    ),
  ];
}

function chiefOf(specs: ReplicaSpecs): string | undefined {
  return specs[CHIEF] !== undefined ? CHIEF : specs[MASTER] !== undefined ? MASTER : undefined;
}

function decideStatus({ job, specs, counts, restarting }: StatusContext): StatusVerdict[] {
  const verdicts: StatusVerdict[] = [];
  const chief = chiefOf(specs);
  const allWorkers = job.spec['successPolicy'] === 'AllWorkers';
  for (const [rtype, c] of counts) {
    const expected = c.replicas - c.status.succeeded!;
    const running = c.status.active!;
    const deciding = chief !== undefined ? rtype === chief : rtype === WORKER;
    if (deciding) {
      const done = expected === 0 || (chief === undefined && !allWorkers && c.firstSucceeded);
      if (done) {
        verdicts.push({ type: 'Succeeded', message: V1Messages.succeeded(job, true) });
        return verdicts;
      }
      if (running > 0) verdicts.push({ type: 'Running', message: V1Messages.running(job, true) });
    }
    const failed = c.status.failed!;
    if (failed > 0 && !restarting)
      verdicts.push({ type: 'Failed', message: V1Messages.tfFailed(job, failed, rtype) });
  }
  return verdicts;
}

/**
 * The TFJob framework whose TF_CONFIG hosts end `.svc.<clusterDomain>` (upstream's
 * CUSTOM_CLUSTER_DOMAIN), or `.svc` when it is empty.
 */
export function tensorflowFramework(clusterDomain: string): Framework {
  return {
    ...tensorflow,
    setClusterSpec: (template, context) => setClusterSpec(template, context, clusterDomain),
    outputSizes: (job, specs) => outputSizes(job, specs, clusterDomain),
  };
}

/** The TFJob framework (no custom cluster domain). */
export const tensorflow: Framework = {
  kind: 'TFJob',
  operatorName: 'tfjob-controller',
  replicaTypes: ['PS', WORKER, CHIEF, MASTER, 'Evaluator'],
  ...kindFacts('TFJob'),
  defaultPortName: TF_PORT_NAME,
  defaultPort: TF_DEFAULT_PORT,
  validate,
  unsupported,
  isMasterRole: (specs, rtype, index) =>
    chiefOf(specs) !== undefined ? rtype === chiefOf(specs) : rtype === WORKER && index === 0,
  setClusterSpec: (template, context) => setClusterSpec(template, context, ''),
  decideStatus,
  outputSizes: (job, specs) => outputSizes(job, specs, ''),
};
