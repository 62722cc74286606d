// SPDX-License-Identifier: Apache-2.0
// Parsing input text into Kubernetes objects as kubectl does: JSON, or YAML 1.1 documents (each
// parsed on its own, so that an alias never reaches into another document), aliases bounded, every
// object plain JSON data within the size and depth limits.

import { checkInputBounds } from '@kubetrain/api/core';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isAlias, isMap, isScalar, isSeq, parseDocument } from 'yaml';
import type { Alias, Document, Node, YAMLError } from 'yaml';
import { CliError } from '../io.js';
import type { SourceText } from './read-source.js';
import { splitDocuments } from './split-documents.js';
import type { DocumentText } from './split-documents.js';
import { ScalarError, integerValue, isMergeKey, keyString, scalarValue } from './yaml-schema.js';
import { mapJsonLeaves, parseJsonLossless } from '@kubetrain/api/core';

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
  /**
   * Kept for callers: aliases are now bounded as go-yaml bounds them (the share of nodes decoded
   * through aliases, "document contains excessive aliasing"), which kubectl's verdicts follow.
   */
  readonly maxAliasCount: number;
}

/** The most aliases a document may expand, as the `yaml` package's default (alias bombs stop here). */
export const MAX_ALIAS_COUNT = 100;

/** V8's message when the stack runs out. */
const STACK_OVERFLOW = /Maximum call stack size exceeded/;

/** A document nested deeper than the YAML parser can follow (hundreds of flow levels). */
const NESTING_TOO_DEEP = 'nesting too deep to parse';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A YAML error as one line: `line L, column C: <message>`, with the line counted in the whole file. */
function yamlErrorText(error: YAMLError, firstLine: number): string {
  const first = (error.message.split('\n')[0] ?? error.message).replace(/ at line \d+, column \d+:?$/, '');
  // The parser recurses per nesting level: a deep enough document exhausts its stack first.
  const message = STACK_OVERFLOW.test(first) ? NESTING_TOO_DEEP : first;
  const at = error.linePos?.[0];
  return at === undefined ? message : `line ${at.line + firstLine - 1}, column ${at.col}: ${message}`;
}

/** go-yaml's limit on alias expansion ("billion laughs"): the allowed share of alias nodes. */
function allowedAliasRatio(decodeCount: number): number {
  if (decodeCount <= 400_000) return 0.99;
  if (decodeCount >= 4_000_000) return 0.1;
  return 0.99 - 0.89 * ((decodeCount - 400_000) / 3_600_000);
}

