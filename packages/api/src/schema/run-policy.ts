// SPDX-License-Identifier: Apache-2.0
// The run policy of a runtime (KEP-2899): lifecycle defaults for every TrainJob that uses the runtime.
// A kubetrain addition over upstream's CRDs (see crd/documented-additions.ts and docs/run-policy.md).
import { Type } from '@sinclair/typebox';
import { RuntimeFailurePolicySchema } from './failure-policy.js';
import { Int32, Int64, Obj } from './k8s-schema.js';

/** `ttlSecondsAfterFinished`, shared by the TrainJob spec and the runtime's run policy. */
export function ttlSecondsAfterFinishedSchema(description: string) {
  return Int32({ minimum: 0, description });
}

/** The members of the run policy: lifecycle defaults (KEP-2899) and the failure policy (KEP-4162). */
export const RunPolicyProperties = {
  activeDeadlineSeconds: Type.Optional(
    Int64({
      minimum: 1,
      description:
        "activeDeadlineSeconds is the default running time limit of TrainJobs of this runtime; a TrainJob's own spec.activeDeadlineSeconds overrides it.",
    }),
  ),
  ttlSecondsAfterFinished: Type.Optional(
    ttlSecondsAfterFinishedSchema(
      "ttlSecondsAfterFinished is the default time a finished (Complete or Failed) TrainJob of this runtime is kept before it is deleted; a TrainJob's own spec.ttlSecondsAfterFinished overrides it. 0 deletes it as soon as it finishes.",
    ),
  ),
  failurePolicy: Type.Optional(RuntimeFailurePolicySchema),
};

/** The run policy of a TrainingRuntime or ClusterTrainingRuntime. */
export const RunPolicySchema = Obj(RunPolicyProperties, {
  description: 'runPolicy holds the lifecycle defaults of the TrainJobs that use this runtime.',
});
