// SPDX-License-Identifier: Apache-2.0
import { ApiError, NotFoundError } from '../cluster/kube.js';
import { kubeTrainerStatusWriter, WriterStoppedError } from './status-writer.js';

const patch = {
  status: { trainerStatus: { progressPercentage: 5, lastUpdatedTime: '2026-01-01T00:00:00Z' } },
};

describe('kubeTrainerStatusWriter', () => {
  it('merge-patches /status with field manager trainer-status', async () => {
    const calls: unknown[] = [];
    const writer = kubeTrainerStatusWriter(
      { patch: (...args: unknown[]) => (calls.push(args), Promise.resolve({})) } as never,
      { qps: 5, burst: 10 },
      () => Promise.resolve(),
    );
    await expect(writer.patchStatus('ns', 'job', patch)).resolves.toBe('written');
    expect(calls).toEqual([
      [
        expect.objectContaining({ resource: 'trainjobs' }),
        'job',
        patch,
        { namespace: 'ns', subresource: 'status', type: 'merge', fieldManager: 'trainer-status' },
      ],
    ]);
  });

  it.each([
    {
      name: 'a missing TrainJob is notFound',
      error: new NotFoundError('gone', 404, 'NotFound'),
      outcome: 'notFound',
    },
    {
      name: 'a 422 is rejected (never retried)',
      error: new ApiError('TrainJob.trainer.kubeflow.org "job" is invalid', 422, 'Invalid'),
      outcome: 'rejected',
    },
    {
      name: 'a 400 is rejected (never retried)',
      error: new ApiError('bad request', 400, 'BadRequest'),
      outcome: 'rejected',
    },
    {
      name: 'a 429 is retried',
      error: new ApiError('too many requests', 429, 'TooManyRequests'),
      outcome: undefined,
    },
    { name: 'another failure rejects', error: new Error('conflict'), outcome: undefined },
  ])('$name', async ({ error, outcome }) => {
    const writer = kubeTrainerStatusWriter(
      { patch: () => Promise.reject(error) } as never,
      { qps: 5, burst: 10 },
      () => Promise.resolve(),
    );
    if (outcome === undefined) await expect(writer.patchStatus('ns', 'job', patch)).rejects.toBe(error);
    else await expect(writer.patchStatus('ns', 'job', patch)).resolves.toBe(outcome);
  });

  it('waits for the client budget (qps/burst) before a write past the burst', async () => {
    let clock = 0;
    const slept: number[] = [];
    const writer = kubeTrainerStatusWriter(
      { patch: () => Promise.resolve({}) } as never,
      { qps: 2, burst: 2 },
      (ms) => {
        slept.push(ms);
        clock += ms;
        return Promise.resolve();
      },
      () => clock,
    );
    for (let i = 0; i < 3; i++) await writer.patchStatus('ns', 'job', patch);
    expect(slept).toEqual([500]);
  });

  it('fails a write that waits for the budget once the server stops, without sending it', async () => {
    const stopping = new AbortController();
    let sent = 0;
    const writer = kubeTrainerStatusWriter(
      { patch: () => (sent++, Promise.resolve({})) } as never,
      { qps: 1, burst: 1 },
      // The sleep of a stopping server returns at once: the writer must not loop on it.
      () => Promise.resolve(),
      () => 0,
      stopping.signal,
    );
    await writer.patchStatus('ns', 'job', patch);
    stopping.abort();
    await expect(writer.patchStatus('ns', 'job', patch)).rejects.toThrow(WriterStoppedError);
    expect(sent).toBe(1);
  });
});
