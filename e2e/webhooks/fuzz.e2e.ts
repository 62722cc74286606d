// SPDX-License-Identifier: Apache-2.0
// Fuzzing the webhook server directly (not through the API server): random mutations of valid
// TrainJobs and runtimes (wrong types, huge values, missing fields, unicode, deep nesting) inside
// AdmissionReviews, and malformed reviews (truncated JSON, wrong shapes, other content types). Every
// request must get a well-formed AdmissionReview answer, the server must keep serving, and memory
// must stay flat; the count and the RSS before and after are printed.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { Webhooks } from '@kubetrain/controller';
import { WebhookTestClient } from '@kubetrain/controller/test-support';
import { clusterTrainingRuntime, trainJob, trainingRuntime } from './fixtures.js';
import { startWebhookHarness, TrainerResources, type WebhookHarness } from './harness.js';

const RUNS = Number(process.env['WEBHOOK_FUZZ_RUNS'] ?? 10_000);

/** A full garbage collection, also without `--expose-gc` on the command line. */
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

let h: WebhookHarness;
let client: WebhookTestClient;

beforeAll(async () => {
  h = await startWebhookHarness('wh-fuzz');
  await h.client.create(TrainerResources.TrainingRuntime, trainingRuntime(h.namespace, 'training-runtime'));
  client = new WebhookTestClient(h.server.port, h.bundle.caCert);
});

afterAll(async () => {
  client?.close();
  await h?.stop();
});

type Json = unknown;

/** Values that break assumptions: wrong types, huge and unicode strings, deep nesting. */
const hostile: fc.Arbitrary<Json> = fc.oneof(
  fc.constantFrom(null, true, 0, -1, 2 ** 31, -(2 ** 53), 1.5, '', [], {}),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer({ min: 1, max: 400_000 }).map((n) => 'é'.repeat(n)),
  fc.integer({ min: 1, max: 400 }).map((depth) => {
    let v: Json = 'leaf';
    for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
    return v;
  }),
  fc.jsonValue({ maxDepth: 4 }),
);

/** A path into the object: existing keys mostly, new ones sometimes. */
function paths(object: Json, prefix: string[] = [], out: string[][] = []): string[][] {
  out.push(prefix);
  if (object !== null && typeof object === 'object' && prefix.length < 12) {
    for (const [k, v] of Object.entries(object)) paths(v, [...prefix, k], out);
  }
  return out;
}

function mutate(object: Json, path: string[], action: 'set' | 'delete', value: Json): Json {
  if (path.length === 0) return action === 'set' ? value : {};
  const copy = structuredClone(object) as Record<string, Json>;
  let at: Record<string, Json> = copy;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (next === null || typeof next !== 'object') return copy;
    at = next as Record<string, Json>;
  }
  const last = path[path.length - 1] as string;
  if (action === 'delete') delete at[last];
  else at[last] = value;
  return copy;
}

const webhooks = [
  Webhooks.TrainJobDefaulter,
  Webhooks.TrainJobValidator,
  Webhooks.TrainingRuntimeValidator,
  Webhooks.ClusterTrainingRuntimeValidator,
];

const bases = () => ({
  TrainJob: {
    ...trainJob(h.namespace, 'fuzz', 'training-runtime'),
    metadata: { name: 'fuzz', namespace: h.namespace, uid: 'u' },
  },
  TrainingRuntime: trainingRuntime(h.namespace, 'fuzz-rt'),
  ClusterTrainingRuntime: clusterTrainingRuntime('fuzz-ctr', {}),
});

