// SPDX-License-Identifier: Apache-2.0
// Counting the manager's own requests: every request of a KubeClient (watches aside) goes through
// its `call`, which this wraps once, at startup, on the manager's one client.

import type { KubeClient } from './kube.js';

type Call = Parameters<KubeClient['call']>[1];

/** The verb of a request as the API server's metrics name it (`APPLY` for server-side apply). */
export function requestVerb(call: Pick<Call, 'method' | 'contentType'>): string {
  if (call.method === 'PATCH' && call.contentType === 'application/apply-patch+yaml') return 'APPLY';
  return call.method === 'GET' ? 'GET' : call.method;
}

/** Makes `client` report each request to `observe(verb, resource)` before it is sent; returns it. */
export function countRequests(
  client: KubeClient,
  observe: (verb: string, resource: string) => void,
): KubeClient {
  const call = client.call.bind(client);
  client.call = <T>(ref: Parameters<KubeClient['call']>[0], request: Call): Promise<T> => {
    const resource = request.subresource ? `${ref.resource}/${request.subresource}` : ref.resource;
    observe(requestVerb(request), resource);
    return call<T>(ref, request);
  };
  return client;
}
