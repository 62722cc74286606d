// SPDX-License-Identifier: Apache-2.0
import { describe, expect, it } from '@jest/globals';
import { FieldManagers } from '@kubetrain/api/core';
import { type ReportedTrainerStatus } from './payload.js';
import {
  type CoalescerOptions,
  type FlushReport,
  STATUS_FIELD_MANAGER,
  TrainerStatusCoalescer,
  type TrainerStatusPatch,
  type TrainerStatusWriter,
  trainerStatusPatch,
} from './write-coalescer.js';

/** Records patches; answers from a script of outcomes (default: written). */
class RecordingWriter implements TrainerStatusWriter {
  readonly patches: string[] = [];
  readonly outcomes: ('written' | 'notFound' | 'rejected' | 'fail')[] = [];

  patchStatus(
    namespace: string,
    name: string,
    patch: TrainerStatusPatch,
  ): Promise<'written' | 'notFound' | 'rejected'> {
    const outcome = this.outcomes.shift() ?? 'written';
    if (outcome === 'fail') return Promise.reject(new Error('etcd leader changed'));
    this.patches.push(`${namespace}/${name} ${String(patch.status.trainerStatus.progressPercentage)}`);
    return Promise.resolve(outcome);
  }
}

const report = (progress: number): ReportedTrainerStatus => ({
  progressPercentage: progress,
  lastUpdatedTime: '2026-12-04T10:00:00Z',
});

type Step =
  | { offer: [string, string, number] }
  | { advance: number }
  | { outcomes: ('written' | 'notFound' | 'rejected' | 'fail')[] }
  | { flush: FlushReport }
  | { due: number | undefined };

interface Case {
  options?: CoalescerOptions;
  steps: Step[];
  wantPatches: string[];
  wantPending: number;
}

const opts = { intervalMs: 5_000, namespaceQps: 1, namespaceBurst: 2 };
const W = (written: number, failed = 0, gone = 0, rejected = 0, superseded = 0): FlushReport => ({
  written,
  failed,
  gone,
  rejected,
  superseded,
});

const cases: Record<string, Case> = {
  'a first report is written at once': {
    steps: [{ offer: ['ns', 'a', 10] }, { due: 0 }, { flush: W(1) }, { due: undefined }],
    wantPatches: ['ns/a 10'],
    wantPending: 0,
  },
  'a burst of reports within the interval becomes one more write, of the latest value': {
    steps: [
      { offer: ['ns', 'a', 1] },
      { flush: W(1) },
      ...Array.from({ length: 998 }, (_, i) => ({
        offer: ['ns', 'a', 2 + (i % 90)] as [string, string, number],
      })),
      { offer: ['ns', 'a', 99] },
      { flush: W(0) },
      { due: 5_000 },
      { advance: 4_999 },
      { flush: W(0) },
      { advance: 1 },
      { flush: W(1) },
    ],
    wantPatches: ['ns/a 1', 'ns/a 99'],
    wantPending: 0,
  },
  'a failed write keeps its value and retries after the interval': {
    steps: [
      { outcomes: ['fail'] },
      { offer: ['ns', 'a', 10] },
      { flush: W(0, 1) },
      { due: 5_000 },
      { advance: 5_000 },
      { flush: W(1) },
    ],
    wantPatches: ['ns/a 10'],
    wantPending: 0,
  },
  'a newer report replaces a failed one': {
    steps: [
      { outcomes: ['fail'] },
      { offer: ['ns', 'a', 10] },
      { flush: W(0, 1) },
      { offer: ['ns', 'a', 20] },
      { advance: 5_000 },
      { flush: W(1) },
    ],
    wantPatches: ['ns/a 20'],
    wantPending: 0,
  },
  'a report for a job that is gone is dropped': {
    steps: [
      { outcomes: ['notFound'] },
      { offer: ['ns', 'a', 10] },
      { flush: W(0, 0, 1) },
      { due: undefined },
    ],
    wantPatches: ['ns/a 10'],
    wantPending: 0,
  },
  'a value the API server refuses is dropped, not retried': {
    steps: [
      { outcomes: ['rejected'] },
      { offer: ['ns', 'a', 10] },
      { flush: W(0, 0, 0, 1) },
      { due: undefined },
    ],
    wantPatches: ['ns/a 10'],
    wantPending: 0,
  },
  'a namespace spends its burst, then one write per second; other namespaces are not held': {
    options: opts,
    steps: [
      { offer: ['ns', 'a', 1] },
      { offer: ['ns', 'b', 1] },
      { offer: ['ns', 'c', 1] },
      { offer: ['other', 'x', 1] },
      { flush: W(3) },
      { due: 1_000 },
      { advance: 1_000 },
      { flush: W(1) },
    ],
    wantPatches: ['ns/a 1', 'ns/b 1', 'other/x 1', 'ns/c 1'],
    wantPending: 0,
  },
  'jobs waiting for budget are served in order, a job that reports again goes to the back': {
    options: { intervalMs: 0, namespaceQps: 1, namespaceBurst: 1 },
    steps: [
      { offer: ['ns', 'a', 1] },
      { offer: ['ns', 'b', 1] },
      { flush: W(1) },
      { offer: ['ns', 'a', 2] },
      { advance: 1_000 },
      { flush: W(1) },
      { advance: 1_000 },
      { flush: W(1) },
    ],
    wantPatches: ['ns/a 1', 'ns/b 1', 'ns/a 2'],
    wantPending: 0,
  },
};

