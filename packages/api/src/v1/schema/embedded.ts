// SPDX-License-Identifier: Apache-2.0
// The Kubernetes types the v1 kinds embed, typed with the @kubernetes/client-node models: the pod template
// and resource lists cut out of the generated JobSet schema (the same core/v1 schema the v2 kinds embed), and
// MetricSpec and LabelSelector generated from the pinned Kubernetes module's OpenAPI document.
import type { V1LabelSelector, V1PodTemplateSpec, V2MetricSpec } from '@kubernetes/client-node';
import { jobSetSpecSchema, schemaAt } from '../../schema/fragments.js';
import type { SchemaNode } from '../../schema/fragments.js';
import { Embedded } from '../../schema/k8s-schema.js';
import type { ListOptions, ObjOptions } from '../../schema/k8s-schema.js';
import generatedSchemas from '../generated/k8s-schema.json' with { type: 'json' };

type O = ObjOptions & ListOptions;

const generated = generatedSchemas as unknown as { metricSpec: SchemaNode; labelSelector: SchemaNode };

const jobTemplate = schemaAt(jobSetSpecSchema, 'replicatedJobs[].template');

/** The core/v1 PodTemplateSpec of a JobSet's Job template, the type of `ReplicaSpec.template`. */
const podTemplateSpec = schemaAt(jobTemplate, 'spec.template');

/** A core/v1 ResourceList (`map[ResourceName]Quantity`), as a container's `resources.limits`. */
const resourceList = schemaAt(podTemplateSpec, 'spec.containers[].resources.limits');

/** core/v1 PodTemplateSpec. */
export const PodTemplateSpec = (o?: O) => Embedded<V1PodTemplateSpec>(podTemplateSpec, o);

/** core/v1 ResourceList: resource names to quantities. */
export const ResourceList = (o?: O) => Embedded<Record<string, number | string>>(resourceList, o);

/** autoscaling/v2 MetricSpec. */
export const MetricSpec = (o?: O) => Embedded<V2MetricSpec>(generated.metricSpec, o);

/** meta/v1 LabelSelector (an atomic map). */
export const LabelSelector = (o?: O) => Embedded<V1LabelSelector>(generated.labelSelector, o);
