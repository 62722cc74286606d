// SPDX-License-Identifier: Apache-2.0
// The objects of the gang-scheduling suite (gangs.e2e.ts): TrainingRuntimes whose pods go to one
// gang scheduler and to the suite's own kwok nodes, and the upstream-sized copy of a rendered
// JobSet with its PodGroup (what Trainer v2.3.0 renders for the same job: every step in the gang).
import {
  AncestorSteps,
  Annotations,
  API_VERSION,
  Kinds,
  Labels,
  type ReplicatedJob,
  type TrainingRuntime,
} from '@kubetrain/api';
import { makeTrainJob } from '@kubetrain/testing';
import type { TrainJob } from '@kubetrain/api';
import {
  onSuiteNodes,
  POD_GROUP_KINDS,
  SCHEDULER_NAMES,
  type GangScheduler,
  type ObservedPodGroup,
} from '../support/gang-schedulers.js';
import type { ObservedJobSet } from '../support/jobset.js';

/** CPUs each trainer pod (and each initializer pod) requests: a whole suite node. */
export const POD_CPUS = 4;

/** One step of a test runtime. */
interface Step {
  readonly name: string;
  readonly ancestor: string;
  readonly dependsOn?: ReplicatedJob['dependsOn'];
}

const INITIALIZERS: readonly Step[] = [
  { name: 'dataset-initializer', ancestor: AncestorSteps.DatasetInitializer },
  { name: 'model-initializer', ancestor: AncestorSteps.ModelInitializer },
];
const TRAINER: Step = { name: 'node', ancestor: AncestorSteps.Trainer };
const TRAINER_AFTER_INITIALIZERS: Step = {
  ...TRAINER,
  dependsOn: INITIALIZERS.map((s) => ({ name: s.name, status: 'Complete' as const })),
};

function replicatedJob(step: Step, scheduler: GangScheduler, suiteId: string): ReplicatedJob {
  return {
    name: step.name,
    ...(step.dependsOn !== undefined ? { dependsOn: step.dependsOn } : {}),
    template: {
      metadata: { labels: { [Labels.TrainJobAncestor]: step.ancestor } },
      spec: {
        template: {
          spec: {
            schedulerName: SCHEDULER_NAMES[scheduler],
            ...onSuiteNodes(suiteId),
            containers: [
              {
                name: step.name,
                image: 'registry.example/train:1',
                resources: { requests: { cpu: String(POD_CPUS) } },
              },
            ],
          },
        },
      },
    },
  } as ReplicatedJob;
}

/** The runtime shapes of the suite. */
export type RuntimeShape = 'trainer-only' | 'with-initializers';

/**
 * A TrainingRuntime `<namespace>/<name>`: `trainer-only` is one `node` step; `with-initializers`
 * adds dataset and model initializers that `node` waits for (`dependsOn: Complete`, the torchtune
 * shape). Every pod asks for POD_CPUS, uses the scheduler's schedulerName and runs on the suite's
 * nodes; the gang policy is the scheduler's (coscheduling with a 10 s schedule timeout).
 */
export function gangRuntime(
  namespace: string,
  name: string,
  scheduler: GangScheduler,
  shape: RuntimeShape,
  suiteId: string,
): TrainingRuntime {
  const steps = shape === 'trainer-only' ? [TRAINER] : [...INITIALIZERS, TRAINER_AFTER_INITIALIZERS];
  const podGroupPolicy =
    scheduler === 'volcano' ? { volcano: {} } : { coscheduling: { scheduleTimeoutSeconds: 10 } };
  return {
    apiVersion: API_VERSION,
    kind: Kinds.TrainingRuntime,
    metadata: { name, namespace },
    spec: {
      mlPolicy: { numNodes: 2 },
      podGroupPolicy,
      template: { spec: { replicatedJobs: steps.map((s) => replicatedJob(s, scheduler, suiteId)) } },
    },
  } as TrainingRuntime;
}

/** The step names of each runtime shape. */
const STEP_NAMES: Record<RuntimeShape, string[]> = {
  'trainer-only': [TRAINER.name],
  'with-initializers': [...INITIALIZERS.map((s) => s.name), TRAINER.name],
};

