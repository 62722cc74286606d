// SPDX-License-Identifier: Apache-2.0
// Helpers the frameworks' SetClusterSpec share: replica names, ports, totals, env appends.
import type { Container, EnvVar, PodTemplate, ReplicaSpecs } from '../job-types.js';

/** `<job>-<rtype lowercase>-<index>`: the name of a replica's pod and Service, and its host name. */
export function replicaName(job: string, rtype: string, index: number): string {
  return `${job}-${rtype.toLowerCase()}-${index}`.replaceAll('/', '-');
}

/** Σ replicas over every replica type. */
export function totalReplicas(specs: ReplicaSpecs): number {
  return Object.values(specs).reduce((sum, s) => sum + (s.replicas ?? 0), 0);
}

/** A port the framework needs is missing from the replica's framework container. */
export class PortNotFoundError extends Error {
  constructor(rtype: string, portName: string) {
    super(`port not found: ${rtype} exposes no port named ${portName}`);
    this.name = 'PortNotFoundError';
  }
}

/** The container port named `portName` of the container `containerName` of replica `rtype`. */
export function portOf(specs: ReplicaSpecs, rtype: string, containerName: string, portName: string): number {
  const containers = (specs[rtype]?.template as PodTemplate | undefined)?.spec?.containers ?? [];
  for (const c of containers) {
    if (c.name !== containerName) continue;
    const port = (c.ports ?? []).find((p) => p.name === portName);
    if (port !== undefined) return port.containerPort;
  }
  throw new PortNotFoundError(rtype, portName);
}

/** Appends `vars` to the env of `container`. */
export function appendEnv(container: Container, vars: readonly EnvVar[]): void {
  container.env = [...(container.env ?? []), ...vars];
}

/** `{ name, value }`. */
export function env(name: string, value: string | number): EnvVar {
  return { name, value: String(value) };
}
