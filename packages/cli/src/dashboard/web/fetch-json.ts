// SPDX-License-Identifier: Apache-2.0
// A GET of one of the server's JSON endpoints (the token in its header), for the pages that read once
// rather than follow a feed: the runtimes and usage pages.

import { token } from './api.js';

const TOKEN_HEADER = 'x-kubetrain-token';

/** The endpoint's answer: its body, or the error text to show (the server's, else the status). */
export type Fetched<T> =
  { readonly ok: true; readonly body: T } | { readonly ok: false; readonly error: string };

/** GETs `path` with `params`; `signal` aborts it (the page was left). */
export async function getJson<T>(
  path: string,
  params: Record<string, string>,
  signal: AbortSignal,
): Promise<Fetched<T>> {
  const query = new URLSearchParams(params).toString();
  try {
    const response = await fetch(query ? `${path}?${query}` : path, {
      headers: { [TOKEN_HEADER]: token },
      signal,
    });
    const body = (await response.json().catch(() => undefined)) as (T & { error?: string }) | undefined;
    if (response.ok && body !== undefined) return { ok: true, body };
    return { ok: false, error: body?.error ?? `${response.status} ${response.statusText}` };
  } catch (e) {
    return { ok: false, error: `the dashboard did not answer: ${(e as Error).message}` };
  }
}
