// SPDX-License-Identifier: Apache-2.0
// kubectl's table: upper-case headers, columns left-aligned and separated by three spaces; each cell
// escaped (a value from the cluster never breaks a row or acts on the terminal).

import { escapeForTerminal } from '../terminal-text.js';

/** The rows (header first) as aligned text, one line per row, cells escaped; trailing spaces trimmed. */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const all = [header, ...rows].map((row) => row.map(escapeForTerminal));
  const widths = header.map((_, i) => Math.max(...all.map((row) => (row[i] ?? '').length)));
  return all
    .map((row) =>
      row
        .map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
        .join('   ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}
