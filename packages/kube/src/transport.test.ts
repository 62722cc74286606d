// SPDX-License-Identifier: Apache-2.0
// Failures that need no server: nothing listens on the port, or the request never leaves.
import { createServer } from 'node:net';
import { KubeClient } from './client.js';
import { ApiError, TimeoutError } from './errors.js';
import { CoreResources } from './resource.js';
import type { ConnectionConfig } from './transport.js';

/** A port that was free a moment ago (a listener opened and closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function config(server: string): ConnectionConfig {
  return {
    getCurrentCluster: () => ({ server }),
    getCurrentUser: () => null,
    applyToHTTPSOptions: async () => undefined,
  };
}

describe('Transport failures without a response', () => {
  let client: KubeClient;
  beforeAll(async () => {
    client = await KubeClient.create(config(`https://127.0.0.1:${await closedPort()}`));
  });
  afterAll(() => client.close());

  it('a refused connection is an ApiError with code 0 and the socket error as cause', async () => {
    const error = await client.list(CoreResources.Namespace).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(TimeoutError);
    expect((error as ApiError).code).toBe(0);
    expect(((error as ApiError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('an already aborted signal fails as a TimeoutError before anything is sent', async () => {
    const reason = new Error('stop');
    const error = await client
      .list(CoreResources.Namespace, { signal: AbortSignal.abort(reason) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(((error as ApiError).cause as Error).cause).toBe(reason);
  });

  it('a watch whose signal is already aborted ends without an event', async () => {
    const events = [];
    for await (const event of client.watch(CoreResources.Namespace, { signal: AbortSignal.abort() }))
      events.push(event);
    expect(events).toEqual([]);
  });

  it('a closed transport refuses new requests', async () => {
    const closed = await KubeClient.create(config('https://127.0.0.1:1'));
    await closed.close();
    await expect(closed.transport.send({ method: 'GET', path: '/version' })).rejects.toThrow(
      'transport closed',
    );
  });
});

describe('Transport refusing a request before sending it', () => {
  it('a header value node:http refuses rejects the request, and close() still returns', async () => {
    const bad: ConnectionConfig = {
      ...config(`https://127.0.0.1:${await closedPort()}`),
      applyToHTTPSOptions: async (opts: never) => {
        (opts as { headers?: Record<string, string> }).headers = { Authorization: 'Bearer a\nb' };
      },
    };
    const client = await KubeClient.create(bad);
    const error = await client.list(CoreResources.Namespace).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(((error as ApiError).cause as { code?: string }).code).toBe('ERR_INVALID_CHAR');
    await expect(client.close()).resolves.toBeUndefined();
  });
});

describe('Transport onResult (client-go rest_client_requests_total labels)', () => {
  it('reports each attempt: its status code, <error> without a response, a 401 retried twice', async () => {
    const { createServer: createHttpServer } = await import('node:http');
    const codes = [401, 200, 404];
    const server = createHttpServer((_req, res) => {
      res.statusCode = codes.shift() ?? 500;
      res.setHeader('content-type', 'application/json');
      res.end('{"kind":"Status","apiVersion":"v1","status":"Failure"}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    const results: unknown[] = [];
    const client = await KubeClient.create(config(`http://127.0.0.1:${port}/`), {
      onResult: (r) => results.push(r),
    });
    const refused = await KubeClient.create(config(`http://127.0.0.1:${await closedPort()}`), {
      onResult: (r) => results.push(r),
    });
    try {
      await client.list(CoreResources.Namespace);
      await client.get(CoreResources.Namespace, 'a').catch(() => undefined);
      await refused.delete(CoreResources.Namespace, 'a').catch(() => undefined);
    } finally {
      await client.close();
      await refused.close();
      await new Promise((resolve) => server.close(resolve));
    }
    const host = `127.0.0.1:${port}`;
    expect(results).toEqual([
      { code: '401', method: 'GET', host },
      { code: '200', method: 'GET', host },
      { code: '404', method: 'GET', host },
      { code: '<error>', method: 'DELETE', host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) },
    ]);
  });
});
