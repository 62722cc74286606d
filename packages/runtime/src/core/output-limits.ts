// SPDX-License-Identifier: Apache-2.0
// Beyond upstream: what a render would produce that the API server cannot store is refused before
// it is built. The build plugins report the sizes of what grows with the job (`outputSizes`, after
// preBuildSync, computed from counts and name lengths); over a limit, render throws
// OutputTooLargeError and admission refuses the TrainJob, both with the limit and the largest
// `numNodes` that fits. Upstream builds such a hostfile (2^31-1 nodes: gigabytes) and fails later.

import { fieldPath, invalid, StorageLimits, type FieldError } from '@kubetrain/api/core';
import { isEngineError, RenderError } from '../framework/errors.js';
import type { Framework } from '../framework/framework.js';
import type { OutputSize } from '../framework/plugin.js';
import type { RuntimeInfo } from '../framework/runtime-info.js';
import type { TrainJob, TrainingRuntime } from '../types.js';
import { newRuntimeInfo } from './new-runtime-info.js';

/** Room in an object for what the API server and controllers add after it is made (metadata, status). */
const OBJECT_MARGIN_BYTES = 16 * 1024;

/**
 * The size of one object that holds `generatedBytes` the engine generated (a list of every host in
 * an env var) besides `otherBytes` of the user's (its pod template), against what one object may be;
 * a margin is kept for what is added after it is made.
 */
export function objectWithGenerated(what: string, otherBytes: number, generatedBytes: number): OutputSize {
  return {
    what,
    bytes: otherBytes + generatedBytes + OBJECT_MARGIN_BYTES,
    limit: StorageLimits.ObjectBytes,
    limitOf: 'one object',
  };
}

/** The field every output limit is told against: the output grows with the job's nodes. */
const NUM_NODES = fieldPath('spec', 'trainer', 'numNodes');

/** A render whose output the API server could not store; the message names the limit and what fits. */
export class OutputTooLargeError extends RenderError {
  constructor(
    readonly size: OutputSize,
    /** The largest `spec.trainer.numNodes` whose output fits; 0 when none does. */
    readonly largestNumNodes: number,
  ) {
    super(outputTooLargeMessage(size, NUM_NODES.toString(), largestNumNodes));
    this.name = 'OutputTooLargeError';
  }
}

/**
 * `<what> would be N bytes, over the L bytes the API server stores in <limitOf>; the largest <field>
 * that fits is <largest>` (`no <field> fits` when `largest` is 0); with a unit, `<what> would be N
 * <unit>, over the L <unit> <limitOf>; …`. The v1 engine says the same.
 */
export function outputTooLargeMessage(size: OutputSize, field: string, largest: number): string {
  const fits = largest > 0 ? `the largest ${field} that fits is ${largest}` : `no ${field} fits`;
  const over =
    size.unit === undefined
      ? `${size.bytes} bytes, over the ${size.limit} bytes the API server stores in ${size.limitOf}`
      : `${size.bytes} ${size.unit}, over the ${size.limit} ${size.unit} ${size.limitOf}`;
  return `${size.what} would be ${over}; ${fits}`;
}

/** `trainJob` with `spec.trainer.numNodes` set to `numNodes`. */
function withNumNodes(trainJob: TrainJob, numNodes: number): TrainJob {
  return { ...trainJob, spec: { ...trainJob.spec, trainer: { ...trainJob.spec.trainer, numNodes } } };
}

/**
 * The first oversized output of rendering `trainJob` on `runtime` (CRD defaults applied): `info`
 * (a fresh RuntimeInfo of the pair unless given; the info phases run on it) through the info
 * phases, nothing built. Undefined when it fits, or when the pair does not render (the validate
 * points say why).
 */
function oversizedOutput(
  framework: Framework,
  runtime: TrainingRuntime,
  trainJob: TrainJob,
  info?: RuntimeInfo,
): OutputSize | undefined {
  try {
    info ??= newRuntimeInfo(runtime, trainJob, framework.workloadBackends);
    framework.runInfoPhases(info, trainJob);
    return framework.firstOversizedOutput(info, trainJob);
  } catch (e) {
    if (isEngineError(e)) return undefined;
    throw e;
  }
}

/**
 * The largest n below `over` for which `fits(n)` holds, 0 when none does, for a `fits` that holds up
 * to some n and not above (outputs grow with the count): a binary search, at most 53 calls.
 */
export function largestFitting(over: number, fits: (n: number) => boolean): number {
  let low = 0;
  let high = over;
  while (high - low > 1) {
    const mid = low + Math.floor((high - low) / 2);
    if (fits(mid)) low = mid;
    else high = mid;
  }
  return low;
}

/** The largest `numNodes` below `over` whose output fits; at most 32 info passes, nothing built. */
function largestFittingNumNodes(
  framework: Framework,
  runtime: TrainingRuntime,
  trainJob: TrainJob,
  over: number,
): number {
  return largestFitting(
    over,
    (n) => oversizedOutput(framework, runtime, withNumNodes(trainJob, n)) === undefined,
  );
}

/** The nodes the job asks for: `spec.trainer.numNodes`, else the runtime's `mlPolicy.numNodes`, else 1. */
function numNodesOf(runtime: TrainingRuntime, trainJob: TrainJob): number {
  return trainJob.spec.trainer?.numNodes ?? runtime.spec.mlPolicy?.numNodes ?? 1;
}

/** The {@link OutputTooLargeError} for `size`, with the largest numNodes that fits. */
export function outputTooLarge(
  framework: Framework,
  runtime: TrainingRuntime,
  trainJob: TrainJob,
  size: OutputSize,
): OutputTooLargeError {
  const largest = largestFittingNumNodes(framework, runtime, trainJob, numNodesOf(runtime, trainJob));
  return new OutputTooLargeError(size, largest);
}

/**
 * The admission rule: `field.Invalid(spec.trainer.numNodes, <n>, <message>)` when an output is over
 * its limit; `info`, when given, is the pair's RuntimeInfo, which the info phases then change.
 */
export function validateOutputLimits(
  framework: Framework,
  runtime: TrainingRuntime,
  trainJob: TrainJob,
  info?: RuntimeInfo,
): FieldError[] {
  const size = oversizedOutput(framework, runtime, trainJob, info);
  if (size === undefined) return [];
  const error = outputTooLarge(framework, runtime, trainJob, size);
  return [invalid(NUM_NODES, numNodesOf(runtime, trainJob), error.message)];
}
