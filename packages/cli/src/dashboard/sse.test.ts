// SPDX-License-Identifier: Apache-2.0
import { DROPPED_EVENT, DROPPED_MESSAGE, formatEvent, SseStream, type SseTarget } from './sse.js';

/** A socket whose buffer is full while `full` is true. */
class FakeSocket implements SseTarget {
  written: string[] = [];
  full = false;
  ended = false;
  private drain: (() => void) | undefined;
  private close: (() => void) | undefined;
  write(chunk: string): boolean {
    this.written.push(chunk);
    return !this.full;
  }
  end(): void {
    this.ended = true;
  }
  onDrain(listener: () => void): void {
    this.drain = listener;
  }
  onClose(listener: () => void): void {
    this.close = listener;
  }
  drained(): void {
    this.full = false;
    this.drain?.();
  }
  closedByClient(): void {
    this.close?.();
  }
}

describe('formatEvent', () => {
  it('writes one data line, whatever newlines the data holds', () => {
    expect(formatEvent('upsert', { name: 'a\nb' })).toBe('event: upsert\ndata: {"name":"a\\nb"}\n\n');
  });
});

describe('SseStream', () => {
  it('writes at once while the socket takes it', () => {
    const socket = new FakeSocket();
    const stream = new SseStream(socket);
    stream.send('a', 1);
    stream.send('b', 2);
    expect(socket.written).toEqual([formatEvent('a', 1), formatEvent('b', 2)]);
  });

  it('queues while the socket is full and sends the queue in order on drain', () => {
    const socket = new FakeSocket();
    const stream = new SseStream(socket);
    socket.full = true;
    stream.send('a', 1); // written; the socket says it is full now
    stream.send('b', 2);
    stream.send('c', 3);
    expect(socket.written).toEqual([formatEvent('a', 1)]);
    socket.drained();
    expect(socket.written).toEqual([formatEvent('a', 1), formatEvent('b', 2), formatEvent('c', 3)]);
    expect(stream.closed).toBe(false);
  });

  it('drops a client whose queue passes the bound, telling it why, and ends the stream', () => {
    const socket = new FakeSocket();
    const drops: number[] = [];
    const stream = new SseStream(socket, { maxQueuedBytes: 100, onDrop: (bytes) => drops.push(bytes) });
    let closed = 0;
    stream.onClose(() => closed++);
    socket.full = true;
    stream.send('first', 'x');
    for (let i = 0; i < 10; i++) stream.send('update', 'y'.repeat(20));
    expect(stream.closed).toBe(true);
    expect(socket.ended).toBe(true);
    expect(closed).toBe(1);
    expect(drops).toHaveLength(1);
    expect(drops[0]).toBeGreaterThan(100);
    expect(socket.written.at(-1)).toBe(formatEvent(DROPPED_EVENT, { message: DROPPED_MESSAGE }));
    // Nothing more after the drop, even when the socket drains.
    const count = socket.written.length;
    stream.send('late', 1);
    socket.drained();
    expect(socket.written).toHaveLength(count);
  });

  it('keeps a client whose queue stays within the bound', () => {
    const socket = new FakeSocket();
    const stream = new SseStream(socket, { maxQueuedBytes: 10_000 });
    socket.full = true;
    for (let i = 0; i < 10; i++) stream.send('update', 'y'.repeat(20));
    expect(stream.closed).toBe(false);
    socket.drained();
    expect(socket.written).toHaveLength(10);
  });

  it('ends when the client goes away, and runs the close listeners once', () => {
    const socket = new FakeSocket();
    const stream = new SseStream(socket);
    const calls: string[] = [];
    stream.onClose(() => calls.push('closed'));
    socket.closedByClient();
    stream.close();
    expect(calls).toEqual(['closed']);
    stream.send('after', 1);
    expect(socket.written).toEqual([]);
  });
});
