// SPDX-License-Identifier: Apache-2.0
// The kubeflow.org/v1 kinds of Training Operator v1.9.4: API group, version, names and CRD-level facts.
import type { TSchema } from '@sinclair/typebox';
import type { KindDefinition, PrinterColumn } from '../crd/definitions.js';
import { JAXJobSchema } from './schema/jaxjob.js';
import { MPIJobSchema } from './schema/mpijob.js';
import { PaddleJobSchema } from './schema/paddlejob.js';
import { PyTorchJobSchema } from './schema/pytorchjob.js';
import { TFJobSchema } from './schema/tfjob.js';
import { XGBoostJobSchema } from './schema/xgboostjob.js';

/** The API group of the Training Operator v1 kinds. */
export const V1_GROUP = 'kubeflow.org' as const;

/** The only (and storage) version of the v1 kinds. */
export const V1_VERSION = 'v1' as const;

/** `apiVersion` of every v1 object. */
export const V1_API_VERSION = 'kubeflow.org/v1' as const;

/** Kind names of the v1 API, spelled as upstream. */
export const V1KindNames = {
  TFJob: 'TFJob',
  PyTorchJob: 'PyTorchJob',
  XGBoostJob: 'XGBoostJob',
  MPIJob: 'MPIJob',
  PaddleJob: 'PaddleJob',
  JAXJob: 'JAXJob',
} as const;

/** One of the Training Operator v1 kinds. */
export type V1KindName = (typeof V1KindNames)[keyof typeof V1KindNames];

/** The CRD definition of a v1 kind. */
export type V1KindDefinition = KindDefinition<V1KindName>;

/** The replica map field of each v1 kind's spec, such as `pytorchReplicaSpecs`. */
export const V1ReplicaSpecsFields: Readonly<Record<V1KindName, string>> = {
  TFJob: 'tfReplicaSpecs',
  PyTorchJob: 'pytorchReplicaSpecs',
  XGBoostJob: 'xgbReplicaSpecs',
  MPIJob: 'mpiReplicaSpecs',
  PaddleJob: 'paddleReplicaSpecs',
  JAXJob: 'jaxReplicaSpecs',
};

/** Printer columns of the v1 kinds: the last condition's type, then the age (MPIJob lists them reversed). */
const STATE: PrinterColumn = { name: 'State', type: 'string', jsonPath: '.status.conditions[-1:].type' };
const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

/** The facts of one v1 kind that differ between kinds. */
interface V1KindFacts {
  kind: V1KindName;
  plural: string;
  schema: TSchema;
  /** The kind scales its Worker replicas (`kubectl scale`, HorizontalPodAutoscaler). */
  scalesWorkers: boolean;
  printerColumns?: readonly PrinterColumn[];
}

function define(f: V1KindFacts): V1KindDefinition {
  const def: V1KindDefinition = {
    group: V1_GROUP,
    version: V1_VERSION,
    kind: f.kind,
    listKind: `${f.kind}List`,
    plural: f.plural,
    singular: f.kind.toLowerCase(),
    scope: 'Namespaced',
    schema: f.schema,
    statusSubresource: true,
    printerColumns: f.printerColumns ?? [STATE, AGE],
  };
  if (f.scalesWorkers)
    def.scaleSubresource = {
      specReplicasPath: `.spec.${V1ReplicaSpecsFields[f.kind]}.Worker.replicas`,
      statusReplicasPath: '.status.replicaStatuses.Worker.active',
      labelSelectorPath: '.status.replicaStatuses.Worker.selector',
    };
  return def;
}

/** The CRD definitions of the v1 kinds, keyed by kind. */
export const V1KindDefinitions: Readonly<Record<V1KindName, V1KindDefinition>> = {
  TFJob: define({
    kind: 'TFJob',
    plural: 'tfjobs',
    schema: TFJobSchema,
    scalesWorkers: false,
  }),
  PyTorchJob: define({
    kind: 'PyTorchJob',
    plural: 'pytorchjobs',
    schema: PyTorchJobSchema,
    scalesWorkers: true,
  }),
  XGBoostJob: define({
    kind: 'XGBoostJob',
    plural: 'xgboostjobs',
    schema: XGBoostJobSchema,
    scalesWorkers: false,
  }),
  MPIJob: define({
    kind: 'MPIJob',
    plural: 'mpijobs',
    schema: MPIJobSchema,
    scalesWorkers: false,
    printerColumns: [AGE, STATE],
  }),
  PaddleJob: define({
    kind: 'PaddleJob',
    plural: 'paddlejobs',
    schema: PaddleJobSchema,
    scalesWorkers: true,
  }),
  JAXJob: define({
    kind: 'JAXJob',
    plural: 'jaxjobs',
    schema: JAXJobSchema,
    scalesWorkers: true,
  }),
};

/** A v1 kind as a controller watches it: group, version, kind and plural resource name. */
export interface V1Kind {
  group: typeof V1_GROUP;
  version: typeof V1_VERSION;
  kind: V1KindName;
  plural: string;
}

/** The v1 kinds, in upstream's order (for the manager's configuration and RBAC). */
export const V1Kinds: readonly V1Kind[] = Object.values(V1KindDefinitions).map((d) => ({
  group: V1_GROUP,
  version: V1_VERSION,
  kind: d.kind,
  plural: d.plural,
}));
