// SPDX-License-Identifier: Apache-2.0
// What every kind's conversion reads and returns.

import type { V1KindName } from '@kubetrain/api';
import type { Findings } from './findings.js';
import type { CarriedMetadata } from './objects.js';
import type { RunPolicy } from './run-policy.js';
import type { Json } from './v1-kinds.js';

/** The shipped ClusterTrainingRuntimes by name, as their files hold them. */
export type ShippedRuntimes = ReadonlyMap<string, Json>;

/** One v1 job to convert, already checked against its CRD schema. */
export interface V1JobContext {
  readonly kind: V1KindName;
  /** The metadata the v2 objects carry. */
  readonly metadata: CarriedMetadata;
  /** The v1 spec (as the input has it, without Training Operator v1's defaults). */
  readonly spec: Json;
  /** The run policy, read. */
  readonly run: RunPolicy;
  readonly shipped: ShippedRuntimes;
  readonly findings: Findings;
}

/** The v2 objects of one v1 job, in the order to apply them (a TrainingRuntime before its TrainJob). */
export type ConvertedObjects = Json[];
