// SPDX-License-Identifier: Apache-2.0
// @kubetrain/kube's Lease leader election against the real kube-apiserver: two electors, exactly
// one leads; stopping the leader releases the Lease and the other takes over; without a release
// the other takes over once the Lease expires; a leader whose Lease is taken stops leading.
import { CoreResources, LeaderElector, type Lease, type LeaderElectionOptions } from '@kubetrain/kube';
import { waitFor } from '../support/wait.js';
import { kubeSuite } from './kube-client.js';

const electors: LeaderElector[] = [];

const suite = kubeSuite('e2e-kube-lease', () => Promise.all(electors.map((e) => e.stop())));

interface Replica {
  identity: string;
  elector: LeaderElector;
  /** `started` / `stopped`, in the order the callbacks ran. */
  log: string[];
  done: Promise<void>;
}

function replica(lease: string, identity: string, options: Partial<LeaderElectionOptions> = {}): Replica {
  const log: string[] = [];
  const elector = new LeaderElector({
    client: suite.client,
    namespace: suite.ns,
    name: lease,
    identity,
    leaseDurationMs: 4000,
    renewDeadlineMs: 3000,
    retryPeriodMs: 500,
    onStartedLeading: () => void log.push('started'),
    onStoppedLeading: () => void log.push('stopped'),
    ...options,
  });
  electors.push(elector);
  return { identity, elector, log, done: elector.run() };
}

async function until(
  what: string,
  predicate: () => boolean | Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  await waitFor(what, async () => ((await predicate()) ? true : undefined), undefined, {
    timeoutMs,
    intervalMs: 50,
  });
}

const readLease = (name: string): Promise<Lease> =>
  suite.client.get<Lease>(CoreResources.Lease, name, { namespace: suite.ns });

/** Checks, over several retry periods, that never both replicas lead. */
async function expectOneLeader(replicas: Replica[]): Promise<Replica> {
  for (let i = 0; i < 20; i++) {
    expect(replicas.filter((r) => r.elector.isLeader).length).toBeLessThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const leaders = replicas.filter((r) => r.elector.isLeader);
  expect(leaders).toHaveLength(1);
  return leaders[0]!;
}

it('exactly one of two electors leads; stop() releases the Lease and the other takes over', async () => {
  // A long lease: only the release can hand over within the wait below.
  const options = { leaseDurationMs: 120_000, renewDeadlineMs: 10_000, retryPeriodMs: 500 };
  const a = replica('handover', 'replica-a', options);
  const b = replica('handover', 'replica-b', options);
  await until('a leader', () => a.elector.isLeader || b.elector.isLeader);
  const leader = await expectOneLeader([a, b]);
  const follower = leader === a ? b : a;
  const lease = await readLease('handover');
  expect(lease.spec?.holderIdentity).toBe(leader.identity);
  expect(lease.spec?.leaseDurationSeconds).toBe(120);
  expect(lease.spec?.renewTime).toMatch(/\.\d{6}Z$/);
  expect(follower.elector.leader).toBe(leader.identity);

  await leader.elector.stop();
  await leader.done;
  expect(leader.log).toEqual(['started', 'stopped']);
  await until('the follower to take over', () => follower.elector.isLeader, 30_000);
  const after = await readLease('handover');
  expect(after.spec?.holderIdentity).toBe(follower.identity);
  expect(after.spec?.leaseTransitions).toBe((lease.spec?.leaseTransitions ?? 0) + 1);
  expect(follower.log).toEqual(['started']);
});

it('without a release, the other takes over once the Lease expires', async () => {
  const a = replica('expiry', 'replica-a', { releaseOnStop: false });
  await until('a to lead', () => a.elector.isLeader);
  const b = replica('expiry', 'replica-b', { releaseOnStop: false });
  await a.elector.stop();
  expect((await readLease('expiry')).spec?.holderIdentity).toBe('replica-a');
  await until('b to take over after expiry', () => b.elector.isLeader);
  expect((await readLease('expiry')).spec?.holderIdentity).toBe('replica-b');
});

it('a leader whose Lease is taken by someone else stops leading', async () => {
  const a = replica('taken', 'replica-a');
  await until('a to lead', () => a.elector.isLeader);
  // The leader renews every retry period, so the takeover retries on a conflict with a fresh read.
  await waitFor('the intruder takes the Lease', async () => {
    const lease = await readLease('taken');
    await suite.client.replace<Lease>(CoreResources.Lease, {
      ...lease,
      spec: {
        ...lease.spec,
        holderIdentity: 'intruder',
        renewTime: new Date().toISOString().replace('Z', '000Z'),
      },
    });
    return true;
  });
  await a.done;
  expect(a.log).toEqual(['started', 'stopped']);
  expect(a.elector.isLeader).toBe(false);
  expect((await readLease('taken')).spec?.holderIdentity).toBe('intruder');
});
