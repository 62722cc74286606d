// SPDX-License-Identifier: Apache-2.0
// A tiny line-plot generator for the benchmark reports: series of (x, y) points on linear axes
// from 0, with ticks, axis labels and a legend, as a self-contained SVG (no scripts, no fonts to
// fetch). Every text is XML-escaped.

/** One line of a plot. */
export interface Series {
  name: string;
  points: readonly (readonly [number, number])[];
  /** Stroke colour (CSS); a palette colour when omitted. */
  color?: string;
  /** Dashed line. */
  dashed?: boolean;
}

/** A plot. */
export interface Plot {
  title: string;
  xLabel: string;
  yLabel: string;
  series: readonly Series[];
  width?: number;
  height?: number;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#ff7f0e', '#9467bd', '#8c564b'];
const MARGIN = { left: 70, right: 20, top: 40, bottom: 90 };

/** `text` safe inside an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A "nice" axis maximum (1, 2, 2.5 or 5 × 10^k) at or above `max`, and its tick step (5 ticks). */
export function niceScale(max: number): { max: number; step: number } {
  if (!(max > 0) || !Number.isFinite(max)) return { max: 1, step: 0.2 };
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= raw) ?? 10 * magnitude;
  return { max: step * Math.ceil(max / step - 1e-9), step };
}

/** A tick label: integers as they are (with thousands separators), fractions with up to 2 digits. */
export function tickLabel(v: number): string {
  return Number.isInteger(v) ? v.toLocaleString('en-US') : String(Number(v.toFixed(2)));
}

const round = (v: number): string => String(Math.round(v * 10) / 10);

/** The plot as an SVG document. Points with a non-finite coordinate are left out. */
export function linePlot(plot: Plot): string {
  const width = plot.width ?? 560;
  const height = plot.height ?? 360;
  const series = plot.series.map((s) => ({
    ...s,
    points: s.points.filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y)),
  }));
  const all = series.flatMap((s) => s.points);
  const xs = niceScale(Math.max(0, ...all.map(([x]) => x)));
  const ys = niceScale(Math.max(0, ...all.map(([, y]) => y)));
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const px = (x: number) => MARGIN.left + (x / xs.max) * plotW;
  const py = (y: number) => MARGIN.top + plotH - (y / ys.max) * plotH;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="white"/>`,
    `<text x="${width / 2}" y="20" text-anchor="middle" font-size="13" font-weight="bold">${escapeXml(plot.title)}</text>`,
  ];
  for (let v = 0; v <= xs.max + 1e-9; v += xs.step) {
    const x = round(px(v));
    out.push(
      `<line x1="${x}" y1="${MARGIN.top}" x2="${x}" y2="${MARGIN.top + plotH}" stroke="#eee"/>`,
      `<text x="${x}" y="${MARGIN.top + plotH + 15}" text-anchor="middle">${escapeXml(tickLabel(v))}</text>`,
    );
  }
  for (let v = 0; v <= ys.max + 1e-9; v += ys.step) {
    const y = round(py(v));
    out.push(
      `<line x1="${MARGIN.left}" y1="${y}" x2="${MARGIN.left + plotW}" y2="${y}" stroke="#eee"/>`,
      `<text x="${MARGIN.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle">${escapeXml(tickLabel(v))}</text>`,
    );
  }
  out.push(
    `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotW}" height="${plotH}" fill="none" stroke="#333"/>`,
    `<text x="${MARGIN.left + plotW / 2}" y="${MARGIN.top + plotH + 32}" text-anchor="middle">${escapeXml(plot.xLabel)}</text>`,
    `<text transform="translate(16 ${MARGIN.top + plotH / 2}) rotate(-90)" text-anchor="middle">${escapeXml(plot.yLabel)}</text>`,
  );
  series.forEach((s, i) => {
    const color = escapeXml(s.color ?? PALETTE[i % PALETTE.length] ?? '#000');
    const dash = s.dashed ? ' stroke-dasharray="5 3"' : '';
    const path = s.points.map(([x, y]) => `${round(px(x))},${round(py(y))}`).join(' ');
    if (s.points.length > 1)
      out.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"${dash}/>`);
    for (const [x, y] of s.points)
      out.push(`<circle cx="${round(px(x))}" cy="${round(py(y))}" r="3" fill="${color}"/>`);
    const row = Math.floor(i / 2);
    const lx = MARGIN.left + (i % 2) * (plotW / 2);
    const ly = MARGIN.top + plotH + 52 + row * 16;
    out.push(
      `<line x1="${lx}" y1="${ly}" x2="${lx + 20}" y2="${ly}" stroke="${color}" stroke-width="2"${dash}/>`,
      `<text x="${lx + 26}" y="${ly}" dominant-baseline="middle">${escapeXml(s.name)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
