// SPDX-License-Identifier: Apache-2.0
// An in-memory ClusterPort for the dashboard's tests: watches the test feeds by hand, actions it
// records (or refuses with the error the test sets).

import type { KubeObject } from '@kubetrain/kube';
import type { PodObject } from '../cluster/trainjob-view.js';
import type { ClusterPort, Fetched, LogTarget, Watched } from './cluster-port.js';
import type { WatchListener, WatchSource } from './watch-hub.js';

/** A watch the test drives. */
export class FakeWatch implements WatchSource<KubeObject> {
  listener: WatchListener<KubeObject> | undefined;
  stopped = false;
  readonly objects = new Map<string, KubeObject>();
  start(events: WatchListener<KubeObject>): void {
    this.listener = events;
  }
  list(): KubeObject[] {
    return [...this.objects.values()];
  }
  async stop(): Promise<void> {
    this.stopped = true;
    return Promise.resolve();
  }
  sync(objects: KubeObject[] = []): void {
    for (const o of objects) this.objects.set(o.metadata?.name ?? '', o);
    this.listener?.synced(this.list());
  }
  upsert(object: KubeObject): void {
    this.objects.set(object.metadata?.name ?? '', object);
    this.listener?.upsert(object);
  }
}

/** See the module comment. */
export class FakeCluster implements ClusterPort {
  readonly watches: {
    resource: Watched;
    namespace: string | undefined;
    selector: string | undefined;
    watch: FakeWatch;
  }[] = [];
  readonly actions: string[] = [];
  /** Thrown by the next actions, when set. */
  failure: Error | undefined;
  /** What each new watch does when it starts: sync empty by default. */
  onStart: (watch: FakeWatch, resource: Watched, namespace: string | undefined) => void = (w) => w.sync();

  watch(resource: Watched, namespace: string | undefined, labelSelector?: string): WatchSource<KubeObject> {
    const watch = new FakeWatch();
    const start = watch.start.bind(watch);
    watch.start = (events) => {
      start(events);
      this.onStart(watch, resource, namespace);
    };
    this.watches.push({ resource, namespace, selector: labelSelector, watch });
    return watch;
  }
  setSuspend(namespace: string, name: string, suspend: boolean): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.actions.push(`${suspend ? 'suspend' : 'resume'} ${namespace}/${name}`);
    return Promise.resolve();
  }
  setV1Suspend(kind: string, namespace: string, name: string, suspend: boolean): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.actions.push(`${suspend ? 'suspend' : 'resume'} ${kind} ${namespace}/${name}`);
    return Promise.resolve();
  }
  deleteV1Job(kind: string, namespace: string, name: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.actions.push(`delete ${kind} ${namespace}/${name}`);
    return Promise.resolve();
  }
  /** The log lines each `namespace/pod/container` has. */
  readonly logs = new Map<string, string[]>();
  logTail(namespace: string, pod: string, container: string, lines: number): Promise<string[]> {
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve((this.logs.get(`${namespace}/${pod}/${container}`) ?? []).slice(-lines));
  }
  /** The pods `podsOf` answers with. */
  pods: PodObject[] = [];
  /** The targets followed so far (`namespace/pod/container`), and how each follow ended. */
  readonly follows: { key: string; outcome: 'open' | 'ended' | 'stopped' }[] = [];
  podsOf(): Promise<PodObject[]> {
    if (this.failure) return Promise.reject(this.failure);
    return Promise.resolve(this.pods);
  }
  /** Prints the target's lines, then waits for `ended` or `stop`. */
  async followLog(
    target: LogTarget,
    ended: Promise<void>,
    print: (line: string) => void,
    stop: AbortSignal,
  ): Promise<void> {
    if (this.failure) throw this.failure;
    const key = `${target.namespace}/${target.pod}/${target.container}`;
    const follow = { key, outcome: 'open' as 'open' | 'ended' | 'stopped' };
    this.follows.push(follow);
    for (const line of this.logs.get(key) ?? []) print(line);
    const stopped = new Promise<void>((resolve) => stop.addEventListener('abort', () => resolve()));
    await Promise.race([
      ended.then(() => (follow.outcome = 'ended')),
      stopped.then(() => (follow.outcome = 'stopped')),
    ]);
  }
  async *readLog(target: LogTarget): AsyncGenerator<string> {
    if (this.failure) throw this.failure;
    yield* this.logs.get(`${target.namespace}/${target.pod}/${target.container}`) ?? [];
    return Promise.resolve();
  }
  /** What `getObject` answers for `kind/namespace/name`: the object, or the error it throws (absent: undefined). */
  readonly objects = new Map<string, KubeObject | Error>();
  /** The objects read so far (`kind/namespace/name`), in order. */
  readonly reads: string[] = [];
  getObject(kind: Fetched, namespace: string, name: string): Promise<KubeObject | undefined> {
    const key = `${kind}/${namespace}/${name}`;
    this.reads.push(key);
    const found = this.objects.get(key);
    return found instanceof Error ? Promise.reject(found) : Promise.resolve(found);
  }
  deleteTrainJob(namespace: string, name: string): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    this.actions.push(`delete ${namespace}/${name}`);
    return Promise.resolve();
  }
}
