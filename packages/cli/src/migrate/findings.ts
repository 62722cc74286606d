// SPDX-License-Identifier: Apache-2.0
// What a migration reports about the v1 fields it could not carry over unchanged.

/** One v1 field (or behaviour) that the v2 objects do not reproduce. */
export interface MigrationWarning {
  /** The field path in the v1 object, such as `spec.runPolicy.cleanPodPolicy`. */
  readonly path: string;
  /** `not carried over: <why>` or `changed: <how>`. */
  readonly message: string;
}

/** Collects the warnings of one conversion, in the order they are found. */
export class Findings {
  readonly warnings: MigrationWarning[] = [];

  /** `path` has no v2 equivalent: it is dropped. */
  notCarried(path: string, why: string): void {
    this.warnings.push({ path, message: `not carried over: ${why}` });
  }

  /** `path` is carried over, but v2 behaves differently. */
  changed(path: string, how: string): void {
    this.warnings.push({ path, message: `changed: ${how}` });
  }
}

/** `<path>: <message>`, as the CLI prints a warning. */
export function formatWarning(warning: MigrationWarning): string {
  return `${warning.path}: ${warning.message}`;
}

/** A v1 object that cannot be converted at all (no replica specs, an unknown replica type). */
export class MigrationError extends Error {
  constructor(
    /** The field path the problem is at. */
    readonly path: string,
    message: string,
  ) {
    super(`${path}: ${message}`);
    this.name = 'MigrationError';
  }
}
