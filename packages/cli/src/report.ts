// SPDX-License-Identifier: Apache-2.0
// How the CLI prints what it finds: one line per error, `<kind>/<name>: <path>: <message>`, every
// character a terminal would act on escaped (a name or a message can never forge a line).

import { formatFieldError } from '@kubetrain/api';
import type { FieldError } from '@kubetrain/api';
import type { Io } from './io.js';
import { escapeForTerminal } from './terminal-text.js';

/** The path printed for an error of the object as a whole (the API server prints `<nil>`). */
const OBJECT_PATH = '(object)';

/**
 * Errors of the object as a whole whose message names the field: kube-openapi's out-of-range
 * integers (`... with format int32 in spec.trainer.numNodes`) and CEL rules of the root whose
 * message starts with the field they check (`metadata.name must match ...`).
 */
const FIELD_IN_MESSAGE = [
  /^Checked value must be of type integer with format \S+ in (\S+)$/,
  /^((?:metadata|spec|status)(?:\.[A-Za-z0-9]+)+) /,
];

/** The field path an error is printed with: its own, the one its message names, or {@link OBJECT_PATH}. */
function printedPath(error: FieldError): string {
  if (error.path !== '') return error.path;
  for (const pattern of FIELD_IN_MESSAGE) {
    const field = pattern.exec(error.message)?.[1];
    if (field !== undefined) return field;
  }
  return OBJECT_PATH;
}

/** One error as `<path>: <type>: <value>: <message>`, with a real path for errors of the whole object. */
export function formatCliFieldError(error: FieldError): string {
  const path = printedPath(error);
  if (path === error.path) return formatFieldError(error);
  // The value kube-openapi gives such errors is an empty string that says nothing: left out.
  const { value: _unused, ...rest } = error;
  void _unused;
  return formatFieldError({ ...rest, path });
}

/** Writes each error as one line `<who>: <path>: <message>` to stderr; returns how many. */
export function reportErrors(io: Io, who: string, errors: readonly FieldError[]): number {
  for (const error of errors) io.stderr(`${escapeForTerminal(`${who}: ${formatCliFieldError(error)}`)}\n`);
  return errors.length;
}

/** Writes each warning as `Warning: <who>: <warning>` to stderr. */
export function reportWarnings(io: Io, who: string, warnings: readonly string[]): void {
  for (const warning of warnings) io.stderr(`Warning: ${escapeForTerminal(`${who}: ${warning}`)}\n`);
}

/** Writes an error that is not about a field (`<who>: <message>`) to stderr. */
export function reportError(io: Io, who: string, message: string): void {
  io.stderr(`${escapeForTerminal(`${who}: ${message}`)}\n`);
}
