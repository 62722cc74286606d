// SPDX-License-Identifier: Apache-2.0
// PyTorchJob (kubeflow/training-operator: pkg/controller.v1/pytorch, pkg/webhooks/pytorch,
// pkg/apis/kubeflow.org/v1/pytorch_defaults.go): Master and Worker, torchrun's PET_* variables and the
// legacy MASTER_ADDR/MASTER_PORT/WORLD_SIZE/RANK, the elastic rendezvous, the init container that waits
// for the master's host name.
import {
  V1KindDefaults,
  fieldPath,
  forbidden,
  required,
  type FieldError,
  type PyTorchElasticPolicy,
} from '@kubetrain/api/core';
import type { PodTemplate, ReplicaSpecs, V1JobObject, V1ObjectApi } from '../job-types.js';
import { exactlyOne, validateReplicaSpecs } from '../validation.js';
import { appendEnv, env, portOf, replicaName, totalReplicas } from './env.js';
import { kindFacts, type AuxiliaryObject, type Framework, type PodContext } from './framework.js';
import { ownerReference } from '../render.js';
import { masterWorkerStatus } from './master-worker-status.js';

const MASTER = 'Master';
const WORKER = 'Worker';
const CONTAINER = V1KindDefaults.PyTorchJob.container;
const PORT_NAME = 'pytorchjob-port';

/** The image of the `init-pytorch` container (upstream's `--pytorch-init-container-image` default). */
const PYTORCH_INIT_CONTAINER_IMAGE = 'alpine:3.10';

/** How often `init-pytorch` looks the master up (upstream's `--pytorch-init-container-max-tries` default). */
const PYTORCH_INIT_CONTAINER_MAX_TRIES = 100;

function elasticOf(job: V1JobObject): PyTorchElasticPolicy | undefined {
  return job.spec['elasticPolicy'] as PyTorchElasticPolicy | undefined;
}

/** torchrun's elastic variables, in upstream's order. */
function elasticEnv(job: V1JobObject, specs: ReplicaSpecs, policy: PyTorchElasticPolicy) {
  const host = policy.rdzvHost ?? replicaName(job.metadata?.name ?? '', WORKER, 0);
  const port = policy.rdzvPort ?? portOf(specs, WORKER, CONTAINER, PORT_NAME);
  const vars = [
    env('PET_RDZV_ENDPOINT', `${host}:${port}`),
    env('PET_RDZV_BACKEND', policy.rdzvBackend ?? 'c10d'),
  ];
  if (policy.minReplicas === undefined && policy.maxReplicas === undefined)
    vars.push(env('PET_NNODES', specs[WORKER]?.replicas ?? 0));
  else vars.push(env('PET_NNODES', `${policy.minReplicas}:${policy.maxReplicas}`));
  if (policy.maxRestarts !== undefined) vars.push(env('PET_MAX_RESTARTS', policy.maxRestarts));
  if (policy.nProcPerNode !== undefined) vars.push(env('PET_NPROC_PER_NODE', policy.nProcPerNode));
  if (policy.rdzvId !== undefined) vars.push(env('PET_RDZV_ID', policy.rdzvId));
  if (policy.rdzvConf !== undefined && policy.rdzvConf.length > 0)
    vars.push(env('PET_RDZV_CONF', policy.rdzvConf.map((c) => `${c.key}=${c.value}`).join(',')));
  if (policy.standalone === true) vars.push(env('PET_STANDALONE', ''));
  return vars;
}

function setClusterSpec(template: PodTemplate, { job, specs, rtype, index }: PodContext): void {
  const name = job.metadata?.name ?? '';
  const total = totalReplicas(specs);
  const nproc = job.spec['nprocPerNode'] as string | undefined;
  const nprocInt = nproc !== undefined && /^\d+$/.test(nproc) ? Number(nproc) : 1;
  const policy = elasticOf(job);
  const vars = [env('PYTHONUNBUFFERED', '1')];
  if (specs[MASTER] !== undefined) {
    const port = portOf(specs, MASTER, CONTAINER, PORT_NAME);
    const addr = replicaName(name, MASTER, 0);
    const rank = rtype === WORKER ? index + 1 : index;
    vars.push(
      env('MASTER_PORT', port),
      env('PET_MASTER_PORT', port),
      env('MASTER_ADDR', addr),
      env('PET_MASTER_ADDR', addr),
      env('WORLD_SIZE', total * nprocInt),
      env('RANK', rank),
      env('PET_NODE_RANK', rank),
    );
  }
  if (nproc !== undefined) vars.push(env('PET_NPROC_PER_NODE', nproc));
  if (policy !== undefined) vars.push(...elasticEnv(job, specs, policy));
  else vars.push(env('PET_NNODES', total));
  for (const c of template.spec.containers) appendEnv(c, vars);
  if (specs[MASTER] !== undefined && rtype === WORKER) {
    const master = replicaName(name, MASTER, 0);
    template.spec.initContainers = [
      ...(template.spec.initContainers ?? []),
      {
        name: 'init-pytorch',
        image: PYTORCH_INIT_CONTAINER_IMAGE,
        imagePullPolicy: 'IfNotPresent',
        resources: { limits: { cpu: '100m', memory: '20Mi' }, requests: { cpu: '50m', memory: '10Mi' } },
        command: [
          'sh',
          '-c',
          `err=1;for i in $(seq ${PYTORCH_INIT_CONTAINER_MAX_TRIES}); do if nslookup ${master}; then err=0 && break; fi;echo waiting for master; sleep 2; done; exit $err`,
        ],
      },
    ];
  }
}

