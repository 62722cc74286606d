// SPDX-License-Identifier: Apache-2.0
// RuntimePatch: a patch of the runtime's JobSet template that a TrainJob (or a manager such as Kueue) applies.
import { Type } from '@sinclair/typebox';
import { Atomic, IMMUTABLE, Int64, ListMap, Obj, Str, StringMap, Time } from './k8s-schema.js';
import {
  Affinity,
  EmbeddedObjectMeta,
  EnvVar,
  LocalObjectReference,
  PodSchedulingGate,
  PodSecurityContext,
  SecurityContext,
  Toleration,
  Volume,
  VolumeMount,
} from './core.js';

const metadata = () =>
  Type.Optional(EmbeddedObjectMeta({ description: 'metadata patch; only labels and annotations are used.' }));

/** A patch of one container, matched by name. */
export const ContainerPatchSchema = Obj(
  {
    name: Str({
      minLength: 1,
      maxLength: 253,
      description: 'name of the container; the runtime must have it.',
    }),
    env: Type.Optional(
      ListMap(EnvVar(), ['name'], {
        maxItems: 128,
        description: 'env merged into the container; forbidden for node and initializer containers.',
      }),
    ),
    volumeMounts: Type.Optional(
      ListMap(VolumeMount(), ['name'], {
        maxItems: 128,
        description: 'volumeMounts merged into the container.',
      }),
    ),
    securityContext: Type.Optional(SecurityContext({ description: 'securityContext of the container.' })),
  },
  { description: 'A patch of one container of the runtime.' },
);

/** A patch of a pod spec: identity fields are immutable, scheduling fields (Kueue-style) are mutable. */
export const PodSpecPatchSchema = Obj(
  {
    serviceAccountName: Type.Optional(
      Str({
        maxLength: 253,
        rules: [IMMUTABLE],
        description: 'serviceAccountName the pods run as; immutable.',
      }),
    ),
    volumes: Type.Optional(
      ListMap(Volume(), ['name'], {
        maxItems: 128,
        rules: [IMMUTABLE],
        description: 'volumes merged by name into the pod volumes; immutable.',
      }),
    ),
    initContainers: Type.Optional(
      ListMap(ContainerPatchSchema, ['name'], {
        maxItems: 64,
        rules: [IMMUTABLE],
        description: 'initContainers patched by name; immutable.',
      }),
    ),
    containers: Type.Optional(
      ListMap(ContainerPatchSchema, ['name'], {
        maxItems: 64,
        rules: [IMMUTABLE],
        description: 'containers patched by name; immutable.',
      }),
    ),
    imagePullSecrets: Type.Optional(
      ListMap(LocalObjectReference(), ['name'], {
        maxItems: 64,
        rules: [IMMUTABLE],
        description: 'imagePullSecrets merged by name into those of the pods; immutable.',
      }),
    ),
    securityContext: Type.Optional(
      PodSecurityContext({ rules: [IMMUTABLE], description: 'securityContext of the pods; immutable.' }),
    ),
    nodeSelector: Type.Optional(StringMap({ description: 'nodeSelector of the pods; mutable.' })),
    affinity: Type.Optional(Affinity({ description: 'affinity of the pods; mutable.' })),
    tolerations: Type.Optional(
      Atomic(Toleration(), { maxItems: 128, description: 'tolerations of the pods; mutable.' }),
    ),
    schedulingGates: Type.Optional(
      ListMap(PodSchedulingGate(), ['name'], {
        maxItems: 16,
        description: 'schedulingGates of the pods; mutable.',
      }),
    ),
    terminationGracePeriodSeconds: Type.Optional(
      Int64({
        minimum: 0,
        rules: [IMMUTABLE],
        description: 'terminationGracePeriodSeconds the pods get to stop; immutable.',
      }),
    ),
  },
  { description: 'A patch of the pod spec of a replicated job.' },
);

/** A patch of a pod template. */
export const PodTemplatePatchSchema = Obj(
  { metadata: metadata(), spec: Type.Optional(PodSpecPatchSchema) },
  { description: 'template patches the pod template of the Job.' },
);

/** A patch of a Job spec. */
export const JobSpecPatchSchema = Obj(
  { template: Type.Optional(PodTemplatePatchSchema) },
  { description: 'spec patches the Job spec.' },
);

/** A patch of a Job template. */
export const JobTemplatePatchSchema = Obj(
  { metadata: metadata(), spec: Type.Optional(JobSpecPatchSchema) },
  { description: 'template patches the Job template of the replicated job.' },
);

/** A patch of one replicated job, matched by name. */
export const ReplicatedJobPatchSchema = Obj({
  name: Str({
    minLength: 1,
    maxLength: 253,
    description: 'name of the replicated job; the runtime must have it.',
  }),
  template: Type.Optional(JobTemplatePatchSchema),
});

/** A patch of a JobSet spec. */
export const JobSetSpecPatchSchema = Obj(
  {
    replicatedJobs: Type.Optional(
      ListMap(ReplicatedJobPatchSchema, ['name'], {
        maxItems: 100,
        description: 'patches of replicated jobs.',
      }),
    ),
  },
  { description: 'spec patches the JobSet spec of the runtime.' },
);

/** A patch of the runtime's JobSet template. */
export const JobSetTemplatePatchSchema = Obj(
  { metadata: metadata(), spec: Type.Optional(JobSetSpecPatchSchema) },
  { description: 'template patches the JobSet template of the runtime.' },
);

/** A patch of a TrainingRuntimeSpec. */
export const TrainingRuntimeSpecPatchSchema = Obj(
  { template: Type.Optional(JobSetTemplatePatchSchema) },
  { description: 'trainingRuntimeSpec patches the spec of the referenced runtime.' },
);

/** One entry of `spec.runtimePatches`, owned by one manager. */
export const RuntimePatchSchema = Obj(
  {
    manager: Str({
      minLength: 1,
      maxLength: 253,
      rules: [IMMUTABLE],
      description: 'manager owning this patch, a domain-prefixed path such as example.com/team. Immutable.',
    }),
    time: Type.Optional(
      Time({ description: 'time of the last change of this patch, set by the mutating webhook.' }),
    ),
    trainingRuntimeSpec: Type.Optional(TrainingRuntimeSpecPatchSchema),
  },
  { description: 'A patch of the runtime, owned by one manager.' },
);
