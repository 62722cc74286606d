// SPDX-License-Identifier: Apache-2.0
// The objects the controller would apply for one admitted TrainJob on its runtime: the runtime
// snapshot and the engine's render, without ownerReferences whose uid is empty. The one render of
// `kubetrain render` and the dashboard's runtime preview.

import { randomBytes } from 'node:crypto';
import { StatusServer } from '@kubetrain/api';
import { buildRuntimeSnapshot, deriveSSHKeyPair, render } from '@kubetrain/runtime';
import type { Plugin, RuntimeInput, StatusServerCA, TrainJobInput } from '@kubetrain/runtime';
import { stringify } from 'yaml';

/**
 * The part of the manager's default Configuration the plugins read (TrainJobStatus: the status
 * server's port and Service), so that a render shows what a default install runs.
 */
export const MANAGER_DEFAULT_CONFIG = {
  statusServer: { port: StatusServer.Port },
  certManagement: { webhookServiceName: StatusServer.ServiceName },
} as const;

/** How {@link renderObjects} renders. */
export interface RenderObjectsOptions {
  readonly plugins: readonly Plugin[];
  /** Derive the MPI SSH key pair from this seed and the TrainJob's `<namespace>/<name>`; else random. */
  readonly sshKeySeed?: string | undefined;
  readonly statusServerCA?: StatusServerCA | undefined;
}

/** The MPI SSH key pair of a TrainJob: derived from the seed and its key, or random. */
function sshKeyPairFor(seed: string | undefined, trainJob: TrainJobInput) {
  const key = `${trainJob.metadata?.namespace ?? ''}/${trainJob.metadata?.name ?? ''}`;
  return deriveSSHKeyPair(seed !== undefined ? `${seed}\n${key}` : randomBytes(32));
}

/** The object without ownerReferences whose uid is empty (dropping the field when none is left). */
function withoutEmptyOwners(object: object): object {
  const metadata = (object as { metadata?: { ownerReferences?: { uid?: string }[] } }).metadata;
  if (metadata?.ownerReferences === undefined) return object;
  const kept = metadata.ownerReferences.filter((o) => o.uid !== undefined && o.uid !== '');
  const { ownerReferences: _dropped, ...rest } = metadata;
  return { ...object, metadata: kept.length > 0 ? { ...rest, ownerReferences: kept } : rest };
}

/**
 * The runtime snapshot and the rendered objects of `trainJob` (admitted: checked as `validate` checks
 * it) on `runtime`. Throws the engine's errors (`isEngineError`) for a TrainJob it cannot render.
 */
export function renderObjects(
  trainJob: TrainJobInput,
  runtime: RuntimeInput,
  options: RenderObjectsOptions,
): object[] {
  const secrets = { mpiSSHKeyPair: () => sshKeyPairFor(options.sshKeySeed, trainJob) };
  const statusServerCA = options.statusServerCA;
  return [
    buildRuntimeSnapshot(trainJob, runtime, (object) => stringify(object)),
    ...render(trainJob, runtime, {
      secrets,
      plugins: options.plugins,
      ...(statusServerCA ? { statusServerCA } : {}),
    }).objects,
  ].map(withoutEmptyOwners);
}