/** The HorizontalPodAutoscaler API (autoscaling/v2). */
const HPA_API: V1ObjectApi = {
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  plural: 'horizontalpodautoscalers',
};

/**
 * The HPA of an elastic job with `metrics` (upstream's ReconcileHPA): named as the job, scaling the
 * job's Worker replicas through its scale subresource between minReplicas and maxReplicas.
 */
function auxiliary(job: V1JobObject): AuxiliaryObject[] {
  const name = job.metadata?.name ?? '';
  const policy = elasticOf(job);
  if (policy?.metrics === undefined) return [{ api: HPA_API, name }];
  const object = {
    apiVersion: HPA_API.apiVersion,
    kind: HPA_API.kind,
    metadata: {
      name,
      namespace: job.metadata?.namespace,
      ownerReferences: [ownerReference(job)],
    },
    spec: {
      scaleTargetRef: { kind: job.kind, name, apiVersion: job.apiVersion },
      ...(policy.minReplicas !== undefined ? { minReplicas: policy.minReplicas } : {}),
      maxReplicas: policy.maxReplicas,
      metrics: policy.metrics,
    },
  };
  return [{ api: HPA_API, name, object }];
}

function validate(job: V1JobObject, specs: ReplicaSpecs): FieldError[] {
  const errors: FieldError[] = [];
  const policy = elasticOf(job);
  const base = fieldPath('spec', 'pytorchReplicaSpecs');
  if (policy !== undefined) {
    if (specs[WORKER] === undefined)
      errors.push(required(base.key(WORKER), 'must be configured if elastic policy is used'));
    if (policy.nProcPerNode !== undefined && job.spec['nprocPerNode'] !== undefined)
      errors.push(forbidden('spec.elasticPolicy.nProcPerNode', 'must not be used with spec.nprocPerNode'));
  }
  errors.push(...validateReplicaSpecs(job.spec['pytorchReplicaSpecs'] as never, pytorch, [MASTER, WORKER]));
  errors.push(...exactlyOne(pytorch, specs, MASTER));
  for (const [rtype, spec] of Object.entries(specs))
    if (rtype !== MASTER && spec.replicas !== undefined && spec.replicas < 1)
      errors.push(forbidden(base.key(rtype).child('replicas'), 'must be at least 1'));
  return errors;
}

/** The PyTorchJob framework. */
export const pytorch: Framework = {
  kind: 'PyTorchJob',
  operatorName: 'pytorchjob-controller',
  replicaTypes: [MASTER, WORKER],
  ...kindFacts('PyTorchJob'),
  defaultPortName: PORT_NAME,
  defaultPort: 23456,
  defaultSpec(spec, specs) {
    const policy = spec['elasticPolicy'] as PyTorchElasticPolicy | undefined;
    if (policy === undefined) {
      spec['nprocPerNode'] ??= 'auto';
      return;
    }
    if (policy.nProcPerNode === undefined) spec['nprocPerNode'] ??= 'auto';
    const workers = specs[WORKER]?.replicas;
    if (policy.minReplicas === undefined && policy.maxReplicas !== undefined)
      policy.minReplicas = policy.maxReplicas;
    else if (policy.maxReplicas === undefined && policy.minReplicas !== undefined)
      policy.maxReplicas = policy.minReplicas;
    else if (policy.minReplicas === undefined && workers !== undefined) {
      policy.minReplicas = workers;
      policy.maxReplicas = workers;
    }
  },
  validate,
  auxiliary,
  isMasterRole: (specs, rtype, index) =>
    rtype === MASTER || (specs[MASTER] === undefined && rtype === WORKER && index === 0),
  setClusterSpec,
  decideStatus: (context) =>
    masterWorkerStatus(context, {
      master: MASTER,
      worker: WORKER,
      elastic: elasticOf(context.job) !== undefined,
    }),
};
