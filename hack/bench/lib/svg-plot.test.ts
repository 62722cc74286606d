// SPDX-License-Identifier: Apache-2.0
import { escapeXml, linePlot, niceScale, tickLabel } from './svg-plot.js';

describe('niceScale', () => {
  it.each([
    [0, { max: 1, step: 0.2 }],
    [NaN, { max: 1, step: 0.2 }],
    [10_000, { max: 10_000, step: 2000 }],
    [10_001, { max: 12_500, step: 2500 }],
    [3.2, { max: 4, step: 1 }],
    [0.7, { max: 0.8, step: 0.2 }],
    [412, { max: 500, step: 100 }],
  ])('%p → %p', (max, expected) => {
    const got = niceScale(max);
    expect(got.max).toBeCloseTo(expected.max);
    expect(got.step).toBeCloseTo(expected.step);
  });
});

describe('tickLabel', () => {
  it.each([
    [10_000, '10,000'],
    [0, '0'],
    [0.25, '0.25'],
    [0.30000000000000004, '0.3'],
  ])('%p → %p', (v, expected) => expect(tickLabel(v)).toBe(expected));
});

describe('escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#38;&#39;&#60;/a&#62;');
  });
});

describe('linePlot', () => {
  const svg = linePlot({
    title: 'RSS <MiB>',
    xLabel: 'N',
    yLabel: 'MiB',
    series: [
      {
        name: 'kubetrain',
        points: [
          [0, 50],
          [1000, 60],
          [NaN, 3],
        ],
      },
      {
        name: 'upstream & co',
        points: [
          [0, 40],
          [1000, 90],
        ],
        dashed: true,
      },
    ],
  });

  it('is one SVG document with the escaped texts', () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('RSS &#60;MiB&#62;');
    expect(svg).toContain('upstream &#38; co');
    expect(svg).not.toContain('<MiB>');
  });

  it('draws each series as a line with a marker per finite point', () => {
    expect(svg.match(/<polyline /g)).toHaveLength(2);
    expect(svg.match(/<circle /g)).toHaveLength(4);
    expect(svg).toContain('stroke-dasharray="5 3"');
    expect(svg).not.toContain('NaN');
  });
});
