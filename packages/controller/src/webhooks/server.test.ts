// SPDX-License-Identifier: Apache-2.0
import { Registry } from 'prom-client';
import { issueCertificates, type CertificateBundle } from '../certs/generate.js';
import { errored, allowed, patched, type AdmissionOutcome } from './admission-review.js';
import type { AdmissionHandler } from './handler.js';
import { Webhooks } from './names.js';
import { IDLE_CONNECTION_MS, startWebhookServer, type WebhookServer } from './server.js';
import { WebhookTestClient } from '../../test/webhook-client.js';
import { WebhookMetrics } from './webhook-metrics.js';

const path = Webhooks.TrainJobValidator.path;
const review = (request: Record<string, unknown>) => ({
  apiVersion: 'admission.k8s.io/v1',
  kind: 'AdmissionReview',
  request,
});
const create = (object: unknown = { kind: 'TrainJob', metadata: { name: 'a' } }) =>
  review({
    uid: 'u1',
    kind: { group: 'trainer.kubeflow.org', version: 'v1alpha1', kind: 'TrainJob' },
    operation: 'CREATE',
    object,
  });

let bundle: CertificateBundle;
let server: WebhookServer;
let client: WebhookTestClient;
const registry = new Registry();
let decide: AdmissionHandler = async () => allowed();

beforeAll(async () => {
  bundle = await issueCertificates({
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
    validityMs: 3600_000,
  });
  server = await startWebhookServer({
    host: '127.0.0.1',
    port: 0,
    certificate: bundle,
    handlers: new Map([[path, (r) => decide(r)]]),
    requestTimeoutMs: 300,
    maxBodyBytes: 64 * 1024,
    maxDepth: 50,
    metrics: new WebhookMetrics(registry),
  });
  client = new WebhookTestClient(server.port, bundle.caCert);
});

afterAll(async () => {
  client.close();
  await server.close();
});

function response(body: unknown): { uid: string } & AdmissionOutcome {
  return (body as { response: { uid: string } & AdmissionOutcome }).response;
}

