// SPDX-License-Identifier: Apache-2.0
// Where a TrainJob's runtime comes from (runtime-source.ts), through the reconciler: each snapshot
// path a job can be on when this process first reconciles it (kubetrain's labelled snapshot,
// upstream's unlabelled one, none, one that cannot be used), with the requests it costs by verb.
import {
  EngineMessages,
  TrainJobConditionTypes,
  TrainJobMessages,
  TrainJobReasons,
  type AnyTrainingRuntime,
  type TrainJob,
} from '@kubetrain/api/core';
import { makeJobSet } from '@kubetrain/testing';
import { metadataOnly, type KubeObject } from '../cluster/kube.js';
import { ManagerResources } from '../cluster/resources.js';
import { jobSetProjection } from '../cluster/stores.js';
import { buildSnapshot } from '../engine/engine-port.js';
import { asObject, job, KEY, NS, T0, world } from '../../test/reconciler-world.js';
import { markOwned, TRAINJOB_NAME_LABEL } from './owned-marks.js';

type World = ReturnType<typeof world>;

/** The image of upstream's torch-distributed runtime (what every snapshot below holds). */
const SNAPSHOT_IMAGE = 'pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime';
const CHANGED_IMAGE = 'example.com/changed:1';
const SNAPSHOT = 'job-runtime-snapshot';

/** What the tests read of a JobSet spec (the JobSet's, or the runtime template's). */
interface JobSetSpecView {
  replicatedJobs?: Array<{
    template: { spec: { template: { spec: { containers: Array<{ image?: string }> } } } };
  }>;
}

/** The first container of the first replicated job (`node` in torch-distributed). */
const nodeContainer = (spec: JobSetSpecView | undefined) =>
  spec?.replicatedJobs?.[0]?.template.spec.template.spec.containers[0];

/** What an earlier manager (upstream's, or a previous kubetrain process) left for the job. */
interface Before {
  /** The snapshot ConfigMap: kubetrain's (labelled, in the store), upstream's (no label), or none. */
  readonly snapshot: 'kubetrain' | 'upstream' | 'none';
  /** The JobSet it created: running, suspended (Kueue has not admitted the job yet), or none. */
  readonly jobSet: 'running' | 'suspended' | 'none';
  /** What happened to the runtime since: nothing, its image changed, or it was deleted. */
  readonly runtime: 'same' | 'changed' | 'deleted';
}

const suspendedCondition = {
  type: TrainJobConditionTypes.Suspended,
  status: 'True' as const,
  reason: TrainJobReasons.Suspended,
  message: TrainJobMessages.Suspended,
  lastTransitionTime: T0,
};

/** The runtime as the store holds it. */
function liveRuntime(w: World): AnyTrainingRuntime {
  return w.stores.clusterTrainingRuntimes.getByName(undefined, 'torch-distributed') as AnyTrainingRuntime;
}

/** The job's snapshot of the runtime as it is now: upstream's ConfigMap, or kubetrain's (labelled). */
function snapshotOf(w: World, trainJob: TrainJob, by: 'kubetrain' | 'upstream'): KubeObject {
  const desired = buildSnapshot(trainJob, liveRuntime(w));
  return asObject(by === 'kubetrain' ? markOwned(desired.object, 'job', desired.hash) : desired.object);
}

/**
 * Sets up `before` in a new process (empty memory; the stores as the reflectors list them);
 * `reshape` changes the snapshot before it is stored.
 */
