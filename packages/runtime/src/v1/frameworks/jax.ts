// SPDX-License-Identifier: Apache-2.0
// JAXJob (kubeflow/training-operator: pkg/controller.v1/jax, pkg/webhooks/jax): Workers only; worker-0
// is the coordinator; COORDINATOR_*/NUM_PROCESSES/PROCESS_ID for jax.distributed.initialize().
import { V1KindDefaults, type FieldError } from '@kubetrain/api/core';
import type { PodTemplate, V1JobObject } from '../job-types.js';
import { validateReplicaSpecs } from '../validation.js';
import { appendEnv, env, portOf, replicaName, totalReplicas } from './env.js';
import { kindFacts, type Framework, type PodContext } from './framework.js';
import { masterWorkerStatus } from './master-worker-status.js';

const WORKER = 'Worker';
const CONTAINER = V1KindDefaults.JAXJob.container;
const PORT_NAME = 'jaxjob-port';

function setClusterSpec(template: PodTemplate, { job, specs, index }: PodContext): void {
  const vars = [
    env('PYTHONUNBUFFERED', '1'),
    env('COORDINATOR_PORT', portOf(specs, WORKER, CONTAINER, PORT_NAME)),
    env('COORDINATOR_ADDRESS', replicaName(job.metadata?.name ?? '', WORKER, 0)),
    env('NUM_PROCESSES', totalReplicas(specs)),
    env('PROCESS_ID', index),
  ];
  for (const c of template.spec.containers) appendEnv(c, vars);
}

/** The JAXJob framework. */
export const jax: Framework = {
  kind: 'JAXJob',
  operatorName: 'jaxjob-controller',
  replicaTypes: [WORKER],
  ...kindFacts('JAXJob'),
  defaultPortName: PORT_NAME,
  defaultPort: 6666,
  validate: (job: V1JobObject): FieldError[] =>
    validateReplicaSpecs(job.spec['jaxReplicaSpecs'] as never, jax, [WORKER]),
  isMasterRole: (_specs, _rtype, index) => index === 0,
  setClusterSpec,
  decideStatus: (context) => masterWorkerStatus(context, { worker: WORKER }),
};
