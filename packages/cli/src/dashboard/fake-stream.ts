// SPDX-License-Identifier: Apache-2.0
// An SSE stream for the dashboard's feed tests: it records the events sent, parsed back.

import { SseStream } from './sse.js';

/** A recorded event. */
export interface SentEvent {
  readonly event: string;
  readonly data: unknown;
}

/** A stream whose events land in `sent`; `close()` is the client leaving. */
export function recordingStream(): { stream: SseStream; sent: SentEvent[]; close(): void } {
  const sent: SentEvent[] = [];
  let close = (): void => undefined;
  const stream = new SseStream({
    write: (chunk) => {
      const [, event, data] = /^event: (.*)\ndata: (.*)\n\n$/.exec(chunk) ?? [];
      if (event !== undefined && data !== undefined) sent.push({ event, data: JSON.parse(data) });
      return true;
    },
    end: () => undefined,
    onDrain: () => undefined,
    onClose: (listener) => (close = listener),
  });
  return { stream, sent, close: () => close() };
}
