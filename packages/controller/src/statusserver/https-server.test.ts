// SPDX-License-Identifier: Apache-2.0
import { X509Certificate } from 'node:crypto';
import { request as httpsRequest } from 'node:https';
import { createConnection } from 'node:net';
import { connect } from 'node:tls';
import { issueCertificates, type CertificateBundle } from '../certs/generate.js';
import { PANIC_RESPONSE, startStatusHttpsServer, type StatusHttpsServer } from './https-server.js';
import type { StatusRequestDeps } from './handle-request.js';
import { MAX_BODY_BYTES, statusPath } from './wire.js';

let bundle: CertificateBundle;
beforeAll(async () => {
  bundle = await issueCertificates({
    dnsNames: ['localhost'],
    ipAddresses: ['127.0.0.1'],
    validityMs: 3600_000,
  });
}, 60_000);

const offered: string[] = [];
const deps: StatusRequestDeps = {
  authorize: (authorization) => Promise.resolve(authorization === 'Bearer good'),
  accept: (namespace, name) => {
    offered.push(`${namespace}/${name}`);
    return Promise.resolve(name === 'gone' ? 'notFound' : 'accepted');
  },
};

async function withServer(
  run: (server: StatusHttpsServer) => Promise<void>,
  extra: Partial<Parameters<typeof startStatusHttpsServer>[0]> = {},
): Promise<void> {
  const server = await startStatusHttpsServer({
    host: '127.0.0.1',
    port: 0,
    certificate: bundle,
    deps,
    ...extra,
  });
  try {
    await run(server);
  } finally {
    await server.close();
  }
}

interface Answer {
  code: number;
  body: string;
  type: string | undefined;
}

function post(
  port: number,
  path: string,
  body: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', port, path, method: 'POST', ca: bundle.caCert, servername: 'localhost', headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ code: res.statusCode ?? 0, body: text, type: res.headers['content-type'] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const report = JSON.stringify({
  trainerStatus: { progressPercentage: 40, lastUpdatedTime: '2026-01-02T03:04:05Z' },
});
const good = { authorization: 'Bearer good', 'content-type': 'application/json' };

describe('startStatusHttpsServer', () => {
  it.each([
    {
      name: 'an accepted report',
      path: statusPath('ns', 'a'),
      headers: good,
      body: report,
      code: 200,
      message: undefined,
    },
    {
      name: 'a refused token',
      path: statusPath('ns', 'a'),
      headers: { authorization: 'Bearer bad' },
      body: report,
      code: 403,
      message: 'Forbidden',
    },
    { name: 'another path', path: '/healthz', headers: good, body: report, code: 404, message: 'Not found' },
    {
      name: 'a job the store lacks',
      path: statusPath('ns', 'gone'),
      headers: good,
      body: report,
      code: 404,
      message: 'Train job not found',
    },
    {
      name: 'a bad body',
      path: statusPath('ns', 'a'),
      headers: good,
      body: '{',
      code: 422,
      message: 'Invalid payload',
    },
  ])('answers $name with $code over HTTPS', async ({ path, headers, body, code, message }) => {
    await withServer(async (server) => {
      const answer = await post(server.port, path, body, headers);
      expect([answer.code, answer.type]).toEqual([code, 'application/json']);
      if (message !== undefined)
        expect(JSON.parse(answer.body)).toMatchObject({ code, message, status: 'Failure' });
      else
        expect(JSON.parse(answer.body)).toEqual({
          trainerStatus: { progressPercentage: 40, lastUpdatedTime: '2026-01-02T03:04:05Z' },
        });
    });
  });

  it('refuses a declared body over 64 KiB with 413 before reading it', async () => {
    await withServer(async (server) => {
      const answer = await post(server.port, statusPath('ns', 'a'), 'x'.repeat(MAX_BODY_BYTES + 1), good);
      expect([answer.code, JSON.parse(answer.body).message]).toEqual([413, 'Payload too large']);
    });
  });

  it('closes the connection of a streamed body past 64 KiB', async () => {
    await withServer(async (server) => {
      const closed = await new Promise<boolean>((resolve) => {
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port: server.port,
            path: statusPath('ns', 'a'),
            method: 'POST',
            ca: bundle.caCert,
            servername: 'localhost',
            headers: { ...good, 'transfer-encoding': 'chunked' },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(true));
            res.on('error', () => resolve(true));
          },
        );
        req.on('error', () => resolve(true));
        req.on('close', () => resolve(true));
        const chunk = 'x'.repeat(16 * 1024);
        for (let i = 0; i < 8; i++) req.write(chunk);
        // Never ended: only the server can end this exchange.
      });
      expect(closed).toBe(true);
    });
  });

  it('answers a throwing handler with 500 and the text of Go panic recovery', async () => {
    await withServer(
      async (server) => {
        const answer = await post(server.port, statusPath('ns', 'a'), report, good);
        expect([answer.code, answer.body, answer.type]).toEqual([
          500,
          PANIC_RESPONSE,
          'text/plain; charset=utf-8',
        ]);
      },
      { handle: () => Promise.reject(new Error('boom')) },
    );
  });

  it('cuts a client that never finishes its headers at the deadline', async () => {
    await withServer(
      async (server) => {
        const ended = await new Promise<string>((resolve) => {
          const socket = connect(
            { host: '127.0.0.1', port: server.port, ca: bundle.caCert, servername: 'localhost' },
            () => socket.write(`POST ${statusPath('ns', 'a')} HTTP/1.1\r\nHost: x\r\n`),
          );
          let text = '';
          socket.setEncoding('utf8');
          socket.on('data', (d: string) => (text += d));
          socket.on('close', () => resolve(text));
          socket.on('error', () => undefined);
        });
        // Node answers 408 to a request whose headers did not come in time, then closes.
        expect(ended).toMatch(/^HTTP\/1\.1 408 /);
      },
      { timeoutMs: 300 },
    );
  });

  it.each([
    ['finishes its TLS handshake and sends nothing', 'tls'],
    ['opens TCP and never starts TLS', 'tcp'],
  ])('closes a connection that %s (no request ever starts)', async (_name, kind) => {
    await withServer(
      async (server) => {
        const closed = await new Promise<boolean>((resolve) => {
          const socket =
            kind === 'tls'
              ? connect({ host: '127.0.0.1', port: server.port, ca: bundle.caCert, servername: 'localhost' })
              : createConnection({ host: '127.0.0.1', port: server.port });
          socket.resume(); // read what the server sends, so that its end is seen
          socket.on('close', () => resolve(true));
          socket.on('error', () => undefined);
        });
        expect(closed).toBe(true);
      },
      { timeoutMs: 300 },
    );
  });

  it('serves a rotated certificate to new connections', async () => {
    const next = await issueCertificates({
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
      validityMs: 3600_000,
    });
    await withServer(async (server) => {
      server.setCertificate(next);
      const fingerprint = await new Promise<string>((resolve, reject) => {
        const socket = connect(
          { host: '127.0.0.1', port: server.port, ca: next.caCert, servername: 'localhost' },
          () => {
            resolve(socket.getPeerX509Certificate()?.fingerprint256 ?? '');
            socket.destroy();
          },
        );
        socket.on('error', reject);
      });
      expect(fingerprint).toBe(new X509Certificate(next.cert).fingerprint256);
    });
  });
});
