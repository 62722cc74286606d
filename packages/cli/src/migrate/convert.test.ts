// SPDX-License-Identifier: Apache-2.0
// convertV1Job on hand-made v1 jobs: what each v1 field becomes, and the warning of each field that
// is not carried over, by path.
import { convertV1Job } from './convert.js';
import { shippedRuntimes } from '../../test/migrate.js';
import type { Conversion } from './convert.js';
import { MigrationError } from './findings.js';
import { formatFieldError } from '@kubetrain/api';
import type { V1KindName } from '@kubetrain/api';

type Json = Record<string, unknown>;

const shipped = shippedRuntimes;

const container = (extra: Json = {}): Json => ({
  name: 'pytorch',
  image: 'train:1',
  command: ['torchrun', 'train.py'],
  ...extra,
});

/** A PyTorchJob with a Master and `workers` Workers of the same template, and `spec` merged in. */
function pytorchJob(spec: Json = {}, workerContainer: Json = container(), podSpec: Json = {}): Json {
  const replica = (replicas: number, c: Json) => ({
    replicas,
    template: { spec: { containers: [c], ...podSpec } },
  });
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name: 'job', namespace: 'team' },
    spec: {
      pytorchReplicaSpecs: { Master: replica(1, container()), Worker: replica(2, workerContainer) },
      ...spec,
    },
  };
}

/** A PyTorchJob whose Master and 2 Workers all run `podSpec`. */
function homogeneous(podSpec: Json): Json {
  const template = { spec: podSpec };
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name: 'job' },
    spec: { pytorchReplicaSpecs: { Master: { template }, Worker: { replicas: 2, template } } },
  };
}

/** A JAXJob of `replicas` Workers running `jaxContainer`. */
function jaxJob(replicas: number, jaxContainer: Json): Json {
  return {
    apiVersion: 'kubeflow.org/v1',
    kind: 'JAXJob',
    metadata: { name: 'jx' },
    spec: {
      jaxReplicaSpecs: {
        Worker: { replicas, restartPolicy: 'OnFailure', template: { spec: { containers: [jaxContainer] } } },
      },
    },
  };
}

