// SPDX-License-Identifier: Apache-2.0
import type { V1KindName } from '@kubetrain/api/core';
import { v1ReplicaCounts, v1RequestedGpus, type GpuReplicaSpec } from './requested-gpus.js';

const pod = (...gpus: (Record<string, string | number> | undefined)[]): GpuReplicaSpec['template'] => ({
  spec: { containers: gpus.map((limits) => (limits ? { resources: { limits } } : {})) },
});

describe('v1RequestedGpus', () => {
  const cases: Record<
    string,
    { kind: V1KindName; specs: Record<string, GpuReplicaSpec>; gpus: number; counts: Record<string, number> }
  > = {
    'no GPUs': {
      kind: 'PyTorchJob',
      specs: { Master: { replicas: 1, template: pod(undefined) } },
      gpus: 0,
      counts: { Master: 1 },
    },
    'replicas × GPUs per pod, over replica types': {
      kind: 'PyTorchJob',
      specs: {
        Master: { replicas: 1, template: pod({ 'nvidia.com/gpu': 2 }) },
        Worker: { replicas: 3, template: pod({ 'nvidia.com/gpu': '4' }) },
      },
      gpus: 14,
      counts: { Master: 1, Worker: 3 },
    },
    "a pod's containers summed, requests before limits": {
      kind: 'TFJob',
      specs: {
        Worker: {
          replicas: 2,
          template: {
            spec: {
              containers: [
                { resources: { requests: { 'amd.com/gpu': '1' }, limits: { 'amd.com/gpu': '2' } } },
                { resources: { limits: { 'nvidia.com/gpu': '1' } } },
              ],
            },
          },
        },
      },
      gpus: 4,
      counts: { Worker: 2 },
    },
    'replicas unset: 1, or the kind default (an MPIJob Worker: 0)': {
      kind: 'MPIJob',
      specs: {
        Launcher: { template: pod({ 'nvidia.com/gpu': 1 }) },
        Worker: { template: pod({ 'nvidia.com/gpu': 8 }) },
      },
      gpus: 1,
      counts: { Launcher: 1, Worker: 0 },
    },
    'no template': { kind: 'JAXJob', specs: { Worker: { replicas: 2 } }, gpus: 0, counts: { Worker: 2 } },
  };
  it.each(Object.entries(cases))('%s', (_name, { kind, specs, gpus, counts }) => {
    expect(v1RequestedGpus(kind, specs)).toBe(gpus);
    expect(v1ReplicaCounts(kind, specs)).toEqual(counts);
  });
});
