// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  extractInterface,
  foreignKinds,
  generateForeignTypes,
} from '../../../../hack/tools/gen-foreign-types.js';

const here = dirname(fileURLToPath(import.meta.url));

describe('generated foreign types', () => {
  const generated = generateForeignTypes();

  for (const kind of foreignKinds) {
    it(`${kind.exportName} matches what the generator writes from ${kind.crd}`, () => {
      const committed = readFileSync(join(here, 'generated', kind.file), 'utf8');
      expect(generated.get(kind.file)).toBe(committed);
    });
  }

  it('keeps the interface body and renames ObjectMeta', () => {
    const text =
      'import x;\nexport interface IThing {\n  /** doc */\n  "metadata"?: IObjectMeta;\n}\nexport class Thing {}\n';
    const out = extractInterface(text, 'IThing', 'Thing', 'thing.yaml');
    expect(out).toContain('export interface Thing {\n  "metadata"?: V1ObjectMeta;\n}\n');
    expect(out).not.toContain('class Thing');
    expect(out).not.toContain('doc');
  });

  it('names the crd when the interface is missing', () => {
    expect(() => extractInterface('', 'IThing', 'Thing', 'thing.yaml')).toThrow(
      'interface IThing not found in crd-generate output for thing.yaml',
    );
  });
});
