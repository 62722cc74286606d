// SPDX-License-Identifier: Apache-2.0
// A job page's YAML panes of its workload and runtime snapshot, over the in-memory cluster.
import { jest } from '@jest/globals';
import { errorFromStatus, type KubeObject } from '@kubetrain/kube';
import { parse } from 'yaml';
import type { Fetched } from './cluster-port.js';
import { FakeCluster } from './fake-cluster.js';
import { capYaml, followJobObjects, readSnapshotPane, readWorkloadPane, shownPane } from './object-panes.js';
import type { JobObjects, ObjectPane } from './web/feed-types.js';

const object = (kind: string, name: string, extra: Record<string, unknown> = {}): KubeObject =>
  ({
    apiVersion: 'v1',
    kind,
    metadata: {
      name,
      namespace: 'team-a',
      managedFields: [{ manager: 'trainer', operation: 'Apply' }],
      labels: { app: '<script>' },
    },
    ...extra,
  }) as KubeObject;

const forbidden = (what: string): Error =>
  errorFromStatus({ kind: 'Status', code: 403, reason: 'Forbidden', message: `${what} is forbidden` });

describe('capYaml', () => {
  const cases: Record<string, { yaml: string; max: number; want: string; cut: boolean }> = {
    'within the cap: whole': { yaml: 'a: 1\nb: 2\n', max: 100, want: 'a: 1\nb: 2\n', cut: false },
    'exactly the cap: whole': { yaml: 'a: 1\n', max: 5, want: 'a: 1\n', cut: false },
    'past the cap: cut at the end of a line': {
      yaml: 'a: 1\nb: 22\nc: 3\n',
      max: 8,
      want: 'a: 1\n',
      cut: true,
    },
    'a multi-byte character across the cap: its line dropped': {
      yaml: 'a: 1\nb: ééé\n',
      max: 9,
      want: 'a: 1\n',
      cut: true,
    },
    'no line end within the cap: nothing': { yaml: 'aaaaaaaaaa\n', max: 4, want: '', cut: true },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      const got = capYaml(tc.yaml, tc.max);
      expect(got.yaml).toBe(tc.want);
      expect(got.cut).toBe(tc.cut);
      expect(got.bytes).toBe(Buffer.byteLength(tc.yaml));
    });
});

describe('shownPane', () => {
  it('is the YAML without managedFields, the rest as it is', () => {
    const pane = shownPane('JobSet', object('JobSet', 'job-1', { spec: { x: 1 } }));
    expect(pane).toMatchObject({ kind: 'JobSet', name: 'job-1', state: 'shown', note: '' });
    const back = parse(pane.yaml) as { metadata: Record<string, unknown>; spec: unknown };
    expect(back.metadata).toEqual({ name: 'job-1', namespace: 'team-a', labels: { app: '<script>' } });
    expect(back.spec).toEqual({ x: 1 });
  });

  it('past the cap: cut, and the note says so and how to see all of it', () => {
    const big = object('JobSet', 'job-1', { data: { blob: 'x\n'.repeat(4000) } });
    const pane = shownPane('JobSet', big, 1024);
    expect(Buffer.byteLength(pane.yaml)).toBeLessThanOrEqual(1024);
    expect(pane.note).toMatch(
      /^Cut at 1 KiB of \d+ KiB: kubectl get jobset -n team-a job-1 -o yaml shows all of it\.$/,
    );
  });
});

