// SPDX-License-Identifier: Apache-2.0
/** What goes on the wire for one request: where to, its path with the query string, and its headers. */
import type { OutgoingHttpHeaders } from 'node:http';

/** One HTTP request to the API server. */
export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the server URL, e.g. `/api/v1/namespaces/a/configmaps`. */
  path: string;
  /** Query parameters; `undefined` values are left out. */
  query?: Record<string, string | number | boolean | undefined>;
  /** A JSON body, already serialized. */
  body?: string;
  /** Content-Type of `body`. Default `application/json`. */
  contentType?: string;
  /** Accept header. Default `application/json`. */
  accept?: string;
  /** A streaming request (watch, followed log): sockets of their own, no request timeout. */
  stream?: boolean;
  /** Aborting fails the request, or ends its body stream with an error. */
  signal?: AbortSignal;
}

/** The headers every request carries besides the credentials. */
export interface HeaderOptions {
  /** `Impersonate-User`, and one `Impersonate-Group` header per group. */
  impersonate?: { user: string; groups?: string[] } | undefined;
  /** `User-Agent`. Default `kubetrain`. */
  userAgent?: string | undefined;
}

/** Where the API server is, from the kubeconfig's `server` URL. */
export interface ServerOrigin {
  /** `https:` (else `http:`). */
  secure: boolean;
  /** Host name or address, IPv6 without brackets. */
  hostname: string;
  port: number;
  /** The URL's path (a proxy's prefix) without a trailing `/`; usually empty. */
  prefix: string;
}

/** Parses the kubeconfig's `server` URL; throws for anything but http(s). */
export function serverOrigin(server: string): ServerOrigin {
  const url = new URL(server);
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`kubeconfig server ${server}: not an http(s) URL`);
  const secure = url.protocol === 'https:';
  return {
    secure,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port === '' ? (secure ? 443 : 80) : Number(url.port),
    prefix: url.pathname.replace(/\/+$/, ''),
  };
}

/**
 * The `host` label of client-go's `rest_client_requests_total`: the server URL's host as written
 * (`req.c.base.Host`: the port kept when the URL has one, no user info), `none` without one.
 */
export function restClientHost(server: string): string {
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(server)?.[1] ?? '';
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host === '' ? 'none' : host;
}

/**
 * The `code` label of client-go's `rest_client_requests_total`: the HTTP status as a decimal
 * (`"200"`), or `<error>` when no response came (client-go's `sanitize`: errors are arbitrary strings).
 */
export function restClientCode(statusCode: number | undefined): string {
  return statusCode === undefined ? '<error>' : String(statusCode);
}

/** Builds the query string, skipping `undefined`. */
export function queryString(query: TransportRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/**
 * The request's headers: `auth` (lower-case names), Accept, User-Agent, Content-Type and
 * Content-Length of a body, impersonation. No Accept-Encoding: responses come uncompressed.
 */
export function requestHeaders(
  req: TransportRequest,
  auth: Readonly<Record<string, string>>,
  options: HeaderOptions,
): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {
    ...auth,
    accept: req.accept ?? 'application/json',
    'user-agent': options.userAgent ?? 'kubetrain',
  };
  if (req.body !== undefined) {
    headers['content-type'] = req.contentType ?? 'application/json';
    headers['content-length'] = Buffer.byteLength(req.body);
  }
  const impersonate = options.impersonate;
  if (impersonate) {
    headers['impersonate-user'] = impersonate.user;
    // node:http writes an array value as one header line per element: Impersonate-Group is a
    // list the API server reads from repeated headers.
    if (impersonate.groups?.length) headers['impersonate-group'] = [...impersonate.groups];
  }
  return headers;
}