describe('TrainerStatusCoalescer', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      let now = 0;
      const writer = new RecordingWriter();
      const coalescer = new TrainerStatusCoalescer(writer, () => now, tc.options);
      for (const step of tc.steps) {
        if ('offer' in step) coalescer.offer(step.offer[0], step.offer[1], report(step.offer[2]));
        else if ('advance' in step) now += step.advance;
        else if ('outcomes' in step) writer.outcomes.push(...step.outcomes);
        else if ('flush' in step) expect(await coalescer.flush()).toEqual(step.flush);
        else expect(coalescer.nextDueMs()).toBe(step.due);
      }
      expect(writer.patches).toEqual(tc.wantPatches);
      expect(coalescer.pendingJobs).toBe(tc.wantPending);
    });
  }

  it.each([
    [
      'a newer stored report (another replica wrote it) drops the pending one',
      '2026-12-04T10:00:01Z',
      W(0, 0, 0, 0, 1),
      [],
    ],
    [
      'an equal stored time still writes (reports within one second)',
      '2026-12-04T10:00:00Z',
      W(1),
      ['ns/a 7'],
    ],
    ['an older stored report is overwritten', '2026-12-04T09:59:59Z', W(1), ['ns/a 7']],
    ['no stored report writes', undefined, W(1), ['ns/a 7']],
  ])('%s', async (_name, stored, flushed, patches) => {
    const writer = new RecordingWriter();
    const coalescer = new TrainerStatusCoalescer(
      writer,
      () => 0,
      undefined,
      () => stored,
    );
    coalescer.offer('ns', 'a', report(7));
    expect(await coalescer.flush()).toEqual(flushed);
    expect(writer.patches).toEqual(patches);
    expect(coalescer.pendingJobs).toBe(0);
  });

  it('forgets a job and a namespace once the interval has passed and the bucket refilled', async () => {
    let now = 0;
    const coalescer = new TrainerStatusCoalescer(new RecordingWriter(), () => now, opts);
    for (let i = 0; i < 2; i++) coalescer.offer('ns', `job-${i}`, report(i));
    await coalescer.flush();
    expect(coalescer.rememberedEntries).toBe(3);
    now += 5_000;
    await coalescer.flush();
    expect(coalescer.rememberedEntries).toBe(0);
  });

  it('drains every pending report at shutdown, whatever the interval and the namespace budget', async () => {
    const writer = new RecordingWriter();
    let clock = 0;
    const coalescer = new TrainerStatusCoalescer(writer, () => clock, {
      intervalMs: 5_000,
      namespaceQps: 1,
      namespaceBurst: 1,
    });
    coalescer.offer('ns', 'a', report(1));
    await coalescer.flush();
    clock += 100;
    coalescer.offer('ns', 'a', report(2));
    coalescer.offer('ns', 'b', report(3));
    // Within a's interval and past the namespace's budget: flush writes nothing, drain writes both.
    expect(await coalescer.flush()).toEqual({ written: 0, failed: 0, gone: 0, rejected: 0, superseded: 0 });
    expect(await coalescer.drain()).toEqual({ written: 2, failed: 0, gone: 0, rejected: 0, superseded: 0 });
    expect(writer.patches).toEqual(['ns/a 1', 'ns/a 2', 'ns/b 3']);
    expect(coalescer.pendingJobs).toBe(0);
  });

  it('holds one value per job however many reports arrive', () => {
    const coalescer = new TrainerStatusCoalescer(new RecordingWriter(), () => 0);
    for (let i = 0; i < 10_000; i++) coalescer.offer('ns', `job-${i % 3}`, report(i % 100));
    expect(coalescer.pendingJobs).toBe(3);
  });

  it('does not write a job twice at once: a report during its write waits for the next interval', async () => {
    let now = 0;
    let release: () => void = () => undefined;
    const patches: number[] = [];
    const writer: TrainerStatusWriter = {
      patchStatus: (_ns, _name, patch) => {
        patches.push(patch.status.trainerStatus.progressPercentage as number);
        return new Promise((resolve) => (release = () => resolve('written')));
      },
    };
    const coalescer = new TrainerStatusCoalescer(writer, () => now, {
      intervalMs: 0,
      namespaceQps: 100,
      namespaceBurst: 100,
    });
    coalescer.offer('ns', 'a', report(1));
    const first = coalescer.flush();
    coalescer.offer('ns', 'a', report(2));
    expect(await coalescer.flush()).toEqual({ written: 0, failed: 0, gone: 0, rejected: 0, superseded: 0 });
    release();
    await first;
    now += 1;
    const second = coalescer.flush();
    release();
    await second;
    expect(patches).toEqual([1, 2]);
  });
});

describe('trainerStatusPatch', () => {
  it('replaces the whole trainerStatus: omitted fields are sent as null', () => {
    expect(
      trainerStatusPatch({
        metrics: [{ name: 'loss', value: '0.1' }],
        lastUpdatedTime: '2026-12-04T10:00:00Z',
      }),
    ).toEqual({
      status: {
        trainerStatus: {
          progressPercentage: null,
          estimatedRemainingSeconds: null,
          metrics: [{ name: 'loss', value: '0.1' }],
          lastUpdatedTime: '2026-12-04T10:00:00Z',
        },
      },
    });
  });

  it('is written by upstream field manager', () => {
    expect(STATUS_FIELD_MANAGER).toBe('trainer-status');
    expect(FieldManagers.TrainerStatus).toBe(STATUS_FIELD_MANAGER);
  });
});
