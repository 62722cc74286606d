// SPDX-License-Identifier: Apache-2.0
import { validateFlux } from './validate.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { MLPolicy, ReplicatedJob } from '@kubetrain/api';

describe('validateFlux', () => {
  interface Case {
    mlPolicy: MLPolicy;
    jobs: ReplicatedJob[];
    want: Array<Record<string, unknown>>;
  }
  const node = rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] });
  const withInstaller = rjob('node', {
    ancestor: 'trainer',
    containers: [{ name: 'node' }],
    initContainers: [{ name: 'flux-installer' }],
  });
  const reservedError = {
    path: 'spec.trainer.initContainers',
    type: 'Invalid',
    message: "InitContainer 'flux-installer' is reserved",
    value: 'flux-installer',
  };
  const cases: Record<string, Case> = {
    'not a Flux runtime': { mlPolicy: { torch: {} }, jobs: [withInstaller], want: [] },
    'valid Flux runtime': { mlPolicy: { flux: { numProcPerNode: 4 } }, jobs: [node], want: [] },
    'reserved flux-installer init container (upstream integration case)': {
      mlPolicy: { flux: {} },
      jobs: [withInstaller],
      want: [reservedError],
    },
    'flux-installer in another job: allowed': {
      mlPolicy: { flux: {} },
      jobs: [node, rjob('helper', { initContainers: [{ name: 'flux-installer' }] })],
      want: [],
    },
    'numProcPerNode 0': {
      mlPolicy: { flux: { numProcPerNode: 0 } },
      jobs: [node],
      want: [
        {
          path: 'spec.trainer.numProcPerNode',
          type: 'Invalid',
          message: 'must be greater than or equal to 1 for Flux TrainJob',
          value: 0,
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const runtime = runtimeOf(tc.jobs, { mlPolicy: tc.mlPolicy });
      expect(
        summarize(validateFlux(ruleInput(runtime, trainJobOf('job', { trainer: { numNodes: 2 } }))), true),
      ).toEqual(tc.want);
    });
  }
});
