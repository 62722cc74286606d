// SPDX-License-Identifier: Apache-2.0
import { createLogger } from '@kubetrain/log';
import { makeJobSet, makeTrainJob } from '@kubetrain/testing';
import { Store, type KubeObject } from '../../cluster/kube.js';
import { ForeignWorkloadError, foreignWorkloadOf } from './foreign-workload.js';

const logger = createLogger({ level: 'error', write: () => undefined });
const trainJob = makeTrainJob('ns', 'job').uid('new-uid').obj();

function storeWith(...objects: object[]): Store {
  const store = new Store({ logger });
  for (const o of objects) store.upsert(o as KubeObject);
  return store;
}

describe('foreignWorkloadOf', () => {
  const cases: Record<string, { stores: Array<[string, Store | undefined]>; want: string | undefined }> = {
    'no workload': { stores: [['JobSet', storeWith()]], want: undefined },
    "the job's own JobSet": {
      stores: [['JobSet', storeWith(makeJobSet('ns', 'job').controlledBy('job', 'new-uid').obj())]],
      want: undefined,
    },
    'a JobSet without a controller (adopted, as upstream adopts it)': {
      stores: [['JobSet', storeWith(makeJobSet('ns', 'job').obj())]],
      want: undefined,
    },
    "another job's JobSet in another namespace": {
      stores: [['JobSet', storeWith(makeJobSet('other', 'job').controlledBy('job', 'old-uid').obj())]],
      want: undefined,
    },
    'the JobSet of a same-name TrainJob deleted and created again': {
      stores: [['JobSet', storeWith(makeJobSet('ns', 'job').controlledBy('job', 'old-uid').obj())]],
      want:
        'JobSet ns/job is controlled by TrainJob job with uid old-uid, not by this TrainJob (uid new-uid); ' +
        'waiting for it to be deleted',
    },
    'a LeaderWorkerSet of another TrainJob; the JobSet backend off': {
      stores: [
        ['JobSet', undefined],
        [
          'LeaderWorkerSet',
          storeWith({
            ...makeJobSet('ns', 'job').controlledBy('job', 'old-uid').obj(),
            kind: 'LeaderWorkerSet',
          }),
        ],
      ],
      want:
        'LeaderWorkerSet ns/job is controlled by TrainJob job with uid old-uid, not by this TrainJob ' +
        '(uid new-uid); waiting for it to be deleted',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const error = foreignWorkloadOf(trainJob, tc.stores);
      expect(error?.message).toBe(tc.want);
      if (tc.want !== undefined) {
        expect(error).toBeInstanceOf(ForeignWorkloadError);
        expect(error?.owner.uid).toBe('old-uid');
      }
    });
  }
});
