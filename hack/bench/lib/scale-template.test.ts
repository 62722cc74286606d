// SPDX-License-Identifier: Apache-2.0
import { podOf } from './scale-population.js';
import { cloneFor, stripServerFields, type JobTemplate } from './scale-template.js';

const jobSet = {
  apiVersion: 'jobset.x-k8s.io/v1alpha2',
  kind: 'JobSet',
  metadata: {
    name: 'tpl',
    namespace: 'ns-a',
    uid: 'js-uid',
    resourceVersion: '7',
    managedFields: [{ manager: 'trainer', operation: 'Apply' }],
    ownerReferences: [{ kind: 'TrainJob', name: 'tpl', uid: 'tj-uid' }],
  },
  spec: {
    replicatedJobs: [
      {
        name: 'node',
        template: {
          metadata: { labels: { step: 'trainer' } },
          spec: {
            template: {
              metadata: { annotations: { a: 'b' } },
              spec: {
                containers: [{ name: 'node', env: [{ name: 'PET_MASTER_ADDR', value: 'tpl-node-0-0.tpl' }] }],
              },
            },
          },
        },
      },
    ],
  },
  status: { restarts: 0 },
};
const template = { name: 'tpl', uid: 'tj-uid' } as JobTemplate;

describe('stripServerFields', () => {
  it('drops what the API server sets and the status', () => {
    const out = stripServerFields(jobSet);
    expect(out.metadata).toEqual({
      name: 'tpl',
      namespace: 'ns-a',
      ownerReferences: [{ kind: 'TrainJob', name: 'tpl', uid: 'tj-uid' }],
    });
    expect(out.status).toBeUndefined();
    expect(jobSet.metadata.uid).toBe('js-uid');
  });
});

describe('cloneFor', () => {
  it('replaces the template name, uid and namespace everywhere', () => {
    const out = cloneFor(stripServerFields(jobSet), template, 'tj-00042', 'new-uid', 'ns-b');
    expect(out.metadata).toEqual({
      name: 'tj-00042',
      namespace: 'ns-b',
      ownerReferences: [{ kind: 'TrainJob', name: 'tj-00042', uid: 'new-uid' }],
    });
    expect(JSON.stringify(out)).toContain('"value":"tj-00042-node-0-0.tj-00042"');
  });
});

describe('podOf', () => {
  it.each([
    [true, 'run'],
    [false, 'succeed'],
  ])('running=%p: pod of the replicated Job, bound to the node, kwok outcome %p', (running, outcome) => {
    const pod = podOf(jobSet, 'tpl', 1, running, 'cpu-node-2');
    expect(pod.metadata.name).toBe('tpl-node-0-1-bench');
    expect(pod.metadata['labels']).toMatchObject({
      step: 'trainer',
      'jobset.sigs.k8s.io/jobset-name': 'tpl',
      'batch.kubernetes.io/job-completion-index': '1',
    });
    expect(pod.metadata['annotations']).toMatchObject({ a: 'b', 'kwok.kubetrain.dev/outcome': outcome });
    expect(pod['spec']).toMatchObject({ nodeName: 'cpu-node-2', restartPolicy: 'Never', subdomain: 'tpl' });
  });
});