function given(before: Before, reshape: (snapshot: KubeObject) => KubeObject = (s) => s): World {
  const w = world();
  const wasSuspended = before.jobSet === 'suspended';
  // The job runs now (Kueue admitted it if it was suspended).
  let builder = job().suspend(false);
  if (wasSuspended) builder = builder.conditions(suspendedCondition);
  if (before.jobSet === 'running')
    builder = builder.jobsStatus({
      name: 'node',
      active: 2,
      ready: 2,
      succeeded: 0,
      failed: 0,
      suspended: 0,
    });
  const trainJob = w.submit(builder.obj());
  if (before.snapshot !== 'none') {
    const stored = w.client.seed(
      ManagerResources.ConfigMap,
      reshape(snapshotOf(w, trainJob, before.snapshot)),
    );
    // The ConfigMap reflector selects kubetrain's label: upstream's snapshot is not in the store.
    if (before.snapshot === 'kubetrain') w.stores.configMaps.upsert(metadataOnly(asObject(stored)));
  }
  if (before.jobSet !== 'none') {
    const jobSet = makeJobSet(NS, 'job')
      .controlledBy('job', trainJob.metadata!.uid!)
      .suspend(wasSuspended)
      .replicatedJobStatus('node', wasSuspended ? { suspended: 1 } : { active: 2, ready: 2 })
      .obj();
    w.stores.jobSets.upsert(jobSetProjection(asObject(w.client.seed(ManagerResources.JobSet, jobSet))));
  }
  if (before.runtime === 'deleted') w.stores.clusterTrainingRuntimes.replace([]);
  if (before.runtime === 'changed') {
    const changed = structuredClone(liveRuntime(w));
    const container = nodeContainer(
      (changed.spec as { template?: { spec?: JobSetSpecView } }).template?.spec,
    );
    container!.image = CHANGED_IMAGE;
    changed.metadata = { ...changed.metadata, resourceVersion: 'changed' };
    w.stores.clusterTrainingRuntimes.replace([asObject(changed)]);
  }
  return w;
}

