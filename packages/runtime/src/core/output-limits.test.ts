// SPDX-License-Identifier: Apache-2.0
// The MPI hostfile grows with numNodes: 2^31-1 nodes once took render 104 s and 4.3 GB before V8
// aborted. Now its size is computed from counts first, and an oversized one is refused with the
// largest numNodes that fits, on either workload backend.
import { formatFieldError, StorageLimits } from '@kubetrain/api';
import { trainJobObject } from '@kubetrain/testing';
import { render, validateAdmission } from '../engine.js';
import type { TrainJob, TrainingRuntime } from '../types.js';
import { lwsPlugins, optIn, shippedRuntime } from '../../test/leaderworkerset.js';
import { Framework } from '../framework/framework.js';
import type { Plugin } from '../framework/plugin.js';
import { defaultPlugins } from '../plugins/registry.js';
import { newRuntimeInfo } from './new-runtime-info.js';
import { OutputTooLargeError } from './output-limits.js';
import { applyRuntimeDefaults, applyTrainJobDefaults } from './runtime-defaults.js';

const INT32_MAX = 2147483647;

function job(runtime: TrainingRuntime, numNodes: number, name = 'tj'): TrainJob {
  return trainJobObject({
    name,
    namespace: 'ns',
    uid: 'u',
    runtime: runtime.metadata.name ?? '',
    spec: { trainer: { numNodes } },
  });
}

/** The bytes the API server counts in the hostfile ConfigMap's data: keys and values. */
function configMapDataBytes(objects: ReadonlyArray<{ kind: string; data?: Record<string, string> }>): number {
  const cm = objects.find((o) => o.kind === 'ConfigMap');
  return Object.entries(cm?.data ?? {}).reduce((n, [k, v]) => n + k.length + Buffer.byteLength(v), 0);
}

/** The hostfile size the MPI plugin computes after the info phases, as the engine asks it. */
function computedBytes(
  trainJob: TrainJob,
  runtime: TrainingRuntime,
  plugins: readonly Plugin[] = defaultPlugins(),
): number {
  const framework = new Framework(plugins);
  const defaultedJob = applyTrainJobDefaults(trainJob);
  const info = newRuntimeInfo(applyRuntimeDefaults(runtime), defaultedJob, framework.workloadBackends);
  framework.runInfoPhases(info, defaultedJob);
  const sizes = framework.componentBuilderPlugins.flatMap((p) => p.outputSizes?.(info, defaultedJob) ?? []);
  return sizes[0]!.bytes;
}

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

const deepspeed = shippedRuntime('deepspeed-distributed');
const backends: Record<string, { runtime: TrainingRuntime; options: Parameters<typeof render>[2] }> = {
  JobSet: { runtime: deepspeed, options: {} },
  LeaderWorkerSet: { runtime: optIn(deepspeed), options: { plugins: lwsPlugins() } },
};

describe('output limits: the MPI hostfile', () => {
  for (const [backend, { runtime, options }] of Object.entries(backends)) {
    describe(backend, () => {
      const huge = job(runtime, INT32_MAX);
      const error = thrown(() => render(huge, runtime, options));

      it('render refuses 2^31-1 nodes before building, naming the limit and the largest numNodes that fits', () => {
        expect(error).toBeInstanceOf(OutputTooLargeError);
        const e = error as OutputTooLargeError;
        expect(e.size.limit).toBe(StorageLimits.ConfigMapDataBytes);
        expect(e.message).toBe(
          `the MPI hostfile (ConfigMap "tj-mpi-hostfile") would be ${e.size.bytes} bytes, over the 1048576 bytes ` +
            `the API server stores in a ConfigMap's data; the largest spec.trainer.numNodes that fits is ${e.largestNumNodes}`,
        );
        expect(e.largestNumNodes).toBeGreaterThan(1000);
      });

      it('the largest numNodes that fits renders within the limit, one more does not', () => {
        const largest = (error as OutputTooLargeError).largestNumNodes;
        const fits = render(job(runtime, largest), runtime, options).objects;
        expect(configMapDataBytes(fits)).toBeLessThanOrEqual(StorageLimits.ConfigMapDataBytes);
        const over = thrown(() => render(job(runtime, largest + 1), runtime, options));
        expect(over).toBeInstanceOf(OutputTooLargeError);
        // The computed size is the size the build makes: one node more adds one line.
        const line = `tj-node-0-${largest}.tj slots=1\n`.length;
        expect((over as OutputTooLargeError).size.bytes).toBeLessThanOrEqual(
          configMapDataBytes(fits) + line + 1,
        );
      });

      it('admission refuses it on spec.trainer.numNodes with the same message', () => {
        const result = validateAdmission(undefined, huge, runtime, options);
        expect(result.errors.map(formatFieldError)).toEqual([
          `spec.trainer.numNodes: Invalid value: ${INT32_MAX}: ${(error as Error).message}`,
        ]);
      });

      it('a job of a usual size is admitted and renders as before', () => {
        expect(validateAdmission(undefined, job(runtime, 64), runtime, options).errors).toEqual([]);
        expect(configMapDataBytes(render(job(runtime, 64), runtime, options).objects)).toBeGreaterThan(
          64 * 10,
        );
      });
    });
  }

  it('the computed size equals the built size for every count up to 300 (both backends)', () => {
    for (const { runtime, options } of Object.values(backends)) {
      for (let n = 1; n <= 300; n += 7) {
        const objects = render(job(runtime, n, 'a-job-name'), runtime, options).objects;
        expect(computedBytes(job(runtime, n, 'a-job-name'), runtime, options?.plugins)).toBe(
          configMapDataBytes(objects),
        );
      }
    }
  });
});
