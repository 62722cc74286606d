// SPDX-License-Identifier: Apache-2.0
// kube-apiserver's request counter, `apiserver_request_total`, read from its /metrics endpoint
// and keyed as the harness counts its own requests (see request-counts.ts).
import type { KubeClient } from './kube-client.js';
import { parseSamples } from './prom-text.js';
import { countKey, type RequestCounts } from './request-counts.js';

/**
 * `apiserver_request_total` summed over codes, groups, versions and scopes, by verb and
 * resource[/subresource]. Non-resource requests (/metrics, /readyz, …) have no resource and are
 * left out. The scrape itself is a non-resource request, so it does not count.
 */
export async function apiserverRequests(client: KubeClient): Promise<RequestCounts> {
  const text = await client.raw('/metrics', { accept: 'text/plain' });
  const counts: RequestCounts = new Map();
  for (const s of parseSamples(text, 'apiserver_request_total')) {
    const { verb = '', resource = '', subresource = '' } = s.labels;
    if (!resource) continue;
    const key = countKey(verb, subresource ? `${resource}/${subresource}` : resource);
    counts.set(key, (counts.get(key) ?? 0) + s.value);
  }
  return counts;
}
