// SPDX-License-Identifier: Apache-2.0
// A reader of the Prometheus text exposition format, enough for counters and gauges: one sample
// per line, `name{label="value",...} number [timestamp]`; comments and blank lines skipped.

/** One sample of a metric family. */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of `text` whose metric name is `name` (all samples when `name` is omitted). */
export function parseSamples(text: string, name?: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    if (name !== undefined && !line.startsWith(name)) continue;
    const m = LINE.exec(line);
    if (!m || (name !== undefined && m[1] !== name)) continue;
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(LABEL)) {
      labels[l[1] ?? ''] = (l[2] ?? '').replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    }
    out.push({ name: m[1] ?? '', labels, value: Number(m[3]) });
  }
  return out;
}

/** The sum of the samples named `name` whose labels include all of `match`. */
export function sumSamples(text: string, name: string, match: Record<string, string> = {}): number {
  return parseSamples(text, name)
    .filter((s) => Object.entries(match).every(([k, v]) => s.labels[k] === v))
    .reduce((acc, s) => acc + s.value, 0);
}
