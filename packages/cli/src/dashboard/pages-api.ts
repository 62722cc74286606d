// SPDX-License-Identifier: Apache-2.0
// The JSON endpoints of the runtimes and usage pages (behind the same guard as every request, in
// server.ts): `GET /api/runtimes`, `GET /api/runtimes/preview?kind=&name=[&namespace=]` and
// `GET /api/usage?period=|from=&to=`. At most MAX_IN_FLIGHT of them at once (a 503 past that): each
// reads the cluster, and a preview renders.

import type { ServerResponse } from 'node:http';
import { Kinds } from '@kubetrain/api';
import { ApiError } from '@kubetrain/kube';
import { apiFailure } from './api-failure.js';
import type { ClusterPort } from './cluster-port.js';
import { OBJECT_NAME, sendJson } from './http-reply.js';
import { runtimePreview, type PreviewRef } from './runtime-preview.js';
import { runtimesView } from './runtimes-view.js';
import { UsageParamError, usageView, usageWindowOf } from './usage-view.js';

/** The in-page paths of the two pages (the server answers them with the page shell). */
export const PAGE_PATHS: ReadonlySet<string> = new Set(['/runtimes', '/usage']);

/** Endpoint requests served at once. */
export const MAX_IN_FLIGHT = 4;

/** What the endpoints read. */
export interface PagesContext {
  readonly cluster: ClusterPort;
  /** The namespaces tried in order (undefined: every namespace), as for the jobs list. */
  readonly scopes: readonly (string | undefined)[];
  readonly now: () => number;
  readonly log: (line: string) => void;
}

/** The runtime a preview request names, or the message naming its bad parameter. */
export function previewRefOf(
  params: URLSearchParams,
  scopes: readonly (string | undefined)[],
): PreviewRef | string {
  const kind = params.get('kind') ?? '';
  if (kind !== Kinds.ClusterTrainingRuntime && kind !== Kinds.TrainingRuntime)
    return `kind: must be ${Kinds.ClusterTrainingRuntime} or ${Kinds.TrainingRuntime}`;
  const name = params.get('name') ?? '';
  if (!OBJECT_NAME.test(name)) return 'name: not a valid runtime name';
  const fallback = [...scopes].reverse().find((s) => s !== undefined) ?? 'default';
  const namespace = params.get('namespace') || (kind === Kinds.ClusterTrainingRuntime ? fallback : '');
  if (!OBJECT_NAME.test(namespace)) return 'namespace: not a valid namespace name';
  return { kind, name, namespace };
}

type Answer = { status: number; body: unknown };

async function answer(path: string, params: URLSearchParams, ctx: PagesContext): Promise<Answer> {
  if (path === '/api/runtimes') return { status: 200, body: await runtimesView(ctx.cluster, ctx.scopes) };
  if (path === '/api/runtimes/preview') {
    const ref = previewRefOf(params, ctx.scopes);
    if (typeof ref === 'string') return { status: 400, body: { error: ref } };
    return runtimePreview(ctx.cluster, ref);
  }
  const nowMs = ctx.now();
  let window;
  try {
    window = usageWindowOf(params, nowMs);
  } catch (e) {
    if (e instanceof UsageParamError) return { status: 400, body: { error: e.message } };
    throw e;
  }
  return { status: 200, body: await usageView(ctx.cluster, ctx.scopes, window, nowMs) };
}

/** What serves the endpoints: true when `path` is one of them (answered), else false. */
export type PagesApi = (path: string, params: URLSearchParams, res: ServerResponse) => boolean;

/** The endpoints over `ctx`, with their own bound of requests at once. */
export function pagesApi(ctx: PagesContext): PagesApi {
  let inFlight = 0;
  return (path, params, res) => {
    if (path !== '/api/runtimes' && path !== '/api/runtimes/preview' && path !== '/api/usage') return false;
    if (inFlight >= MAX_IN_FLIGHT) {
      sendJson(res, 503, { error: 'the dashboard is busy: try again' });
      return true;
    }
    inFlight++;
    void answer(path, params, ctx)
      .then(
        (a) => sendJson(res, a.status, a.body),
        (e: unknown) => {
          const failure = apiFailure(e);
          if (!(e instanceof ApiError)) ctx.log(`dashboard: ${path}: ${(e as Error).message}`);
          sendJson(res, failure.status, { error: failure.message });
        },
      )
      .finally(() => inFlight--);
    return true;
  };
}
