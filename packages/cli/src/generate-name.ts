// SPDX-License-Identifier: Apache-2.0
// `metadata.generateName` as the API server resolves it on create (apiserver's
// names.SimpleNameGenerator): the prefix, cut to 58 characters, and 5 characters of
// utilrand's alphabet. The server draws them at random; offline they are derived from a hash of
// the document, so that the same input renders the same names every run.

import { stringifyJson } from '@kubetrain/api/core';
import { createHash } from 'node:crypto';
import type { LoadedDocument } from './documents.js';

/** utilrand's alphabet: no vowels (no words), no 0, 1 or 3 (no look-alikes). */
const ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';
/** The characters the generator appends. */
const RANDOM_LENGTH = 5;
/** The longest prefix kept: 63 (a DNS label) minus {@link RANDOM_LENGTH}. */
const MAX_PREFIX_LENGTH = 63 - RANDOM_LENGTH;

/** `generateName` (cut to 58 characters) and 5 characters of the alphabet derived from `seed`. */
export function generatedName(generateName: string, seed: string): string {
  const digest = createHash('sha256').update(seed).digest();
  const suffix = Array.from(digest.subarray(0, RANDOM_LENGTH), (b) => ALPHABET[b % ALPHABET.length]).join('');
  return `${generateName.slice(0, MAX_PREFIX_LENGTH)}${suffix}`;
}

/** The `generateName` of a document without a name, or undefined. */
function pendingGenerateName(doc: LoadedDocument): string | undefined {
  const metadata = doc.object.metadata;
  if (doc.name !== '' || typeof metadata !== 'object' || metadata === null || Array.isArray(metadata))
    return undefined;
  const { name, generateName } = metadata as { name?: unknown; generateName?: unknown };
  if (name !== undefined && name !== '') return undefined; // a name that is not a string: the schema's to refuse
  return typeof generateName === 'string' && generateName !== '' ? generateName : undefined;
}

/**
 * The documents with each one that has a `generateName` and no name named as the API server would
 * name it on create ({@link generatedName}), seeded with the document's JSON and how many identical
 * documents came before it (two copies get two names, as two creates would).
 */
export function nameGeneratedDocuments(docs: readonly LoadedDocument[]): LoadedDocument[] {
  const seen = new Map<string, number>();
  return docs.map((doc) => {
    const generateName = pendingGenerateName(doc);
    if (generateName === undefined) return doc;
    const text = stringifyJson(doc.object);
    const copies = seen.get(text) ?? 0;
    seen.set(text, copies + 1);
    const name = generatedName(generateName, `${text}\n${copies}`);
    const metadata = { ...(doc.object.metadata as Record<string, unknown>), name };
    return { ...doc, name, object: { ...doc.object, metadata } };
  });
}

/** What `render --help` and `validate --help` say of generateName. */
export const GENERATE_NAME_HELP = `
An object with only metadata.generateName (what kubetrain submit creates) is named as the API
server names it on create: generateName (at most 58 characters) and 5 characters. The server draws
them at random; here they are derived from a hash of the document, so the same input gives the
same names every run (a cluster would give other ones).`;
