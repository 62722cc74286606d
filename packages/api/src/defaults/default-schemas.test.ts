// SPDX-License-Identifier: Apache-2.0
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readV1Examples } from '../v1/testdata/examples.js';
import { v1ValidateCases } from '../v1/testdata/validate-cases.js';
import { structuralSchema } from '../validation/ajv.js';
import { withSchemaDefaults } from '../validation/defaults.js';
import { validateCases } from '../validation/testdata/validate-cases.js';
import { KindDefinitions } from '../crd/definitions.js';
import { V1KindDefinitions } from '../v1/kinds.js';
import { defaultsOnly } from './defaults-only.js';
import { DefaultSchemas } from './generated/default-schemas.js';
import { DEFAULT_SCHEMAS_FILE, renderDefaultSchemas } from './render-default-schemas.js';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const definitions = { ...KindDefinitions, ...V1KindDefinitions };

describe('generated default schemas', () => {
  it(`are up to date in ${DEFAULT_SCHEMAS_FILE} (run \`make generate\` when this fails)`, () => {
    expect(readFileSync(ROOT + DEFAULT_SCHEMAS_FILE, 'utf8')).toBe(renderDefaultSchemas());
  });

  it('hold one schema for every kind', () => {
    expect(Object.keys(DefaultSchemas).sort()).toEqual(Object.keys(definitions).sort());
  });
});

describe('defaultsOnly', () => {
  const table: [string, string, unknown][] = [
    ...Object.entries(validateCases).flatMap(([name, tc]): [string, string, unknown][] => [
      [`v2 case ${name}`, tc.kind, tc.object],
      ...(tc.old === undefined
        ? []
        : [[`v2 case ${name} (old)`, tc.kind, tc.old] as [string, string, unknown]]),
    ]),
    ...Object.entries(v1ValidateCases).map(([name, tc]): [string, string, unknown] => [
      `v1 case ${name}`,
      tc.kind,
      tc.object,
    ]),
    ...readV1Examples().map((e): [string, string, unknown] => [`v1 example ${e.file}`, e.kind, e.object]),
  ];

  it.each(table)('defaults %s as the whole %s schema does', (_name, kind, object) => {
    const schema = structuralSchema(definitions[kind as keyof typeof definitions]);
    expect(withSchemaDefaults(object, defaultsOnly(schema) ?? {})).toEqual(
      withSchemaDefaults(object, schema),
    );
  });

  const cases: {
    name: string;
    schema: Record<string, unknown>;
    want: Record<string, unknown> | undefined;
  }[] = [
    {
      name: 'no default anywhere',
      schema: { type: 'object', properties: { a: { type: 'string' } } },
      want: undefined,
    },
    {
      name: 'a default with its nullable, nothing else of the node',
      schema: {
        properties: {
          a: { type: 'string', default: 'x', nullable: true, maxLength: 3 },
          b: { type: 'string' },
        },
      },
      want: { properties: { a: { default: 'x', nullable: true } } },
    },
    {
      name: 'list items and map values on the way to a default',
      schema: {
        properties: {
          l: { type: 'array', items: { properties: { p: { default: 'TCP' } } } },
          m: { type: 'object', additionalProperties: { properties: { q: { default: 1 } } } },
        },
      },
      want: {
        properties: {
          l: { items: { properties: { p: { default: 'TCP' } } } },
          m: { additionalProperties: { properties: { q: { default: 1 } } } },
        },
      },
    },
    {
      name: 'every property of a node whose map values have defaults',
      schema: {
        properties: { a: { type: 'string' } },
        additionalProperties: { properties: { q: { default: 1 } } },
      },
      want: { properties: { a: {} }, additionalProperties: { properties: { q: { default: 1 } } } },
    },
  ];

  it.each(cases)('keeps $name', ({ schema, want }) => {
    expect(defaultsOnly(schema)).toEqual(want);
  });
});
