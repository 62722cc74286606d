// SPDX-License-Identifier: Apache-2.0
// What the Pod API would refuse in the resources a TrainJob or a runtime gives its pods: a negative
// quantity (ValidateNonnegativeQuantity). The CRDs accept it (they check only the quantity grammar);
// the pods rendered from it would be refused, so admission-time tools report it up front.
import type { KindName } from '../constants/api.js';
import { FieldErrorType } from './field-error.js';
import type { FieldError } from './field-error.js';
import { isObject } from './schema-walk.js';

/** The message of a negative quantity, as the Pod API words it. */
export const NEGATIVE_QUANTITY_MESSAGE = 'must be greater than or equal to 0';

/** True for a quantity (string or number) whose value is below zero. */
export function isNegativeQuantity(value: unknown): boolean {
  if (typeof value === 'number') return value < 0;
  if (typeof value !== 'string') return false;
  // The grammar is the schema's business; a leading minus with a non-zero digit is negative.
  return /^-/.test(value.trim()) && /[1-9]/.test(value.replace(/[eE][-+]?\d+$|[a-zA-Z]+$/, ''));
}

/** The errors of one ResourceRequirements at `path`. */
function requirementsErrors(path: string, resources: unknown): FieldError[] {
  if (!isObject(resources)) return [];
  const errors: FieldError[] = [];
  for (const part of ['limits', 'requests'] as const) {
    const list = resources[part];
    if (!isObject(list)) continue;
    for (const [name, value] of Object.entries(list)) {
      if (isNegativeQuantity(value))
        errors.push({
          path: `${path}.${part}[${name}]`,
          type: FieldErrorType.Invalid,
          value,
          message: NEGATIVE_QUANTITY_MESSAGE,
        });
    }
  }
  return errors;
}

const listAt = (value: unknown, key: string): unknown[] =>
  isObject(value) && Array.isArray(value[key]) ? (value[key] as unknown[]) : [];
const at = (value: unknown, ...keys: string[]): unknown =>
  keys.reduce<unknown>((v, k) => (isObject(v) ? v[k] : undefined), value);

/**
 * The negative quantities among the pod resources of an object of `kind`: a TrainJob's
 * `spec.trainer.resourcesPerNode`, a runtime's containers and init containers in its JobSet
 * template. Each is reported at its path in the object with the Pod API's message.
 */
export function checkPodResources(kind: KindName, object: unknown): FieldError[] {
  if (kind === 'TrainJob')
    return requirementsErrors(
      'spec.trainer.resourcesPerNode',
      at(object, 'spec', 'trainer', 'resourcesPerNode'),
    );
  const errors: FieldError[] = [];
  const jobs = listAt(at(object, 'spec', 'template', 'spec'), 'replicatedJobs');
  jobs.forEach((job, i) => {
    const podSpec = at(job, 'template', 'spec', 'template', 'spec');
    for (const field of ['initContainers', 'containers']) {
      listAt(podSpec, field).forEach((container, j) => {
        const path = `spec.template.spec.replicatedJobs[${i}].template.spec.template.spec.${field}[${j}].resources`;
        errors.push(...requirementsErrors(path, at(container, 'resources')));
      });
    }
  });
  return errors;
}
