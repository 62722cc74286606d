// SPDX-License-Identifier: Apache-2.0
// TrainJobStatus (feature gate `TrainJobStatus`, upstream
// `pkg/runtime/framework/plugins/trainjobstatus`): tells the trainer pods where and how to report
// their progress to the status server, and renders the CA they verify it with.
//
// enforcePodSpec: in the pod set of ancestor `trainer`, every container (not the init containers)
// gets the three KUBEFLOW_TRAINER_SERVER_* variables and the read-only mount of the projected volume
// `kubeflow-trainer-token` (a token for the job's audience, 3600 s, and the CA ConfigMap's
// `ca.crt`), which the pod set gets once. The JobSet builder upserts them as every plugin's: env by
// name, mounts by mountPath, volumes by name, so ours replace a runtime template's entries with
// the same key; `spec.trainer.env`, upserted after, still wins in the `node` container (upstream's
// order). The LeaderWorkerSet builder starts from the JobSet builder's templates: same result.
//
// build: the ConfigMap `<tj>-tls-config` with the CA the caller read from the webhook certificate
// Secret, owned by the TrainJob, re-applied whenever its content changes (a rotated CA).

import {
  AncestorSteps,
  DataKeys,
  MountPaths,
  ObjectNameSuffixes,
  PluginNames,
  StatusServer,
  StatusServerEnv,
  ValidationMessages,
  VolumeNames,
  statusServerPath,
  statusServerSecretLookupMessage,
  statusServerTokenAudience,
} from '@kubetrain/api/core';
import type { PluginDependencies } from '../../framework/dependencies.js';
import { RenderError } from '../../framework/errors.js';
import { KindRefs, owns, type KindUse } from '../../framework/kinds.js';
import type { BuildContext, ComponentBuilderPlugin, EnforcePodSpecPlugin } from '../../framework/plugin.js';
import type { RuntimeInfo } from '../../framework/runtime-info.js';
import type { EnvVar, KubeObject, TrainJob, Volume, VolumeMount } from '../../types.js';
import { ownedObject, trainJobObjectName } from '../../util/owner-reference.js';
import { upsertEnv, upsertVolumeMounts, upsertVolumes } from '../../util/upsert.js';

/** The plugin's name (upstream's). */
export const name = PluginNames.TrainJobStatus;

/** Where the status server listens, from the manager's Configuration and namespace. */
interface StatusServerAddress {
  /** `certManagement.webhookServiceName`: the Service in front of the manager. */
  readonly serviceName: string;
  readonly namespace: string;
  /** `statusServer.port`; undefined when the configuration has none (upstream's error). */
  readonly port: number | undefined;
}

interface ConfigView {
  statusServer?: { port?: unknown };
  certManagement?: { webhookServiceName?: unknown };
}

/** The address the pods are told, read once from the frozen dependencies. */
function addressOf(dependencies: PluginDependencies): StatusServerAddress {
  const config = dependencies.config as ConfigView;
  const port = config.statusServer?.port;
  const service = config.certManagement?.webhookServiceName;
  return {
    serviceName: typeof service === 'string' && service !== '' ? service : StatusServer.ServiceName,
    namespace: dependencies.operatorNamespace ?? StatusServer.OperatorNamespace,
    port: typeof port === 'number' ? port : undefined,
  };
}

/** `https://<service>.<operator ns>.svc:<port>/apis/trainer.kubeflow.org/v1alpha1/namespaces/<ns>/trainjobs/<name>/status`. */
function statusServerUrl(address: StatusServerAddress, port: number, trainJob: TrainJob): string {
  const { namespace, name: jobName } = trainJob.metadata;
  return `https://${address.serviceName}.${address.namespace}.svc:${port}${statusServerPath(namespace ?? '', jobName ?? '')}`;
}

/** `<tj>-tls-config`. */
export function tlsConfigMapName(trainJob: TrainJob): string {
  return trainJobObjectName(trainJob, ObjectNameSuffixes.StatusServerTLSConfig);
}

/** The env, mount and volume injected for `trainJob`. */
function injection(
  address: StatusServerAddress,
  port: number,
  trainJob: TrainJob,
): { env: EnvVar[]; mount: VolumeMount; volume: Volume } {
  const dir = MountPaths.StatusServerToken;
  return {
    env: [
      { name: StatusServerEnv.ServerURL, value: statusServerUrl(address, port, trainJob) },
      { name: StatusServerEnv.CACert, value: `${dir}/${DataKeys.CACert}` },
      { name: StatusServerEnv.Token, value: `${dir}/token` },
    ],
    mount: { name: VolumeNames.StatusServerToken, mountPath: dir, readOnly: true },
    volume: {
      name: VolumeNames.StatusServerToken,
      projected: {
        sources: [
          {
            serviceAccountToken: {
              audience: statusServerTokenAudience(
                trainJob.metadata.namespace ?? '',
                trainJob.metadata.name ?? '',
              ),
              expirationSeconds: StatusServer.TokenExpirationSeconds,
              path: 'token',
            },
          },
          {
            configMap: {
              name: tlsConfigMapName(trainJob),
              items: [{ key: DataKeys.CACert, path: DataKeys.CACert }],
            },
          },
        ],
      },
    },
  };
}

/** See the module comment. */
export class TrainJobStatusPlugin implements EnforcePodSpecPlugin, ComponentBuilderPlugin {
  readonly name = name;
  /** The `<tj>-tls-config` ConfigMap, applied whenever its content changes. */
  readonly kinds: readonly KindUse[] = [owns(KindRefs.ConfigMap, 'always')];

  constructor(private readonly address: StatusServerAddress) {}

  /**
   * Injects the env, mount and projected volume into the trainer pod set. Throws "missing status
   * server port" when the configuration has no `statusServer.port`.
   */
  enforcePodSpec(info: RuntimeInfo, trainJob: TrainJob): void {
    const port = this.address.port;
    if (port === undefined) throw new RenderError(ValidationMessages.StatusServerPortMissing);
    const { env, mount, volume } = injection(this.address, port, trainJob);
    for (const podSet of info.templateSpec.podSets) {
      if (podSet.ancestor !== AncestorSteps.Trainer) continue;
      for (const container of podSet.containers) {
        container.env = upsertEnv(container.env, env);
        container.volumeMounts = upsertVolumeMounts(container.volumeMounts, [mount]);
      }
      podSet.volumes = upsertVolumes(podSet.volumes, [volume]);
    }
  }

  /**
   * The ConfigMap `<tj>-tls-config` (`ca.crt`), when the caller gave the CA; nothing otherwise.
   * Throws upstream's messages when the Secret could not be read or has no `ca.crt`.
   */
  build(_info: RuntimeInfo, trainJob: TrainJob, context: BuildContext): KubeObject[] {
    const ca = context.statusServerCA;
    if (ca === undefined) return [];
    if ('lookupError' in ca) throw new RenderError(statusServerSecretLookupMessage(ca.lookupError));
    if (ca.caCert === undefined) throw new RenderError(ValidationMessages.StatusServerCAMissing);
    return [
      ownedObject(trainJob, 'v1', 'ConfigMap', tlsConfigMapName(trainJob), {
        data: { [DataKeys.CACert]: ca.caCert },
      }),
    ];
  }
}

/** Creates the plugin from the configuration (`statusServer.port`, `certManagement.webhookServiceName`) and the operator namespace. */
export function create(dependencies: PluginDependencies): TrainJobStatusPlugin {
  return new TrainJobStatusPlugin(addressOf(dependencies));
}
