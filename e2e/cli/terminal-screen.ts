// SPDX-License-Identifier: Apache-2.0
// Reading what a terminal shows: the bytes a program wrote to its pseudo-terminal, replayed into a
// headless xterm.js terminal (cursor movement, erasing, wrapping as a terminal does them).
import xterm from '@xterm/headless';
import { TTY_SIZE } from './kubetrain-cli.js';
import type { TtySize } from './kubetrain-cli.js';

/**
 * The screen after `output`: its lines, scrollback included (a line wrapped at the right margin is
 * joined to the one it continues; trailing blanks trimmed; empty lines at the end dropped).
 */
export function screenAfter(output: string, size: TtySize = TTY_SIZE): Promise<string[]> {
  return screenAfterResize(output, size, output.length, size);
}

/**
 * The screen after `output` written to a terminal of size `before` up to `at`, then resized to
 * `after` (xterm.js reflows its lines, as terminals do) and the rest written.
 */
export async function screenAfterResize(
  output: string,
  before: TtySize,
  at: number,
  after: TtySize,
): Promise<string[]> {
  const terminal = new xterm.Terminal({
    cols: before.cols,
    rows: before.rows,
    scrollback: 1000,
    allowProposedApi: true,
  });
  await new Promise<void>((resolve) => terminal.write(output.slice(0, at), resolve));
  if (after.cols !== before.cols || after.rows !== before.rows) terminal.resize(after.cols, after.rows);
  return new Promise((resolve) => {
    terminal.write(output.slice(at), () => {
      const buffer = terminal.buffer.active;
      const lines: string[] = [];
      for (let i = 0; i < buffer.length; i++) {
        const line = buffer.getLine(i);
        const text = line?.translateToString(true) ?? '';
        // a line the terminal wrapped at its right margin continues the one above it
        if (line?.isWrapped && lines.length > 0) lines[lines.length - 1] += text;
        else lines.push(text);
      }
      while (lines.length > 0 && lines.at(-1) === '') lines.pop();
      terminal.dispose();
      resolve(lines);
    });
  });
}
