// SPDX-License-Identifier: Apache-2.0
// Who may talk to the dashboard: the token on every request, a Host header naming this server (no DNS
// rebinding), and for the actions (POST) the token in a header plus an Origin of this server (CSRF).
// The response headers that keep the page to itself: a strict Content-Security-Policy and friends.

import { tokenMatches } from './token.js';

/** The header the page sends the token in (a cross-site form or image cannot set it). */
export const TOKEN_HEADER = 'x-kubetrain-token';

/** The query parameter of the token in the URL the dashboard prints. */
export const TOKEN_PARAM = 'token';

/** Scripts, styles and connections from this server only; no inline script or style, no framing. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The headers of every response. */
export function securityHeaders(): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-content-type-options': 'nosniff',
    // The token is in the URL: no Referer carries it to another site.
    'referrer-policy': 'no-referrer',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-store',
  };
}

/** What the guard reads of a request. */
export interface GuardedRequest {
  readonly method: string;
  /** The path and query, as in the request line. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

/** The guard's answer: go on, or refuse with this status and message. */
export type Verdict =
  { readonly ok: true } | { readonly ok: false; readonly status: number; readonly message: string };

/** What the guard checks against. */
export interface GuardPolicy {
  readonly token: string;
  /** The Host header values of this server (`127.0.0.1:PORT`, `localhost:PORT`); undefined: any. */
  readonly hosts: ReadonlySet<string> | undefined;
}

function header(request: GuardedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

const refuse = (status: number, message: string): Verdict => ({ ok: false, status, message });

/** Whether `request` may be served; see the module comment. */
export function checkRequest(request: GuardedRequest, policy: GuardPolicy): Verdict {
  const host = header(request, 'host') ?? '';
  if (policy.hosts !== undefined && !policy.hosts.has(host.toLowerCase()))
    return refuse(403, 'forbidden: unexpected Host header');
  const query = new URL(request.url, 'http://dashboard.invalid').searchParams;
  if (request.method === 'GET' || request.method === 'HEAD') {
    const given = header(request, TOKEN_HEADER) ?? query.get(TOKEN_PARAM) ?? undefined;
    return tokenMatches(given, policy.token)
      ? { ok: true }
      : refuse(401, 'unauthorized: open the URL kubetrain dashboard printed (it holds the token)');
  }
  if (request.method !== 'POST') return refuse(405, `method ${request.method} not allowed`);
  // An action: the token in the header (never the URL), from a page of this very server.
  if (!tokenMatches(header(request, TOKEN_HEADER), policy.token))
    return refuse(403, `forbidden: an action needs the ${TOKEN_HEADER} header`);
  const origin = header(request, 'origin');
  if (origin === undefined || origin !== `http://${host}`)
    return refuse(403, 'forbidden: cross-site request (Origin is not this dashboard)');
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined && site !== 'same-origin')
    return refuse(403, 'forbidden: cross-site request (Sec-Fetch-Site)');
  return { ok: true };
}
