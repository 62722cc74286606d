// SPDX-License-Identifier: Apache-2.0
// The observed state of a TrainJob.
import { FailurePolicyStatusFields } from './failure-policy.js';
import { Type } from '@sinclair/typebox';
import { Atomic, Embedded, Int32, ListMap, Obj, Str, Time } from './k8s-schema.js';
import { conditionSchema } from './fragments.js';

/**
 * metav1.Condition with its time as the RFC 3339 string the API server sends (client-node's V1Condition types
 * it as a Date, which plain JSON objects never hold).
 */
export interface Condition {
  type: string;
  status: 'True' | 'False' | 'Unknown';
  reason: string;
  message: string;
  lastTransitionTime: string;
  observedGeneration?: number;
}

/** Status of one replicated job, copied from the JobSet's `status.replicatedJobsStatus`. */
export const JobStatusSchema = Obj({
  name: Str({ minLength: 1, maxLength: 253, description: 'name of the replicated job.' }),
  ready: Int32({ minimum: 0, description: 'number of ready Jobs.' }),
  succeeded: Int32({ minimum: 0, description: 'number of succeeded Jobs.' }),
  failed: Int32({ minimum: 0, description: 'number of failed Jobs.' }),
  active: Int32({ minimum: 0, description: 'number of active Jobs.' }),
  suspended: Int32({ minimum: 0, description: 'number of suspended Jobs.' }),
});

/** One metric reported by the training process. */
export const MetricSchema = Obj({
  name: Str({ minLength: 1, maxLength: 64, description: 'name of the metric, such as loss or accuracy.' }),
  value: Str({ minLength: 1, maxLength: 64, description: 'value of the metric, as the trainer printed it.' }),
});

/** Progress reported by the trainer through the status server (feature gate TrainJobStatus). */
export const TrainerStatusSchema = Obj(
  {
    progressPercentage: Type.Optional(
      Int32({ minimum: 0, maximum: 100, description: 'progressPercentage of the training, from 0 to 100.' }),
    ),
    estimatedRemainingSeconds: Type.Optional(
      Int32({
        minimum: 0,
        description: 'estimatedRemainingSeconds until the training ends, as the trainer guesses.',
      }),
    ),
    metrics: Type.Optional(
      Atomic(MetricSchema, {
        maxItems: 256,
        description: 'metrics last reported by the trainer; replaced as a whole.',
      }),
    ),
    lastUpdatedTime: Type.Optional(
      Time({ description: 'lastUpdatedTime is when the trainer last reported its progress.' }),
    ),
  },
  {
    rules: [
      {
        rule: 'has(self.lastUpdatedTime)',
        message: 'lastUpdatedTime is required when trainerStatus is present',
      },
    ],
    description: 'trainerStatus is the progress reported by the trainer.',
  },
);

/** The observed state of a TrainJob. */
export const TrainJobStatusSchema = Obj(
  {
    conditions: Type.Optional(
      ListMap(Embedded<Condition>(conditionSchema), ['type'], {
        maxItems: 8,
        description: 'conditions: Suspended, Complete, Failed.',
      }),
    ),
    jobsStatus: Type.Optional(
      ListMap(JobStatusSchema, ['name'], {
        maxItems: 100,
        description: 'jobsStatus of the replicated jobs.',
      }),
    ),
    trainerStatus: Type.Optional(TrainerStatusSchema),
    startTime: Type.Optional(
      Time({ description: 'startTime is when the TrainJob last started running (created or resumed).' }),
    ),
    completionTime: Type.Optional(
      Time({ description: 'completionTime is when the TrainJob became Complete or Failed.' }),
    ),
    ...FailurePolicyStatusFields,
  },
  { minProperties: 1, description: 'status is the observed state of the TrainJob.' },
);
