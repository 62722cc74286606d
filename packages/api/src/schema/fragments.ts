// SPDX-License-Identifier: Apache-2.0
// Foreign schema fragments, cut out of the generated JobSet schema (sigs.k8s.io/jobset v0.12.0), whose pod
// template is the same core/v1 schema upstream Trainer embeds.
import generatedSchemas from './generated/jobset-schema.json' with { type: 'json' };

/** A JSON schema node as stored in a CRD. */
export type SchemaNode = Record<string, unknown>;

interface JobSetSchemas {
  jobSetSpec: SchemaNode;
  condition: SchemaNode;
}

// A JSON module: loaded with the module graph, not read from disk by this module's code.
const generated = generatedSchemas as unknown as JobSetSchemas;

/**
 * Returns the schema node at `path` below `root`: dot-separated property names, `[]` steps into list items.
 * Throws when a step is missing, so that a JobSet upgrade that moves a type fails loudly.
 */
export function schemaAt(root: SchemaNode, path: string): SchemaNode {
  let node = root;
  for (const step of path.split('.')) {
    const name = step.endsWith('[]') ? step.slice(0, -2) : step;
    const props = node.properties as Record<string, SchemaNode> | undefined;
    const next = props?.[name];
    if (!next) throw new Error(`schema path ${path}: no property ${name}`);
    node = step.endsWith('[]') ? (next.items as SchemaNode) : next;
  }
  return node;
}

/** The JobSet spec schema (`jobset.x-k8s.io/v1alpha2` JobSetSpec). */
export const jobSetSpecSchema: SchemaNode = generated.jobSetSpec;

/** The metav1.Condition item schema. */
export const conditionSchema: SchemaNode = generated.condition;

const jobTemplate = schemaAt(jobSetSpecSchema, 'replicatedJobs[].template');
const podSpec = schemaAt(jobTemplate, 'spec.template.spec');

/** Core/v1 fragments, keyed by Go type name. */
export const coreSchemas = {
  /** The embedded ObjectMeta subset (labels, annotations, finalizers, name, namespace). */
  EmbeddedObjectMeta: schemaAt(jobTemplate, 'metadata'),
  EnvVar: schemaAt(podSpec, 'containers[].env[]'),
  ResourceRequirements: schemaAt(podSpec, 'containers[].resources'),
  SecurityContext: schemaAt(podSpec, 'containers[].securityContext'),
  VolumeMount: schemaAt(podSpec, 'containers[].volumeMounts[]'),
  Volume: schemaAt(podSpec, 'volumes[]'),
  LocalObjectReference: schemaAt(podSpec, 'imagePullSecrets[]'),
  PodSecurityContext: schemaAt(podSpec, 'securityContext'),
  Affinity: schemaAt(podSpec, 'affinity'),
  Toleration: schemaAt(podSpec, 'tolerations[]'),
  PodSchedulingGate: schemaAt(podSpec, 'schedulingGates[]'),
} as const;
