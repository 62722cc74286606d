// SPDX-License-Identifier: Apache-2.0
import { errorFromStatus } from '@kubetrain/kube';
import type { PodObject } from '../cluster/trainjob-view.js';
import { FakeCluster } from './fake-cluster.js';
import { downloadLogs, parseRank } from './log-download.js';

const pod = (name: string, index: string): PodObject => ({
  metadata: {
    name,
    labels: {
      'jobset.sigs.k8s.io/jobset-name': 'llm',
      'jobset.sigs.k8s.io/replicatedjob-name': 'node',
      'batch.kubernetes.io/job-completion-index': index,
    },
  },
  status: { phase: 'Running' },
});

describe('parseRank', () => {
  it.each([
    { value: null, want: undefined },
    { value: '', want: undefined },
    { value: '3', want: 3 },
    { value: '-1', want: 'rank: not a rank (a whole number)' },
    { value: '1e3', want: 'rank: not a rank (a whole number)' },
  ])('$value', ({ value, want }) => {
    const got = parseRank(value);
    expect(got instanceof Error ? got.message : got).toBe(want);
  });
});

describe('downloadLogs', () => {
  it.each([
    {
      name: 'every rank, prefixed as kubetrain logs prints them',
      rank: undefined,
      failure: undefined,
      status: 200,
      body: '[node-0] a\n[node-0] b\n[node-1] c\n',
      file: 'attachment; filename="llm.log"',
    },
    {
      name: 'one rank',
      rank: 1,
      failure: undefined,
      status: 200,
      body: '[node-1] c\n',
      file: 'attachment; filename="llm-rank-1.log"',
    },
    {
      name: 'a user without pods/log: 403 forbidden',
      rank: undefined,
      failure: errorFromStatus({
        kind: 'Status',
        code: 403,
        reason: 'Forbidden',
        message: 'cannot get resource "pods/log"',
      }),
      status: 403,
      body: 'forbidden: cannot get resource "pods/log"',
      file: undefined,
    },
  ])('$name', async ({ rank, failure, status, body, file }) => {
    const cluster = new FakeCluster();
    cluster.pods = [pod('llm-node-0-0', '0'), pod('llm-node-0-1', '1')];
    cluster.logs.set('team-a/llm-node-0-0/node', ['a', 'b']);
    cluster.logs.set('team-a/llm-node-0-1/node', ['c']);
    cluster.failure = failure;
    const got = { status: 0, headers: {} as Record<string, string>, body: '', ended: false };
    await downloadLogs(
      {
        start: (s, h) => ((got.status = s), (got.headers = h)),
        write: (chunk) => ((got.body += chunk), true),
        drained: () => Promise.resolve(),
        end: (chunk) => ((got.body += chunk ?? ''), (got.ended = true)),
      },
      cluster,
      { namespace: 'team-a', name: 'llm' },
      rank,
      new AbortController().signal,
    );
    expect(got).toEqual({
      status,
      headers: expect.objectContaining(file ? { 'content-disposition': file } : {}) as Record<string, string>,
      body,
      ended: true,
    });
  });
});
