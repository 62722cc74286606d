// SPDX-License-Identifier: Apache-2.0
// The PyTorchJob kind (kubeflow.org/v1): torchrun jobs with a Master and Workers, optionally elastic.
import { Type } from '@sinclair/typebox';
import { Bool, Int32, Obj, Str } from '../../schema/k8s-schema.js';
import { ReplicaSpecs, RunPolicySchema, V1JobSchema } from './common.js';
import { MetricSpec } from './embedded.js';

/** One extra rendezvous setting, passed to torchrun as `key=value`. */
export const RdzvConfSchema = Obj(
  {
    key: Type.Optional(Str({ description: 'key of the rendezvous setting.' })),
    value: Type.Optional(Str({ description: 'value of the rendezvous setting.' })),
  },
  { description: 'An extra rendezvous setting.' },
);

/** Elastic training of a PyTorchJob: the worker range, the rendezvous and the autoscaling metrics. */
export const ElasticPolicySchema = Obj(
  {
    minReplicas: Type.Optional(
      Int32({ description: 'minReplicas is the fewest workers the job runs with (and scales down to).' }),
    ),
    maxReplicas: Type.Optional(
      Int32({ description: 'maxReplicas is the most workers the job scales up to; at least minReplicas.' }),
    ),
    rdzvBackend: Type.Optional(
      Str({ description: 'rdzvBackend is the rendezvous backend: c10d, etcd or etcd-v2.' }),
    ),
    rdzvPort: Type.Optional(Int32({ description: 'rdzvPort is the port of the rendezvous endpoint.' })),
    rdzvHost: Type.Optional(Str({ description: 'rdzvHost is the host of the rendezvous endpoint.' })),
    rdzvId: Type.Optional(Str({ description: 'rdzvId identifies the rendezvous of the job.' })),
    rdzvConf: Type.Optional(
      Type.Array(RdzvConfSchema, { description: 'rdzvConf are extra rendezvous settings (key=value,...).' }),
    ),
    standalone: Type.Optional(
      Bool({ description: 'standalone runs a local C10d rendezvous on port 29400, for single-node jobs.' }),
    ),
    nProcPerNode: Type.Optional(
      Int32({
        description: 'nProcPerNode is the number of processes per node. Deprecated: use spec.nprocPerNode.',
      }),
    ),
    maxRestarts: Type.Optional(
      Int32({ description: 'maxRestarts is how often torchrun restarts the worker group.' }),
    ),
    metrics: Type.Optional(
      Type.Array(MetricSpec(), {
        description: 'metrics drive a HorizontalPodAutoscaler of the workers when set.',
      }),
    ),
  },
  { description: 'elasticPolicy makes the job elastic: the worker count varies between min and max.' },
);

/** The desired state of a PyTorchJob. */
export const PyTorchJobSpecSchema = Obj(
  {
    runPolicy: Type.Optional(RunPolicySchema),
    elasticPolicy: Type.Optional(ElasticPolicySchema),
    nprocPerNode: Type.Optional(
      Str({
        description:
          'nprocPerNode is the number of processes per node: auto (the default), cpu, gpu or a number.',
      }),
    ),
    pytorchReplicaSpecs: ReplicaSpecs(
      'pytorchReplicaSpecs maps the replica types Master and Worker to their specs.',
    ),
  },
  { description: 'spec is the desired state of the PyTorchJob.' },
);

/** The PyTorchJob kind. */
export const PyTorchJobSchema = V1JobSchema(
  'PyTorchJob',
  PyTorchJobSpecSchema,
  'PyTorchJob is a distributed PyTorch training job of Training Operator v1.',
);
