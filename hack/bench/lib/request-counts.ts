// SPDX-License-Identifier: Apache-2.0
// Request counts keyed the way kube-apiserver's `apiserver_request_total` labels them
// (verb, resource, subresource), and the arithmetic the benchmark does with them: deltas between
// two scrapes, subtracting the harness's own requests, and picking the rows a Trainer manager
// is responsible for.

/** Request counts by {@link countKey}. */
export type RequestCounts = Map<string, number>;

/** `VERB resource[/subresource]`, e.g. `APPLY jobsets` or `PATCH trainjobs/status`. */
export function countKey(verb: string, resource: string): string {
  return `${verb} ${resource}`;
}

/**
 * The verb kube-apiserver records for an HTTP request (its `apiserver_request_total` verb label):
 * the HTTP method, except that a server-side apply PATCH is APPLY and a GET is LIST for a
 * collection and WATCH with `watch=`. (DELETE of a collection stays DELETE, with another scope.)
 */
export function requestVerb(method: string, path: string, contentType?: string): string {
  const [pathname = '', query = ''] = path.split('?');
  const upper = method.toUpperCase();
  if (upper === 'PATCH') return contentType === 'application/apply-patch+yaml' ? 'APPLY' : 'PATCH';
  if (upper !== 'GET') return upper;
  const watch = new URLSearchParams(query).get('watch');
  if (watch === '1' || watch === 'true') return 'WATCH';
  return (resourceOfPath(pathname)?.named ?? false) ? 'GET' : 'LIST';
}

/** A resource path's resource (with `/subresource`) and whether it names one object. */
export interface PathResource {
  /** `resource` or `resource/subresource`. */
  resource: string;
  /** The path names one object (not a collection). */
  named: boolean;
}

const NAMESPACE_SUBRESOURCES = new Set(['status', 'finalize']);

/**
 * The resource of an API path (`/api/v1/namespaces/x/configmaps/y`,
 * `/apis/g/v/namespaces/x/trainjobs/y/status`, `/api/v1/namespaces`), or undefined for
 * non-resource paths such as `/metrics`.
 */
export function resourceOfPath(path: string): PathResource | undefined {
  const pathname = path.split('?')[0] ?? '';
  const parts = pathname.split('/').filter(Boolean);
  let rest: string[];
  if (parts[0] === 'api' && parts.length >= 3) rest = parts.slice(2);
  else if (parts[0] === 'apis' && parts.length >= 4) rest = parts.slice(3);
  else return undefined;
  // namespaces/<ns>/<resource>/... is namespaced unless it is the namespace itself (+ subresource).
  if (rest[0] === 'namespaces' && rest.length >= 3 && !NAMESPACE_SUBRESOURCES.has(rest[2] ?? '')) {
    rest = rest.slice(2);
  }
  const [resource, name, sub] = rest;
  if (!resource) return undefined;
  const full = sub ? `${resource}/${sub}` : resource;
  return { resource: full, named: name !== undefined };
}

/** `after - before` per key, keys with no change dropped. */
export function delta(before: RequestCounts, after: RequestCounts): RequestCounts {
  const out: RequestCounts = new Map();
  for (const [key, value] of after) {
    const d = value - (before.get(key) ?? 0);
    if (d !== 0) out.set(key, d);
  }
  return out;
}

/** `total - own` per key (the harness's requests removed), never below zero. */
export function subtract(total: RequestCounts, own: RequestCounts): RequestCounts {
  const out: RequestCounts = new Map();
  for (const [key, value] of total) {
    const d = Math.max(0, value - (own.get(key) ?? 0));
    if (d !== 0) out.set(key, d);
  }
  return out;
}

/** The sum of all counts. */
export function sum(counts: RequestCounts): number {
  let total = 0;
  for (const v of counts.values()) total += v;
  return total;
}

/**
 * Whether a request row is a Trainer manager's. The other writers in the cluster never touch
 * these rows during a benchmark window: the JobSet controller writes only `jobsets/status`, Jobs,
 * Services and Events; kube-controller-manager creates a namespace's `kube-root-ca.crt`
 * ConfigMap before the window opens; kwok, the scheduler and the controller-manager work on
 * pods, jobs, leases, endpointslices and events. LIST and WATCH are left out: every
 * component re-opens its watches now and then; so is GET: kube-controller-manager's garbage
 * collector GETs the owners (TrainJobs) of the objects it tracks. Events are left out because
 * every component writes them. A manager's own reads show in its client-side count
 * (rest_client_requests_total), which the report gives next to these rows.
 */
export function isManagerRow(key: string): boolean {
  const [verb = '', resource = ''] = key.split(' ');
  if (verb === 'LIST' || verb === 'WATCH' || verb === 'GET') return false;
  const base = resource.split('/')[0] ?? '';
  if (['trainjobs', 'trainingruntimes', 'clustertrainingruntimes'].includes(base)) return true;
  if (resource === 'jobsets' || resource === 'configmaps' || resource === 'secrets') return true;
  return false;
}

/** The rows of `counts` for which `keep` holds. */
export function filterRows(counts: RequestCounts, keep: (key: string) => boolean): RequestCounts {
  return new Map([...counts].filter(([key]) => keep(key)));
}
