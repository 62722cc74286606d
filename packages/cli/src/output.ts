// SPDX-License-Identifier: Apache-2.0
// Printing objects as YAML or JSON, with every character a terminal would act on escaped (the data
// read back is the same).

import { stringifyJson } from '@kubetrain/api/core';
import { Document, visit } from 'yaml';
import { escapeForTerminal } from './terminal-text.js';

/**
 * What JSON.stringify and the yaml package leave raw in a string although a terminal acts on it
 * (they escape the C0 controls themselves): DEL, the C1 controls, Unicode's line and paragraph
 * separators and the bidirectional formatting characters (see terminal-text.ts).
 */
const RAW_IN_DATA = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const RAW_IN_DATA_ALL = new RegExp(RAW_IN_DATA.source, 'g');

/** `\uHHHH`: how JSON and YAML double-quoted strings both escape a character. */
const unicodeEscape = (char: string): string => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** `value` as JSON (indented by `indent` spaces; bigints exact), those characters escaped as `\uHHHH`. */
export function toJson(value: unknown, indent: number): string {
  return `${stringifyJson(value, indent).replace(RAW_IN_DATA_ALL, unicodeEscape)}\n`;
}

/**
 * `value` as one YAML document: keys in the object's own order, long strings unfolded, and strings
 * such as `yes` or `on` quoted so that YAML 1.1 readers (Go's) read them back as strings. A string
 * holding one of those characters is written double-quoted, the character as `\uHHHH` (the yaml
 * package would write it raw).
 */
export function toYaml(value: unknown): string {
  const doc = new Document(value, { version: '1.1' });
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && RAW_IN_DATA.test(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  return doc.toString({ lineWidth: 0 }).replace(RAW_IN_DATA_ALL, unicodeEscape);
}

/** The objects as one multi-document YAML stream (`---` between documents), each as {@link toYaml}. */
export function toYamlStream(objects: readonly object[]): string {
  return objects.map(toYaml).join('---\n');
}

/** `<kind>.<group>/<name>` as `kubectl -o name` prints an object (`configmap/<name>` for the core group). */
export function objectName(object: object): string {
  const o = object as { apiVersion?: unknown; kind?: unknown; metadata?: { name?: unknown } };
  const apiVersion = typeof o.apiVersion === 'string' ? o.apiVersion : '';
  const group = apiVersion.includes('/') ? apiVersion.slice(0, apiVersion.indexOf('/')) : '';
  const kind = (typeof o.kind === 'string' ? o.kind : '').toLowerCase();
  const name = typeof o.metadata?.name === 'string' ? o.metadata.name : '';
  return `${group === '' ? kind : `${kind}.${group}`}/${escapeForTerminal(name)}`;
}

/**
 * The objects as `-o` asks of the commands that print objects (render, validate, migrate): a YAML
 * stream; one JSON `v1` `List` (whatever their number, so that a pipeline reads one shape; `kubectl
 * apply -f` takes it); or one {@link objectName} per line.
 */
export function formatObjectList(format: 'yaml' | 'json' | 'name', objects: readonly object[]): string {
  if (format === 'yaml') return toYamlStream(objects);
  if (format === 'json') return toJson({ apiVersion: 'v1', kind: 'List', items: objects }, 2);
  return objects.map((o) => `${objectName(o)}\n`).join('');
}
