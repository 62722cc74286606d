// SPDX-License-Identifier: Apache-2.0
// The CRD definitions of the kubeflow.org/v1 kinds of Training Operator v1.9.4 (names: kind-names.ts).
import type { TSchema } from '@sinclair/typebox';
import type { KindDefinition, PrinterColumn } from '../crd/definitions.js';
import { JAXJobSchema } from './schema/jaxjob.js';
import { MPIJobSchema } from './schema/mpijob.js';
import { PaddleJobSchema } from './schema/paddlejob.js';
import { PyTorchJobSchema } from './schema/pytorchjob.js';
import { TFJobSchema } from './schema/tfjob.js';
import { XGBoostJobSchema } from './schema/xgboostjob.js';
import { V1_GROUP, V1_VERSION, V1KindPlurals, V1ReplicaSpecsFields, V1ScalingKinds } from './kind-names.js';
import type { V1KindName } from './kind-names.js';

/** The CRD definition of a v1 kind. */
export type V1KindDefinition = KindDefinition<V1KindName>;

/** Printer columns of the v1 kinds: the last condition's type, then the age (MPIJob lists them reversed). */
const STATE: PrinterColumn = { name: 'State', type: 'string', jsonPath: '.status.conditions[-1:].type' };
const AGE: PrinterColumn = { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' };

/** The facts of one v1 kind that differ between kinds. */
interface V1KindFacts {
  kind: V1KindName;
  schema: TSchema;
  printerColumns?: readonly PrinterColumn[];
}

function define(f: V1KindFacts): V1KindDefinition {
  const def: V1KindDefinition = {
    group: V1_GROUP,
    version: V1_VERSION,
    kind: f.kind,
    listKind: `${f.kind}List`,
    plural: V1KindPlurals[f.kind],
    singular: f.kind.toLowerCase(),
    scope: 'Namespaced',
    schema: f.schema,
    statusSubresource: true,
    printerColumns: f.printerColumns ?? [STATE, AGE],
  };
  if (V1ScalingKinds.has(f.kind))
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
    schema: TFJobSchema,
  }),
  PyTorchJob: define({
    kind: 'PyTorchJob',
    schema: PyTorchJobSchema,
  }),
  XGBoostJob: define({
    kind: 'XGBoostJob',
    schema: XGBoostJobSchema,
  }),
  MPIJob: define({
    kind: 'MPIJob',
    schema: MPIJobSchema,
    printerColumns: [AGE, STATE],
  }),
  PaddleJob: define({
    kind: 'PaddleJob',
    schema: PaddleJobSchema,
  }),
  JAXJob: define({
    kind: 'JAXJob',
    schema: JAXJobSchema,
  }),
};
