// SPDX-License-Identifier: Apache-2.0
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import { issueCertificates } from '../certs/generate.js';
import { startStatusHttpsServer } from './https-server.js';
import { tlsReachable } from './reachable.js';

describe('tlsReachable', () => {
  it('passes for a TLS listener whatever its certificate', async () => {
    const certificate = await issueCertificates({
      dnsNames: ['other'],
      ipAddresses: [],
      validityMs: 3600_000,
    });
    const deps = {
      authorize: () => Promise.resolve(false),
      accept: () => Promise.resolve('accepted' as const),
    };
    const server = await startStatusHttpsServer({ host: '127.0.0.1', port: 0, certificate, deps });
    try {
      await expect(tlsReachable('127.0.0.1', server.port)).resolves.toBeUndefined();
    } finally {
      await server.close();
    }
  }, 60_000);

  it('names the address and the error when nothing speaks TLS there', async () => {
    // A plain TCP listener that closes at once: the handshake fails.
    const tcp = createTcpServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
    const { port } = tcp.address() as AddressInfo;
    try {
      await expect(tlsReachable('127.0.0.1', port)).resolves.toMatch(
        new RegExp(`^status server is not reachable at 127\\.0\\.0\\.1:${port}: .+`),
      );
    } finally {
      tcp.close();
    }
  });
});
