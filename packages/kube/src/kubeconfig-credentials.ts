// SPDX-License-Identifier: Apache-2.0
/**
 * TLS material and request headers for the kubeconfig's current cluster and user. Certificates,
 * keys, bearer tokens (inline or from a file, re-read on every call) and basic auth are handled
 * here; only an `exec` plugin or an `auth-provider` (oidc, gcp, azure) loads
 * @kubernetes/client-node, on first use, and lets it fill the headers — so a manager that
 * authenticates with a certificate or a ServiceAccount token never loads client-node.
 */
import { readFileSync } from 'node:fs';
import type { KubeCluster, KubeConfigEntries, KubeUser } from './kubeconfig-model.js';

/** What {@link connectionOptions} fills: the fields of `https.RequestOptions` the transport reads. */
export interface ConnectionOptions {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  rejectUnauthorized?: boolean;
  servername?: string;
  headers?: Record<string, string>;
}

function material(file: string | undefined, data: string | undefined): Buffer | undefined {
  if (file) return readFileSync(file);
  if (data) return Buffer.from(data, 'base64');
  return undefined;
}

/** The kubeconfig user needs client-node's authenticators. */
function needsPlugin(user: KubeUser | undefined): boolean {
  return Boolean(user?.exec || user?.authProvider);
}

type PluginConfig = { applyToHTTPSOptions(opts: object): Promise<void> };

/** client-node's KubeConfig holding the same entries (loaded lazily, once per process). */
async function pluginConfig(entries: KubeConfigEntries): Promise<PluginConfig> {
  const { KubeConfig } = await import('@kubernetes/client-node');
  const config = new KubeConfig();
  config.loadFromOptions({
    clusters: entries.clusters,
    users: entries.users.map((user) => ({
      ...user,
      ...(user.tokenFile && !user.token ? { token: readFileSync(user.tokenFile, 'utf8').trim() } : {}),
    })),
    contexts: entries.contexts,
    currentContext: entries.currentContext ?? '',
  } as never);
  return config as unknown as PluginConfig;
}

/**
 * Fills `opts` for `cluster` and `user` (client-node's `applyToHTTPSOptions` for the cases
 * handled here): `ca`, `cert`, `key`, `rejectUnauthorized` (only when the cluster skips
 * verification), `servername`, and `headers` (`Authorization`, `Impersonate-User`).
 */
export async function connectionOptions(
  entries: KubeConfigEntries,
  cluster: KubeCluster | undefined,
  user: KubeUser | undefined,
  opts: ConnectionOptions,
): Promise<void> {
  if (needsPlugin(user)) {
    await (await pluginConfig(entries)).applyToHTTPSOptions(opts);
    return;
  }
  if (cluster?.skipTLSVerify) opts.rejectUnauthorized = false;
  if (cluster?.tlsServerName) opts.servername = cluster.tlsServerName;
  const ca = material(cluster?.caFile, cluster?.caData);
  if (ca) opts.ca = ca;
  if (!user) return;
  const cert = material(user.certFile, user.certData);
  if (cert) opts.cert = cert;
  const key = material(user.keyFile, user.keyData);
  if (key) opts.key = key;
  const headers = (opts.headers ??= {});
  if (user.impersonateUser) headers['Impersonate-User'] = user.impersonateUser;
  const token = user.token ?? (user.tokenFile ? readFileSync(user.tokenFile, 'utf8').trim() : undefined);
  if (token) headers['Authorization'] = `Bearer ${token}`;
}
