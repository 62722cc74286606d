// SPDX-License-Identifier: Apache-2.0
import { NotFoundError } from '../cluster/kube.js';
import { caOfSecret, StatusServerCAMaxAge, StatusServerCASource } from './status-server-ca.js';

const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';
const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('caOfSecret', () => {
  const cases: Record<string, { secret: object; want: unknown }> = {
    'ca.crt decoded': {
      secret: { data: { 'ca.crt': b64(PEM), 'tls.key': b64('k') } },
      want: { caCert: PEM },
    },
    'no ca.crt': { secret: { data: { 'tls.crt': b64('c') } }, want: { caCert: undefined } },
    'no data': { secret: {}, want: { caCert: undefined } },
    'an empty ca.crt is present (as upstream: the key exists)': {
      secret: { data: { 'ca.crt': '' } },
      want: { caCert: '' },
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => expect(caOfSecret(tc.secret)).toEqual(tc.want));
  }
});

describe('StatusServerCASource', () => {
  function source(answers: Array<object | Error>) {
    let now = 0;
    let reads = 0;
    let changes = 0;
    const ca = new StatusServerCASource(
      async () => {
        const answer = answers[Math.min(reads++, answers.length - 1)]!;
        if (answer instanceof Error) throw answer;
        return answer;
      },
      () => now,
      () => void changes++,
    );
    return { ca, reads: () => reads, changes: () => changes, advance: (ms: number) => void (now += ms) };
  }

  it('calls onChange once per new ca.crt: not for the first read, the same CA, or a failed read', async () => {
    const pem = { data: { 'ca.crt': b64(PEM) } };
    const rotated = { data: { 'ca.crt': b64('rotated') } };
    const s = source([pem, pem, new Error('timeout'), rotated, rotated]);
    const seen: number[] = [];
    for (let i = 0; i < 5; i++) {
      await s.ca.current();
      seen.push(s.changes());
      s.advance(StatusServerCAMaxAge.okMs);
    }
    expect(s.reads()).toBe(5);
    expect(seen).toEqual([0, 0, 0, 1, 1]);
  });

  it('reads once for concurrent renders and for a minute after', async () => {
    const s = source([{ data: { 'ca.crt': b64(PEM) } }, { data: { 'ca.crt': b64('rotated') } }]);
    const answers = await Promise.all([s.ca.current(), s.ca.current(), s.ca.current()]);
    expect(answers).toEqual([{ caCert: PEM }, { caCert: PEM }, { caCert: PEM }]);
    expect(s.reads()).toBe(1);
    s.advance(StatusServerCAMaxAge.okMs - 1);
    expect(await s.ca.current()).toEqual({ caCert: PEM });
    expect(s.reads()).toBe(1);
    s.advance(1);
    expect(await s.ca.current()).toEqual({ caCert: 'rotated' });
    expect(s.reads()).toBe(2);
  });

  it("answers an API error with the Status message alone, as upstream's client error", async () => {
    const status = { kind: 'Status', message: 'secrets "cert" not found', reason: 'NotFound', code: 404 };
    const error = new NotFoundError(
      'GET /api/v1/namespaces/ops/secrets/cert: secrets "cert" not found',
      404,
      'NotFound',
      status as never,
    );
    expect(await source([error]).ca.current()).toEqual({ lookupError: 'secrets "cert" not found' });
  });

  it('answers a failed read with its message, kept 5 s, then reads again', async () => {
    const s = source([
      new Error('secrets "kubeflow-trainer-webhook-cert" not found'),
      { data: { 'ca.crt': b64(PEM) } },
    ]);
    expect(await s.ca.current()).toEqual({
      lookupError: 'secrets "kubeflow-trainer-webhook-cert" not found',
    });
    s.advance(StatusServerCAMaxAge.errorMs - 1);
    expect(await s.ca.current()).toEqual({
      lookupError: 'secrets "kubeflow-trainer-webhook-cert" not found',
    });
    expect(s.reads()).toBe(1);
    s.advance(1);
    expect(await s.ca.current()).toEqual({ caCert: PEM });
    expect(s.reads()).toBe(2);
  });
});
