// SPDX-License-Identifier: Apache-2.0
// The string and number formats the schema checks know, shared by the validators ajv compiles at run
// time and the ones generated ahead of time (standalone-validators.ts), which reference this object.
import type { FormatDefinition } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { fitsIntegerFormat } from './integer-formats.js';

/** Every format a schema of the API may name, by name. */
export const SCHEMA_FORMATS: Readonly<Record<string, FormatDefinition<string> | FormatDefinition<number>>> = {
  'date-time': fullFormats['date-time'] as FormatDefinition<string>,
  // kube-openapi checks that a number converts to the Go type of its format.
  int32: { type: 'number', validate: (v: number) => fitsIntegerFormat('int32', v) },
  int64: { type: 'number', validate: (v: number) => fitsIntegerFormat('int64', v) },
};
