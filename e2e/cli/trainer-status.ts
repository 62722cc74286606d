// SPDX-License-Identifier: Apache-2.0
// A TrainJob's `status.trainerStatus` written as the status server writes it: through the status
// subresource, with the field manager `trainer-status` (here a merge patch, as a trainer's report
// would land), so the CLI suites can show progress without a trainer process.
import { API_VERSION, Kinds, Resources } from '@kubetrain/api';
import { KubeClient, loadKubeConfig, resourceRef } from '@kubetrain/kube';
import { kubeconfigPath } from '../support/cluster.js';

/** The status server's field manager (api-and-controller.md §8). */
const TRAINER_STATUS_MANAGER = 'trainer-status';

/** A trainer's report. */
export interface TrainerReport {
  progressPercentage?: number;
  estimatedRemainingSeconds?: number;
  metrics?: { name: string; value: string }[];
  /** Defaults to now (to the second, as metav1.Time). */
  lastUpdatedTime?: string;
}

let client: Promise<KubeClient> | undefined;

/** Now as metav1.Time writes it: RFC 3339, UTC, whole seconds. */
export function metaNow(): string {
  return `${new Date().toISOString().slice(0, 19)}Z`;
}

/** Writes `report` as the TrainJob's `status.trainerStatus` (replacing the metrics list whole). */
export async function reportTrainerStatus(
  namespace: string,
  name: string,
  report: TrainerReport,
): Promise<void> {
  client ??= KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }), {
    userAgent: 'kubetrain-e2e-cli',
  });
  await (
    await client
  ).patch(
    resourceRef(API_VERSION, Resources.TrainJob, Kinds.TrainJob),
    name,
    { status: { trainerStatus: { lastUpdatedTime: metaNow(), ...report } } },
    { type: 'merge', namespace, subresource: 'status', fieldManager: TRAINER_STATUS_MANAGER },
  );
}

/** Closes the client of {@link reportTrainerStatus} (for a suite's afterAll). */
export async function closeTrainerStatusClient(): Promise<void> {
  const open = client;
  client = undefined;
  if (open) await (await open).close();
}
