// SPDX-License-Identifier: Apache-2.0
// The CRD-level facts of the three kinds: names, scope, subresources and printer columns.
import type { TSchema } from '@sinclair/typebox';
import { GROUP, Kinds, Resources, SingularResources, VERSION } from '../constants/api.js';
import type { KindName } from '../constants/api.js';
import { TrainJobSchema } from '../schema/trainjob.js';
import { ClusterTrainingRuntimeSchema, TrainingRuntimeSchema } from '../schema/training-runtime.js';

/** One `additionalPrinterColumns` entry. */
export interface PrinterColumn {
  name: string;
  type: 'string' | 'date' | 'integer' | 'number' | 'boolean';
  jsonPath: string;
  description?: string;
  priority?: number;
}

/** The `scale` subresource of a kind: where its replica count and pod selector live. */
export interface ScaleSubresource {
  specReplicasPath: string;
  statusReplicasPath: string;
  labelSelectorPath?: string;
}

/** Everything needed to emit the CustomResourceDefinition of one kind (`K`: the kind names of its API). */
export interface KindDefinition<K extends string = KindName> {
  group: string;
  version: string;
  kind: K;
  listKind: string;
  plural: string;
  singular: string;
  scope: 'Namespaced' | 'Cluster';
  schema: TSchema;
  statusSubresource: boolean;
  /** The scale subresource, when the kind has one. */
  scaleSubresource?: ScaleSubresource;
  printerColumns: readonly PrinterColumn[];
}

/** The CRD definitions of the three kinds, keyed by kind. */
export const KindDefinitions: Readonly<Record<KindName, KindDefinition>> = {
  TrainJob: {
    group: GROUP,
    version: VERSION,
    kind: Kinds.TrainJob,
    listKind: 'TrainJobList',
    plural: Resources.TrainJob,
    singular: SingularResources.TrainJob,
    scope: 'Namespaced',
    schema: TrainJobSchema,
    statusSubresource: true,
    printerColumns: [
      { name: 'State', type: 'string', jsonPath: '.status.conditions[-1:].type' },
      { name: 'Age', type: 'date', jsonPath: '.metadata.creationTimestamp' },
    ],
  },
  TrainingRuntime: {
    group: GROUP,
    version: VERSION,
    kind: Kinds.TrainingRuntime,
    listKind: 'TrainingRuntimeList',
    plural: Resources.TrainingRuntime,
    singular: SingularResources.TrainingRuntime,
    scope: 'Namespaced',
    schema: TrainingRuntimeSchema,
    statusSubresource: false,
    printerColumns: [],
  },
  ClusterTrainingRuntime: {
    group: GROUP,
    version: VERSION,
    kind: Kinds.ClusterTrainingRuntime,
    listKind: 'ClusterTrainingRuntimeList',
    plural: Resources.ClusterTrainingRuntime,
    singular: SingularResources.ClusterTrainingRuntime,
    scope: 'Cluster',
    schema: ClusterTrainingRuntimeSchema,
    statusSubresource: false,
    printerColumns: [],
  },
};
