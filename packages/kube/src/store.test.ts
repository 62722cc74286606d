// SPDX-License-Identifier: Apache-2.0
import type { KubeObject } from './object.js';
import { BuiltinIndexes, Store, type StoreHandler } from './store.js';

function obj(
  namespace: string | undefined,
  name: string,
  rv: string,
  extra: Partial<NonNullable<KubeObject['metadata']>> = {},
): KubeObject {
  return {
    metadata: {
      ...(namespace ? { namespace } : {}),
      name,
      uid: `uid-${name}`,
      resourceVersion: rv,
      ...extra,
    },
  };
}

function recording(store: Store): string[] {
  const events: string[] = [];
  const handler: StoreHandler<KubeObject> = {
    onAdd: (o, initial) => events.push(`add ${o.metadata?.name}${initial ? ' (initial)' : ''}`),
    onUpdate: (old, o) =>
      events.push(
        `update ${o.metadata?.name} ${old.metadata?.resourceVersion}->${o.metadata?.resourceVersion}`,
      ),
    onDelete: (o) => events.push(`delete ${o.metadata?.name}`),
  };
  store.addHandler(handler);
  return events;
}

describe('Store', () => {
  it('keys namespaced and cluster-scoped objects as client-go does', () => {
    const store = new Store();
    store.upsert(obj('a', 'x', '1'));
    store.upsert(obj(undefined, 'c', '1'));
    expect([...store.keys()].sort()).toEqual(['a/x', 'c']);
    expect(store.getByName('a', 'x')?.metadata?.name).toBe('x');
    expect(store.getByName(undefined, 'c')?.metadata?.name).toBe('c');
  });

  it('raises add, update (old and new) and delete; an unchanged resourceVersion raises nothing', () => {
    const store = new Store();
    const events = recording(store);
    store.upsert(obj('a', 'x', '1'));
    store.upsert(obj('a', 'x', '1'));
    store.upsert(obj('a', 'x', '2'));
    store.remove(obj('a', 'x', '3'));
    store.remove(obj('a', 'x', '3'));
    expect(events).toEqual(['add x', 'update x 1->2', 'delete x']);
  });

  it('replace: first list adds as initial, a relist deletes what vanished and updates what changed', () => {
    const store = new Store();
    const events = recording(store);
    store.replace([obj('a', 'x', '1'), obj('a', 'y', '1')]);
    store.replace([obj('a', 'x', '1'), obj('a', 'z', '5'), obj('a', 'y', '4')]);
    expect(events).toEqual(['add x (initial)', 'add y (initial)', 'add z', 'update y 1->4']);
    expect(store.size).toBe(3);
    store.replace([obj('a', 'z', '5')]);
    expect(events.slice(-2).sort()).toEqual(['delete x', 'delete y']);
    expect([...store.keys()]).toEqual(['a/z']);
  });

  it('beginReplace: each page replaces its objects as it arrives, finish removes what no page listed', () => {
    const store = new Store();
    const events = recording(store);
    const first = store.beginReplace();
    first.add([obj('a', 'x', '1')]);
    first.add([obj('a', 'y', '1')]);
    first.finish();
    const kept = store.get('a/x');
    const relist = store.beginReplace();
    relist.add([obj('a', 'x', '1'), obj('a', 'z', '5')]);
    // Mid-relist: the first page is in (no second copy of x: the stored object is kept), y not yet removed.
    expect(store.get('a/x')).toBe(kept);
    expect(store.size).toBe(3);
    relist.add([]);
    relist.finish();
    expect(events).toEqual(['add x (initial)', 'add y (initial)', 'add z', 'delete y']);
    expect([...store.keys()].sort()).toEqual(['a/x', 'a/z']);
  });

  it('beginReplace: a first LIST abandoned and retried still adds as initial', () => {
    const store = new Store();
    const events = recording(store);
    store.beginReplace().add([obj('a', 'x', '1')]);
    const retry = store.beginReplace();
    retry.add([obj('a', 'y', '1')]);
    retry.finish();
    expect(events).toEqual(['add x (initial)', 'add y (initial)', 'delete x']);
  });

  it('indexes by namespace, owner UID and custom functions, and keeps indexes current on update and delete', () => {
    const store = new Store({ indexers: { runtime: (o) => [(o.metadata?.labels ?? {})['runtime'] ?? ''] } });
    const owner = (uid: string) => ({ ownerReferences: [{ apiVersion: 'v1', kind: 'K', name: 'o', uid }] });
    store.upsert(obj('a', 'x', '1', { ...owner('o1'), labels: { runtime: 'torch' } }));
    store.upsert(obj('b', 'y', '1', { ...owner('o1'), labels: { runtime: 'mpi' } }));
    store.upsert(obj('a', 'z', '1', owner('o2')));
    const names = (list: KubeObject[]) => list.map((o) => o.metadata?.name).sort();
    expect(names(store.byIndex(BuiltinIndexes.Namespace, 'a'))).toEqual(['x', 'z']);
    expect(names(store.byIndex(BuiltinIndexes.OwnerUid, 'o1'))).toEqual(['x', 'y']);
    expect(names(store.byIndex('runtime', 'torch'))).toEqual(['x']);
    store.upsert(obj('a', 'x', '2', { ...owner('o2'), labels: { runtime: 'mpi' } }));
    expect(names(store.byIndex(BuiltinIndexes.OwnerUid, 'o1'))).toEqual(['y']);
    expect(names(store.byIndex('runtime', 'mpi'))).toEqual(['x', 'y']);
    store.remove(obj('b', 'y', '2'));
    expect(store.byIndex(BuiltinIndexes.OwnerUid, 'o1')).toEqual([]);
    expect(store.keysByIndex(BuiltinIndexes.Namespace, 'b')).toEqual([]);
    expect(() => store.byIndex('nope', 'x')).toThrow('no index named nope');
  });

  it('a throwing handler does not stop the others', () => {
    const store = new Store();
    store.addHandler({
      onAdd: () => {
        throw new Error('boom');
      },
    });
    const events = recording(store);
    store.upsert(obj('a', 'x', '1'));
    expect(events).toEqual(['add x']);
  });

  it('freeze: stored objects cannot be mutated', () => {
    const store = new Store({ freeze: true });
    store.upsert(obj('a', 'x', '1', { labels: { k: 'v' } }));
    const labels = store.get('a/x')!.metadata!.labels!;
    expect(() => {
      labels['k'] = 'changed';
    }).toThrow(TypeError);
  });

  it('unregistered handlers get no more events', () => {
    const store = new Store();
    const seen: string[] = [];
    const off = store.addHandler({ onAdd: (o) => seen.push(o.metadata!.name!) });
    store.upsert(obj('a', 'x', '1'));
    off();
    store.upsert(obj('a', 'y', '1'));
    expect(seen).toEqual(['x']);
  });
});

