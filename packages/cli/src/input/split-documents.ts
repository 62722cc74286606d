// SPDX-License-Identifier: Apache-2.0
// Splitting a YAML stream into its documents by their markers, before any of them is parsed, so
// that each is parsed (and its size limited) on its own.

/** One document's text and the line (1-based) of the stream where it starts. */
export interface DocumentText {
  readonly text: string;
  readonly firstLine: number;
}

const START = /^---(?:[ \t\r\n]|$)/;
const END = /^\.\.\.(?:[ \t\r\n]|$)/;

/**
 * The documents of a YAML stream, split at the `---` and `...` markers that begin a line (a marker
 * there always ends the current document, inside a block scalar too). Each piece keeps its own
 * `---` line, so that content on it stays with its document. Pieces with only comments or blank
 * lines are kept (they parse to nothing).
 */
export function splitDocuments(stream: string): DocumentText[] {
  const out: DocumentText[] = [];
  const lines = stream.split(/(?<=\n)/);
  let current: string[] = [];
  let firstLine = 1;
  const flush = (nextLine: number) => {
    if (current.length > 0) out.push({ text: current.join(''), firstLine });
    current = [];
    firstLine = nextLine;
  };
  lines.forEach((line, i) => {
    if (START.test(line)) flush(i + 1);
    current.push(line);
    if (END.test(line)) flush(i + 2);
  });
  flush(lines.length + 1);
  return out;
}
