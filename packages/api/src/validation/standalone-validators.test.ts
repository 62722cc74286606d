// SPDX-License-Identifier: Apache-2.0
// The validators generated ahead of time (the CLI's) give the same errors as ajv compiling the same
// schemas at run time (the manager's), and both give the same verdicts as ajv compiling each kind's
// whole structural schema: over the validate cases of both APIs, the v1 examples, and a copy of each
// object with every scalar replaced by a value of the wrong type.
import { createRequire } from 'node:module';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { KindDefinitions } from '../crd/definitions.js';
import { readV1Examples } from '../v1/testdata/examples.js';
import { v1ValidateCases } from '../v1/testdata/validate-cases.js';
import { V1KindDefinitions } from '../v1/kinds.js';
import { structuralSchema } from './ajv.js';
import { withBigintsAsNumbers } from './bigint-view.js';
import { KNOWN_KINDS, compileValidator, newAjv } from './compile-validator.js';
import { NoPrecompiledValidatorError, precompiledValidators } from './precompiled-validators.js';
import {
  loadStandaloneValidators,
  precompiledValidatorsModule,
  standaloneValidatorsCode,
} from './standalone-validators.js';
import { validateCases } from './testdata/validate-cases.js';
import { validatorSchemaId } from './validator-schemas.js';

const definitions = { ...KindDefinitions, ...V1KindDefinitions };
type Kind = keyof typeof definitions;

const code = standaloneValidatorsCode();
const standalone = loadStandaloneValidators(code, createRequire(import.meta.url));
const fromStandalone = precompiledValidators(standalone);

/** Every scalar of `value` replaced by one of another JSON type (strings by numbers, the rest by strings). */
function wrongTypes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(wrongTypes);
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wrongTypes(v)]));
  return typeof value === 'string' ? 12.5 : 'wrong';
}

const objects: [string, Kind, unknown][] = [
  ...Object.entries(validateCases).map(([name, tc]): [string, Kind, unknown] => [
    `v2 case ${name}`,
    tc.kind,
    tc.object,
  ]),
  ...Object.entries(v1ValidateCases).map(([name, tc]): [string, Kind, unknown] => [
    `v1 case ${name}`,
    tc.kind,
    tc.object,
  ]),
  ...readV1Examples().map((e): [string, Kind, unknown] => [`v1 example ${e.file}`, e.kind, e.object]),
];
const table = [
  ...objects,
  ...objects.map(([name, kind, object]): [string, Kind, unknown] => [
    `${name}, every scalar of the wrong type`,
    kind,
    wrongTypes(object),
  ]),
];

/** The errors of `validate` on `object`, as they are compared: the failed keyword at each place, sorted. */
function verdict(validate: ValidateFunction, object: unknown): string[] {
  validate(withBigintsAsNumbers(object));
  return (validate.errors ?? [])
    .map((e: ErrorObject) => JSON.stringify([e.instancePath, e.keyword, e.params, e.message]))
    .sort();
}

/** ajv compiling the kind's whole structural schema, as compile-validator.ts did before the shared schemas. */
const whole = new Map<Kind, ValidateFunction>();
function wholeSchemaValidator(kind: Kind): ValidateFunction {
  let v = whole.get(kind);
  if (v === undefined) {
    v = newAjv({ inlineRefs: true }).compile(structuralSchema(definitions[kind]));
    whole.set(kind, v);
  }
  return v;
}

describe('validators generated ahead of time', () => {
  it('are the same code every time', () => {
    expect(standaloneValidatorsCode()).toBe(code);
    expect(precompiledValidatorsModule()).toContain(code);
  });

  it('exist for every known kind, and for no other', () => {
    expect(Object.keys(standalone).sort()).toEqual(KNOWN_KINDS.map(validatorSchemaId).sort());
    const other = { ...KindDefinitions.TrainJob, kind: 'Other' };
    expect(() => fromStandalone(other, structuralSchema)).toThrow(NoPrecompiledValidatorError);
  });

  it.each(table)('%s: same errors as at run time and as the whole schema', (_name, kind, object) => {
    const def = definitions[kind];
    const runTime = verdict(compileValidator(def, structuralSchema), object);
    expect(verdict(fromStandalone(def, structuralSchema), object)).toEqual(runTime);
    expect(runTime).toEqual(verdict(wholeSchemaValidator(kind), object));
  });
});
