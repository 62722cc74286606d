// SPDX-License-Identifier: Apache-2.0
// The coalescer's writer: a merge patch of the TrainJob's `/status` with field manager
// `trainer-status`, through the status server's own client, paced by its QPS/burst
// (`statusServer.qps`/`.burst`, client-go's token bucket) so that reports never spend the
// controllers' client budget.
import { ApiError, isNotFound, type KubeApi, TokenBucket } from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';
import {
  STATUS_FIELD_MANAGER,
  type TrainerStatusPatch,
  type TrainerStatusWriter,
} from './write-coalescer.js';

/** The client-side limit of the status server's writes. */
export interface WriteRate {
  readonly qps: number;
  readonly burst: number;
}

/** Waits `ms` (injected: tests do not wait). */
export type Sleep = (ms: number) => Promise<void>;

/** The server stopped while a write waited for the client budget: the write is not sent. */
export class WriterStoppedError extends Error {
  override readonly name = 'WriterStoppedError';
  constructor() {
    super('the status server is stopping');
  }
}

/**
 * A {@link TrainerStatusWriter} over `client`; a qps of 0 means no client-side limit (as client-go's
 * rest config, where 0 takes the default: the coalescer's namespace budget still applies).
 */
export function kubeTrainerStatusWriter(
  client: Pick<KubeApi, 'patch'>,
  rate: WriteRate,
  sleep: Sleep,
  now: () => number = () => performance.now(),
  /** Aborted when the server stops: a write waiting for the budget then fails at once (no spin). */
  signal?: AbortSignal,
): TrainerStatusWriter {
  const bucket = rate.qps > 0 ? new TokenBucket(rate.qps, Math.max(1, rate.burst), now) : undefined;
  return {
    async patchStatus(namespace: string, name: string, patch: TrainerStatusPatch) {
      if (bucket !== undefined)
        while (!bucket.tryTake()) {
          if (signal?.aborted) throw new WriterStoppedError();
          await sleep(bucket.waitMs());
        }
      try {
        await client.patch(ManagerResources.TrainJob, name, patch, {
          namespace,
          subresource: 'status',
          type: 'merge',
          fieldManager: STATUS_FIELD_MANAGER,
        });
        return 'written';
      } catch (error) {
        if (isNotFound(error)) return 'notFound';
        if (error instanceof ApiError && (error.code === 400 || error.code === 422)) return 'rejected';
        throw error;
      }
    },
  };
}
