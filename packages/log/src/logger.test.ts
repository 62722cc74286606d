// SPDX-License-Identifier: Apache-2.0
import { createLogger, isLogLevel } from './logger.js';
import type { LogLevel, LoggerOptions } from './logger.js';

const fixed = () => new Date('2026-11-30T12:00:00.000Z');

function capture(options: Omit<LoggerOptions, 'write' | 'now'> = {}) {
  const lines: string[] = [];
  const log = createLogger({ ...options, now: fixed, write: (line) => lines.push(line) });
  return { log, lines };
}

describe('createLogger', () => {
  it('writes one JSON object per line with the message, level, time and fields', () => {
    const { log, lines } = capture();
    log.info('Rendered TrainJob', { namespace: 'team-a', name: 'llm', objects: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.endsWith('\n')).toBe(true);
    expect(JSON.parse(lines[0] ?? '')).toEqual({
      level: 'info',
      message: 'Rendered TrainJob',
      namespace: 'team-a',
      name: 'llm',
      objects: 2,
      timestamp: '2026-11-30T12:00:00.000Z',
    });
  });

  it('adds the fields of child() to every line, the call fields winning', () => {
    const { log, lines } = capture();
    const child = log.child({ controller: 'trainjob', name: 'a' }).child({ reconcileID: 'r1' });
    child.info('Reconciling TrainJob', { name: 'b' });
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      controller: 'trainjob',
      reconcileID: 'r1',
      name: 'b',
    });
  });

  const levelCases: Record<string, { level: LogLevel | undefined; written: LogLevel[] }> = {
    'info by default drops debug and trace': { level: undefined, written: ['error', 'warn', 'info'] },
    'error keeps only errors': { level: 'error', written: ['error'] },
    'trace keeps everything': { level: 'trace', written: ['error', 'warn', 'info', 'debug', 'trace'] },
  };
  for (const [name, tc] of Object.entries(levelCases)) {
    it(`level: ${name}`, () => {
      const { log, lines } = capture(tc.level ? { level: tc.level } : {});
      for (const level of ['error', 'warn', 'info', 'debug', 'trace'] as const) log[level]('Message', {});
      expect(lines.map((line) => (JSON.parse(line) as { level: string }).level)).toEqual(tc.written);
    });
  }

  it('text format: time, level, message, then sorted key=value pairs, quoting where needed', () => {
    const { log, lines } = capture({ format: 'text' });
    log.warn('Skipping TrainJob managed by a custom controller', {
      name: 'x',
      managedBy: 'kueue.x-k8s.io/multikueue',
      note: 'a b',
    });
    expect(lines[0]).toBe(
      '2026-11-30T12:00:00.000Z WARN Skipping TrainJob managed by a custom controller managedBy=kueue.x-k8s.io/multikueue name=x note="a b"\n',
    );
  });

  it('writes level, message and timestamp first; fields cannot overwrite them', () => {
    const { log, lines } = capture();
    log.child({ level: 'x' }).info('Started', { message: 'other', timestamp: 'y', port: 1 });
    expect(lines[0]).toBe(
      '{"level":"info","message":"Started","timestamp":"2026-11-30T12:00:00.000Z","port":1}\n',
    );
  });

  it('writes a self-referencing field and a bigint without throwing', () => {
    const { log, lines } = capture();
    const loop: Record<string, unknown> = { id: 1 };
    loop['again'] = loop;
    log.info('Odd fields', { loop, count: 3n });
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ loop: { id: 1, again: '[Circular]' }, count: '3' });
  });

  it('writes an Error field with its message', () => {
    const { log, lines } = capture();
    log.error('Reconcile failed', { error: new Error('boom') });
    const line = JSON.parse(lines[0] ?? '') as { error: { message: string; stack: string } };
    expect(line.error.message).toBe('boom');
    expect(line.error.stack).toContain('Error: boom');
  });
});

describe('isLogLevel', () => {
  it.each([
    ['info', true],
    ['trace', true],
    ['verbose', false],
    ['toString', false],
  ])('%s -> %s', (value, expected) => {
    expect(isLogLevel(value)).toBe(expected);
  });
});
