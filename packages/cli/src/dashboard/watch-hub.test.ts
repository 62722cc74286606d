// SPDX-License-Identifier: Apache-2.0
import type { KubeObject } from '@kubetrain/kube';
import { FakeWatch } from './fake-cluster.js';
import { WatchHub, type WatchListener } from './watch-hub.js';

function recorder(): WatchListener<KubeObject> & { seen: string[] } {
  const seen: string[] = [];
  return {
    seen,
    synced: (objects) => seen.push(`synced ${objects.map((o) => o.metadata?.name).join(',')}`),
    upsert: (o) => seen.push(`upsert ${o.metadata?.name}`),
    remove: (o) => seen.push(`remove ${o.metadata?.name}`),
    failed: (message) => seen.push(`failed ${message}`),
  };
}

const job = (name: string): KubeObject => ({ metadata: { name, namespace: 'ns' } });

describe('WatchHub', () => {
  it('runs one watch for every subscriber of a key; a late one gets the objects at once', () => {
    const hub = new WatchHub();
    const opened: FakeWatch[] = [];
    const open = (): FakeWatch => {
      const w = new FakeWatch();
      opened.push(w);
      return w;
    };
    const a = recorder();
    const b = recorder();
    hub.subscribe('trainjobs/*', open, a);
    opened[0]!.sync([job('one')]);
    hub.subscribe('trainjobs/*', open, b);
    opened[0]!.upsert(job('two'));
    expect(opened).toHaveLength(1);
    expect(a.seen).toEqual(['synced one', 'upsert two']);
    expect(b.seen).toEqual(['synced one', 'upsert two']);
  });

  it('does not pass on changes before the first sync', () => {
    const hub = new WatchHub();
    const w = new FakeWatch();
    const a = recorder();
    hub.subscribe('k', () => w, a);
    w.listener?.upsert(job('early'));
    w.sync([job('early')]);
    expect(a.seen).toEqual(['synced early']);
  });

  it('stops the watch when the last subscriber leaves, and starts a new one after', () => {
    const hub = new WatchHub();
    const opened: FakeWatch[] = [];
    const open = (): FakeWatch => (opened.push(new FakeWatch()), opened.at(-1)!);
    const leaveA = hub.subscribe('k', open, recorder());
    const leaveB = hub.subscribe('k', open, recorder());
    leaveA();
    expect(opened[0]!.stopped).toBe(false);
    leaveB();
    expect(opened[0]!.stopped).toBe(true);
    expect(hub.running).toEqual([]);
    hub.subscribe('k', open, recorder());
    expect(opened).toHaveLength(2);
  });

  it('tells a failure to present and later subscribers', () => {
    const hub = new WatchHub();
    const w = new FakeWatch();
    const a = recorder();
    hub.subscribe('k', () => w, a);
    w.listener?.failed('forbidden: no list');
    const b = recorder();
    hub.subscribe('k', () => new FakeWatch(), b);
    expect(a.seen).toEqual(['failed forbidden: no list']);
    expect(b.seen).toEqual(['failed forbidden: no list']);
  });
});
