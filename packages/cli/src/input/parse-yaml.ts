// SPDX-License-Identifier: Apache-2.0
// Parsing input text into Kubernetes objects as kubectl does: YAML 1.1 (JSON is YAML), aliases
// bounded and never across documents, every object plain JSON data within the size and depth limits.

import { checkInputBounds } from '@kubetrain/api';
import { parseAllDocuments } from 'yaml';
import type { YAMLError } from 'yaml';
import { CliError } from '../io.js';
import type { SourceText } from './read-source.js';
import { kubernetesYamlTags } from './yaml-schema.js';

/** One object of the input. */
export interface ParsedObject {
  readonly source: string;
  readonly object: Record<string, unknown>;
}

/** What one object may be. */
export interface ParseLimits {
  /** The largest object, in bytes of its JSON encoding (the API server's request limit). */
  readonly maxBytes: number;
  /** The deepest nesting of lists and objects. */
  readonly maxDepth: number;
  /** The most alias nodes one document may expand. */
  readonly maxAliasCount: number;
}

/** The most aliases a document may expand, as the `yaml` package's default (alias bombs stop here). */
export const MAX_ALIAS_COUNT = 100;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first line of a YAML error, with where it is. */
function yamlErrorText(error: YAMLError): string {
  const at = error.linePos?.[0];
  const message = error.message.split('\n')[0] ?? error.message;
  return at !== undefined && !message.includes(' at line ') ? `line ${at.line}: ${message}` : message;
}

/** Converts one parsed document to JS data, with alias expansion bounded. */
function documentValue(toJS: () => unknown, source: string, index: number): unknown {
  try {
    return toJS();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (/Unresolved alias/.test(message))
      throw new CliError(
        `${source}: document ${index + 1}: ${message.replace(/ \(the anchor.*\)/, '')}: an alias must refer to an anchor earlier in the same document`,
      );
    if (/Excessive alias count/.test(message))
      throw new CliError(`${source}: document ${index + 1}: document contains excessive aliasing`);
    throw new CliError(`${source}: document ${index + 1}: ${message}`);
  }
}

/**
 * Parses every document of `input`: empty documents are skipped, a `kind: List` is flattened into
 * its items, each object must be plain JSON data (a mapping; finite numbers; no timestamps, sets or
 * binary values) within `limits`. Any failure is a CliError naming the source (and the line, for
 * YAML syntax errors).
 */
export function parseObjects(input: SourceText, limits: ParseLimits): ParsedObject[] {
  const { source, text } = input;
  const out: ParsedObject[] = [];
  const documents = parseAllDocuments(text, {
    version: '1.1',
    customTags: kubernetesYamlTags,
    uniqueKeys: true,
    prettyErrors: true,
  });
  const list = Array.isArray(documents) ? documents : [documents];
  list.forEach((doc, index) => {
    const error = doc.errors[0];
    if (error !== undefined) throw new CliError(`${source}: ${yamlErrorText(error)}`);
    const value = documentValue(() => doc.toJS({ maxAliasCount: limits.maxAliasCount }), source, index);
    if (value === null || value === undefined) return;
    if (!isObject(value)) throw new CliError(`${source}: document ${index + 1} is not an object`);
    const items = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items) {
      if (!isObject(item))
        throw new CliError(`${source}: document ${index + 1}: a List item is not an object`);
      const problem = checkInputBounds(item, { maxBytes: limits.maxBytes, maxDepth: limits.maxDepth });
      if (problem !== undefined) {
        const suffix = problem.kind === 'size' ? ' (--max-bytes sets the limit)' : '';
        throw new CliError(`${source}: document ${index + 1}: ${problem.message}${suffix}`);
      }
      out.push({ source, object: item });
    }
  });
  return out;
}
