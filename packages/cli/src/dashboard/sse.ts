// SPDX-License-Identifier: Apache-2.0
// A server-sent event stream to one page, with back-pressure: events wait in a bounded queue while
// the socket is full; a client that lets the queue pass its bound is dropped (told why, when the
// message can still reach it) instead of growing the server's memory.

import { FeedEvents } from './web/feed-types.js';

/** What the stream writes to: a ServerResponse, or a fake in tests. */
export interface SseTarget {
  /** Writes a chunk; false when the socket's buffer is full (wait for `onDrain`). */
  write(chunk: string): boolean;
  end(): void;
  onDrain(listener: () => void): void;
  onClose(listener: () => void): void;
}

/** Options of an {@link SseStream}. */
export interface SseOptions {
  /** The bytes that may wait for a full socket before the client is dropped. Default 1 MiB. */
  readonly maxQueuedBytes?: number;
  /** Called once when the client is dropped for being slow (for the server's log). */
  readonly onDrop?: (queuedBytes: number) => void;
}

/** The event the page receives when it is dropped; it tells the user to reload. */
export const DROPPED_EVENT = FeedEvents.Dropped;

/** The text of a dropped client's message. */
export const DROPPED_MESSAGE =
  'The dashboard stopped sending updates to this tab: it could not keep up (too many updates waited for it). Reload the page.';

/** One event, as the wire carries it: JSON data never holds a raw newline. */
export function formatEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** See the module comment. */
export class SseStream {
  private readonly queue: string[] = [];
  private queuedBytes = 0;
  private waiting = false;
  private ended = false;
  private readonly closeListeners: (() => void)[] = [];
  private readonly maxQueuedBytes: number;

  constructor(
    private readonly target: SseTarget,
    private readonly options: SseOptions = {},
  ) {
    this.maxQueuedBytes = options.maxQueuedBytes ?? 1024 * 1024;
    target.onDrain(() => this.flush());
    target.onClose(() => this.close());
  }

  /** Whether the stream has ended (closed by the client, dropped, or ended by the server). */
  get closed(): boolean {
    return this.ended;
  }

  /** Runs `listener` once the stream ends, whatever ended it. */
  onClose(listener: () => void): void {
    if (this.ended) listener();
    else this.closeListeners.push(listener);
  }

  /** Sends one event (queued while the socket is full; the client is dropped past the bound). */
  send(event: string, data: unknown): void {
    this.push(formatEvent(event, data));
  }

  /** A comment line: keeps proxies and the browser from timing the stream out. */
  ping(): void {
    this.push(': ping\n\n');
  }

  /** Ends the stream. */
  close(): void {
    if (this.ended) return;
    this.ended = true;
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.target.end();
    for (const listener of this.closeListeners.splice(0)) listener();
  }

  private push(chunk: string): void {
    if (this.ended) return;
    if (!this.waiting) {
      this.waiting = !this.target.write(chunk);
      return;
    }
    this.queue.push(chunk);
    this.queuedBytes += Buffer.byteLength(chunk);
    if (this.queuedBytes > this.maxQueuedBytes) this.drop();
  }

  private flush(): void {
    this.waiting = false;
    while (!this.waiting && this.queue.length > 0) {
      const chunk = this.queue.shift() ?? '';
      this.queuedBytes -= Buffer.byteLength(chunk);
      this.waiting = !this.target.write(chunk);
    }
  }

  private drop(): void {
    const queued = this.queuedBytes;
    this.queue.length = 0;
    this.queuedBytes = 0;
    this.target.write(formatEvent(DROPPED_EVENT, { message: DROPPED_MESSAGE }));
    this.options.onDrop?.(queued);
    this.close();
  }
}
