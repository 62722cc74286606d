// SPDX-License-Identifier: Apache-2.0
// The refusals of the v1 CRDs, each with the field path and message the API server reports: the table of
// validate.test.ts, replayed against the real API server by e2e/api/v1-crds.e2e.ts.
import { V1ReplicaSpecsFields } from '../kind-names.js';
import type { V1KindName } from '../kind-names.js';

/** A JSON object. */
export type Obj = Record<string, unknown>;

/**
 * One case: an object (and the old object on update) and the errors it must give, as a set of
 * `<field path>: <error>` lines, the text the API server prints for each cause (kubectl's "* " lines).
 */
export interface V1Case {
  kind: V1KindName;
  object: Obj;
  old?: Obj;
  want: string[];
}

/** The line the API server adds when a type, required or format error kept it from running the CEL rules. */
export const RULES_NOT_CHECKED_LINE =
  '<nil>: Invalid value: null: some validation rules were not checked because the object was invalid; correct the existing errors to complete validation';

const container = (name: string): Obj => ({ name, image: 'busybox:1.36' });

/** A replica spec of `n` pods running one container named `name`. */
const replica = (name: string, n = 1): Obj => ({ replicas: n, template: { spec: { containers: [container(name)] } } });

/** A valid job of `kind` with one Worker replica and `spec` merged into its spec. */
export function v1Job(kind: V1KindName, spec: Obj = {}, extra: Obj = {}): Obj {
  return {
    apiVersion: 'kubeflow.org/v1',
    kind,
    metadata: { name: 'job', namespace: 'default' },
    spec: { [V1ReplicaSpecsFields[kind]]: { Worker: replica('main') }, ...spec },
    ...extra,
  };
}

const pytorch = (spec: Obj = {}) => v1Job('PyTorchJob', spec);
const required = (path: string) => `${path}: Required value`;
/** A type error; inside the status subresource the message names the path below `status`. */
const typeError = (path: string, type: string, got: string) =>
  `${path}: Invalid value: "${got}": ${path.replace(/^status\./, '')} in body must be of type ${type}: "${got}"`;
const QUANTITY_PATTERN =
  '^(\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))(([KMGTPE]i)|[numkMGTPE]|([eE](\\+|-)?(([0-9]+(\\.[0-9]*)?)|(\\.[0-9]+))))?$';

