// SPDX-License-Identifier: Apache-2.0
// The handler of each of upstream's four webhook paths.

import type { Plugin } from '@kubetrain/runtime';
import type { AdmissionHandler } from './handler.js';
import type { AdmissionLookups } from './lookups.js';
import { Webhooks } from './names.js';
import { runtimeValidator } from './runtime-validator.js';
import { trainJobDefaulter } from './trainjob-defaulter.js';
import { trainJobValidator, type OriginObserver } from './trainjob-validator.js';

/** Options of {@link admissionHandlers}. */
export interface AdmissionHandlerOptions {
  /** The defaulter's clock. */
  readonly now?: () => Date;
  /** Hears where each TrainJob decision's runtime came from (snapshot, live, missing). */
  readonly observeOrigin?: OriginObserver;
  /**
   * The engine's plugins, as the reconciler's (feature gates applied): the TrainJob validator runs
   * their rules, e.g. the LeaderWorkerSet backend's with its gate. Default: the default plugins.
   */
  readonly plugins?: readonly Plugin[];
}

/** Path to handler, for {@link startWebhookServer}. */
export function admissionHandlers(
  lookups: AdmissionLookups,
  options: AdmissionHandlerOptions = {},
): Map<string, AdmissionHandler> {
  const runtimes = runtimeValidator();
  return new Map<string, AdmissionHandler>([
    [Webhooks.TrainJobDefaulter.path, trainJobDefaulter(options.now)],
    [Webhooks.TrainJobValidator.path, trainJobValidator(lookups, options.observeOrigin, options.plugins)],
    [Webhooks.TrainingRuntimeValidator.path, runtimes],
    [Webhooks.ClusterTrainingRuntimeValidator.path, runtimes],
  ]);
}
