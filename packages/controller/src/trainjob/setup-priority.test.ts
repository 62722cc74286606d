// SPDX-License-Identifier: Apache-2.0
// The order a (re)started manager reconciles in: the initial list's TrainJobs, and what they own,
// wait behind new and changed jobs (setup.ts's handlers and the work queue's low lane).
import { createLogger } from '@kubetrain/log';
import { InMemoryClient, makeJobSet, makeTrainJob } from '@kubetrain/testing';
import type { KubeObject } from '../cluster/kube.js';
import { createStores } from '../cluster/stores.js';
import { loadSettings, parseFlags } from '../config/index.js';
import { createEngine } from '../engine/engine-port.js';
import { ManagerMetrics } from '../metrics/metrics.js';
import { setupTrainJobController } from './setup.js';

const complete = {
  type: 'Complete',
  status: 'True' as const,
  reason: 'JobsCompleted',
  message: 'done',
  lastTransitionTime: '2026-01-01T00:00:00Z',
};

/** A TrainJob: finished (Complete), running (a status of its jobs), or never reconciled (no status). */
const job = (name: string, finished: boolean, running = false) => {
  const builder = makeTrainJob('ns', name).uid(`uid-${name}`);
  const object = (finished ? builder.conditions(complete) : builder).obj() as unknown as KubeObject & {
    status?: { jobsStatus?: unknown[] };
  };
  if (running) object.status = { jobsStatus: [{ name: 'node', active: 1 }] };
  return object as KubeObject;
};
const jobSetOf = (name: string) =>
  makeJobSet('ns', name).controlledBy(name, `uid-${name}`).obj() as unknown as KubeObject;

/** The keys the TrainJob controller reconciles, in dispatch order, after `fill` fed its stores. */
async function reconcileOrder(fill: (stores: ReturnType<typeof createStores>) => void): Promise<string[]> {
  const logger = createLogger({ level: 'error', write: () => undefined });
  const settings = loadSettings(parseFlags([]), undefined);
  const stores = createStores(logger);
  const metrics = new ManagerMetrics({ processMetrics: false });
  const engine = createEngine({ config: {}, featureGates: {} });
  const setup = setupTrainJobController({
    client: new InMemoryClient(),
    stores,
    engine,
    metrics,
    logger,
    settings,
    host: 'h',
  });
  const seen: string[] = [];
  setup.reconciler.reconcile = (key: string) => {
    seen.push(key);
    return Promise.resolve({});
  };
  fill(stores);
  const expected = setup.queue.depth;
  setup.queue.start();
  for (let i = 0; i < 1000 && seen.length < expected; i++) await new Promise((r) => setTimeout(r, 1));
  await setup.queue.stop();
  return seen;
}

describe('the first reconciles after a (re)start', () => {
  it.each([
    {
      name: 'the reconciled jobs of the initial list, finished or running, wait behind a new one, in list order',
      fill: (stores: ReturnType<typeof createStores>) => {
        stores.jobSets.replace([jobSetOf('done-1'), jobSetOf('running')]);
        stores.trainJobs.replace([job('done-1', true), job('running', false, true), job('done-2', true)]);
        stores.trainJobs.upsert(job('new', false));
      },
      order: ['ns/new', 'ns/done-1', 'ns/running', 'ns/done-2'],
    },
    {
      name: 'a job submitted while no manager ran (no status) does not wait behind the reconciled ones',
      fill: (stores: ReturnType<typeof createStores>) => {
        stores.trainJobs.replace([job('done-1', true), job('running', false, true), job('unseen', false)]);
      },
      order: ['ns/unseen', 'ns/done-1', 'ns/running'],
    },
    {
      name: 'a JobSet that changes after the list promotes its running job',
      fill: (stores: ReturnType<typeof createStores>) => {
        stores.trainJobs.replace([job('done-1', true), job('running', false, true)]);
        stores.jobSets.replace([jobSetOf('done-1'), jobSetOf('running')]);
        stores.jobSets.remove(jobSetOf('running'));
      },
      order: ['ns/running', 'ns/done-1'],
    },
    {
      name: 'a change to a finished job after the list is reconciled at once',
      fill: (stores: ReturnType<typeof createStores>) => {
        stores.trainJobs.replace([job('done-1', true), job('done-2', true)]);
        const changed = job('done-2', true);
        changed.metadata!.resourceVersion = '2';
        stores.trainJobs.upsert(changed);
      },
      order: ['ns/done-2', 'ns/done-1'],
    },
  ])('$name', async ({ fill, order }) => {
    expect(await reconcileOrder(fill)).toEqual(order);
  });
});