const cases: Record<string, V1Case> = {
  'PyTorchJob: the replica map is required': {
    kind: 'PyTorchJob',
    object: { ...pytorch(), spec: { nprocPerNode: 'auto' } },
    want: [required('spec.pytorchReplicaSpecs'), RULES_NOT_CHECKED_LINE],
  },
  'TFJob: the replica map is required': {
    kind: 'TFJob',
    object: { ...v1Job('TFJob'), spec: { successPolicy: 'AllWorkers' } },
    want: [required('spec.tfReplicaSpecs'), RULES_NOT_CHECKED_LINE],
  },
  'MPIJob: the replica map is required': {
    kind: 'MPIJob',
    object: { ...v1Job('MPIJob'), spec: { slotsPerWorker: 1 } },
    want: [required('spec.mpiReplicaSpecs'), RULES_NOT_CHECKED_LINE],
  },
  'XGBoostJob: replicas must be an integer': {
    kind: 'XGBoostJob',
    object: v1Job('XGBoostJob', { xgbReplicaSpecs: { Master: { ...replica('xgboost'), replicas: 'one' } } }),
    want: [typeError('spec.xgbReplicaSpecs.Master.replicas', 'integer', 'string'), RULES_NOT_CHECKED_LINE],
  },
  'PaddleJob: a container needs a name': {
    kind: 'PaddleJob',
    object: v1Job('PaddleJob', {
      paddleReplicaSpecs: { Worker: { replicas: 2, template: { spec: { containers: [{ image: 'paddle:2' }] } } } },
    }),
    want: [required('spec.paddleReplicaSpecs.Worker.template.spec.containers[0].name'), RULES_NOT_CHECKED_LINE],
  },
  'JAXJob: suspend must be a boolean': {
    kind: 'JAXJob',
    object: v1Job('JAXJob', { runPolicy: { suspend: 'yes' } }),
    want: [typeError('spec.runPolicy.suspend', 'boolean', 'string'), RULES_NOT_CHECKED_LINE],
  },
  'PyTorchJob: minResources are quantities': {
    kind: 'PyTorchJob',
    object: pytorch({ runPolicy: { schedulingPolicy: { minResources: { cpu: 'lots' } } } }),
    want: [
      `spec.runPolicy.schedulingPolicy.minResources.cpu: Invalid value: "lots": spec.runPolicy.schedulingPolicy.minResources.cpu in body should match '${QUANTITY_PATTERN}'`,
    ],
      },
  'PyTorchJob: an elastic metric needs its type': {
    kind: 'PyTorchJob',
    object: pytorch({ elasticPolicy: { minReplicas: 1, maxReplicas: 3, metrics: [{ resource: { name: 'cpu' } }] } }),
    want: [
      required('spec.elasticPolicy.metrics[0].type'),
      required('spec.elasticPolicy.metrics[0].resource.target'), RULES_NOT_CHECKED_LINE],
  },
  'PyTorchJob: nprocPerNode is a string': {
    kind: 'PyTorchJob',
    object: pytorch({ nprocPerNode: 4 }),
    want: [typeError('spec.nprocPerNode', 'string', 'integer'), RULES_NOT_CHECKED_LINE],
  },
  'PyTorchJob: the scheduling queue is immutable': {
    kind: 'PyTorchJob',
    object: pytorch({ runPolicy: { schedulingPolicy: { queue: 'b' } } }),
    old: pytorch({ runPolicy: { schedulingPolicy: { queue: 'a' } } }),
    want: ['spec.runPolicy.schedulingPolicy.queue: Invalid value: "b": spec.runPolicy.schedulingPolicy.queue is immutable'],
  },
  'MPIJob: the scheduling queue may stay as it is': {
    kind: 'MPIJob',
    object: v1Job('MPIJob', { slotsPerWorker: 2, runPolicy: { schedulingPolicy: { queue: 'a' } } }),
    old: v1Job('MPIJob', { runPolicy: { schedulingPolicy: { queue: 'a' } } }),
    want: [],
  },
  'TFJob: a condition needs its type and status': {
    kind: 'TFJob',
    object: v1Job('TFJob', {}, { status: { conditions: [{ reason: 'TFJobCreated' }] } }),
    want: [required('status.conditions[0].type'), required('status.conditions[0].status'), RULES_NOT_CHECKED_LINE],
  },
  'JAXJob: startTime is a date-time': {
    kind: 'JAXJob',
    object: v1Job('JAXJob', {}, { status: { startTime: 'yesterday' } }),
    want: [typeError('status.startTime', 'date-time', 'yesterday'), RULES_NOT_CHECKED_LINE],
  },
  'PaddleJob: replica counts in the status are integers': {
    kind: 'PaddleJob',
    object: v1Job('PaddleJob', {}, { status: { replicaStatuses: { Worker: { active: 'two' } } } }),
    want: [
      typeError('status.replicaStatuses.Worker.active', 'integer', 'string'),
      '.status.replicaStatuses.Worker.active: Invalid value: 0: .status.replicaStatuses.Worker.active accessor error: two is of the type string, expected int64',
      RULES_NOT_CHECKED_LINE,
    ],
  },
  'JAXJob: the scale selector in the status is a string': {
    kind: 'JAXJob',
    object: v1Job('JAXJob', {}, { status: { replicaStatuses: { Worker: { selector: 5 } } } }),
    want: [
      typeError('status.replicaStatuses.Worker.selector', 'string', 'integer'),
      '.status.replicaStatuses.Worker.selector: Invalid value: "": .status.replicaStatuses.Worker.selector accessor error: 5 is of the type int64, expected string',
      RULES_NOT_CHECKED_LINE,
    ],
  },
  'PyTorchJob: Worker replicas are not negative (scale subresource)': {
    kind: 'PyTorchJob',
    object: pytorch({ pytorchReplicaSpecs: { Worker: { ...replica('pytorch'), replicas: -1 } } }),
    want: ['.spec.pytorchReplicaSpecs.Worker.replicas: Invalid value: -1: should be a non-negative integer'],
  },
  'PaddleJob: Worker replicas fit in an int32 (schema and scale subresource)': {
    kind: 'PaddleJob',
    object: v1Job('PaddleJob', { paddleReplicaSpecs: { Worker: { ...replica('paddle'), replicas: 2147483648 } } }),
    want: [
      '<nil>: Invalid value: "": Checked value must be of type integer with format int32 in spec.paddleReplicaSpecs.Worker.replicas',
      '.spec.paddleReplicaSpecs.Worker.replicas: Invalid value: 2147483648: should be less than or equal to 2147483647',
    ],
  },
  'XGBoostJob: negative replicas pass the CRD (no scale subresource; the webhook refuses them)': {
    kind: 'XGBoostJob',
    object: v1Job('XGBoostJob', { xgbReplicaSpecs: { Worker: { ...replica('xgboost'), replicas: -1 } } }),
    want: [],
  },
};

/** The cases, keyed by name. */
export const v1ValidateCases: Readonly<Record<string, V1Case>> = cases;