describe('reading the panes', () => {
  const cases: Record<
    string,
    {
      objects: Record<string, KubeObject | Error>;
      finished?: boolean;
      known?: Fetched;
      workload: Partial<ObjectPane>;
      snapshot: Partial<ObjectPane>;
    }
  > = {
    'a JobSet and its snapshot': {
      objects: {
        'JobSet/team-a/job-1': object('JobSet', 'job-1'),
        'ConfigMap/team-a/job-1-runtime-snapshot': object('ConfigMap', 'job-1-runtime-snapshot'),
      },
      workload: { kind: 'JobSet', name: 'job-1', state: 'shown' },
      snapshot: { kind: 'ConfigMap', name: 'job-1-runtime-snapshot', state: 'shown' },
    },
    'a LeaderWorkerSet (no JobSet of that name)': {
      objects: { 'LeaderWorkerSet/team-a/job-1': object('LeaderWorkerSet', 'job-1') },
      workload: { kind: 'LeaderWorkerSet', name: 'job-1', state: 'shown' },
      snapshot: { state: 'absent', note: 'Not created yet.' },
    },
    'none yet': {
      objects: {},
      workload: {
        kind: 'JobSet / LeaderWorkerSet',
        name: 'job-1',
        state: 'absent',
        note: 'Not created yet.',
      },
      snapshot: {
        kind: 'ConfigMap',
        name: 'job-1-runtime-snapshot',
        state: 'absent',
        note: 'Not created yet.',
      },
    },
    'none, the job finished': {
      objects: {},
      finished: true,
      workload: { state: 'absent', note: 'Not found (the job has finished).' },
      snapshot: { state: 'absent', note: 'Not found (the job has finished).' },
    },
    'forbidden: the API server’s answer': {
      objects: {
        'JobSet/team-a/job-1': forbidden('jobsets "job-1"'),
        'ConfigMap/team-a/job-1-runtime-snapshot': forbidden('configmaps "job-1-runtime-snapshot"'),
      },
      workload: { kind: 'JobSet', state: 'refused', note: 'forbidden: jobsets "job-1" is forbidden' },
      snapshot: { state: 'refused', note: 'forbidden: configmaps "job-1-runtime-snapshot" is forbidden' },
    },
    'the JobSet forbidden but a LeaderWorkerSet readable: the one found': {
      objects: {
        'JobSet/team-a/job-1': forbidden('jobsets "job-1"'),
        'LeaderWorkerSet/team-a/job-1': object('LeaderWorkerSet', 'job-1'),
      },
      workload: { kind: 'LeaderWorkerSet', state: 'shown' },
      snapshot: { state: 'absent' },
    },
    'the kind known: only that one, absent when deleted': {
      objects: { 'LeaderWorkerSet/team-a/job-1': object('LeaderWorkerSet', 'job-1') },
      known: 'JobSet',
      workload: { kind: 'JobSet', state: 'absent' },
      snapshot: { state: 'absent' },
    },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, async () => {
      const cluster = new FakeCluster();
      for (const [k, v] of Object.entries(tc.objects)) cluster.objects.set(k, v);
      const finished = tc.finished ?? false;
      expect(await readWorkloadPane(cluster, 'team-a', 'job-1', finished, tc.known)).toMatchObject(
        tc.workload,
      );
      expect(await readSnapshotPane(cluster, 'team-a', 'job-1', finished)).toMatchObject(tc.snapshot);
    });
});

describe('followJobObjects', () => {
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('reads on the first change, sends only what changed, reads again after the gap, one kind once known', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'queueMicrotask', 'nextTick'] });
    try {
      const cluster = new FakeCluster();
      const sent: JobObjects[] = [];
      const follower = followJobObjects(cluster, 'team-a', 'job-1', (o) => sent.push(o));
      follower.changed(false);
      await settle();
      expect(sent.map((o) => [o.workload.state, o.snapshot.state])).toEqual([['absent', 'absent']]);
      expect(cluster.reads).toHaveLength(3); // both workload kinds and the snapshot
      cluster.objects.set('JobSet/team-a/job-1', object('JobSet', 'job-1'));
      follower.changed(false);
      follower.changed(false); // within the gap: one more read, after it
      await settle();
      expect(cluster.reads).toHaveLength(3);
      jest.advanceTimersByTime(2000);
      await settle();
      expect(sent.map((o) => o.workload.state)).toEqual(['absent', 'shown']);
      jest.advanceTimersByTime(2000);
      follower.changed(false); // nothing changed: read (the JobSet only), not sent
      await settle();
      expect(sent).toHaveLength(2);
      expect(cluster.reads.slice(6)).toEqual([
        'JobSet/team-a/job-1',
        'ConfigMap/team-a/job-1-runtime-snapshot',
      ]);
      follower.stop();
      jest.advanceTimersByTime(10_000);
      follower.changed(false);
      await settle();
      expect(cluster.reads).toHaveLength(8);
    } finally {
      jest.useRealTimers();
    }
  });
});
