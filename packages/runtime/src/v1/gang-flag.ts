// SPDX-License-Identifier: Apache-2.0
// `--gang-scheduler-name`: gang scheduling of the v1 jobs, as upstream's training-operator flag of the
// same name (cmd/training-operator.v1/main.go): `volcano` (any case) uses Volcano's PodGroup; any
// other non-empty value is taken as the name of a scheduler-plugins (Coscheduling) scheduler; empty or
// unset, the default, turns gang scheduling off.

/** Volcano's scheduler name and the flag value that selects it (upstream's `GangSchedulerVolcano`). */
export const VOLCANO_SCHEDULER = 'volcano';

/** How the v1 jobs are gang-scheduled. */
export interface GangScheduling {
  /** Which PodGroup API: Volcano's `scheduling.volcano.sh/v1beta1` or scheduler-plugins' `scheduling.x-k8s.io/v1alpha1`. */
  readonly plugin: 'volcano' | 'scheduler-plugins';
  /** The `spec.schedulerName` the pods get unless their template names one. */
  readonly schedulerName: string;
}

/** Parses `--gang-scheduler-name`; undefined means no gang scheduling. */
export function parseGangSchedulerName(text: string | undefined): GangScheduling | undefined {
  if (text === undefined || text === '') return undefined;
  if (text.toLowerCase() === VOLCANO_SCHEDULER)
    return { plugin: 'volcano', schedulerName: VOLCANO_SCHEDULER };
  return { plugin: 'scheduler-plugins', schedulerName: text };
}