/**
 * A 2-node TrainJob on the TrainingRuntime `runtime` (of `shape`) whose pods run as
 * `podAnnotations` say (kwok), through a runtime patch of each of its steps.
 */
export function gangTrainJob(
  namespace: string,
  name: string,
  runtime: string,
  shape: RuntimeShape,
  podAnnotations: Record<string, string>,
): TrainJob {
  const job = makeTrainJob(namespace, name).runtimeRef(runtime, Kinds.TrainingRuntime).numNodes(2).obj();
  // Only the runtime's own steps: a patch naming another one would add it to the JobSet.
  const replicatedJobs = STEP_NAMES[shape].map((step) => ({
    name: step,
    template: { spec: { template: { metadata: { annotations: podAnnotations } } } },
  }));
  job.spec!.runtimePatches = [
    { manager: 'e2e.kubetrain.dev/kwok', trainingRuntimeSpec: { template: { spec: { replicatedJobs } } } },
  ] as NonNullable<TrainJob['spec']>['runtimePatches'];
  return job;
}

/** The pods of one replicatedJob in a JobSet's template. */
interface TemplateJob {
  name: string;
  template: {
    metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
    spec?: {
      parallelism?: number;
      template?: {
        metadata?: { labels?: Record<string, string>; annotations?: Record<string, string> };
        spec?: { containers?: Array<{ resources?: { requests?: Record<string, string> } }> };
      };
    };
  };
}

/**
 * Upstream's gang for a JobSet (Trainer v2.3.0 plugins/volcano and plugins/coscheduling): every
 * replicatedJob is a member; minMember = Σ pod counts (parallelism; replicas ignored) and
 * minResources = Σ count × one pod's requests. Only whole-CPU requests are summed (the suite's).
 */
export function upstreamGang(jobs: readonly TemplateJob[]): {
  minMember: number;
  minResources: Record<string, string>;
} {
  let minMember = 0;
  const totals = new Map<string, number>();
  for (const job of jobs) {
    const count = job.template.spec?.parallelism ?? 1;
    minMember += count;
    for (const container of job.template.spec?.template?.spec?.containers ?? []) {
      for (const [resource, quantity] of Object.entries(container.resources?.requests ?? {})) {
        if (!/^\d+$/.test(quantity))
          throw new Error(`upstreamGang sums whole numbers only, not ${resource}=${quantity}`);
        totals.set(resource, (totals.get(resource) ?? 0) + count * Number(quantity));
      }
    }
  }
  const minResources = Object.fromEntries([...totals].map(([r, n]) => [r, String(n)]));
  return { minMember, minResources };
}

/**
 * The same job with upstream's gang sizing: a copy `name` of the JobSet kubetrain rendered (its
 * spec as stored), every pod template marked as a member of the PodGroup `name`, and that PodGroup
 * (kubetrain's spec with upstream's minMember and minResources). Neither is owned by a TrainJob:
 * the suite creates and deletes them.
 */
export function upstreamSized(
  scheduler: GangScheduler,
  rendered: ObservedJobSet,
  renderedPodGroup: ObservedPodGroup,
  name: string,
): { jobSet: ObservedJobSet; podGroup: ObservedPodGroup } {
  const spec = structuredClone(rendered.spec) as { replicatedJobs: TemplateJob[]; [key: string]: unknown };
  delete spec['network'];
  for (const job of spec.replicatedJobs) {
    const pod = (job.template.spec!.template!.metadata ??= {});
    if (scheduler === 'volcano') {
      pod.annotations = { ...pod.annotations, [Annotations.VolcanoGroupName]: name };
    } else {
      pod.labels = { ...pod.labels, [Labels.CoschedulingPodGroup]: name };
    }
  }
  const kind = POD_GROUP_KINDS[scheduler];
  const namespace = rendered.metadata!.namespace!;
  return {
    jobSet: { apiVersion: rendered.apiVersion, kind: rendered.kind, metadata: { name, namespace }, spec },
    podGroup: {
      apiVersion: `${kind.group}/${kind.version}`,
      kind: kind.kind,
      metadata: { name, namespace },
      spec: { ...renderedPodGroup.spec, ...upstreamGang(spec.replicatedJobs) },
    },
  };
}
