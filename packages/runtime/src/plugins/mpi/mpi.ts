// SPDX-License-Identifier: Apache-2.0
// MPI (upstream `plugins/mpi/mpi.go`): the `node` job count, slots, the SSH-auth Secret volume and
// mounts on `node` and `launcher`, the hostfile ConfigMap and the OpenMPI env on the launcher; build
// returns the Secret (when key material is supplied) and the hostfile ConfigMap.

import {
  ContainerNames,
  DataKeys,
  MountPaths,
  MPIImplementations,
  mpiImplementationUnsupportedMessage,
  ObjectNameSuffixes,
  OpenMPIEnv,
  OpenMPIEnvValues,
  PluginNames,
  SecretTypes,
  StorageLimits,
  VolumeNames,
  type MPIMLPolicySource,
} from '@kubetrain/api/core';
import { defaultedField } from '../../core/runtime-defaults.js';
import { RenderError } from '../../framework/errors.js';
import type {
  BuildContext,
  ComponentBuilderPlugin,
  EnforceMLPolicyPlugin,
  OutputSize,
} from '../../framework/plugin.js';
import { findPodSetByName, type PodSet, type RuntimeInfo } from '../../framework/runtime-info.js';
import { effectiveResourcesPerNode, getNumGPUPerNode } from '../../core/resources.js';
import type { KubeObject, TrainJob, Volume } from '../../types.js';
import { ownedObject, trainJobObjectName } from '../../util/owner-reference.js';
import { upsertEnv, upsertVolumeMounts, upsertVolumes } from '../../util/upsert.js';
import { validateMPI } from './validate.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import { KindRefs, owns } from '../../framework/kinds.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.MPI;

/** Pods of the `node` job for `numNodes` nodes: one fewer when the launcher runs as a node (at least 1). */
function mpiNodeCount(numNodes: number, runLauncherAsNode: boolean | undefined): number {
  return runLauncherAsNode === true ? Math.max(numNodes - 1, 1) : numNodes;
}

/** Slots per node: trainer numProcPerNode, else the GPU count when the policy says 1, else the policy. */
function mpiSlots(info: RuntimeInfo, trainJob: TrainJob): number {
  const explicit = trainJob.spec.trainer?.numProcPerNode;
  if (explicit !== undefined) return explicit;
  const policy = defaultedField(
    info.runtimePolicy.mlPolicy?.mpi?.numProcPerNode,
    'spec.mlPolicy.mpi.numProcPerNode',
  );
  const gpus = getNumGPUPerNode(effectiveResourcesPerNode(info, trainJob));
  return policy === 1 && gpus > 1 ? gpus : policy;
}

function sshAuthVolume(trainJob: TrainJob): Volume {
  return {
    name: VolumeNames.MPISSHAuth,
    secret: {
      secretName: trainJobObjectName(trainJob, ObjectNameSuffixes.MPISSHAuth),
      defaultMode: 0o400,
      items: [
        { key: DataKeys.SSHPrivateKey, path: 'id_rsa', mode: 0o640 },
        { key: DataKeys.SSHPublicKey, path: 'id_rsa.pub', mode: 0o644 },
        { key: DataKeys.SSHPublicKey, path: 'authorized_keys', mode: 0o644 },
      ],
    },
  };
}

function hostfileVolume(trainJob: TrainJob): Volume {
  return {
    name: VolumeNames.MPIHostfile,
    configMap: {
      name: trainJobObjectName(trainJob, ObjectNameSuffixes.MPIHostfile),
      items: [{ key: DataKeys.MPIHostfile, path: DataKeys.MPIHostfile, mode: 0o444 }],
    },
  };
}

/** The pod sets the hostfile lists: `node`, and `launcher` when it runs as a node. */
function hostfilePodSets(info: RuntimeInfo, mpi: MPIMLPolicySource): PodSet[] {
  return info.templateSpec.podSets.filter(
    (podSet) =>
      podSet.name === ContainerNames.Node ||
      (mpi.runLauncherAsNode === true && podSet.name === ContainerNames.Launcher),
  );
}

/** A hostfile line after the host name: ` slots=<n>` and the newline. */
function slotsSuffix(slots: number): string {
  return ` slots=${slots}\n`;
}