/** The requests made, as `<VERB> <resource>` → count, events left out (counted apart). */
function byVerb(w: World): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of w.client.requests) {
    if (r.resource === 'events') continue;
    const key = `${r.verb} ${r.resource}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

const warnings = (w: World) =>
  w.client.requests
    .filter((r) => r.verb === 'POST' && r.resource === 'events')
    .map((r) => (r.body as { type: string; reason: string; note: string }) ?? {})
    .filter((e) => e.type === 'Warning');

/** The node image of the JobSet as the API server holds it. */
function jobSetImage(w: World): string | undefined {
  const jobSet = w.client.object<{ spec: JobSetSpecView }>(ManagerResources.JobSet, NS, 'job');
  return nodeContainer(jobSet?.spec)?.image;
}

describe('RuntimeSource: the runtime a job renders with, on its first reconcile in this process', () => {
  /** A suspended job Kueue admits: the snapshot read, the JobSet applied unsuspended, `Resumed`. */
  const ADMITTED = { 'GET configmaps': 1, 'APPLY jobsets': 1, 'PATCH trainjobs/status': 1 };
  const cases: Record<
    string,
    {
      before: Before;
      /** The requests of the first reconcile by `<VERB> <resource>`, events left out. */
      requests: Record<string, number>;
      /** The node image of the JobSet applied; undefined when it was not applied. */
      image: string | undefined;
    }
  > = {
    "kubetrain's snapshot, the runtime deleted since; Kueue admits the job: renders from the snapshot": {
      before: { snapshot: 'kubetrain', jobSet: 'suspended', runtime: 'deleted' },
      requests: ADMITTED,
      image: SNAPSHOT_IMAGE,
    },
    "upstream's unlabelled snapshot, the runtime deleted since; Kueue admits the job: renders from it": {
      before: { snapshot: 'upstream', jobSet: 'suspended', runtime: 'deleted' },
      requests: ADMITTED,
      image: SNAPSHOT_IMAGE,
    },
    "upstream's unlabelled snapshot, the runtime changed since; Kueue admits the job: renders from it": {
      before: { snapshot: 'upstream', jobSet: 'suspended', runtime: 'changed' },
      requests: ADMITTED,
      image: SNAPSHOT_IMAGE,
    },
    "upstream's unlabelled snapshot of a running job: one read, no write": {
      before: { snapshot: 'upstream', jobSet: 'running', runtime: 'changed' },
      requests: { 'GET configmaps': 1 },
      image: undefined,
    },
    "upstream's unlabelled snapshot and no JobSet yet: the create is refused, the snapshot read and used": {
      before: { snapshot: 'upstream', jobSet: 'none', runtime: 'changed' },
      requests: { 'POST configmaps': 1, 'GET configmaps': 1, 'APPLY jobsets': 1 },
      image: SNAPSHOT_IMAGE,
    },
    'no snapshot (a new job): created from the live runtime, not read': {
      before: { snapshot: 'none', jobSet: 'none', runtime: 'changed' },
      requests: { 'POST configmaps': 1, 'APPLY jobsets': 1 },
      image: CHANGED_IMAGE,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const w = given(tc.before);
      const before = w.client.object(ManagerResources.ConfigMap, NS, SNAPSHOT);
      await expect(w.reconciler.reconcile(KEY)).resolves.toEqual({});
      expect(byVerb(w)).toEqual(tc.requests);
      expect(jobSetImage(w)).toBe(tc.image);
      expect(warnings(w)).toEqual([]);
      const snapshot = w.client.object(ManagerResources.ConfigMap, NS, SNAPSHOT);
      // Never rewritten: upstream's stays as it was, without kubetrain's label; a new one has it.
      if (before !== undefined) expect(snapshot).toEqual(before);
      const labelled = snapshot?.metadata?.labels?.[TRAINJOB_NAME_LABEL] !== undefined;
      expect(labelled).toBe(tc.before.snapshot !== 'upstream');
      // Kept in memory: a second reconcile reads nothing again.
      const gets = byVerb(w)['GET configmaps'] ?? 0;
      await w.reconciler.reconcile(KEY);
      expect(byVerb(w)['GET configmaps'] ?? 0).toBe(gets);
    });
  }

  it('no snapshot and no runtime: one read, one warning, no write, no retry loop', async () => {
    const w = given({ snapshot: 'none', jobSet: 'none', runtime: 'deleted' });
    await expect(w.reconciler.reconcile(KEY)).resolves.toEqual({});
    expect(byVerb(w)).toEqual({ 'GET configmaps': 1 });
    expect(warnings(w).map((e) => e.note)).toEqual([
      'TrainJob resources reconciliation failed: not found ClusterTrainingRuntime specified in TrainJob: ' +
        'clustertrainingruntimes.trainer.kubeflow.org "torch-distributed" not found',
    ]);
  });
});

describe('RuntimeSource: a snapshot that cannot be used', () => {
  type Snapshot = KubeObject & { data: { runtime: string } };
  const cases: Record<string, { reshape: (snapshot: Snapshot) => KubeObject; message: string | RegExp }> = {
    'no `runtime` key': {
      reshape: (cm) => ({ ...cm, data: {} }),
      message: EngineMessages.SnapshotMissingRuntimeKey,
    },
    'YAML that does not parse': {
      reshape: (cm) => ({ ...cm, data: { runtime: 'spec: [' } }),
      message: /^invalid runtime snapshot: unable to unmarshal the snapshot: ./,
    },
    'the snapshot of another runtime': {
      reshape: (cm) => ({
        ...cm,
        data: { runtime: cm.data.runtime.replace('name: torch-distributed', 'name: other') },
      }),
      message:
        'invalid runtime snapshot: the snapshot refers to the wrong runtime: expecting a runtime with name, ' +
        'api group and kind of "torch-distributed", "trainer.kubeflow.org", "ClusterTrainingRuntime" but found ' +
        'runtime with name, api group and kind of "other", "trainer.kubeflow.org", "ClusterTrainingRuntime"',
    },
    'controlled by another TrainJob (a same-name job deleted and created again)': {
      reshape: (cm) => ({
        ...cm,
        metadata: {
          ...cm.metadata,
          ownerReferences: [{ ...cm.metadata!.ownerReferences![0]!, uid: 'old-uid' }],
        },
      }),
      message: EngineMessages.SnapshotOwnedByAnother,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    for (const by of ['upstream', 'kubetrain'] as const) {
      it(`${name}, ${by}'s: upstream's message in a Warning event, and a retry with back-off`, async () => {
        const w = given({ snapshot: by, jobSet: 'suspended', runtime: 'deleted' }, (cm) =>
          tc.reshape(cm as Snapshot),
        );
        // The reconcile fails: the queue retries the key with back-off, reading the snapshot again.
        for (const attempt of [1, 2]) {
          await expect(w.reconciler.reconcile(KEY)).rejects.toThrow(tc.message);
          expect(byVerb(w)).toEqual({ 'GET configmaps': attempt, 'PATCH trainjobs/status': 1 });
          expect(warnings(w)).toHaveLength(attempt);
        }
        const note = /^TrainJob resources reconciliation failed: invalid runtime snapshot: /;
        for (const e of warnings(w)) {
          expect(e.reason).toBe('TrainJobResourcesCreationFailed');
          if (typeof tc.message === 'string')
            expect(e.note).toBe(`TrainJob resources reconciliation failed: ${tc.message}`);
          else expect(e.note).toMatch(note);
        }
        expect(jobSetImage(w)).toBeUndefined();
      });
    }
  }
});
