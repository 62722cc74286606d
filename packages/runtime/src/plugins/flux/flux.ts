// SPDX-License-Identifier: Apache-2.0
// Flux (upstream `plugins/flux/flux.go`): wraps the trainer command in the Flux entrypoint, adds the
// flux-installer init container, the view/config/curve/shared-memory volumes and mounts on the `node`
// job, and builds the entrypoint ConfigMap and the CURVE Secret. PlainML also runs for Flux (count,
// trainer env). The ConfigMap's scripts (flux-templates.ts) are kubetrain's own text: they do what
// upstream's templates do (same paths, commands, flags, environment and broker settings) but are not
// byte-identical to them.

import {
  ContainerNames,
  DataKeys,
  FluxEnvDefaults,
  MountPaths,
  ObjectNameSuffixes,
  PluginNames,
  VolumeNames,
} from '@kubetrain/api/core';
import { defaultedField } from '../../core/runtime-defaults.js';
import { RenderError } from '../../framework/errors.js';
import type { BuildContext, ComponentBuilderPlugin, EnforceMLPolicyPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import { effectiveResourcesPerNode, getNumGPUPerNode } from '../../core/resources.js';
import type { KubeObject, TrainJob, Volume, VolumeMount } from '../../types.js';
import { ownedObject, trainJobObjectName } from '../../util/owner-reference.js';
import { upsertVolumeMounts, upsertVolumes } from '../../util/upsert.js';
import { curveCertificate } from './flux-curve.js';
import { brokerTemplate, entrypointTemplate, fillTemplate, initTemplate } from './flux-templates.js';
import { firstNodePod, findTrainerNodeContainer } from '../common/trainer-node.js';
import { validateFlux } from './validate.js';
import { validateWithRules } from '../../validation/input.js';
import type { CustomValidationPlugin } from '../../framework/plugin.js';
import { KindRefs, owns } from '../../framework/kinds.js';
import type { PluginDependencies } from '../../framework/dependencies.js';

/** Upstream's plugin name. */
export const name = PluginNames.Flux;

/** The resolved broker settings (defaults, then the runtime `node` env, then the trainer env). */
type FluxSettings = Record<keyof typeof FluxEnvDefaults, string>;

const configDir = MountPaths.FluxConfig;
const fluxRoot = '/opt/view';

/** `<tj>-flux-entrypoint`: the ConfigMap (and volume) holding entrypoint.sh and init.sh. */
function entrypointConfigMapName(trainJob: TrainJob): string {
  return trainJobObjectName(trainJob, ObjectNameSuffixes.FluxEntrypoint);
}

/** `<tj>-flux-curve`: the CURVE certificate Secret. */
function curveSecretName(trainJob: TrainJob): string {
  return trainJobObjectName(trainJob, ObjectNameSuffixes.FluxCurve);
}

/** Settings from the defaults, overridden by the runtime `node` env, then by `spec.trainer.env`. */
function fluxSettings(info: RuntimeInfo, trainJob: TrainJob): FluxSettings {
  const settings: FluxSettings = { ...FluxEnvDefaults };
  const apply = (env: ReadonlyArray<{ name: string; value?: string }>): void => {
    for (const e of env) {
      if (e.name in settings && e.value !== undefined) settings[e.name as keyof FluxSettings] = e.value;
    }
  };
  apply(findTrainerNodeContainer(info)?.env ?? []);
  apply(trainJob.spec.trainer?.env ?? []);
  return settings;
}

/** `0` for one, else `0-(n-1)` (upstream `generateRange` from 0). */
export function fluxRange(size: number): string {
  return size === 1 ? '0' : `0-${size - 1}`;
}

function numNodesOf(trainJob: TrainJob): number {
  const numNodes = trainJob.spec.trainer?.numNodes;
  if (numNodes === undefined) throw new RenderError('Flux requires spec.trainer.numNodes');
  return numNodes;
}

function tasksPerNode(info: RuntimeInfo, trainJob: TrainJob): number {
  return (
    trainJob.spec.trainer?.numProcPerNode ??
    defaultedField(info.runtimePolicy.mlPolicy?.flux?.numProcPerNode, 'spec.mlPolicy.flux.numProcPerNode')
  );
}

/** The `entrypoint.sh` for the TrainJob (our script, functionally equivalent to upstream's). */
function fluxEntrypoint(info: RuntimeInfo, trainJob: TrainJob): string {
  const nodes = numNodesOf(trainJob);
  const tasks = tasksPerNode(info, trainJob);
  const gpus = getNumGPUPerNode(effectiveResourcesPerNode(info, trainJob));
  let resources = `--cores=${fluxRange(tasks)}`;
  if (gpus > 0) resources += ` --gpu=${fluxRange(gpus)}`;
  let flags = `-N ${nodes} -n ${tasks * nodes}`;
  if (gpus > 0) flags += ` -g ${gpus}`;
  return fillTemplate(entrypointTemplate, resources, firstNodePod(trainJob), flags);
}

/**
 * The `init.sh` for the TrainJob, with the broker configuration embedded (our script and TOML
 * layout, functionally equivalent to upstream's).
 */
function fluxInit(settings: FluxSettings, trainJob: TrainJob): string {
  const tj = trainJob.metadata.name ?? '';
  const hosts = `${tj}-${ContainerNames.Node}-0-[${fluxRange(numNodesOf(trainJob))}]`;
  const fqdn = `${tj}.${trainJob.metadata.namespace ?? ''}.svc.cluster.local`;
  const broker = fillTemplate(
    brokerTemplate,
    `tcp://${settings.FLUX_NETWORK_DEVICE}:%p`,
    `tcp://%h.${fqdn}:%p`,
    hosts,
    settings.FLUX_QUEUE_POLICY,
  );
  return fillTemplate(initTemplate, fluxRoot, firstNodePod(trainJob), hosts, broker);
}

function fluxVolumes(trainJob: TrainJob): Volume[] {
  const cm = entrypointConfigMapName(trainJob);
  return [
    { name: VolumeNames.FluxSpackInstall, emptyDir: {} },
    { name: VolumeNames.FluxInstall, emptyDir: {} },
    { name: cm, configMap: { name: cm, defaultMode: 0o755 } },
    { name: VolumeNames.FluxSharedMemory, emptyDir: { medium: 'Memory' } },
    { name: VolumeNames.FluxCurve, secret: { secretName: curveSecretName(trainJob), defaultMode: 0o400 } },
  ];
}

/** The Flux install mount, shared by the installer and the `node` container. */
const installMount: Readonly<VolumeMount> = {
  name: VolumeNames.FluxInstall,
  mountPath: MountPaths.FluxInstall,
};

/** The entrypoint ConfigMap mount, shared by the installer and the `node` container. */
function configMount(trainJob: TrainJob): VolumeMount {
  return { name: entrypointConfigMapName(trainJob), mountPath: configDir, readOnly: true };
}

function nodeMounts(trainJob: TrainJob): VolumeMount[] {
  return [
    { ...installMount },
    { name: VolumeNames.FluxSpackInstall, mountPath: MountPaths.FluxSpackInstall },
    configMount(trainJob),
    { name: VolumeNames.FluxCurve, mountPath: MountPaths.FluxCurve, readOnly: true },
    { name: VolumeNames.FluxSharedMemory, mountPath: MountPaths.FluxSharedMemory, readOnly: true },
  ];
}

/** The original command: the runtime `node` command, or the trainer's, plus the trainer args. */
function originalCommand(info: RuntimeInfo, trainJob: TrainJob): string {
  const command = trainJob.spec.trainer?.command ?? findTrainerNodeContainer(info)?.command ?? [];
  const args = trainJob.spec.trainer?.args ?? [];
  return [...command, ...args].join(' ').trim();
}

/** The Flux ML policy. */
export class Flux implements EnforceMLPolicyPlugin, ComponentBuilderPlugin, CustomValidationPlugin {
  readonly name = name;

  /** Owns the entrypoint ConfigMap and the CURVE Secret, re-applied on every reconcile. */
  readonly kinds = [owns(KindRefs.ConfigMap, 'always'), owns(KindRefs.Secret, 'always')];

  /** Wraps the command and adds the installer, volumes and mounts to the `node` pod set. */
  enforceMLPolicy(info: RuntimeInfo, trainJob: TrainJob): void {
    if (info.runtimePolicy.mlPolicy?.flux === undefined) return;
    numNodesOf(trainJob);
    const settings = fluxSettings(info, trainJob);
    info.trainer.command = [
      '/bin/bash',
      `${configDir}/${DataKeys.FluxEntrypoint}`,
      originalCommand(info, trainJob),
    ];
    delete info.trainer.args;
    for (const podSet of info.templateSpec.podSets) {
      if (podSet.name !== ContainerNames.Node) continue;
      upsertVolumes(podSet.volumes, fluxVolumes(trainJob));
      podSet.initContainers.push({
        name: ContainerNames.FluxInstaller,
        image: settings.FLUX_VIEW_IMAGE,
        command: ['/bin/bash', `${configDir}/${DataKeys.FluxInit}`],
        env: [],
        ports: [],
        volumeMounts: [{ ...installMount }, configMount(trainJob)],
      });
      for (const c of podSet.containers) {
        if (c.name === ContainerNames.Node) upsertVolumeMounts(c.volumeMounts, nodeMounts(trainJob));
      }
    }
  }

  /** Returns the entrypoint ConfigMap and the CURVE Secret. */
  build(info: RuntimeInfo, trainJob: TrainJob, _context: BuildContext): KubeObject[] {
    if (info.runtimePolicy.mlPolicy?.flux === undefined) return [];
    const settings = fluxSettings(info, trainJob);
    const configMap = ownedObject(trainJob, 'v1', 'ConfigMap', entrypointConfigMapName(trainJob), {
      data: {
        [DataKeys.FluxEntrypoint]: fluxEntrypoint(info, trainJob),
        [DataKeys.FluxInit]: fluxInit(settings, trainJob),
      },
    });
    const cert = curveCertificate(trainJob.metadata.name ?? '', trainJob.metadata.uid ?? '');
    const secret = ownedObject(trainJob, 'v1', 'Secret', curveSecretName(trainJob), {
      data: { [DataKeys.FluxCurveCert]: Buffer.from(cert).toString('base64') },
    });
    return [configMap, secret];
  }

  /** The Flux rules: numProcPerNode at least 1; the `flux-installer` init container is reserved. Returns data, never throws. */
  readonly validate = validateWithRules({ errors: [validateFlux] });
}

/** Creates the Flux plugin; it reads neither the configuration nor a feature gate. */
export function create(_dependencies: PluginDependencies): Flux {
  return new Flux();
}