/** The characters go-yaml's reader accepts (anything else: "control characters are not allowed"). */
const NOT_PRINTABLE = /[^\t\n\r\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u;

/**
 * The data of a parsed document as go-yaml v2 and sigs.k8s.io/yaml make it, iteratively (no
 * recursion per nesting level): scalars resolved by scalarValue, merge keys applied in order (a
 * later key wins, as go-yaml sets them), duplicate keys the last one, keys that are not scalars or
 * are null refused, aliases expanded within go-yaml's alias ratio.
 */
function documentData(doc: Document.Parsed): unknown {
  const anchors = new Map<string, Node>();
  // Expanded size of every node and how many of those nodes come through aliases, as go-yaml's decoder counts them.
  const sizes = new Map<Node, readonly [number, number]>();
  const values = new Map<Node, unknown>();
  interface Frame {
    readonly node: Node;
    expanded: boolean;
  }
  const root = doc.contents;
  if (root === null) return null;
  const stack: Frame[] = [{ node: root, expanded: false }];
  const childrenOf = (node: Node): Node[] => {
    if (isMap(node))
      return node.items.flatMap((p) => [p.key as Node, p.value as Node]).filter((n): n is Node => n !== null);
    if (isSeq(node)) return node.items as Node[];
    return [];
  };
  const target = (alias: Alias): Node => {
    const found = anchors.get(alias.source);
    if (found === undefined) throw new ScalarError(`yaml: unknown anchor '${alias.source}' referenced`);
    return found;
  };
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    const { node } = frame;
    if (!frame.expanded) {
      frame.expanded = true;
      if (isAlias(node)) continue;
      // Anchors are visible from where they are defined on (go-yaml: after the node itself).
      const children = childrenOf(node);
      for (let i = children.length - 1; i >= 0; i--)
        stack.push({ node: children[i] as Node, expanded: false });
      continue;
    }
    stack.pop();
    if (isAlias(node)) {
      const found = target(node);
      // go-yaml counts every node decoded through an alias as an alias.
      const [size] = sizes.get(found) as readonly [number, number];
      sizes.set(node, [size + 1, size]);
      values.set(node, values.get(found));
      continue;
    }
    if (isScalar(node)) {
      const value = scalarValue({
        text: node.source as string,
        tag: node.tag,
        plain: node.type === 'PLAIN',
      });
      sizes.set(node, [1, 0]);
      values.set(node, value);
    } else if (isMap(node)) {
      const out: Record<string, unknown> = {};
      let size = 1;
      let aliases = 0;
      for (const pair of node.items) {
        const key = pair.key as Node | null;
        const value = pair.value as Node | null;
        const valueData = value === null ? null : values.get(value);
        if (value !== null) {
          const [s, a] = sizes.get(value) as readonly [number, number];
          size += s;
          aliases += a;
        }
        if (key !== null) {
          const [s, a] = sizes.get(key) as readonly [number, number];
          size += s;
          aliases += a;
        }
        if (
          isScalar(key) &&
          isMergeKey({ text: key.source as string, tag: key.tag, plain: key.type === 'PLAIN' })
        ) {
          mergeInto(out, value, valueData, anchors);
          continue;
        }
        // An alias may be a key (go-yaml reads it), when it stands for a scalar.
        const keyNode = key !== null && isAlias(key) ? target(key) : key;
        if (keyNode !== null && !isScalar(keyNode))
          throw new ScalarError(`yaml: invalid map key: ${isMap(keyNode) ? 'a map' : 'a sequence'}`);
        const keyData = key === null ? null : values.get(key);
        if (keyData === null) throw new ScalarError('unsupported map key of type: %!s(<nil>), key: <nil>');
        setKey(out, keyString(keyData), valueData);
      }
      sizes.set(node, [size, aliases]);
      values.set(node, out);
    } else if (isSeq(node)) {
      let size = 1;
      let aliases = 0;
      const out = (node.items as Node[]).map((item) => {
        const [s, a] = sizes.get(item) as readonly [number, number];
        size += s;
        aliases += a;
        return values.get(item);
      });
      sizes.set(node, [size, aliases]);
      values.set(node, out);
    }
    const [size, aliases] = sizes.get(node) as readonly [number, number];
    if (aliases > 100 && size > 1000 && aliases / size > allowedAliasRatio(size))
      throw new ScalarError('yaml: document contains excessive aliasing');
    if (node.anchor !== undefined && node.anchor !== null) anchors.set(node.anchor, node);
  }
  return values.get(root);
}

