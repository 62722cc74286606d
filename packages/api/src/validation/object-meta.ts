// SPDX-License-Identifier: Apache-2.0
// The API server's checks of a custom resource's metadata (ValidateObjectMeta): name and
// generateName, namespace, label and annotation keys and values.
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';
import {
  dns1123LabelErrors,
  dns1123SubdomainErrors,
  labelValueErrors,
  qualifiedNameErrors,
} from './name-syntax.js';
import { isObject } from './schema-walk.js';

/** The number of random characters the API server appends to generateName, and the room it leaves. */
const GENERATED_SUFFIX_LENGTH = 5;
const MAX_GENERATED_PREFIX = 63 - GENERATED_SUFFIX_LENGTH;

/** The largest total size of a metadata.annotations map (keys and values), in bytes. */
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** The stand-in for the random suffix the API server appends to generateName (validation does not need randomness). */
const GENERATED_NAME_SUFFIX = 'x0000';

/** The name the API server would give an object with only a generateName (with a fixed stand-in suffix). */
export function generatedName(generateName: string): string {
  return `${generateName.slice(0, MAX_GENERATED_PREFIX)}${GENERATED_NAME_SUFFIX}`;
}

const invalidEach = (path: string, value: unknown, messages: readonly string[]): FieldError[] =>
  messages.map((message) => ({ path, type: FieldErrorType.Invalid, value, message }));

function subdomainErrors(path: string, value: string, checked = value): FieldError[] {
  return invalidEach(path, value, dns1123SubdomainErrors(checked));
}

/** The name checks: one of name and generateName is required (this error stops the CEL rules). */
function nameErrors(meta: Record<string, unknown>): { errors: FieldError[]; nameMissing: boolean } {
  const name = typeof meta.name === 'string' ? meta.name : '';
  const generateName = typeof meta.generateName === 'string' ? meta.generateName : '';
  if (name === '' && generateName === '') {
    return {
      errors: [
        { path: 'metadata.name', type: FieldErrorType.Required, message: 'name or generateName is required' },
      ],
      nameMissing: true,
    };
  }
  const errors: FieldError[] = [];
  if (generateName !== '')
    errors.push(...subdomainErrors('metadata.generateName', generateName, generateName.replace(/-$/, '')));
  errors.push(...subdomainErrors('metadata.name', name !== '' ? name : generatedName(generateName)));
  return { errors, nameMissing: false };
}

/** Label keys must be qualified names and values valid label values (`ValidateLabels`). */
function labelErrors(labels: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  for (const [key, value] of Object.entries(labels)) {
    errors.push(...invalidEach('metadata.labels', key, qualifiedNameErrors(key)));
    if (typeof value === 'string')
      errors.push(...invalidEach('metadata.labels', value, labelValueErrors(value)));
  }
  return errors;
}

/** Annotation keys must be qualified names (case aside), and all of them fit 256 KiB (`ValidateAnnotations`). */
function annotationErrors(annotations: Record<string, unknown>): FieldError[] {
  const errors: FieldError[] = [];
  let size = 0;
  for (const [key, value] of Object.entries(annotations)) {
    errors.push(...invalidEach('metadata.annotations', key, qualifiedNameErrors(key.toLowerCase())));
    size += Buffer.byteLength(key) + (typeof value === 'string' ? Buffer.byteLength(value) : 0);
  }
  if (size > TOTAL_ANNOTATION_SIZE_LIMIT) {
    errors.push({
      path: 'metadata.annotations',
      type: FieldErrorType.TooLong,
      message: `may not be more than ${TOTAL_ANNOTATION_SIZE_LIMIT} bytes`,
    });
  }
  return errors;
}

/**
 * Checks `metadata` as ValidateObjectMeta does for custom resources: one of name and generateName is
 * required (this error stops the CEL rules), both must be DNS-1123 subdomains (generateName without
 * its trailing dash; with only a generateName the generated name is checked), a namespace must be a
 * DNS-1123 label, label keys qualified names and label values valid label values, annotation keys
 * qualified names and the annotations at most 256 KiB in total. The types of these fields are
 * checked by {@link checkMetadataTypes} first.
 */
export function checkObjectMeta(obj: unknown): { errors: FieldError[]; nameMissing: boolean } {
  const meta = isObject(obj) && isObject(obj.metadata) ? obj.metadata : {};
  const { errors, nameMissing } = nameErrors(meta);
  if (typeof meta.namespace === 'string' && meta.namespace !== '')
    errors.push(...invalidEach('metadata.namespace', meta.namespace, dns1123LabelErrors(meta.namespace)));
  if (isObject(meta.labels)) errors.push(...labelErrors(meta.labels));
  if (isObject(meta.annotations)) errors.push(...annotationErrors(meta.annotations));
  return { errors, nameMissing };
}
