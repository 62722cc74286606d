// SPDX-License-Identifier: Apache-2.0
// Training Operator v1.9's admission rules shared by the kinds (pkg/webhooks/*/…_webhook.go,
// pkg/webhooks/utils/utils.go, pkg/common/util ValidateRunPolicy), on the defaulted job; the kind's own
// rules come from its Framework. Messages as upstream's field errors print them.
import { fieldPath, forbidden, required, type FieldError } from '@kubetrain/api/core';
import { isDNS1035Label } from '../validation/k8s-names.js';
import { V1ManagedBy } from './constants.js';
import type { Framework } from './frameworks/framework.js';
import type { PodTemplate, ReplicaSpecs, V1JobObject } from './job-types.js';
import { validateV1OutputLimits } from './output-limits.js';

/** `field.NotSupported`: `Unsupported value: <v>: supported values: "a", "b"`. */
function notSupported(path: string, value: unknown, allowed: readonly string[]): FieldError {
  return {
    path,
    type: 'NotSupported',
    value,
    message: `supported values: ${allowed.map((a) => JSON.stringify(a)).join(', ')}`,
  };
}

/** `NameIsDNS1035Label` on `metadata.name`. */
function validateName(job: V1JobObject): FieldError[] {
  const name = job.metadata?.name ?? '';
  const problems = isDNS1035Label(name);
  if (problems.length === 0) return [];
  return [
    {
      path: 'metadata.name',
      type: 'Invalid',
      value: name,
      message: `should match: ${problems.join(',')}`,
    },
  ];
}

/** `ValidateRunPolicy`: `managedBy`, when set, is one of the two controllers that may reconcile v1 jobs. */
function validateRunPolicy(job: V1JobObject): FieldError[] {
  const managedBy = job.spec.runPolicy?.managedBy;
  const allowed = Object.values(V1ManagedBy);
  if (managedBy === undefined || allowed.includes(managedBy as never)) return [];
  return [notSupported('spec.runPolicy.managedBy', managedBy, allowed)];
}

/**
 * `ValidateReplicaSpecs`: the replica map is there, its keys are the kind's (when `allowedTypes` is given),
 * each spec has containers, each with an image, one of them named as the framework.
 */
export function validateReplicaSpecs(
  specs: ReplicaSpecs | undefined,
  framework: Framework,
  allowedTypes: readonly string[] | undefined,
): FieldError[] {
  const base = fieldPath('spec', framework.replicaSpecsField);
  if (specs === undefined) return [required(base, 'must be required')];
  const errors: FieldError[] = [];
  for (const [rtype, spec] of Object.entries(specs)) {
    const role = base.key(rtype);
    const containersPath = role.child('template', 'spec', 'containers');
    if (allowedTypes !== undefined && !allowedTypes.includes(rtype))
      errors.push(notSupported(String(role), rtype, allowedTypes));
    const containers = (spec.template as PodTemplate | undefined)?.spec?.containers ?? [];
    if (containers.length === 0) errors.push(required(containersPath, 'must be specified'));
    containers.forEach((c, i) => {
      if (!c.image) errors.push(required(containersPath.index(i).child('image'), 'must be required'));
    });
    if (!containers.some((c) => c.name === framework.defaultContainer))
      errors.push(
        required(containersPath, `must have at least one container with name ${framework.defaultContainer}`),
      );
  }
  return errors;
}

/** `replicas` of `rtype` must be exactly 1 (PyTorch and XGBoost Master). */
export function exactlyOne(framework: Framework, specs: ReplicaSpecs, rtype: string): FieldError[] {
  const spec = specs[rtype];
  if (spec === undefined || spec.replicas === 1) return [];
  return [
    forbidden(fieldPath('spec', framework.replicaSpecsField).key(rtype).child('replicas'), 'must be 1'),
  ];
}

/**
 * Exactly the admission rules of upstream's webhook for `job` (already defaulted): the shared ones,
 * then the kind's. What `kubetrain migrate` refuses of a v1 job.
 */
export function validateV1Webhook(job: V1JobObject, framework: Framework): FieldError[] {
  const specs = job.spec[framework.replicaSpecsField] as ReplicaSpecs | undefined;
  const shared = framework.webhookRules === false ? [] : [...validateName(job), ...validateRunPolicy(job)];
  return [...shared, ...framework.validate(job, specs ?? {})];
}

/**
 * What kubetrain's v1 controller refuses of `job` (already defaulted): upstream's webhook rules
 * ({@link validateV1Webhook}) and what kubetrain does not run (Framework.unsupported); for a job
 * without errors, kubetrain's output limits (output-limits.ts).
 */
export function validateV1Job(job: V1JobObject, framework: Framework): FieldError[] {
  const specs = job.spec[framework.replicaSpecsField] as ReplicaSpecs | undefined;
  const errors = [...validateV1Webhook(job, framework), ...(framework.unsupported?.(job) ?? [])];
  return errors.length > 0 ? errors : validateV1OutputLimits(job, framework, specs ?? {});
}
