// SPDX-License-Identifier: Apache-2.0
import { TrainerResourceRefs } from './api.js';

describe('TrainerResourceRefs', () => {
  const cases: Record<
    string,
    { ref: (typeof TrainerResourceRefs)[keyof typeof TrainerResourceRefs]; want: object }
  > = {
    TrainJob: {
      ref: TrainerResourceRefs.TrainJob,
      want: {
        group: 'trainer.kubeflow.org',
        version: 'v1alpha1',
        resource: 'trainjobs',
        kind: 'TrainJob',
        namespaced: true,
      },
    },
    TrainingRuntime: {
      ref: TrainerResourceRefs.TrainingRuntime,
      want: {
        group: 'trainer.kubeflow.org',
        version: 'v1alpha1',
        resource: 'trainingruntimes',
        kind: 'TrainingRuntime',
        namespaced: true,
      },
    },
    'ClusterTrainingRuntime: cluster-scoped': {
      ref: TrainerResourceRefs.ClusterTrainingRuntime,
      want: {
        group: 'trainer.kubeflow.org',
        version: 'v1alpha1',
        resource: 'clustertrainingruntimes',
        kind: 'ClusterTrainingRuntime',
        namespaced: false,
      },
    },
  };
  for (const [name, tc] of Object.entries(cases)) it(name, () => expect(tc.ref).toEqual(tc.want));
});
