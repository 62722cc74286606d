// SPDX-License-Identifier: Apache-2.0
// Parsing input text into Kubernetes objects as kubectl does: JSON, or YAML 1.1 documents (each
// parsed on its own, so that an alias never reaches into another document), aliases bounded, every
// object plain JSON data within the size and depth limits.

import { checkInputBounds } from '@kubetrain/api';
import { parseAllDocuments } from 'yaml';
import type { YAMLError } from 'yaml';
import { CliError } from '../io.js';
import type { SourceText } from './read-source.js';
import { splitDocuments } from './split-documents.js';
import type { DocumentText } from './split-documents.js';
import { kubernetesYamlTags } from './yaml-schema.js';

/** One object of the input. */
interface ParsedObject {
  readonly source: string;
  readonly object: Record<string, unknown>;
}

/** What one object may be. */
interface ParseLimits {
  /** The largest object, in bytes of its text and of its JSON encoding (the API server's request limit). */
  readonly maxBytes: number;
  /** The deepest nesting of lists and objects. */
  readonly maxDepth: number;
  /** The most alias nodes one document may expand. */
  readonly maxAliasCount: number;
}

/** The most aliases a document may expand, as the `yaml` package's default (alias bombs stop here). */
export const MAX_ALIAS_COUNT = 100;

/** A document nested deeper than the YAML parser can follow (hundreds of flow levels). */
const NESTING_TOO_DEEP = 'nesting too deep to parse';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A YAML error as one line: `line L, column C: <message>`, with the line counted in the whole file. */
function yamlErrorText(error: YAMLError, firstLine: number): string {
  const first = (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '');
  // The parser recurses per flow level: a deep enough flow collection exhausts its stack first.
  const message = /Maximum call stack size exceeded/.test(first) ? NESTING_TOO_DEEP : first;
  const at = error.linePos?.[0];
  return at === undefined ? message : `line ${at.line + firstLine - 1}, column ${at.col}: ${message}`;
}

/** What a failure to convert a document to data means, in words. */
function conversionError(e: unknown): string {
  if (e instanceof RangeError) return NESTING_TOO_DEEP;
  const message = e instanceof Error ? e.message : String(e);
  if (/Unresolved alias/.test(message))
    return `${message.replace(/ \(the anchor.*\)/, '')}: an alias must refer to an anchor earlier in the same document`;
  if (/Excessive alias count/.test(message)) return 'document contains excessive aliasing';
  return message;
}

/** Parses one YAML document to data; undefined for an empty one. */
function parseYamlDocument(doc: DocumentText, limits: ParseLimits): unknown {
  let value: unknown;
  try {
    const parsed = parseAllDocuments(doc.text, {
      version: '1.1',
      customTags: kubernetesYamlTags,
      uniqueKeys: true,
    });
    const docs = Array.isArray(parsed) ? parsed : [parsed];
    const error = docs.flatMap((d) => d.errors)[0];
    if (error !== undefined) return new ParseFailure(yamlErrorText(error, doc.firstLine));
    value = docs[0]?.toJS({ maxAliasCount: limits.maxAliasCount });
  } catch (e) {
    return new ParseFailure(conversionError(e));
  }
  return value;
}

/** A document that could not be parsed, and why. */
class ParseFailure {
  constructor(readonly message: string) {}
}

/** The data of each document of `text`: one JSON value, or the YAML documents. */
function documentValues(text: string, limits: ParseLimits): unknown[] {
  // kubectl reads a stream that starts with `{` as JSON; JSON.parse is also bounded for deep input.
  if (/^\s*[[{]/.test(text)) {
    try {
      return [JSON.parse(text)];
    } catch {
      // Not JSON after all (YAML flow style, comments): read it as YAML.
    }
  }
  return splitDocuments(text).map((doc) => {
    if (Buffer.byteLength(doc.text) > limits.maxBytes)
      return new ParseFailure(
        `Request entity too large: limit is ${limits.maxBytes} (--max-bytes sets the limit)`,
      );
    return parseYamlDocument(doc, limits);
  });
}

/**
 * Parses every document of `input`: empty documents are skipped, a `kind: List` is flattened into
 * its items, each object must be plain JSON data (a mapping; finite numbers; no timestamps, sets or
 * binary values) within `limits`. Any failure is a CliError naming the source and the document
 * (and the line, for YAML syntax errors).
 */
export function parseObjects(input: SourceText, limits: ParseLimits): ParsedObject[] {
  const { source } = input;
  const out: ParsedObject[] = [];
  let index = 0;
  for (const value of documentValues(input.text, limits)) {
    index++;
    if (value instanceof ParseFailure) throw new CliError(`${source}: document ${index}: ${value.message}`);
    if (value === null || value === undefined) continue;
    if (!isObject(value)) throw new CliError(`${source}: document ${index} is not an object`);
    const items = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items) {
      if (!isObject(item)) throw new CliError(`${source}: document ${index}: a List item is not an object`);
      const problem = checkInputBounds(item, { maxBytes: limits.maxBytes, maxDepth: limits.maxDepth });
      if (problem !== undefined) {
        const suffix = problem.kind === 'size' ? ' (--max-bytes sets the limit)' : '';
        throw new CliError(`${source}: document ${index}: ${problem.message}${suffix}`);
      }
      out.push({ source, object: item });
    }
  }
  return out;
}
