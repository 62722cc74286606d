// SPDX-License-Identifier: Apache-2.0
/**
 * Loading the kubeconfig, once, in `main`: an explicit file, else `KUBECONFIG`, else
 * `~/.kube/config`, else the in-cluster ServiceAccount (client-node's order). The files are
 * parsed here with `yaml`, not by @kubernetes/client-node: importing client-node costs the
 * manager ~80 MiB of RSS, and it is loaded only for `exec` and `auth-provider` users
 * (kubeconfig-credentials.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { isIPv6 } from 'node:net';
import { parse } from 'yaml';
import { connectionOptions, type ConnectionOptions } from './kubeconfig-credentials.js';
import {
  mergeKubeConfigs,
  parseKubeConfig,
  type KubeCluster,
  type KubeConfigEntries,
  type KubeContext,
  type KubeUser,
} from './kubeconfig-model.js';

export {
  KubeConfigFormatError,
  type KubeCluster,
  type KubeContext,
  type KubeUser,
} from './kubeconfig-model.js';
export type { ConnectionOptions } from './kubeconfig-credentials.js';

/** Where the in-cluster ServiceAccount's files are. */
export const SERVICE_ACCOUNT_DIR = '/var/run/secrets/kubernetes.io/serviceaccount';

/** Where {@link loadKubeConfig} reads from. */
export interface KubeConfigSource {
  /** A kubeconfig file; wins over everything else (the manager's `--kubeconfig`). */
  path?: string | undefined;
  /** A context other than the file's current one. */
  context?: string | undefined;
}

/** A loaded kubeconfig: its entries, the current context, and the connection settings from them. */
export class KubeConfig {
  private constructor(private readonly entries: KubeConfigEntries) {}

  /** Reads one kubeconfig file. */
  static fromFile(file: string): KubeConfig {
    return new KubeConfig(parseKubeConfig(parse(readFileSync(file, 'utf8')), file));
  }

  /** Reads kubeconfig text (relative paths are taken from the working directory). */
  static fromString(text: string): KubeConfig {
    return new KubeConfig(parseKubeConfig(parse(text)));
  }

  /** Merges several kubeconfig files, as a `KUBECONFIG` list (the first entry of a name wins). */
  static fromFiles(files: readonly string[]): KubeConfig {
    return new KubeConfig(
      mergeKubeConfigs(files.map((file) => parseKubeConfig(parse(readFileSync(file, 'utf8')), file))),
    );
  }

  /**
   * The in-cluster ServiceAccount: `KUBERNETES_SERVICE_HOST`/`_PORT`, the mounted CA, and the
   * token file (re-read whenever the transport refreshes credentials, as projected tokens rotate).
   */
  static inCluster(env: NodeJS.ProcessEnv = process.env, dir = SERVICE_ACCOUNT_DIR): KubeConfig {
    const host = env['KUBERNETES_SERVICE_HOST'] ?? '';
    const port = env['KUBERNETES_SERVICE_PORT'] ?? '443';
    const scheme = ['80', '8080', '8001'].includes(port) ? 'http' : 'https';
    const server = `${scheme}://${isIPv6(host) ? `[${host}]` : host}:${port}`;
    return new KubeConfig({
      clusters: [{ name: 'inCluster', server, caFile: join(dir, 'ca.crt'), skipTLSVerify: false }],
      users: [{ name: 'inClusterUser', tokenFile: join(dir, 'token') }],
      contexts: [{ name: 'inClusterContext', cluster: 'inCluster', user: 'inClusterUser' }],
      currentContext: 'inClusterContext',
    });
  }

  /** The current context's name (`''` when none is set). */
  getCurrentContext(): string {
    return this.entries.currentContext ?? '';
  }

  /** Makes `name` the current context; throws when the kubeconfig has no such context. */
  setCurrentContext(name: string): void {
    if (!this.getContextObject(name)) throw new Error(`context "${name}" not found in the kubeconfig`);
    this.entries.currentContext = name;
  }

  /** The context called `name`. */
  getContextObject(name: string): KubeContext | undefined {
    return this.entries.contexts.find((context) => context.name === name);
  }

  /** The current context's cluster. */
  getCurrentCluster(): KubeCluster | undefined {
    const context = this.getContextObject(this.getCurrentContext());
    return context && this.entries.clusters.find((cluster) => cluster.name === context.cluster);
  }

  /** The current context's user. */
  getCurrentUser(): KubeUser | undefined {
    const context = this.getContextObject(this.getCurrentContext());
    return context?.user === undefined
      ? undefined
      : this.entries.users.find((user) => user.name === context.user);
  }

  /**
   * Fills TLS material and auth headers for the current cluster and user into `opts`
   * (client-node's method of the same name; `exec` and `auth-provider` users go through it).
   */
  applyToHTTPSOptions(opts: ConnectionOptions): Promise<void> {
    return connectionOptions(this.entries, this.getCurrentCluster(), this.getCurrentUser(), opts);
  }
}

function fromDefaults(env: NodeJS.ProcessEnv): KubeConfig | undefined {
  const list = (env['KUBECONFIG'] ?? '').split(delimiter).filter((file) => file !== '');
  if (list.length > 0) return KubeConfig.fromFiles(list.filter((file) => existsSync(file)));
  const home = join(env['HOME'] ?? homedir(), '.kube', 'config');
  if (existsSync(home)) return KubeConfig.fromFile(home);
  if (env['KUBERNETES_SERVICE_HOST']) return KubeConfig.inCluster(env);
  return undefined;
}

/**
 * Loads a kubeconfig from `source.path` when given, else from the defaults (the `KUBECONFIG`
 * list, `~/.kube/config`, the in-cluster ServiceAccount when `KUBERNETES_SERVICE_HOST` is set).
 * Throws when no cluster is configured, rather than falling back to `http://localhost:8080` as
 * client-node does.
 */
export function loadKubeConfig(
  source: KubeConfigSource = {},
  env: NodeJS.ProcessEnv = process.env,
): KubeConfig {
  const config = source.path ? KubeConfig.fromFile(source.path) : fromDefaults(env);
  if (config && source.context) config.setCurrentContext(source.context);
  if (!config?.getCurrentCluster()) {
    throw new Error(
      'no Kubernetes cluster configured: pass a kubeconfig, set KUBECONFIG, or run in a cluster',
    );
  }
  return config;
}