/** An env entry whose value is the pod's Job completion index. */
const fromCompletionIndex = (name: string): Json => ({
  name,
  valueFrom: { fieldRef: { fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']" } },
});

function converted(kind: V1KindName, object: Json): { objects: Json[]; paths: string[]; messages: string[] } {
  const result: Conversion = convertV1Job(kind, object, shipped);
  if ('errors' in result) throw new Error(JSON.stringify(result.errors));
  return {
    objects: result.objects,
    paths: result.warnings.map((w) => w.path),
    messages: result.warnings.map((w) => `${w.path}: ${w.message}`),
  };
}

const trainJobOf = (objects: Json[]) => objects.find((o) => o.kind === 'TrainJob') as { spec: Json };
const runtimeOf = (objects: Json[]) =>
  objects.find((o) => o.kind === 'TrainingRuntime') as { spec: Json } | undefined;
const trainerJobSpec = (objects: Json[]): Json => {
  const jobs = (
    runtimeOf(objects)?.spec.template as { spec: { replicatedJobs: { template: { spec: Json } }[] } }
  ).spec.replicatedJobs;
  return jobs[0]!.template.spec;
};

interface Case {
  readonly object: Json;
  readonly kind?: V1KindName;
  /** Members expected in the TrainJob's spec. */
  readonly trainJobSpec?: Json;
  /** Whether a TrainingRuntime is printed. */
  readonly runtime: boolean;
  /** Paths that must have a warning. */
  readonly warned?: readonly string[];
  /** Paths that must not. */
  readonly notWarned?: readonly string[];
  /** Members expected in the runtime's first (trainer) Job spec. */
  readonly jobSpec?: Json;
}

const cases: Record<string, Case> = {
  'Master and Workers become numNodes on torch-distributed with the trainer fields': {
    object: pytorchJob({}, container()),
    runtime: false,
    trainJobSpec: {
      runtimeRef: {
        name: 'torch-distributed',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      trainer: { numNodes: 3, image: 'train:1', command: ['torchrun', 'train.py'] },
    },
    notWarned: ['spec.pytorchReplicaSpecs'],
  },
  'runPolicy suspend, activeDeadlineSeconds and multikueue managedBy are carried over': {
    object: pytorchJob({
      runPolicy: { suspend: true, activeDeadlineSeconds: 600, managedBy: 'kueue.x-k8s.io/multikueue' },
    }),
    runtime: false,
    trainJobSpec: { suspend: true, activeDeadlineSeconds: 600, managedBy: 'kueue.x-k8s.io/multikueue' },
    notWarned: ['spec.runPolicy.suspend', 'spec.runPolicy.activeDeadlineSeconds', 'spec.runPolicy.managedBy'],
  },
  "runPolicy's clean-up, TTL and gang fields are reported one by one": {
    object: pytorchJob({
      runPolicy: {
        cleanPodPolicy: 'All',
        ttlSecondsAfterFinished: 60,
        schedulingPolicy: { minAvailable: 2, queue: 'q', priorityClass: 'high' },
      },
    }),
    runtime: false,
    warned: [
      'spec.runPolicy.cleanPodPolicy',
      'spec.runPolicy.ttlSecondsAfterFinished',
      'spec.runPolicy.schedulingPolicy.minAvailable',
      'spec.runPolicy.schedulingPolicy.queue',
      'spec.runPolicy.schedulingPolicy.priorityClass',
    ],
  },
  'runPolicy.backoffLimit goes to the Job of a TrainingRuntime': {
    object: pytorchJob({ runPolicy: { backoffLimit: 3 } }),
    runtime: true,
    jobSpec: { backoffLimit: 3 },
    notWarned: ['spec.pytorchReplicaSpecs.Master.restartPolicy'],
  },
  'a numeric nprocPerNode is numProcPerNode': {
    object: pytorchJob({ nprocPerNode: '4' }),
    runtime: false,
    trainJobSpec: {
      trainer: { numNodes: 3, image: 'train:1', command: ['torchrun', 'train.py'], numProcPerNode: 4 },
    },
  },
  'nprocPerNode gpu has no v2 value': {
    object: pytorchJob({ nprocPerNode: 'gpu' }),
    runtime: false,
    warned: ['spec.nprocPerNode'],
  },
  'every elasticPolicy field is reported': {
    object: pytorchJob({ elasticPolicy: { minReplicas: 1, maxReplicas: 4, rdzvBackend: 'c10d' } }),
    runtime: false,
    warned: [
      'spec.elasticPolicy.minReplicas',
      'spec.elasticPolicy.maxReplicas',
      'spec.elasticPolicy.rdzvBackend',
    ],
  },
  'a Worker template that differs from the Master is reported at each differing field': {
    object: pytorchJob({}, container({ image: 'train:2', args: ['--x'] })),
    runtime: false,
    warned: [
      'spec.pytorchReplicaSpecs.Worker.template.spec.containers[0].image',
      'spec.pytorchReplicaSpecs.Worker.template.spec.containers[0].args',
    ],
  },
  'volumes, their mounts, node selection go to a runtime patch of the node job': {
    object: homogeneous({
      containers: [container({ volumeMounts: [{ name: 'data', mountPath: '/data' }] })],
      volumes: [{ name: 'data', emptyDir: {} }],
      nodeSelector: { pool: 'gpu' },
    }),
    runtime: false,
    trainJobSpec: {
      runtimePatches: [
        {
          manager: 'kubetrain.dev/migrate',
          trainingRuntimeSpec: {
            template: {
              spec: {
                replicatedJobs: [
                  {
                    name: 'node',
                    template: {
                      spec: {
                        template: {
                          spec: {
                            volumes: [{ name: 'data', emptyDir: {} }],
                            nodeSelector: { pool: 'gpu' },
                            containers: [
                              { name: 'node', volumeMounts: [{ name: 'data', mountPath: '/data' }] },
                            ],
                          },
                        },
                      },
                    },
                  },
                ],
              },
            },
          },
        },
      ],
    },
  },
  'a sidecar container needs a TrainingRuntime carrying the pod template': {
    object: homogeneous({ containers: [container(), { name: 'proxy', image: 'proxy:1' }] }),
    runtime: true,
    trainJobSpec: {
      runtimeRef: { name: 'job', apiGroup: 'trainer.kubeflow.org', kind: 'TrainingRuntime' },
      trainer: { numNodes: 3 },
    },
  },
  'an env name torchrun reserves needs a TrainingRuntime': {
    object: {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'job' },
      spec: {
        pytorchReplicaSpecs: {
          worker: {
            replicas: 2,
            template: { spec: { containers: [container({ env: [{ name: 'PET_NNODES', value: '1:4' }] })] } },
          },
        },
      },
    },
    runtime: true,
  },
  'ExitCode is a Job podFailurePolicy failing on exit codes 1-127': {
    object: {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'job' },
      spec: {
        pytorchReplicaSpecs: {
          Worker: {
            replicas: 2,
            restartPolicy: 'ExitCode',
            template: { spec: { containers: [container()] } },
          },
        },
      },
    },
    runtime: true,
    warned: ['spec.pytorchReplicaSpecs.Worker.restartPolicy'],
  },
  'Always becomes OnFailure, reported': {
    object: {
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'job' },
      spec: {
        pytorchReplicaSpecs: {
          Worker: { restartPolicy: 'Always', template: { spec: { containers: [container()] } } },
        },
      },
    },
    runtime: false,
    trainJobSpec: { trainer: { numNodes: 1, image: 'train:1', command: ['torchrun', 'train.py'] } },
    warned: ['spec.pytorchReplicaSpecs.Worker.restartPolicy'],
  },
  "a script started without torchrun gets v1's MASTER_ADDR, MASTER_PORT, WORLD_SIZE and RANK; v1's value hides the user's":
    {
      object: {
        apiVersion: 'kubeflow.org/v1',
        kind: 'PyTorchJob',
        metadata: { name: 'job' },
        spec: {
          nprocPerNode: '2',
          pytorchReplicaSpecs: {
            Master: {
              template: {
                spec: {
                  containers: [
                    container({
                      command: ['python3', 'train.py'],
                      env: [{ name: 'MASTER_PORT', value: '1234' }],
                    }),
                  ],
                },
              },
            },
            Worker: {
              replicas: 2,
              template: {
                spec: {
                  containers: [
                    container({
                      command: ['python3', 'train.py'],
                      env: [{ name: 'MASTER_PORT', value: '1234' }],
                    }),
                  ],
                },
              },
            },
          },
        },
      },
      runtime: false,
      trainJobSpec: {
        trainer: {
          numNodes: 3,
          image: 'train:1',
          command: ['python3', 'train.py'],
          env: [
            { name: 'PYTHONUNBUFFERED', value: '1' },
            { name: 'MASTER_PORT', value: '29500' },
            { name: 'MASTER_ADDR', value: 'job-node-0-0.job' },
            { name: 'WORLD_SIZE', value: '6' },
            fromCompletionIndex('RANK'),
          ],
          numProcPerNode: 2,
        },
      },
      warned: ['spec.pytorchReplicaSpecs.Master.template.spec.containers[0].env[0]'],
      notWarned: ['spec.pytorchReplicaSpecs'],
    },
  "JAX: the user's own COORDINATOR_ADDRESS and PROCESS_ID are hidden by v1's, as v1 hid them, each a warning":
    {
      kind: 'JAXJob',
      object: jaxJob(2, {
        name: 'jax',
        image: 'j:1',
        env: [
          { name: 'COORDINATOR_ADDRESS', value: 'mine:1' },
          { name: 'KEEP', value: 'k' },
          { name: 'PROCESS_ID', value: '7' },
        ],
      }),
      runtime: false,
      trainJobSpec: {
        trainer: {
          env: [
            { name: 'KEEP', value: 'k' },
            { name: 'PYTHONUNBUFFERED', value: '1' },
            { name: 'COORDINATOR_PORT', value: '29500' },
            { name: 'COORDINATOR_ADDRESS', value: 'jx-node-0-0.jx' },
            { name: 'NUM_PROCESSES', value: '2' },
            fromCompletionIndex('PROCESS_ID'),
          ],
        },
      },
      warned: [
        'spec.jaxReplicaSpecs.Worker.template.spec.containers[0].env[0]',
        'spec.jaxReplicaSpecs.Worker.template.spec.containers[0].env[2]',
      ],
      notWarned: ['spec.jaxReplicaSpecs.Worker.template.spec.containers[0].env[1]'],
    },
  'JAX: COORDINATOR_ADDRESS, COORDINATOR_PORT, NUM_PROCESSES and PROCESS_ID as v1 set them': {
    kind: 'JAXJob',
    object: jaxJob(4, { name: 'jax', image: 'j:1' }),
    runtime: false,
    trainJobSpec: {
      runtimeRef: {
        name: 'jax-distributed',
        apiGroup: 'trainer.kubeflow.org',
        kind: 'ClusterTrainingRuntime',
      },
      trainer: {
        numNodes: 4,
        image: 'j:1',
        env: [
          { name: 'PYTHONUNBUFFERED', value: '1' },
          { name: 'COORDINATOR_PORT', value: '29500' },
          { name: 'COORDINATOR_ADDRESS', value: 'jx-node-0-0.jx' },
          { name: 'NUM_PROCESSES', value: '4' },
          fromCompletionIndex('PROCESS_ID'),
        ],
      },
    },
  },
  'metadata: labels and annotations carried, ownerReferences reported': {
    object: {
      ...pytorchJob(),
      metadata: {
        name: 'job',
        labels: { team: 'a' },
        annotations: { note: 'x', 'kubectl.kubernetes.io/last-applied-configuration': '{}' },
        uid: '1',
        ownerReferences: [{ apiVersion: 'v1', kind: 'ConfigMap', name: 'o', uid: '2' }],
      },
    },
    runtime: false,
    warned: ['metadata.ownerReferences'],
    notWarned: ['metadata.uid', 'metadata.annotations'],
  },
  'TFJob enableDynamicWorker is reported; the Chief is the trainer job': {
    kind: 'TFJob',
    object: {
      apiVersion: 'kubeflow.org/v1',
      kind: 'TFJob',
      metadata: { name: 'tf' },
      spec: {
        enableDynamicWorker: true,
        tfReplicaSpecs: {
          Worker: {
            replicas: 3,
            template: { spec: { containers: [{ name: 'tensorflow', image: 'tf:1' }] } },
          },
          Chief: { template: { spec: { containers: [{ name: 'tensorflow', image: 'tf:1' }] } } },
        },
      },
    },
    runtime: true,
    trainJobSpec: { trainer: { numNodes: 1 } },
    warned: ['spec.enableDynamicWorker'],
    notWarned: ['spec.tfReplicaSpecs'],
    jobSpec: { backoffLimit: 0 },
  },
};

