// SPDX-License-Identifier: Apache-2.0
// The API server's checks of metadata.name and metadata.generateName for custom resources.
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';

const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const DNS1123_SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

/** The number of random characters the API server appends to generateName, and the room it leaves. */
const GENERATED_SUFFIX_LENGTH = 5;
const MAX_GENERATED_PREFIX = 63 - GENERATED_SUFFIX_LENGTH;

/** The stand-in for the random suffix the API server appends to generateName (validation does not need randomness). */
export const GENERATED_NAME_SUFFIX = 'x0000';

/** The name the API server would give an object with only a generateName (with a fixed stand-in suffix). */
export function generatedName(generateName: string): string {
  return `${generateName.slice(0, MAX_GENERATED_PREFIX)}${GENERATED_NAME_SUFFIX}`;
}

function subdomainErrors(path: string, value: string, checked = value): FieldError[] {
  const errors: FieldError[] = [];
  if (checked.length > 253) {
    errors.push({
      path,
      type: FieldErrorType.Invalid,
      value,
      message: 'must be no more than 253 characters',
    });
  }
  if (!DNS1123_SUBDOMAIN.test(checked)) {
    errors.push({ path, type: FieldErrorType.Invalid, value, message: DNS1123_SUBDOMAIN_MESSAGE });
  }
  return errors;
}

/**
 * Checks `metadata.name` and `metadata.generateName` as ValidateObjectMeta does for custom resources: one of
 * them is required (this error stops the CEL rules), both must be DNS-1123 subdomains (generateName without
 * its trailing dash), and with only a generateName the generated name is checked too.
 */
export function checkObjectMeta(obj: unknown): { errors: FieldError[]; nameMissing: boolean } {
  const meta = (obj as { metadata?: { name?: unknown; generateName?: unknown } } | null)?.metadata;
  const name = typeof meta?.name === 'string' ? meta.name : '';
  const generateName = typeof meta?.generateName === 'string' ? meta.generateName : '';
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
