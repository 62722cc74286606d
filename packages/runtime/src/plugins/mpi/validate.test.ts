// SPDX-License-Identifier: Apache-2.0
import { validateMPI } from './validate.js';
import { rjob, runtimeOf, summarize, trainJobOf } from '@kubetrain/testing';
import { ruleInput } from '../../../test/engine.js';
import type { ReplicatedJob, Trainer } from '@kubetrain/api';

const launcher = rjob('launcher', { ancestor: 'trainer', containers: [{ name: 'node' }] });
const node = rjob('node', { containers: [{ name: 'node' }] });
const numNodesError = {
  path: 'spec.trainer.numNodes',
  type: 'Invalid',
  message:
    'must have 1 when MPI trainingRuntime with enabled runLauncherAsNode does not have either launcher and node',
};

describe('validateMPI', () => {
  interface Case {
    jobs: ReplicatedJob[];
    runLauncherAsNode?: boolean;
    numNodes?: number;
    env?: Trainer['env'];
    mpi?: boolean;
    want: Array<Record<string, unknown>>;
  }
  const cases: Record<string, Case> = {
    'not an MPI runtime': { jobs: [launcher], mpi: false, numNodes: 4, runLauncherAsNode: true, want: [] },
    'launcher and node, runLauncherAsNode, 4 nodes': {
      jobs: [node, launcher],
      runLauncherAsNode: true,
      numNodes: 4,
      want: [],
    },
    'no node job, runLauncherAsNode, 2 nodes': {
      jobs: [launcher],
      runLauncherAsNode: true,
      numNodes: 2,
      want: [numNodesError],
    },
    'no launcher job, runLauncherAsNode, 3 nodes': {
      jobs: [rjob('node', { ancestor: 'trainer', containers: [{ name: 'node' }] })],
      runLauncherAsNode: true,
      numNodes: 3,
      want: [numNodesError],
    },
    'no node job but a single node: allowed': {
      jobs: [launcher],
      runLauncherAsNode: true,
      numNodes: 1,
      want: [],
    },
    'no node job, runLauncherAsNode off: allowed': {
      jobs: [launcher],
      runLauncherAsNode: false,
      numNodes: 4,
      want: [],
    },
    'reserved OpenMPI env': {
      jobs: [node, launcher],
      env: [
        { name: 'OMPI_MCA_plm_rsh_args', value: '-x' },
        { name: 'OMPI_MCA_orte_default_hostfile', value: '/h' },
      ],
      want: [
        {
          path: 'spec.trainer.env',
          type: 'Invalid',
          message:
            'must not have reserved envs, invalid envs configured: [OMPI_MCA_orte_default_hostfile OMPI_MCA_plm_rsh_args]',
        },
      ],
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const mlPolicy =
        tc.mpi === false
          ? { numNodes: 1 }
          : { numNodes: 1, mpi: { runLauncherAsNode: tc.runLauncherAsNode ?? false } };
      const trainer = {
        ...(tc.numNodes !== undefined ? { numNodes: tc.numNodes } : {}),
        ...(tc.env !== undefined ? { env: tc.env } : {}),
      };
      const errors = validateMPI(ruleInput(runtimeOf(tc.jobs, { mlPolicy }), trainJobOf('job', { trainer })));
      expect(summarize(errors)).toEqual(tc.want);
      for (const e of errors) if (e.path === 'spec.trainer.numNodes') expect(e.value).toBe(tc.numNodes);
    });
  }
});