describe('convertV1Job', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const got = converted(tc.kind ?? 'PyTorchJob', tc.object);
      expect(runtimeOf(got.objects) !== undefined).toBe(tc.runtime);
      if (tc.trainJobSpec !== undefined) expect(trainJobOf(got.objects).spec).toMatchObject(tc.trainJobSpec);
      for (const path of tc.warned ?? []) expect(got.paths).toContain(path);
      for (const path of tc.notWarned ?? []) expect(got.paths).not.toContain(path);
      if (tc.jobSpec !== undefined) expect(trainerJobSpec(got.objects)).toMatchObject(tc.jobSpec);
    });
  }

  it('ExitCode: pods Never, exit codes 1 to 127 fail the Job at once', () => {
    const got = converted(
      'PyTorchJob',
      cases['ExitCode is a Job podFailurePolicy failing on exit codes 1-127']!.object,
    );
    const job = trainerJobSpec(got.objects) as {
      template: { spec: { restartPolicy: string } };
      podFailurePolicy: { rules: { action: string; onExitCodes: { values: number[] } }[] };
    };
    expect(job.template.spec.restartPolicy).toBe('Never');
    const [rule] = job.podFailurePolicy.rules;
    expect(rule?.action).toBe('FailJob');
    expect(rule?.onExitCodes.values).toEqual(Array.from({ length: 127 }, (_, i) => i + 1));
  });

  it("TFJob: every pod gets v1's TF_CONFIG with the JobSet's host names, its index from the completion index", () => {
    const got = converted(
      'TFJob',
      cases['TFJob enableDynamicWorker is reported; the Chief is the trainer job']!.object,
    );
    const jobs = (runtimeOf(got.objects)?.spec.template as { spec: { replicatedJobs: Json[] } }).spec
      .replicatedJobs;
    const envOf = (job: Json) =>
      ((job.template as Json).spec as { template: { spec: { containers: { env: Json[] }[] } } }).template.spec
        .containers[0]!.env;
    expect(jobs.map((j) => j.name)).toEqual(['chief', 'worker']);
    const [index, tfConfig] = envOf(jobs[1]!);
    expect(index).toEqual({
      name: 'TF_CONFIG_TASK_INDEX',
      valueFrom: {
        fieldRef: { fieldPath: "metadata.annotations['batch.kubernetes.io/job-completion-index']" },
      },
    });
    expect(tfConfig).toEqual({
      name: 'TF_CONFIG',
      value:
        '{"cluster":{"chief":["tf-chief-0-0.tf:2222"],"worker":["tf-worker-0-0.tf:2222","tf-worker-0-1.tf:2222","tf-worker-0-2.tf:2222"]},' +
        '"task":{"type":"worker","index":$(TF_CONFIG_TASK_INDEX)},"environment":"cloud"}',
    });
  });

  it("TFJob: the user's own TF_CONFIG is hidden by v1's, as v1 hid it, with a warning naming it", () => {
    const got = converted('TFJob', {
      apiVersion: 'kubeflow.org/v1',
      kind: 'TFJob',
      metadata: { name: 'tf' },
      spec: {
        tfReplicaSpecs: {
          Worker: {
            replicas: 2,
            template: {
              spec: {
                containers: [{ name: 'tensorflow', image: 't:1', env: [{ name: 'TF_CONFIG', value: '{}' }] }],
              },
            },
          },
        },
      },
    });
    const [worker] = (runtimeOf(got.objects)?.spec.template as { spec: { replicatedJobs: Json[] } }).spec
      .replicatedJobs;
    const env = ((worker?.template as Json).spec as { template: { spec: { containers: { env: Json[] }[] } } })
      .template.spec.containers[0]!.env;
    expect(env.map((e) => e.name)).toEqual(['TF_CONFIG_TASK_INDEX', 'TF_CONFIG']);
    expect(env[1]?.value).toMatch(/^\{"cluster":\{"worker":\["tf-worker-0-0\.tf:2222"/);
    expect(got.messages).toContain(
      'spec.tfReplicaSpecs.Worker.template.spec.containers[0].env[0]: not carried over: Training Operator v1 set TF_CONFIG itself, after this entry, so the code never saw this value; the migration sets TF_CONFIG as v1 did',
    );
  });

  it('carries labels and annotations, not the last-applied configuration', () => {
    const got = converted(
      'PyTorchJob',
      cases['metadata: labels and annotations carried, ownerReferences reported']!.object,
    );
    expect((trainJobOf(got.objects) as unknown as { metadata: Json }).metadata).toEqual({
      name: 'job',
      labels: { team: 'a' },
      annotations: { note: 'x' },
    });
  });

  it('refuses what the v1 CRD refuses, with its errors', () => {
    const object = pytorchJob({ pytorchReplicaSpecs: { Worker: { replicas: -1 } } });
    const result = convertV1Job('PyTorchJob', object, shipped);
    expect('errors' in result && result.errors.map((e) => e.path)).toEqual([
      // The API server's path for the scale subresource's check, as it prints it.
      '.spec.pytorchReplicaSpecs.Worker.replicas',
    ]);
  });

  const refusals: Record<string, [V1KindName, Json, string[]]> = {
    'two Masters': [
      'PyTorchJob',
      pytorchJob({
        pytorchReplicaSpecs: { Master: { replicas: 2, template: { spec: { containers: [container()] } } } },
      }),
      ['spec.pytorchReplicaSpecs[Master].replicas: Forbidden: must be 1'],
    ],
    'a replica type the kind does not have': [
      'PyTorchJob',
      pytorchJob({
        pytorchReplicaSpecs: {
          Worker: { replicas: 2, template: { spec: { containers: [container()] } } },
          Chief: { replicas: 1, template: { spec: { containers: [container()] } } },
        },
      }),
      ['spec.pytorchReplicaSpecs[Chief]: Unsupported value: "Chief": supported values: "Master", "Worker"'],
    ],
    'a name longer than 63 characters': [
      'PyTorchJob',
      { ...pytorchJob(), metadata: { name: 'a'.repeat(70) } },
      [`metadata.name: Invalid value: "${'a'.repeat(70)}": should match: must be no more than 63 characters`],
    ],
    'a managedBy that is neither v1 nor MultiKueue': [
      'PyTorchJob',
      pytorchJob({ runPolicy: { managedBy: 'example.com/other' } }),
      [
        'spec.runPolicy.managedBy: Unsupported value: "example.com/other": supported values: "kubeflow.org/training-operator", "kueue.x-k8s.io/multikueue"',
      ],
    ],
    'a template without containers': [
      'TFJob',
      {
        apiVersion: 'kubeflow.org/v1',
        kind: 'TFJob',
        metadata: { name: 'tf' },
        spec: { tfReplicaSpecs: { Worker: { replicas: 2, template: { spec: { containers: [] } } } } },
      },
      [
        'spec.tfReplicaSpecs[Worker].template.spec.containers: Required value: must be specified',
        'spec.tfReplicaSpecs[Worker].template.spec.containers: Required value: must have at least one container with name tensorflow',
      ],
    ],
    'an MPIJob without a Launcher': [
      'MPIJob',
      {
        apiVersion: 'kubeflow.org/v1',
        kind: 'MPIJob',
        metadata: { name: 'mpi' },
        spec: {
          mpiReplicaSpecs: {
            Worker: { replicas: 2, template: { spec: { containers: [{ name: 'mpi', image: 'm' }] } } },
          },
        },
      },
      [
        'spec.mpiReplicaSpecs[Launcher]: Required value: MPIReplicaSpec is not valid: Master ReplicaSpec must be present',
      ],
    ],
  };
  it.each(Object.entries(refusals))(
    "refuses what v1's webhook refuses: %s",
    (_name, [kind, object, want]) => {
      const result = convertV1Job(kind, object, shipped);
      expect('errors' in result && result.errors.map(formatFieldError)).toEqual(want);
    },
  );

  const overflows: Record<string, [V1KindName, Json, string]> = {
    'replicas that sum past int32': [
      'PyTorchJob',
      pytorchJob({
        pytorchReplicaSpecs: {
          Master: { replicas: 1, template: { spec: { containers: [container()] } } },
          Worker: { replicas: 2 ** 31 - 1, template: { spec: { containers: [container()] } } },
        },
      }),
      'spec.pytorchReplicaSpecs: the replicas sum to 2147483648 nodes, more than spec.trainer.numNodes can hold (2147483647)',
    ],
    'MPI slotsPerWorker 0': [
      'MPIJob',
      {
        apiVersion: 'kubeflow.org/v1',
        kind: 'MPIJob',
        metadata: { name: 'mpi' },
        spec: {
          slotsPerWorker: 0,
          mpiReplicaSpecs: {
            Launcher: {
              template: { spec: { containers: [{ name: 'mpi', image: 'm', command: ['mpirun'] }] } },
            },
            Worker: { replicas: 2, template: { spec: { containers: [{ name: 'mpi', image: 'm' }] } } },
          },
        },
      },
      "spec.slotsPerWorker: 0: it becomes the runtime's mlPolicy.mpi.numProcPerNode, which must be at least 1",
    ],
  };
  it.each(Object.entries(overflows))('refuses what v2 cannot hold: %s', (_name, [kind, object, message]) => {
    expect(() => convertV1Job(kind, object, shipped)).toThrow(
      new MigrationError(message.split(': ')[0] ?? '', message.slice(message.indexOf(': ') + 2)),
    );
  });

  it('a folded kind without its shipped runtime cannot be converted', () => {
    expect(() => convertV1Job('PyTorchJob', pytorchJob(), new Map())).toThrow(
      'the shipped runtime torch-distributed is not in the runtimes folder',
    );
  });
});
