// SPDX-License-Identifier: Apache-2.0
// Typed embeddings of core/v1 and JobSet schemas, typed with the @kubernetes/client-node models.
import type {
  V1Affinity,
  V1EnvVar,
  V1LocalObjectReference,
  V1ObjectMeta,
  V1PodSchedulingGate,
  V1PodSecurityContext,
  V1ResourceRequirements,
  V1SecurityContext,
  V1Toleration,
  V1Volume,
  V1VolumeMount,
} from '@kubernetes/client-node';
import { Embedded, OpaqueObject } from './k8s-schema.js';
import type { ListOptions, ObjOptions } from './k8s-schema.js';
import { coreSchemas, jobSetSpecSchema } from './fragments.js';
import type { JobSetSpec } from '../foreign/index.js';

type O = ObjOptions & ListOptions;

/** core/v1 EnvVar. */
export const EnvVar = (o?: O) => Embedded<V1EnvVar>(coreSchemas.EnvVar, o);
/** core/v1 ResourceRequirements. */
export const ResourceRequirements = (o?: O) =>
  Embedded<V1ResourceRequirements>(coreSchemas.ResourceRequirements, o);
/** core/v1 SecurityContext (container level). */
export const SecurityContext = (o?: O) => Embedded<V1SecurityContext>(coreSchemas.SecurityContext, o);
/** core/v1 VolumeMount. */
export const VolumeMount = (o?: O) => Embedded<V1VolumeMount>(coreSchemas.VolumeMount, o);
/** core/v1 Volume. */
export const Volume = (o?: O) => Embedded<V1Volume>(coreSchemas.Volume, o);
/** core/v1 LocalObjectReference (an atomic map). */
export const LocalObjectReference = (o?: O) =>
  Embedded<V1LocalObjectReference>(coreSchemas.LocalObjectReference, o);
/** core/v1 PodSecurityContext. */
export const PodSecurityContext = (o?: O) =>
  Embedded<V1PodSecurityContext>(coreSchemas.PodSecurityContext, o);
/** core/v1 Affinity. */
export const Affinity = (o?: O) => Embedded<V1Affinity>(coreSchemas.Affinity, o);
/** core/v1 Toleration. */
export const Toleration = (o?: O) => Embedded<V1Toleration>(coreSchemas.Toleration, o);
/** core/v1 PodSchedulingGate. */
export const PodSchedulingGate = (o?: O) => Embedded<V1PodSchedulingGate>(coreSchemas.PodSchedulingGate, o);
/** The embedded ObjectMeta of templates: the API server keeps labels, annotations, finalizers, name, namespace. */
export const EmbeddedObjectMeta = (o?: O) => Embedded<V1ObjectMeta>(coreSchemas.EmbeddedObjectMeta, o);
/** The top-level `metadata` of a kind: an object the API server validates itself. */
export const ObjectMeta = (o?: O) => OpaqueObject<V1ObjectMeta>(o);
/** jobset.x-k8s.io/v1alpha2 JobSetSpec. */
export const JobSetSpecSchema = (o?: O) => Embedded<JobSetSpec>(jobSetSpecSchema, o);