describe('webhook server', () => {
  it('answers a decided request with the uid and the outcome', async () => {
    decide = async () => allowed(['a warning']);
    const res = await client.post(path, create());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      apiVersion: 'admission.k8s.io/v1',
      kind: 'AdmissionReview',
      response: { uid: 'u1', allowed: true, status: { code: 200 }, warnings: ['a warning'] },
    });
  });

  it('keeps an idle connection open longer than the API server does (it closes first)', async () => {
    decide = async () => allowed();
    const res = await client.post(path, create());
    expect(res.headers['connection']).toBe('keep-alive');
    expect(res.headers['keep-alive']).toBe(`timeout=${IDLE_CONNECTION_MS / 1000}`);
    expect(IDLE_CONNECTION_MS).toBeGreaterThan(90_000);
  });

  const deep = (n: number): unknown => (n === 0 ? {} : { a: deep(n - 1) });
  it.each<[string, unknown, string | undefined, number, string]>([
    ['an empty body', '', undefined, 400, 'request body is empty'],
    [
      'another content type',
      create(),
      'text/plain',
      400,
      'contentType=text/plain, expected application/json',
    ],
    [
      'truncated JSON',
      JSON.stringify(create()).slice(0, 40),
      undefined,
      400,
      "couldn't decode the AdmissionReview",
    ],
    ['a JSON array', '[]', undefined, 400, 'the body is not a JSON object'],
    [
      'another apiVersion',
      { ...create(), apiVersion: 'admission.k8s.io/v1beta1' },
      undefined,
      400,
      'unsupported AdmissionReview',
    ],
    [
      'no request',
      { apiVersion: 'admission.k8s.io/v1', kind: 'AdmissionReview' },
      undefined,
      400,
      'got an empty AdmissionRequest',
    ],
    [
      'a bad operation',
      review({ uid: 'u', operation: 'PATCH' }),
      undefined,
      400,
      'request.operation must be one of',
    ],
    [
      'a non-object object',
      review({ uid: 'u', operation: 'CREATE', object: 'x' }),
      undefined,
      400,
      'request.object must be an object',
    ],
    ['no object', review({ uid: 'u', operation: 'CREATE' }), undefined, 400, 'there is no content to decode'],
    [
      'an update without the old object',
      review({ uid: 'u', operation: 'UPDATE', object: {} }),
      undefined,
      400,
      'old object',
    ],
    [
      'another kind',
      create({ kind: 'Pod' }),
      undefined,
      400,
      'unsupported kind Pod: this webhook admits TrainJob',
    ],
    [
      'a body over the limit',
      create({ kind: 'TrainJob', x: 'y'.repeat(70 * 1024) }),
      undefined,
      413,
      'request entity is too large; limit is 65536 bytes',
    ],
    ['an object nested too deep', create(deep(60)), undefined, 400, 'exceeded max depth of 50'],
  ])('refuses %s with a well-formed answer', async (_name, body, contentType, code, message) => {
    decide = async () => allowed();
    const res = await client.post(path, body, contentType);
    expect(res.status).toBe(200);
    const answer = response(res.body);
    expect(answer.allowed).toBe(false);
    expect(answer.status?.code).toBe(code);
    expect(answer.status?.message).toContain(message);
  });

  it.each<[string, AdmissionHandler, number, string]>([
    [
      'a handler that throws',
      async () => {
        throw new Error('boom');
      },
      500,
      'internal error: boom',
    ],
    [
      'a handler that never decides',
      () => new Promise<AdmissionOutcome>(() => undefined),
      504,
      'admission request not decided within 300ms',
    ],
    ['a handler that errors', async () => errored(422, 'no'), 422, 'no'],
  ])('answers %s', async (_name, handler, code, message) => {
    decide = handler;
    const answer = response((await client.post(path, create())).body);
    expect(answer).toMatchObject({ uid: 'u1', allowed: false, status: { code, message } });
  });

  it('answers 404 for other paths', async () => {
    const res = await client.post('/other', create());
    expect(res.status).toBe(404);
  });

  it('serves a new certificate after setCertificate', async () => {
    const next = await issueCertificates({
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
      validityMs: 3600_000,
    });
    server.setCertificate(next);
    const fresh = new WebhookTestClient(server.port, next.caCert);
    const stale = new WebhookTestClient(server.port, bundle.caCert);
    try {
      decide = async () => allowed();
      expect(response((await fresh.post(path, create())).body).allowed).toBe(true);
      await expect(stale.post(path, create())).rejects.toThrow(/certificate|self-signed|verify/i);
    } finally {
      fresh.close();
      stale.close();
      server.setCertificate(bundle);
    }
  });

  it('counts requests, latency, in-flight and denials with controller-runtime names', async () => {
    decide = async () => errored(403, 'no');
    await client.post(path, create());
    const text = await registry.metrics();
    expect(text).toContain(`controller_runtime_webhook_requests_total{webhook="${path}",code="200"}`);
    expect(text).toContain(`controller_runtime_webhook_latency_seconds_count{webhook="${path}"}`);
    expect(text).toContain(`controller_runtime_webhook_requests_in_flight{webhook="${path}"} 0`);
    expect(text).toMatch(
      new RegExp(`kubetrain_webhook_denials_total\\{webhook="${path}",code="403"\\} [1-9]`),
    );
  });

  it('reads int64 values exactly and writes them back exactly in a patch', async () => {
    let seen: unknown;
    decide = async (request) => {
      seen = (request.object as { spec: { activeDeadlineSeconds: unknown } }).spec.activeDeadlineSeconds;
      return patched([{ op: 'add', path: '/spec/x', value: seen }]);
    };
    const body = JSON.stringify(
      create({ kind: 'TrainJob', metadata: { name: 'a' }, spec: { activeDeadlineSeconds: 0 } }),
    ).replace('"activeDeadlineSeconds":0', '"activeDeadlineSeconds":9223372036854775807');
    const res = await client.post(path, body);
    expect(seen).toBe(9223372036854775807n);
    const { patch } = response(res.body) as unknown as { patch: string };
    expect(Buffer.from(patch, 'base64').toString('utf8')).toBe(
      '[{"op":"add","path":"/spec/x","value":9223372036854775807}]',
    );
  });
});