/** Sets a key as a Go map does (the last value wins), own property even for `__proto__`. */
function setKey(out: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

const MERGE_NEEDS_MAP = 'yaml: map merge requires map or sequence of maps as the value';

/** go-yaml v2's merge: the keys of a map (or of each map of a list, the last first) set in order. */
function mergeInto(
  out: Record<string, unknown>,
  node: Node | null,
  data: unknown,
  anchors: Map<string, Node>,
): void {
  const isMapNode = (n: Node | null): boolean => {
    if (n !== null && isAlias(n)) return isMap(anchors.get(n.source) ?? null);
    return isMap(n);
  };
  const copy = (d: unknown) => {
    for (const [k, v] of Object.entries(d as Record<string, unknown>)) setKey(out, k, v);
  };
  if (isMapNode(node)) return copy(data);
  if (!isSeq(node)) throw new ScalarError(MERGE_NEEDS_MAP);
  const items = node.items as Node[];
  for (let i = items.length - 1; i >= 0; i--) {
    if (!isMapNode(items[i] as Node)) throw new ScalarError(MERGE_NEEDS_MAP);
    copy((data as unknown[])[i]);
  }
}

/** What a failure to convert a document to data means, in words. */
function conversionError(e: unknown): string {
  if (e instanceof RangeError) return NESTING_TOO_DEEP;
  return e instanceof Error ? e.message : String(e);
}

/** Line breaks go-yaml reads that the `yaml` package does not: a lone CR and NEL. */
const OTHER_LINE_BREAKS = /\r(?!\n)|\x85/g;

/** Parses one YAML document to data; undefined for an empty one; a ParseFailure when it cannot be read. */
export function parseYamlDocument(doc: DocumentText): unknown {
  // A byte order mark may begin each document (kubectl drops it).
  const text = doc.text.replace(/^((?:---[^\n]*\n)?)\ufeff/, '$1');
  // kubectl allows only a comment after a document's `---`.
  const separator = /^---([^\n]*)/.exec(text)?.[1]?.trim();
  if (separator !== undefined && separator !== '' && !separator.startsWith('#'))
    return new ParseFailure(`invalid Yaml document separator: ${separator}`);
  if (NOT_PRINTABLE.test(text)) return new ParseFailure('yaml: control characters are not allowed');
  // kubectl splits the stream at `---` first: directives without a document start of their own are an error.
  if (/^(?:\s*#.*\n|\s*\n)*%/.test(text))
    return new ParseFailure('yaml: did not find expected <document start>');
  try {
    const parsed = parseDocument(text.replace(OTHER_LINE_BREAKS, '\n'), {
      version: '1.1',
      schema: 'failsafe',
      merge: false,
      uniqueKeys: false,
    });
    // Tags are resolved by scalarValue (go-yaml's resolver), not by the `yaml` package's schema.
    const error = parsed.errors.find((e) => e.code !== 'TAG_RESOLVE_FAILED');
    if (error !== undefined)
      return new ParseFailure(yamlErrorText(error, doc.firstLine), STACK_OVERFLOW.test(error.message));
    return documentData(parsed);
  } catch (e) {
    return new ParseFailure(conversionError(e), e instanceof RangeError && STACK_OVERFLOW.test(e.message));
  }
}

/** A document that could not be parsed, and why. */
export class ParseFailure {
  constructor(
    readonly message: string,
    /** The parser ran out of stack (a deeper stack may read the document). */
    readonly overflow = false,
  ) {}
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** JSON data as kubectl decodes it: integers beyond int64 as floats, lone surrogates as U+FFFD. */
function kubectlJson(value: unknown): unknown {
  return mapJsonLeaves(value, (v) =>
    typeof v === 'bigint' ? integerValue(v) : typeof v === 'string' ? v.replace(LONE_SURROGATE, '\ufffd') : v,
  );
}

/**
 * The JSON values of a stream of JSON texts (what `jq -c` writes, objects back to back or on lines),
 * or undefined when it is not one: kubectl then reads the stream as YAML.
 */
function jsonStream(text: string): unknown[] | undefined {
  const out: unknown[] = [];
  let i = 0;
  while (i < text.length) {
    while (i < text.length && /\s/.test(text[i] as string)) i++;
    if (i >= text.length) break;
    if (text[i] !== '{') return undefined;
    // The end of this object: braces counted outside strings.
    let depth = 0;
    let j = i;
    for (; j < text.length; j++) {
      const c = text[j];
      if (c === '"') {
        for (j++; j < text.length && text[j] !== '"'; j++) if (text[j] === '\\') j++;
      } else if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') {
        depth--;
        if (depth === 0) break;
      }
    }
    try {
      out.push(kubectlJson(parseJsonLossless(text.slice(i, j + 1))));
    } catch {
      return undefined;
    }
    i = j + 1;
  }
  return out;
}

/** A YAML document to parse where the stack is deep enough for it (see parseInWorker). */
class DeepDocument {
  constructor(
    readonly doc: DocumentText,
    /** What this thread made of it, when it tried (a failure: the nesting was too deep for its stack). */
    readonly here?: ParseFailure,
  ) {}
}

/**
 * Whether a document may nest more block levels than this thread's stack follows: the `yaml` package
 * composes a block collection per recursion, and every nested block level starts at a later column
 * (indentation and the `- `, `? ` and `: ` indicators). One linear pass.
 */
function deepBlocks(text: string): boolean {
  return DEEP_BLOCK_LINE.test(text);
}

/** The content column past which a document is parsed in a worker (this thread follows some hundreds of levels). */
const DEEP_BLOCK_COLUMN = 256;

/** A line whose content starts past DEEP_BLOCK_COLUMN (a regular expression: no JIT of a hot loop at start-up). */
const DEEP_BLOCK_LINE = new RegExp(`^(?:[ \\t]|[-?:](?=[ \\t\\n]|$)){${DEEP_BLOCK_COLUMN + 1}}`, 'm');

/** The data of each document of `text`: JSON values, or the YAML documents (deep ones left to parse). */
function documentValues(text: string, limits: ParseLimits): unknown[] {
  // kubectl reads a stream that starts with `{` as JSON (a stream of values), else as YAML.
  if (/^\s*\{/.test(text)) {
    const values = jsonStream(text);
    if (values !== undefined) return values;
  }
  return splitDocuments(text).map((doc) => {
    if (Buffer.byteLength(doc.text) > limits.maxBytes)
      return new ParseFailure(
        `Request entity too large: limit is ${limits.maxBytes} (--max-bytes sets the limit)`,
      );
    if (deepBlocks(doc.text)) return new DeepDocument(doc);
    const value = parseYamlDocument(doc);
    // Flow collections and block ones together can be too deep for this thread, too.
    if (value instanceof ParseFailure && value.overflow) return new DeepDocument(doc, value);
    return value;
  });
}

/**
 * Parses every document of `input`: empty documents are skipped, a `kind: List` is flattened into
 * its items, each object must be plain JSON data (a mapping; finite numbers; no timestamps, sets or
 * binary values) within `limits`. Any failure is a CliError naming the source and the document
 * (and the line, for YAML syntax errors).
 */
export function parseObjects(input: SourceText, limits: ParseLimits): ParsedObject[] {
  const values = documentValues(input.text, limits).map((v) =>
    v instanceof DeepDocument ? (v.here ?? parseYamlDocument(v.doc)) : v,
  );
  return objectsOf(input.source, values, limits);
}

/**
 * parseObjects for the CLI: a document nested deeper than this thread's stack follows (block
 * collections some hundreds of levels deep) is parsed in a worker thread with a larger stack and a
 * bounded heap, so that every document within `--max-bytes` and the nesting limit is read. Ordinary
 * documents are parsed here: no worker starts for them.
 */
export async function readObjects(input: SourceText, limits: ParseLimits): Promise<ParsedObject[]> {
  const values: unknown[] = [];
  for (const v of documentValues(input.text, limits)) {
    if (v instanceof DeepDocument) values.push(await parseInWorker(v.doc));
    else values.push(v);
  }
  return objectsOf(input.source, values, limits);
}

/** How a document's data crosses to another thread: flat lists, as structured clone copies nested values recursively. */
export interface FlatValue {
  /** Per value in pre-order: -1 a scalar (in `scalars`), 0 an object (its key count next), 1 an array (its length next). */
  readonly shape: number[];
  /** Scalars and keys in the same order. */
  readonly scalars: unknown[];
}

/** A parsed document's data as a FlatValue, iteratively. */
export function flatten(value: unknown): FlatValue {
  const shape: number[] = [];
  const scalars: unknown[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (v instanceof Key) {
      scalars.push(v.key);
    } else if (Array.isArray(v)) {
      shape.push(1, v.length);
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else if (typeof v === 'object' && v !== null) {
      const keys = Object.keys(v);
      shape.push(0, keys.length);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i] as string;
        stack.push((v as Record<string, unknown>)[key], new Key(key));
      }
    } else {
      shape.push(-1);
      scalars.push(v);
    }
  }
  return { shape, scalars };
}

/** A key on flatten's stack. */
class Key {
  constructor(readonly key: string) {}
}

/** The data a FlatValue stands for, iteratively (keys such as `__proto__` as own properties). */
function unflatten({ shape, scalars }: FlatValue): unknown {
  interface Open {
    readonly value: unknown[] | Record<string, unknown>;
    left: number;
    key?: string;
  }
  let s = 0;
  let k = 0;
  let root: unknown;
  const open: Open[] = [];
  const place = (v: unknown): void => {
    const parent = open[open.length - 1];
    if (parent === undefined) root = v;
    else if (Array.isArray(parent.value)) parent.value.push(v);
    else setKey(parent.value, parent.key as string, v);
  };
  while (s < shape.length) {
    const parent = open[open.length - 1];
    if (parent !== undefined && !Array.isArray(parent.value)) parent.key = scalars[k++] as string;
    const kind = shape[s++] as number;
    let opened: Open | undefined;
    if (kind === -1) place(scalars[k++]);
    else {
      const value = kind === 1 ? [] : {};
      place(value);
      opened = { value, left: shape[s++] as number };
    }
    if (parent !== undefined) parent.left--;
    if (opened !== undefined) open.push(opened);
    while (open.length > 0 && (open[open.length - 1] as Open).left === 0) open.pop();
  }
  return root;
}

/** What the worker sends back: the data, or why the document could not be read. */
export type WorkerAnswer = { readonly data: FlatValue } | { readonly failure: string };

/** The worker's stack: enough for the deepest nesting allowed (about 1 KiB a block level). */
const WORKER_STACK_MB = 64;

/** The worker's heap, in MiB: the `yaml` package's document of a text takes some tens of times its size. */
function workerHeapMb(textBytes: number): number {
  return Math.max(256, Math.ceil((textBytes * 48) / 2 ** 20));
}

/** Parses one document in a worker thread with a larger stack (see readObjects). */
async function parseInWorker(doc: DocumentText): Promise<unknown> {
  // Loaded here: ordinary input never starts a worker, and pays nothing for the module.
  const { Worker } = await import('node:worker_threads');
  // From the sources (tsx, jest) the worker is yaml-worker.ts beside this file, loaded through tsx;
  // from the bundle it is yaml-worker.js beside the chunk (packages/cli/build/build.ts).
  const fromSource = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSource ? './yaml-worker.ts' : './yaml-worker.js', import.meta.url);
  const execArgv = fromSource
    ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm')).href]
    : [];
  return new Promise((resolve) => {
    const worker = new Worker(entry, {
      workerData: doc,
      execArgv,
      resourceLimits: {
        stackSizeMb: WORKER_STACK_MB,
        maxOldGenerationSizeMb: workerHeapMb(Buffer.byteLength(doc.text)),
      },
      stdout: false,
      stderr: false,
    });
    let answered = false;
    worker.once('message', (answer: WorkerAnswer) => {
      answered = true;
      resolve('failure' in answer ? new ParseFailure(answer.failure) : unflatten(answer.data));
      void worker.terminate();
    });
    worker.once('error', (e: Error & { code?: string }) => {
      answered = true;
      resolve(
        new ParseFailure(
          e.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? 'too large to parse within the memory allowed'
            : NESTING_TOO_DEEP,
        ),
      );
    });
    worker.once('exit', () => {
      if (!answered) resolve(new ParseFailure(NESTING_TOO_DEEP));
    });
  });
}

/** The objects of the documents' values, each checked; a CliError for the first that fails. */
function objectsOf(source: string, values: readonly unknown[], limits: ParseLimits): ParsedObject[] {
  const out: ParsedObject[] = [];
  let index = 0;
  for (const value of values) {
    index++;
    if (value instanceof ParseFailure) throw new CliError(`${source}: document ${index}: ${value.message}`);
    if (value === null || value === undefined) continue;
    if (!isObject(value)) throw new CliError(`${source}: document ${index} is not an object`);
    const items = value.kind === 'List' && Array.isArray(value.items) ? value.items : [value];
    for (const item of items) {
      if (!isObject(item)) throw new CliError(`${source}: document ${index}: a List item is not an object`);
      // As kubectl: an object must name its kind.
      if (typeof item.kind !== 'string' || item.kind === '')
        throw new CliError(`${source}: document ${index}: Object 'Kind' is missing`);
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