/** One request: a mutated object in a (possibly broken) review, as bytes, to a path. */
const request = fc
  .record({
    webhook: fc.constantFrom(...webhooks),
    operation: fc.constantFrom(
      'CREATE',
      'CREATE',
      'CREATE',
      'UPDATE',
      'UPDATE',
      'UPDATE',
      'DELETE',
      'CONNECT',
      'PATCH',
      7,
    ),
    pathPick: fc.nat(),
    action: fc.constantFrom<'set' | 'delete'>('set', 'set', 'set', 'delete'),
    value: hostile,
    oldPick: fc.nat(),
    oldValue: hostile,
    envelope: fc.oneof(
      { weight: 12, arbitrary: fc.constant('ok') },
      {
        weight: 7,
        arbitrary: fc.constantFrom(
          'truncate',
          'apiVersion',
          'noRequest',
          'requestValue',
          'garbage',
          'contentType',
          'otherKind',
        ),
      },
    ),
    cut: fc.nat(),
    garbage: fc.jsonValue({ maxDepth: 3 }),
  })
  .map((c) => {
    const base = bases()[c.webhook.kind];
    const candidates = paths(base);
    const object = mutate(base, candidates[c.pathPick % candidates.length] ?? [], c.action, c.value);
    const oldObject = mutate(base, candidates[c.oldPick % candidates.length] ?? [], 'set', c.oldValue);
    const kind = c.envelope === 'otherKind' ? 'Pod' : c.webhook.kind;
    let review: Json = {
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      request: {
        uid: 'fuzz-uid',
        kind: { group: 'trainer.kubeflow.org', version: 'v1alpha1', kind },
        operation: c.operation,
        namespace: h.namespace,
        object,
        oldObject,
      },
    };
    if (c.envelope === 'apiVersion')
      review = { ...(review as object), apiVersion: 'admission.k8s.io/v1beta1' };
    if (c.envelope === 'noRequest') review = { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' };
    if (c.envelope === 'requestValue') review = { ...(review as object), request: c.value };
    if (c.envelope === 'garbage') review = c.garbage;
    let body = JSON.stringify(review) ?? '';
    if (c.envelope === 'truncate') body = body.slice(0, c.cut % Math.max(1, body.length));
    return {
      path: c.webhook.path,
      body,
      contentType: c.envelope === 'contentType' ? 'text/yaml' : 'application/json',
    };
  });

function wellFormed(status: number, body: unknown): string | undefined {
  if (status !== 200) return `HTTP ${status}`;
  const review = body as { apiVersion?: unknown; kind?: unknown; response?: Record<string, unknown> };
  if (review?.apiVersion !== 'admission.k8s.io/v1' || review.kind !== 'AdmissionReview')
    return 'not a review';
  const r = review.response;
  if (r === undefined || typeof r['uid'] !== 'string' || typeof r['allowed'] !== 'boolean')
    return 'no response';
  const s = r['status'] as { code?: unknown; message?: unknown } | undefined;
  if (typeof s?.code !== 'number') return 'no status code';
  if (r['allowed'] === false && (typeof s.message !== 'string' || s.message === ''))
    return 'a denial without a message';
  if (r['patch'] !== undefined && r['patchType'] !== 'JSONPatch') return 'a patch without its type';
  return undefined;
}

describe('webhook server fuzz', () => {
  it(`answers ${RUNS} random mutations and malformed reviews with well-formed reviews, memory flat`, async () => {
    gc();
    const before = process.memoryUsage().rss;
    let tried = 0;
    const codes = new Map<string, number>();
    const samples: string[] = [];
    const internal = new Set<string>();
    const heaps: number[] = [];
    const mib = (n: number) => (n / 1024 / 1024).toFixed(1);
    await fc.assert(
      fc.asyncProperty(request, async ({ path, body, contentType }) => {
        tried++;
        if (tried % Math.max(1, Math.floor(RUNS / 10)) === 0) {
          gc();
          const m = process.memoryUsage();
          samples.push(`${mib(m.rss)}/${mib(m.heapUsed)}`);
          heaps.push(m.heapUsed);
        }
        const res = await client.post(path, body, contentType);
        const problem = wellFormed(res.status, res.body);
        const r = (res.body as { response?: { allowed: boolean; status: { code: number } } }).response;
        const key = r ? `${r.allowed ? 'allowed' : 'refused'} ${r.status.code}` : 'none';
        codes.set(key, (codes.get(key) ?? 0) + 1);
        const text = (r?.status as { message?: string } | undefined)?.message ?? '';
        if (r?.status.code === 500 && internal.size < 8) internal.add(text.slice(0, 160));
        expect(problem).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
    gc();
    const after = process.memoryUsage().rss;
    process.stdout.write(
      `webhook fuzz: ${tried} requests; outcomes ${JSON.stringify(Object.fromEntries(codes))}; ` +
        `RSS before ${mib(before)} MiB, after ${mib(after)} MiB; every ${Math.floor(RUNS / 10)}: ` +
        `RSS/heap ${samples.join(', ')} MiB\n` +
        (internal.size > 0
          ? `internal errors (engine throws), first kinds: ${[...internal].join(' | ')}\n`
          : ''),
    );
    expect(tried).toBe(RUNS);
    // The server still answers a valid review.
    const ok = await client.post(
      Webhooks.TrainingRuntimeValidator.path,
      JSON.stringify({
        apiVersion: 'admission.k8s.io/v1',
        kind: 'AdmissionReview',
        request: {
          uid: 'last',
          kind: { kind: 'TrainingRuntime' },
          operation: 'CREATE',
          object: bases().TrainingRuntime,
        },
      }),
    );
    expect((ok.body as { response: { allowed: boolean } }).response.allowed).toBe(true);
    // Flat: once warm (schemas compiled, pools filled), the live heap after a full GC does not grow.
    const warm = heaps[1] ?? 0;
    const last = heaps[heaps.length - 1] ?? 0;
    expect(last - warm).toBeLessThan(32 * 1024 * 1024);
  }, 900_000);
});
