// SPDX-License-Identifier: Apache-2.0
// The one line an unexpected failure prints (no dependencies but the escaping, so that main.ts can
// load it first).

import { escapeForTerminal } from './terminal-text.js';

/** `internal error: <first line of the message>` and a newline: never a stack trace. */
export function internalErrorLine(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  return `internal error: ${escapeForTerminal(message.split('\n')[0] ?? '')}\n`;
}
