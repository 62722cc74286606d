// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectGolden, goldenPath } from './golden.js';

describe('expectGolden', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'golden-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('passes when the file matches byte for byte', () => {
    writeFileSync(join(dir, 'a.yaml'), 'kind: JobSet\n');
    expect(() => expectGolden('a', 'kind: JobSet\n', { dir, update: false })).not.toThrow();
  });

  it('fails when the text differs', () => {
    writeFileSync(join(dir, 'a.yaml'), 'kind: JobSet\n');
    expect(() => expectGolden('a', 'kind: JobSet', { dir, update: false })).toThrow();
  });

  it('fails on a missing file, naming the command that writes it', () => {
    expect(() => expectGolden('missing.yaml', 'x', { dir, update: false })).toThrow(
      'run the test with UPDATE_GOLDEN=1',
    );
  });

  it('writes the file, folders included, when updating', () => {
    expectGolden('sub/b.yaml', 'kind: TrainJob\n', { dir, update: true });
    expect(readFileSync(join(dir, 'sub', 'b.yaml'), 'utf8')).toBe('kind: TrainJob\n');
  });

  it('defaults to testdata/ beside the test file', () => {
    expect(goldenPath('render')).toBe(join(import.meta.dirname, 'testdata', 'render.yaml'));
  });
});
