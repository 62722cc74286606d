// SPDX-License-Identifier: Apache-2.0
// The chart's Grafana dashboard (charts/kubetrain/dashboards/kubetrain.json) is well formed for
// Grafana: unique panel ids, panels inside the 24-column grid without overlap, every query on the
// dashboard's data source variable with a unique refId in its panel, every `$variable` a query names
// defined, every panel described. Its PromQL is checked against a running manager in
// e2e/controller/metrics.e2e.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

interface Panel {
  id: number;
  type: string;
  title: string;
  description?: string;
  gridPos: { x: number; y: number; w: number; h: number };
  datasource?: { type: string; uid: string };
  targets?: { refId: string; expr: string; datasource?: { uid: string } }[];
}
interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
  templating: { list: { name: string; type: string; definition?: string }[] };
}

const dashboard = JSON.parse(
  readFileSync(
    fileURLToPath(new URL('../../charts/kubetrain/dashboards/kubetrain.json', import.meta.url)),
    'utf8',
  ),
) as Dashboard;
const panels = dashboard.panels.filter((p) => p.type !== 'row');
/** Grafana's own variables, always defined. */
const BUILT_IN = new Set(['__rate_interval', '__interval', '__range']);

describe('charts/kubetrain/dashboards/kubetrain.json', () => {
  it('has a uid, a title and unique panel ids', () => {
    expect(dashboard.uid).toBe('kubetrain-overview');
    expect(dashboard.title).toBe('kubetrain');
    const ids = dashboard.panels.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('places every panel inside the 24-column grid, none over another', () => {
    const cells = new Map<string, string>();
    for (const p of dashboard.panels) {
      const { x, y, w, h } = p.gridPos;
      expect({ title: p.title, fits: x >= 0 && w > 0 && h > 0 && x + w <= 24 }).toEqual({
        title: p.title,
        fits: true,
      });
      for (let i = x; i < x + w; i++)
        for (let j = y; j < y + h; j++) {
          const cell = `${i},${j}`;
          expect({ cell, taken: cells.get(cell) }).toEqual({ cell, taken: undefined });
          cells.set(cell, p.title);
        }
    }
  });

  it('queries the data source variable, with a unique refId per panel, and describes every panel', () => {
    for (const p of panels) {
      expect({
        title: p.title,
        datasource: p.datasource?.uid,
        described: (p.description ?? '').length > 0,
      }).toEqual({
        title: p.title,
        datasource: '${datasource}',
        described: true,
      });
      const refIds = (p.targets ?? []).map((t) => t.refId);
      expect(refIds.length).toBeGreaterThan(0);
      expect(new Set(refIds).size).toBe(refIds.length);
      for (const t of p.targets ?? []) expect(t.datasource?.uid).toBe('${datasource}');
    }
  });

  it('defines every variable its queries name', () => {
    const defined = new Set(dashboard.templating.list.map((v) => v.name));
    const texts = [
      ...panels.flatMap((p) => [p.title, ...(p.targets ?? []).map((t) => t.expr)]),
      ...dashboard.templating.list.map((v) => v.definition ?? ''),
    ];
    const named = new Set(texts.flatMap((t) => [...t.matchAll(/\$\{?(\w+)\}?/g)].map((m) => m[1]!)));
    expect([...named].filter((n) => !defined.has(n) && !BUILT_IN.has(n))).toEqual([]);
    expect([...defined].sort()).toEqual(['datasource', 'group_by', 'job', 'namespace']);
  });
});
