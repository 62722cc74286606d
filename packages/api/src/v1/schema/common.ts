// SPDX-License-Identifier: Apache-2.0
// The types the six kubeflow.org/v1 kinds share: replica specs, the run policy, and the job status.
import { Type } from '@sinclair/typebox';
import type { Static, TSchema, TUnsafe } from '@sinclair/typebox';
import { Bool, Int32, Int64, Obj, Str, Time } from '../../schema/k8s-schema.js';
import { ObjectMeta } from '../../schema/core.js';
import { LabelSelector, PodTemplateSpec, ResourceList } from './embedded.js';

/** A `map[string]T`: an object whose every member has the schema `value` (`additionalProperties`). */
function MapOf<T extends TSchema>(value: T, o: { description: string }): TUnsafe<Record<string, Static<T>>> {
  return Type.Unsafe<Record<string, Static<T>>>({
    type: 'object',
    additionalProperties: value,
    description: o.description,
  });
}

/** One replica type of a job: how many pods, their template, and when they are restarted. */
export const ReplicaSpecSchema = Obj(
  {
    replicas: Type.Optional(
      Int32({ description: 'replicas is the number of pods of this replica type. Defaults to 1.' }),
    ),
    template: Type.Optional(
      PodTemplateSpec({
        description: 'template is the pod template every replica of this type is created from.',
      }),
    ),
    restartPolicy: Type.Optional(
      Str({
        description:
          'restartPolicy says when a failed replica is restarted: Always, OnFailure, Never, or ExitCode (restart on exit codes from 128 up, fail the job on others).',
      }),
    ),
  },
  { description: 'A replica type: the number of pods, their template and their restart policy.' },
);

/** Gang-scheduling settings of a job, passed to the PodGroup. */
export const SchedulingPolicySchema = Obj(
  {
    minAvailable: Type.Optional(
      Int32({
        description: 'minAvailable is the gang size: pods scheduled together. Defaults to all replicas.',
      }),
    ),
    queue: Type.Optional(
      Str({
        description: 'queue is the scheduler queue of the PodGroup. Immutable.',
        rules: [{ rule: 'self == oldSelf', message: 'spec.runPolicy.schedulingPolicy.queue is immutable' }],
      }),
    ),
    minResources: Type.Optional(
      ResourceList({ description: 'minResources are the resources the gang needs before it is scheduled.' }),
    ),
    priorityClass: Type.Optional(
      Str({ description: 'priorityClass is the priority class of the PodGroup.' }),
    ),
    scheduleTimeoutSeconds: Type.Optional(
      Int32({ description: 'scheduleTimeoutSeconds bounds how long the gang may wait to be scheduled.' }),
    ),
  },
  { description: 'schedulingPolicy configures gang scheduling (the PodGroup of the job).' },
);

/** The run-time policies every v1 kind shares. */
export const RunPolicySchema = Obj(
  {
    cleanPodPolicy: Type.Optional(
      Str({
        description:
          'cleanPodPolicy says which pods are deleted once the job has finished: All, Running or None (the default).',
      }),
    ),
    ttlSecondsAfterFinished: Type.Optional(
      Int32({ description: 'ttlSecondsAfterFinished deletes the job this many seconds after it finished.' }),
    ),
    activeDeadlineSeconds: Type.Optional(
      Int64({
        description:
          'activeDeadlineSeconds fails the job once it has been active this long, from its start time.',
      }),
    ),
    backoffLimit: Type.Optional(
      Int32({ description: 'backoffLimit is the number of pod restarts after which the job fails.' }),
    ),
    schedulingPolicy: Type.Optional(SchedulingPolicySchema),
    suspend: Type.Optional(
      Bool({
        default: false,
        description: 'suspend deletes the pods of a running job and creates none until it is false again.',
      }),
    ),
    managedBy: Type.Optional(
      Str({
        description:
          'managedBy names the controller of the job: kubeflow.org/training-operator (also when unset) or kueue.x-k8s.io/multikueue.',
      }),
    ),
  },
  {
    description: 'runPolicy holds the clean-up, deadline, retry, suspend and scheduling policies of the job.',
  },
);

/** One condition of a v1 job (v1's own JobCondition, with a last update time). */
export const JobConditionSchema = Obj(
  {
    type: Str({ description: 'type: Created, Running, Restarting, Succeeded, Suspended or Failed.' }),
    status: Str({ description: 'status of the condition: True, False or Unknown.' }),
    reason: Type.Optional(Str({ description: 'reason is a one-word reason, such as PyTorchJobRunning.' })),
    message: Type.Optional(Str({ description: 'message explains the condition to a human.' })),
    lastUpdateTime: Type.Optional(
      Time({ description: 'lastUpdateTime is when the condition was last set.' }),
    ),
    lastTransitionTime: Type.Optional(
      Time({ description: 'lastTransitionTime is when the status of the condition last changed.' }),
    ),
  },
  { description: 'A condition of the job; the last one in the list is the current state.' },
);

/** The pod counts of one replica type. */
export const ReplicaStatusSchema = Obj(
  {
    active: Type.Optional(Int32({ description: 'active is the number of running pods.' })),
    succeeded: Type.Optional(Int32({ description: 'succeeded is the number of pods in phase Succeeded.' })),
    failed: Type.Optional(Int32({ description: 'failed is the number of pods in phase Failed.' })),
    labelSelector: Type.Optional(
      LabelSelector({
        description: 'labelSelector selects the pods of the replica type. Deprecated: use selector.',
      }),
    ),
    selector: Type.Optional(
      Str({
        description:
          'selector selects the pods of the replica type, in label query syntax (scale subresource).',
      }),
    ),
  },
  { description: 'The pod counts of one replica type.' },
);

/** The observed state every v1 kind shares. */
export const JobStatusSchema = Obj(
  {
    conditions: Type.Optional(
      Type.Array(JobConditionSchema, { description: 'conditions of the job, the current one last.' }),
    ),
    replicaStatuses: Type.Optional(
      MapOf(ReplicaStatusSchema, {
        description: 'replicaStatuses maps each replica type to its pod counts.',
      }),
    ),
    startTime: Type.Optional(
      Time({ description: 'startTime is when the controller first saw the job (or resumed it).' }),
    ),
    completionTime: Type.Optional(Time({ description: 'completionTime is when the job finished.' })),
    lastReconcileTime: Type.Optional(
      Time({ description: 'lastReconcileTime is when the controller last reconciled the job.' }),
    ),
  },
  { description: 'status is the observed state of the job, written by the controller.' },
);

/** The replica map of a kind: replica type (such as Master or Worker) to its spec. */
export function ReplicaSpecs(description: string) {
  return MapOf(ReplicaSpecSchema, { description });
}

/** The root schema of a v1 kind, around its spec. */
export function V1JobSchema<S extends TSchema>(kind: string, spec: S, description: string) {
  return Obj(
    {
      apiVersion: Type.Optional(Str({ description: 'apiVersion: kubeflow.org/v1.' })),
      kind: Type.Optional(Str({ description: `kind: ${kind}.` })),
      metadata: Type.Optional(ObjectMeta()),
      spec: Type.Optional(spec),
      status: Type.Optional(JobStatusSchema),
    },
    { description },
  );
}
