// SPDX-License-Identifier: Apache-2.0
// The page's side of the server: the token (from the page shell's meta element), URLs that carry
// it, the live feeds (EventSource) and the actions (POST with the token in a header).

const TOKEN_META = 'kubetrain-token';
const TOKEN_PARAM = 'token';
const TOKEN_HEADER = 'x-kubetrain-token';

/** The per-run token. */
export const token = document.querySelector<HTMLMetaElement>(`meta[name="${TOKEN_META}"]`)?.content ?? '';

/** `path` with the token and `params` in its query. */
export function url(path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ [TOKEN_PARAM]: token });
  for (const [k, v] of Object.entries(params)) if (v) query.set(k, v);
  return `${path}?${query.toString()}`;
}

/** Handlers of a feed's events (JSON data), plus its connection state. */
export interface FeedHandlers {
  readonly events: Record<string, (data: unknown) => void>;
  /** 'live' when connected, 'reconnecting' after a failure (EventSource retries by itself). */
  readonly connection: (state: 'live' | 'reconnecting') => void;
}

/** Opens a feed (`params` in its query); returns its closer. The `dropped` event closes it for good. */
export function openFeed(
  path: string,
  handlers: FeedHandlers,
  params: Record<string, string> = {},
): () => void {
  const source = new EventSource(url(path, params));
  source.onopen = () => handlers.connection('live');
  source.onerror = () => {
    if (source.readyState !== EventSource.CLOSED) handlers.connection('reconnecting');
  };
  for (const [name, handle] of Object.entries(handlers.events))
    source.addEventListener(name, (event) => {
      if (name === 'dropped') source.close();
      handle(JSON.parse((event as MessageEvent<string>).data));
    });
  return () => source.close();
}

/** Runs an action on a job (`params`: a v1 job's kind); resolves with the server's error text, or undefined when it worked. */
export async function act(
  namespace: string,
  name: string,
  action: string,
  params: Record<string, string> = {},
): Promise<string | undefined> {
  const query = new URLSearchParams(params).toString();
  const path = `/api/jobs/${encodeURIComponent(namespace)}/${encodeURIComponent(name)}/${action}${query ? `?${query}` : ''}`;
  try {
    const response = await fetch(path, { method: 'POST', headers: { [TOKEN_HEADER]: token } });
    if (response.ok) return undefined;
    const body = (await response.json().catch(() => ({}))) as { error?: string };
    return body.error ?? `${response.status} ${response.statusText}`;
  } catch (e) {
    return `the dashboard did not answer: ${(e as Error).message}`;
  }
}
