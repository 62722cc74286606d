// SPDX-License-Identifier: Apache-2.0
// The I/O of the issuer's keys: the API server's service-account issuer discovery
// (`/.well-known/openid-configuration`, `/openid/v1/jwks`, GA since Kubernetes 1.21) read through
// the manager's own credentials, with a deadline and a size bound; and where the issuer comes from.
//
// The documents are read from the API server itself, whatever host the issuer URL names: the
// issuer is often not a reachable URL (`https://kubernetes.default.svc.cluster.local` outside the
// cluster), and the API server serves the discovery document and the keys it signs tokens with
// (`--service-account-key-file`) whatever its `--service-account-issuer` says.
import type { TransportResponse } from '../cluster/kube.js';
import { timeoutSignal } from '../cluster/kube.js';
import { readBoundedBody } from './body.js';
import { issuerFromServiceAccountToken, IssuerKeysError, type JsonGet } from './jwks-source.js';

/** The API server's OIDC discovery document. */
export const DISCOVERY_PATH = '/.well-known/openid-configuration';
/** The API server's public keys (the discovery document's `jwks_uri` names this path on the issuer). */
export const JWKS_PATH = '/openid/v1/jwks';
/** Where the manager's own projected service-account token is, in a pod. */
export const SERVICE_ACCOUNT_TOKEN_FILE = '/var/run/secrets/kubernetes.io/serviceaccount/token';
/** The largest discovery or JWKS document read (the API server's is about 1 KiB per key). */
export const MAX_DOCUMENT_BYTES = 1 << 20;
/** Deadline of one read. */
export const FETCH_TIMEOUT_MS = 10_000;

/** The transport's one method this needs (the manager's client: `KubeClient.transport`). */
export interface Sender {
  send(request: {
    method: 'GET';
    path: string;
    accept?: string;
    signal?: AbortSignal;
  }): Promise<TransportResponse>;
}

/** Reads a JSON document of the API server at `path`, within the deadline and the size bound. */
export async function readApiServerJson(
  sender: Sender,
  path: string,
  limits: { timeoutMs: number; maxBytes: number } = {
    timeoutMs: FETCH_TIMEOUT_MS,
    maxBytes: MAX_DOCUMENT_BYTES,
  },
): Promise<unknown> {
  const deadline = timeoutSignal(limits.timeoutMs);
  try {
    const response = await sender.send({
      method: 'GET',
      path,
      // The API server serves the JWKS as application/jwk-set+json only (406 for application/json).
      accept: 'application/json, application/jwk-set+json',
      signal: deadline.signal,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new IssuerKeysError(`GET ${path}: HTTP ${response.statusCode}`);
    }
    const declared = Number(response.headers['content-length']);
    const body = await readBoundedBody(
      response.body,
      limits.maxBytes,
      Number.isFinite(declared) ? declared : undefined,
    );
    if (body.kind === 'tooLarge') {
      response.body.destroy();
      throw new IssuerKeysError(`GET ${path}: the document is larger than ${limits.maxBytes} bytes`);
    }
    try {
      return JSON.parse(Buffer.from(body.bytes).toString('utf8'));
    } catch (cause) {
      throw new IssuerKeysError(`GET ${path}: not JSON`, { cause });
    }
  } finally {
    deadline.clear();
  }
}

/**
 * The {@link JsonGet} of `DiscoveredIssuerKeys`: the discovery URL (`<issuer>/.well-known/…`) is read
 * at the API server's {@link DISCOVERY_PATH}, the `jwks_uri` at its {@link JWKS_PATH}.
 */
export function apiServerJsonGet(sender: Sender): JsonGet {
  return (url) => {
    let path: string;
    try {
      path = new URL(url).pathname.endsWith(DISCOVERY_PATH) ? DISCOVERY_PATH : JWKS_PATH;
    } catch {
      path = JWKS_PATH;
    }
    return readApiServerJson(sender, path);
  };
}

/** The issuer and where it came from (logged at startup). */
export interface ResolvedIssuer {
  readonly issuer: string;
  readonly source: 'serviceAccountToken' | 'apiServerDiscovery';
}

/**
 * The issuer the trainer tokens must name: in a pod, the `iss` of the manager's own
 * service-account token (upstream's way); else
 * (`make run`, the e2e: the manager runs outside the cluster with a kubeconfig) the `issuer` of the
 * API server's discovery document, read with the manager's credentials.
 */
export async function resolveIssuer(deps: {
  /** The manager's own token, or undefined when the file is absent. */
  readonly serviceAccountToken: () => string | undefined;
  readonly get: JsonGet;
}): Promise<ResolvedIssuer> {
  const token = deps.serviceAccountToken();
  if (token !== undefined)
    return { issuer: issuerFromServiceAccountToken(token), source: 'serviceAccountToken' };
  const document = await deps.get(`https://api-server${DISCOVERY_PATH}`);
  const issuer =
    typeof document === 'object' && document !== null
      ? (document as Record<string, unknown>)['issuer']
      : undefined;
  if (typeof issuer !== 'string' || issuer === '')
    throw new IssuerKeysError(`the API server's ${DISCOVERY_PATH} names no issuer`);
  return { issuer, source: 'apiServerDiscovery' };
}