/** The MPI ML policy. */
export class MPI implements EnforceMLPolicyPlugin, ComponentBuilderPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Owns the SSH-auth Secret (created once, never updated) and the hostfile ConfigMap. */
  readonly kinds = [owns(KindRefs.Secret, 'createOnly'), owns(KindRefs.ConfigMap, 'always')];

  /**
   * Applies the MPI policy when the runtime has `mlPolicy.mpi`. Throws {@link RenderError} for an
   * MPI implementation other than OpenMPI.
   */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    const mpi = info.runtimePolicy.mlPolicy?.mpi;
    if (mpi === undefined) return;
    const numNodes = trainJob.spec.trainer?.numNodes;
    const nodePS = findPodSetByName(info, ContainerNames.Node);
    if (numNodes !== undefined && nodePS !== undefined) {
      nodePS.count = mpiNodeCount(numNodes, mpi.runLauncherAsNode);
    }
    const slots = mpiSlots(info, trainJob);
    const implementation = defaultedField(mpi.mpiImplementation, 'spec.mlPolicy.mpi.mpiImplementation');
    for (const podSet of info.templateSpec.podSets) {
      if (podSet.name !== ContainerNames.Node && podSet.name !== ContainerNames.Launcher) continue;
      const isLauncher = podSet.name === ContainerNames.Launcher;
      upsertVolumes(podSet.volumes, [sshAuthVolume(trainJob)]);
      if (isLauncher) upsertVolumes(podSet.volumes, [hostfileVolume(trainJob)]);
      for (const container of podSet.containers) {
        if (container.name !== ContainerNames.Node) continue;
        upsertVolumeMounts(container.volumeMounts, [
          {
            name: VolumeNames.MPISSHAuth,
            mountPath: defaultedField(mpi.sshAuthMountPath, 'spec.mlPolicy.mpi.sshAuthMountPath'),
          },
        ]);
        if (!isLauncher) continue;
        upsertVolumeMounts(container.volumeMounts, [
          { name: VolumeNames.MPIHostfile, mountPath: MountPaths.MPIHostfileDir },
        ]);
        if (implementation !== MPIImplementations.OpenMPI) {
          throw new RenderError(mpiImplementationUnsupportedMessage(implementation));
        }
        upsertEnv(container.env, [
          { name: OpenMPIEnv.DefaultHostfile, value: OpenMPIEnvValues.DefaultHostfile },
          { name: OpenMPIEnv.KeepFQDNHostnames, value: OpenMPIEnvValues.KeepFQDNHostnames },
          { name: OpenMPIEnv.DefaultSlots, value: String(slots) },
          { name: OpenMPIEnv.RshArgs, value: OpenMPIEnvValues.RshArgs },
        ]);
      }
    }
  }

  /** Returns `[Secret?, ConfigMap]`; the Secret only when the caller supplies key material. */
  build(info: RuntimeInfo, trainJob: TrainJob, context: BuildContext): KubeObject[] {
    const mpi = info.runtimePolicy.mlPolicy?.mpi;
    if (mpi === undefined) return [];
    const objects: KubeObject[] = [];
    const keys = context.secrets?.mpiSSHKeyPair?.(trainJob);
    if (keys !== undefined) {
      objects.push(
        ownedObject(trainJob, 'v1', 'Secret', trainJobObjectName(trainJob, ObjectNameSuffixes.MPISSHAuth), {
          type: SecretTypes.SSHAuth,
          immutable: true,
          data: {
            [DataKeys.SSHPrivateKey]: Buffer.from(keys.privateKey).toString('base64'),
            [DataKeys.SSHPublicKey]: Buffer.from(keys.publicKey).toString('base64'),
          },
        }),
      );
    }
    // Bounded: the engine refused a hostfile over a ConfigMap's limit before build (outputSizes).
    const suffix = slotsSuffix(mpiSlots(info, trainJob));
    const lines: string[] = [];
    for (const podSet of hostfilePodSets(info, mpi)) {
      for (const endpoint of podSet.endpoints) lines.push(`${endpoint}${suffix}`);
    }
    const hostfile = lines.join('');
    objects.push(
      ownedObject(trainJob, 'v1', 'ConfigMap', trainJobObjectName(trainJob, ObjectNameSuffixes.MPIHostfile), {
        data: { [DataKeys.MPIHostfile]: hostfile },
      }),
    );
    return objects;
  }

  /** The hostfile ConfigMap's data, computed from the endpoints' count and length: it grows with numNodes. */
  outputSizes(info: RuntimeInfo, trainJob: TrainJob): OutputSize[] {
    const mpi = info.runtimePolicy.mlPolicy?.mpi;
    if (mpi === undefined) return [];
    const suffix = slotsSuffix(mpiSlots(info, trainJob)).length;
    let bytes = DataKeys.MPIHostfile.length;
    for (const { endpoints } of hostfilePodSets(info, mpi))
      bytes += endpoints.length + endpoints.count * suffix;
    const configMap = trainJobObjectName(trainJob, ObjectNameSuffixes.MPIHostfile);
    return [
      {
        what: `the MPI hostfile (ConfigMap "${configMap}")`,
        bytes,
        limit: StorageLimits.ConfigMapDataBytes,
        limitOf: "a ConfigMap's data",
      },
    ];
  }

  /** The MPI rules: runLauncherAsNode needs `launcher` and `node`; reserved `OMPI_*` env. Returns data, never throws. */
  readonly validate = validateWithRules({ errors: [validateMPI] });
}

/** Creates the MPI plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): MPI {
  return new MPI();
}
