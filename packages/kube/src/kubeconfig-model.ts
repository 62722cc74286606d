// SPDX-License-Identifier: Apache-2.0
/**
 * The kubeconfig file's entries as the rest of the package reads them, in client-node's field
 * names (so that an entry can be handed to client-node unchanged when an auth plugin needs it),
 * and the parsing of one decoded kubeconfig document into them.
 */
import { dirname, isAbsolute, join } from 'node:path';

/** A `clusters[]` entry. */
export interface KubeCluster {
  readonly name: string;
  /** The server URL without a trailing slash. */
  readonly server: string;
  readonly caData?: string | undefined;
  readonly caFile?: string | undefined;
  readonly skipTLSVerify: boolean;
  readonly tlsServerName?: string | undefined;
  readonly proxyUrl?: string | undefined;
}

/** A `users[]` entry. `tokenFile` is read whenever credentials are refreshed (rotated tokens). */
export interface KubeUser {
  readonly name: string;
  readonly token?: string | undefined;
  readonly tokenFile?: string | undefined;
  readonly username?: string | undefined;
  readonly password?: string | undefined;
  readonly certData?: string | undefined;
  readonly certFile?: string | undefined;
  readonly keyData?: string | undefined;
  readonly keyFile?: string | undefined;
  /** `exec` credential plugin settings, passed to client-node as they are. */
  readonly exec?: unknown;
  /** `auth-provider` settings (oidc, gcp, azure), passed to client-node as they are. */
  readonly authProvider?: unknown;
  /** `as`: the user to impersonate. */
  readonly impersonateUser?: string | undefined;
}

/** A `contexts[]` entry. */
export interface KubeContext {
  readonly name: string;
  readonly cluster: string;
  readonly user?: string | undefined;
  readonly namespace?: string | undefined;
}

/** The entries of one or more kubeconfig files. */
export interface KubeConfigEntries {
  clusters: KubeCluster[];
  users: KubeUser[];
  contexts: KubeContext[];
  currentContext?: string | undefined;
}

/** A kubeconfig document that is not shaped as the kubeconfig format requires. */
export class KubeConfigFormatError extends Error {
  constructor(
    message: string,
    /** The file it came from, when known. */
    readonly file?: string,
  ) {
    super(file ? `${file}: ${message}` : message);
    this.name = 'KubeConfigFormatError';
  }
}

type Raw = Record<string, unknown>;

function record(value: unknown): Raw | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Raw) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function absolute(root: string | undefined, file: string | undefined): string | undefined {
  return file === undefined || root === undefined || isAbsolute(file) ? file : join(root, file);
}

function entries(doc: Raw, key: string, file: string | undefined): Raw[] {
  const list = doc[key];
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) throw new KubeConfigFormatError(`${key} is not a list`, file);
  return list.map((item, i) => {
    const entry = record(item);
    if (!entry || !text(entry['name'])) throw new KubeConfigFormatError(`${key}[${i}].name is missing`, file);
    return entry;
  });
}

/**
 * Reads a decoded kubeconfig document. Relative file paths are taken relative to the directory of
 * `file` (as kubectl does). Throws {@link KubeConfigFormatError} for entries without a name, a
 * cluster without a server, or a context without a cluster.
 */
export function parseKubeConfig(decoded: unknown, file?: string): KubeConfigEntries {
  const doc = record(decoded) ?? {};
  const root = file === undefined ? undefined : dirname(file);
  const clusters = entries(doc, 'clusters', file).map((entry, i): KubeCluster => {
    const c = record(entry['cluster']);
    const server = text(c?.['server']);
    if (!c || !server) throw new KubeConfigFormatError(`clusters[${i}].cluster.server is missing`, file);
    return {
      name: entry['name'] as string,
      server: server.replace(/\/+$/, ''),
      caData: text(c['certificate-authority-data']),
      caFile: absolute(root, text(c['certificate-authority'])),
      skipTLSVerify: c['insecure-skip-tls-verify'] === true,
      tlsServerName: text(c['tls-server-name']),
      proxyUrl: text(c['proxy-url']),
    };
  });
  const users = entries(doc, 'users', file).map((entry): KubeUser => {
    const u = record(entry['user']) ?? {};
    return {
      name: entry['name'] as string,
      token: text(u['token']),
      tokenFile: absolute(root, text(u['tokenFile'] ?? u['token-file'])),
      username: text(u['username']),
      password: text(u['password']),
      certData: text(u['client-certificate-data']),
      certFile: absolute(root, text(u['client-certificate'])),
      keyData: text(u['client-key-data']),
      keyFile: absolute(root, text(u['client-key'])),
      exec: record(u['exec']),
      authProvider: record(u['auth-provider']),
      impersonateUser: text(u['as']),
    };
  });
  const contexts = entries(doc, 'contexts', file).map((entry, i): KubeContext => {
    const c = record(entry['context']);
    const cluster = text(c?.['cluster']);
    if (!c || !cluster) throw new KubeConfigFormatError(`contexts[${i}].context.cluster is missing`, file);
    return {
      name: entry['name'] as string,
      cluster,
      user: text(c['user']),
      namespace: text(c['namespace']),
    };
  });
  return { clusters, users, contexts, currentContext: text(doc['current-context']) };
}

/**
 * Merges kubeconfig files as kubectl does with a `KUBECONFIG` list: the first file that sets
 * `current-context` wins, and so does the first entry of each name.
 */
export function mergeKubeConfigs(list: readonly KubeConfigEntries[]): KubeConfigEntries {
  const merged: KubeConfigEntries = { clusters: [], users: [], contexts: [] };
  const add = <T extends { name: string }>(into: T[], from: readonly T[]) => {
    for (const item of from) if (!into.some((have) => have.name === item.name)) into.push(item);
  };
  for (const one of list) {
    merged.currentContext ??= one.currentContext;
    add(merged.clusters, one.clusters);
    add(merged.users, one.users);
    add(merged.contexts, one.contexts);
  }
  return merged;
}
