// SPDX-License-Identifier: Apache-2.0
import { torchRuntime } from '@kubetrain/testing';
import {
  gpuUsage,
  kueueQueueOf,
  requestedGpus,
  runInterval,
  runtimeKeyOf,
  type UsageRuntimeSpec,
  type UsageTrainJob,
} from './gpu-usage.js';

/** A runtime of `numNodes` nodes whose `node` container (ancestor trainer) has `resources`. */
function runtime(numNodes: number | undefined, resources: Record<string, unknown>): UsageRuntimeSpec {
  const spec = torchRuntime(resources).spec as UsageRuntimeSpec;
  return { ...spec, mlPolicy: numNodes === undefined ? {} : { numNodes } };
}

const T0 = Date.parse('2026-01-01T00:00:00Z');
const at = (hours: number) => new Date(T0 + hours * 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('requestedGpus', () => {
  const cases: Record<string, { job: UsageTrainJob; runtime?: UsageRuntimeSpec; want: number }> = {
    "the job's nodes × its resourcesPerNode": {
      job: { spec: { trainer: { numNodes: 4, resourcesPerNode: { limits: { 'nvidia.com/gpu': '8' } } } } },
      runtime: runtime(2, { limits: { 'nvidia.com/gpu': 1 } }),
      want: 32,
    },
    "the runtime's nodes and node container": {
      job: { spec: {} },
      runtime: runtime(2, { limits: { 'amd.com/gpu': '4' } }),
      want: 8,
    },
    'requests before limits': {
      job: {
        spec: {
          trainer: {
            resourcesPerNode: { requests: { 'nvidia.com/gpu': '2' }, limits: { 'nvidia.com/gpu': '3' } },
          },
        },
      },
      want: 2,
    },
    'resourcesPerNode replaces the runtime resources (no GPU: none)': {
      job: { spec: { trainer: { numNodes: 3, resourcesPerNode: { limits: { cpu: '4' } } } } },
      runtime: runtime(2, { limits: { 'nvidia.com/gpu': '8' } }),
      want: 0,
    },
    'one node when neither sets numNodes': {
      job: { spec: {} },
      runtime: runtime(undefined, { limits: { 'nvidia.com/gpu': '2' } }),
      want: 2,
    },
    'no runtime known, no resources': { job: { spec: { trainer: { numNodes: 5 } } }, want: 0 },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => expect(requestedGpus(tc.job, tc.runtime)).toBe(tc.want));
});

describe('runInterval', () => {
  const now = T0 + 10 * 3_600_000;
  const cases: Record<string, { status: UsageTrainJob['status']; want?: [number, number] }> = {
    'running: start to now': { status: { startTime: at(1) }, want: [1, 10] },
    'finished: start to completion': {
      status: { startTime: at(1), completionTime: at(3.5) },
      want: [1, 3.5],
    },
    'not started (no startTime)': { status: { conditions: [] } },
    'suspended after running, startTime kept: up to the suspension': {
      status: {
        startTime: at(2),
        conditions: [{ type: 'Suspended', status: 'True', lastTransitionTime: at(4) }],
      },
      want: [2, 4],
    },
    'resumed: from the resume': {
      status: {
        startTime: at(6),
        conditions: [{ type: 'Suspended', status: 'False', lastTransitionTime: at(6) }],
      },
      want: [6, 10],
    },
    'a completion before the start is an empty interval': {
      status: { startTime: at(5), completionTime: at(4) },
      want: [5, 5],
    },
    'a malformed startTime is not started': { status: { startTime: 'yesterday' } },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      const got = runInterval({ status: tc.status }, now);
      expect(got).toEqual(
        tc.want && { startMs: T0 + tc.want[0] * 3_600_000, endMs: T0 + tc.want[1] * 3_600_000 },
      );
    });
});

describe('gpuUsage (computed by hand)', () => {
  const now = T0 + 24 * 3_600_000;
  const job: UsageTrainJob = {
    spec: { trainer: { numNodes: 2, resourcesPerNode: { limits: { 'nvidia.com/gpu': '4' } } } },
    status: { startTime: at(2), completionTime: at(5) },
  };
  const cases: Record<string, { from?: number; to?: number; gpuHours: number; hours: number }> = {
    'whole run: 8 GPUs × 3 h': { gpuHours: 24, hours: 3 },
    'window cuts the start: 8 × 2 h': { from: 3, gpuHours: 16, hours: 2 },
    'window cuts both ends: 8 × 0.5 h': { from: 3, to: 3.5, gpuHours: 4, hours: 0.5 },
    'window after the run': { from: 6, gpuHours: 0, hours: 0 },
    'window before the run': { to: 2, gpuHours: 0, hours: 0 },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      const usage = gpuUsage(job, undefined, now, {
        ...(tc.from !== undefined ? { fromMs: T0 + tc.from * 3_600_000 } : {}),
        ...(tc.to !== undefined ? { toMs: T0 + tc.to * 3_600_000 } : {}),
      });
      expect(usage).toEqual({ gpus: 8, seconds: tc.hours * 3600, gpuSeconds: tc.gpuHours * 3600 });
    });
});

describe('runtimeKeyOf and kueueQueueOf', () => {
  it('defaults the kind to ClusterTrainingRuntime, the queue to none', () => {
    expect(runtimeKeyOf({ spec: { runtimeRef: { name: 'torch' } } })).toEqual({
      kind: 'ClusterTrainingRuntime',
      name: 'torch',
    });
    expect(kueueQueueOf({ metadata: {} })).toBe('');
    expect(kueueQueueOf({ metadata: { labels: { 'kueue.x-k8s.io/queue-name': 'team-a' } } })).toBe('team-a');
  });
});
