// SPDX-License-Identifier: Apache-2.0
// PaddleJob (kubeflow/training-operator: pkg/controller.v1/paddlepaddle, pkg/webhooks/paddlepaddle):
// collective mode (Workers only, worker-0 is the master) or PS mode (a Master); PADDLE_* variables.
// `elasticPolicy` is accepted and, as upstream, not acted on (no HPA, no env).
import { V1KindDefaults, type FieldError } from '@kubetrain/api/core';
import type { EnvVar, PodTemplate, V1JobObject } from '../job-types.js';
import { validateReplicaSpecs } from '../validation.js';
import { appendEnv, env, portOf, replicaName, totalReplicas } from './env.js';
import { kindFacts, type Framework, type PodContext } from './framework.js';
import { masterWorkerStatus } from './master-worker-status.js';

const MASTER = 'Master';
const WORKER = 'Worker';
const CONTAINER = V1KindDefaults.PaddleJob.container;
const PORT_NAME = 'master';

function setClusterSpec(template: PodTemplate, { job, specs, rtype, index }: PodContext): void {
  const name = job.metadata?.name ?? '';
  const lead = specs[MASTER] !== undefined ? MASTER : WORKER;
  const port = portOf(specs, lead, CONTAINER, PORT_NAME);
  const vars: EnvVar[] = [
    env('PYTHONUNBUFFERED', '1'),
    env('PADDLE_JOB_ID', name),
    env('PADDLE_NNODES', totalReplicas(specs)),
  ];
  if (rtype === lead && index === 0) {
    vars.push({ name: 'POD_IP_DUMMY', valueFrom: { fieldRef: { fieldPath: 'status.podIP' } } });
    vars.push(env('PADDLE_MASTER', `$(POD_IP_DUMMY):${port}`));
  } else {
    vars.push(env('PADDLE_MASTER', `${replicaName(name, lead, 0)}:${port}`));
  }
  if (specs[MASTER] !== undefined) {
    if (rtype === MASTER) vars.push(env('PADDLE_SERVER_NUM', '1'));
    else vars.push(env('PADDLE_TRAINER_NUM', '1'));
  }
  for (const c of template.spec.containers) appendEnv(c, vars);
}

/** The PaddleJob framework. */
export const paddle: Framework = {
  kind: 'PaddleJob',
  operatorName: 'paddlejob-controller',
  replicaTypes: [MASTER, WORKER],
  ...kindFacts('PaddleJob'),
  defaultPortName: PORT_NAME,
  defaultPort: 36543,
  validate: (job: V1JobObject): FieldError[] =>
    validateReplicaSpecs(job.spec['paddleReplicaSpecs'] as never, paddle, [MASTER, WORKER]),
  isMasterRole: (_specs, rtype) => rtype === MASTER,
  setClusterSpec,
  decideStatus: (context) => masterWorkerStatus(context, { master: MASTER, worker: WORKER }),
};
