// SPDX-License-Identifier: Apache-2.0
// `-o table|wide|json|yaml|name` for the objects a command lists.

import { UsageError } from '../io.js';
import { toJson, toYaml } from '../output.js';
import { escapeForTerminal } from '../terminal-text.js';

/** The output formats of `-o`. */
export const OutputFormats = ['table', 'wide', 'json', 'yaml', 'name'] as const;

/** One of {@link OutputFormats}. */
export type OutputFormat = (typeof OutputFormats)[number];

/** Checks `-o`; an unknown format is a usage error (exit 2). */
export function parseOutputFormat(value: string): OutputFormat {
  if ((OutputFormats as readonly string[]).includes(value)) return value as OutputFormat;
  throw new UsageError(`unknown output format "${value}": use one of ${OutputFormats.join(', ')}`);
}

/**
 * The objects as JSON or YAML: one object as itself when `single`, else a `v1` `List` as kubectl
 * prints it; or `name`: `<resource>.<group>/<name>` per line.
 */
export function formatObjects(
  format: 'json' | 'yaml' | 'name',
  objects: readonly { metadata?: { name?: string } }[],
  single: boolean,
  resource: string,
): string {
  if (format === 'name')
    return objects.map((o) => `${resource}/${escapeForTerminal(o.metadata?.name ?? '')}\n`).join('');
  const value =
    single && objects.length === 1
      ? objects[0]
      : { apiVersion: 'v1', kind: 'List', items: objects, metadata: { resourceVersion: '' } };
  return format === 'json' ? toJson(value, 4) : toYaml(value);
}
