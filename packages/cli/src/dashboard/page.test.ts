// SPDX-License-Identifier: Apache-2.0
import { readdirSync, readFileSync } from 'node:fs';
import { escapeHtml } from './html-escape.js';
import { pageShell } from './page.js';

describe('escapeHtml', () => {
  it.each([
    ['<script>alert(1)</script>', '&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['" onload="x', '&quot; onload=&quot;x'],
    ["it's & done", 'it&#39;s &amp; done'],
    ['plain-name', 'plain-name'],
  ])('%s', (text, escaped) => {
    expect(escapeHtml(text)).toBe(escaped);
  });
});

describe('pageShell', () => {
  it('escapes the token wherever it appears and holds no inline script or style', () => {
    const page = pageShell('"><script>x</script>');
    expect(page).not.toContain('<script>x');
    expect(page).toContain('content="&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(page.match(/<script[^>]*>/g)).toEqual([
      expect.stringMatching(/^<script type="module" src="\/assets\/app\.js\?token=/),
    ]);
    expect(page).not.toMatch(/<style|\sstyle=|\son[a-z]+=/);
  });
});

describe('the page code (web/)', () => {
  const dir = new URL('./web/', import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith('.ts'));
  it.each(files)('%s never parses markup or code from strings', (file) => {
    const code = readFileSync(new URL(file, dir), 'utf8')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*)/.test(line))
      .join('\n');
    expect(code).not.toMatch(
      /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|srcdoc|DOMParser/,
    );
  });
});
