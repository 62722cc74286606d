// SPDX-License-Identifier: Apache-2.0
import { errorFromStatus, type KubeObject } from '@kubetrain/kube';
import { FakeCluster } from './fake-cluster.js';
import { LOG_BATCH_LINES, streamLogs } from './log-feed.js';
import { SseStream } from './sse.js';
import { WatchHub } from './watch-hub.js';

const pod = (name: string, index: string, phase: string): KubeObject =>
  ({
    metadata: {
      name,
      namespace: 'team-a',
      labels: {
        'jobset.sigs.k8s.io/jobset-name': 'llm',
        'jobset.sigs.k8s.io/replicatedjob-name': 'node',
        'batch.kubernetes.io/job-completion-index': index,
      },
    },
    status: { phase },
  }) as KubeObject;

/** The events written to a fake socket, parsed. */
function feed() {
  const written: string[] = [];
  let close = (): void => undefined;
  const stream = new SseStream({
    write: (chunk) => (written.push(chunk), true),
    end: () => undefined,
    onDrain: () => undefined,
    onClose: (l) => (close = l),
  });
  const events = () =>
    written.map((chunk) => {
      const [event, data] = chunk.split('\n');
      return {
        event: event!.slice('event: '.length),
        data: JSON.parse(data!.slice('data: '.length)) as unknown,
      };
    });
  return { stream, events, leave: () => close() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('the logs feed', () => {
  const cases: {
    name: string;
    pods: KubeObject[];
    logs: Record<string, string[]>;
    failure?: Error;
    want: { event: string; data: unknown }[];
  }[] = [
    {
      name: 'each started trainer pod, its lines under its step',
      pods: [
        pod('llm-node-0-0', '0', 'Running'),
        pod('llm-node-0-1', '1', 'Running'),
        pod('llm-node-0-2', '2', 'Pending'),
      ],
      logs: { 'team-a/llm-node-0-0/node': ['a', '<b>x</b>'], 'team-a/llm-node-0-1/node': ['c'] },
      want: [
        { event: 'lines', data: { step: 'node-0', lines: ['a', '<b>x</b>'] } },
        { event: 'lines', data: { step: 'node-1', lines: ['c'] } },
      ],
    },
    {
      name: 'a line cut to its bound',
      pods: [pod('llm-node-0-0', '0', 'Running')],
      logs: { 'team-a/llm-node-0-0/node': ['x'.repeat(5000)] },
      want: [{ event: 'lines', data: { step: 'node-0', lines: ['x'.repeat(1000)] } }],
    },
    {
      name: 'a user without pods/log: forbidden',
      pods: [pod('llm-node-0-0', '0', 'Running')],
      logs: {},
      failure: errorFromStatus({
        kind: 'Status',
        code: 403,
        reason: 'Forbidden',
        message: 'pods "llm-node-0-0" is forbidden: cannot get resource "pods/log"',
      }),
      want: [
        {
          event: 'logfailed',
          data: {
            step: 'node-0',
            error: 'forbidden: pods "llm-node-0-0" is forbidden: cannot get resource "pods/log"',
          },
        },
      ],
    },
    { name: 'no started pod: nothing', pods: [pod('llm-node-0-0', '0', 'Pending')], logs: {}, want: [] },
  ];
  it.each(cases)('$name', async ({ pods, logs, failure, want }) => {
    const cluster = new FakeCluster();
    cluster.onStart = (w, resource) => w.sync(resource === 'pods' ? pods : []);
    for (const [k, v] of Object.entries(logs)) cluster.logs.set(k, v);
    const hub = new WatchHub();
    const { stream, events, leave } = feed();
    cluster.failure = failure;
    streamLogs(stream, hub, cluster, 'team-a', 'llm');
    await settle();
    expect(events()).toEqual(want);
    leave();
    await hub.close();
  });

  it('sends a long burst in batches of at most LOG_BATCH_LINES', async () => {
    const cluster = new FakeCluster();
    cluster.onStart = (w, resource) =>
      w.sync(resource === 'pods' ? [pod('llm-node-0-0', '0', 'Running')] : []);
    cluster.logs.set(
      'team-a/llm-node-0-0/node',
      Array.from({ length: 1200 }, (_, i) => `l${i}`),
    );
    const hub = new WatchHub();
    const { stream, events, leave } = feed();
    streamLogs(stream, hub, cluster, 'team-a', 'llm');
    await settle();
    const sizes = events().map((e) => (e.data as { lines: string[] }).lines.length);
    expect(sizes).toEqual([LOG_BATCH_LINES, LOG_BATCH_LINES, 200]);
    leave();
    await hub.close();
  });

  it.each([
    {
      name: 'the tab leaves: the follow stops and the pod watches end',
      phase: 'Running',
      leave: true,
      want: 'stopped',
    },
    { name: 'the pod ends: the follow ends', phase: 'Succeeded', leave: false, want: 'ended' },
  ])('$name', async ({ phase, leave: tabLeaves, want }) => {
    const cluster = new FakeCluster();
    cluster.onStart = (w, resource) =>
      w.sync(resource === 'pods' ? [pod('llm-node-0-0', '0', 'Running')] : []);
    const hub = new WatchHub();
    const { stream, leave } = feed();
    streamLogs(stream, hub, cluster, 'team-a', 'llm');
    await settle();
    expect(cluster.follows.map((f) => f.outcome)).toEqual(['open']);
    if (tabLeaves) leave();
    else
      for (const w of cluster.watches)
        if (w.resource === 'pods') w.watch.upsert(pod('llm-node-0-0', '0', phase));
    await settle();
    expect(cluster.follows.map((f) => f.outcome)).toEqual([want]);
    expect(cluster.watches.filter((w) => w.resource === 'pods').every((w) => w.watch.stopped)).toBe(
      tabLeaves,
    );
    leave();
    await hub.close();
  });
});