describe('Store.getOrRecent', () => {
  interface Case {
    steps: (store: Store) => void;
    want: string;
  }
  const written = obj('a', 'x', '7');
  const cases: Record<string, Case> = {
    'unknown key is absent': { steps: () => {}, want: 'absent' },
    'cached object': { steps: (s) => s.upsert(obj('a', 'x', '1')), want: 'cached 1' },
    'created by us, not yet in the store: pending, not absent': {
      steps: (s) => s.recordWrite(written),
      want: 'pending 7 none',
    },
    'applied by us, store holds the older version: pending': {
      steps: (s) => {
        s.upsert(obj('a', 'x', '5'));
        s.recordWrite(written);
      },
      want: 'pending 7 5',
    },
    'store caught up with our write: cached': {
      steps: (s) => {
        s.recordWrite(written);
        s.upsert(obj('a', 'x', '7'));
      },
      want: 'cached 7',
    },
    'deleted by us, store still has it: absent': {
      steps: (s) => {
        s.upsert(obj('a', 'x', '5'));
        s.recordDelete('a/x', 'uid-x');
      },
      want: 'absent',
    },
    'deleted by us, a new incarnation appeared: cached': {
      steps: (s) => {
        s.upsert(obj('a', 'x', '5', { uid: 'uid-old' }));
        s.recordDelete('a/x', 'uid-old');
        s.remove(obj('a', 'x', '6', { uid: 'uid-old' }));
        s.upsert(obj('a', 'x', '9'));
      },
      want: 'cached 9',
    },
    'the watch delivered our write before we recorded it: cached': {
      steps: (s) => {
        s.upsert(obj('a', 'x', '7'));
        s.recordWrite(written);
      },
      want: 'cached 7',
    },
    'created and deleted by us before the store saw either: absent': {
      steps: (s) => {
        s.recordWrite(written);
        s.recordDelete('a/x', 'uid-x');
        s.upsert(obj('a', 'x', '7'));
      },
      want: 'absent',
    },
    'the watch delivered our delete before we recorded it, then it came back: cached': {
      steps: (s) => {
        s.recordDelete('a/x', 'uid-x');
        s.upsert(obj('a', 'x', '9'));
      },
      want: 'cached 9',
    },
    'store saw our delete, then the object came back: cached': {
      steps: (s) => {
        s.upsert(obj('a', 'x', '5'));
        s.recordDelete('a/x', 'uid-x');
        s.remove(obj('a', 'x', '6'));
        s.upsert(obj('a', 'x', '8'));
      },
      want: 'cached 8',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const store = new Store();
      tc.steps(store);
      const lookup = store.getOrRecent('a/x');
      const text =
        lookup.state === 'cached'
          ? `cached ${lookup.object.metadata?.resourceVersion}`
          : lookup.state === 'pending'
            ? `pending ${lookup.write.resourceVersion} ${lookup.object?.metadata?.resourceVersion ?? 'none'}`
            : 'absent';
      expect(text).toBe(tc.want);
      if (tc.want.startsWith('cached')) expect(store.pendingWrites).toBe(0);
    });
  }

  it('a write the store never confirms expires after the TTL', () => {
    let now = 0;
    const store = new Store({ recentWrites: { ttlMs: 1000, now: () => now } });
    store.recordWrite(written);
    expect(store.getOrRecent('a/x').state).toBe('pending');
    now = 1001;
    expect(store.getOrRecent('a/x').state).toBe('absent');
    expect(store.pendingWrites).toBe(0);
  });
});
