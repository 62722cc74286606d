// SPDX-License-Identifier: Apache-2.0
// Upstream's status-server probes (`status-server-healthz`, `status-server-readyz`): a TLS dial to the
// server's port (the certificate is not checked), within 10 s.
import { connect } from 'node:tls';
import { setLongTimeout } from '../cluster/kube.js';

/** The probes' names, as upstream registers them. */
export const StatusServerProbes = {
  Healthz: 'status-server-healthz',
  Readyz: 'status-server-readyz',
} as const;

/** Upstream's dial deadline. */
export const PROBE_TIMEOUT_MS = 10_000;

/** Undefined when a TLS handshake with `host:port` succeeds; else upstream's message. */
export function tlsReachable(
  host: string,
  port: number,
  timeoutMs = PROBE_TIMEOUT_MS,
): Promise<string | undefined> {
  const address = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  return new Promise((resolve) => {
    const socket = connect({ host, port, rejectUnauthorized: false, ALPNProtocols: ['http/1.1'] });
    const done = (error?: Error) => {
      timer.clear();
      socket.destroy();
      resolve(
        error === undefined ? undefined : `status server is not reachable at ${address}: ${error.message}`,
      );
    };
    const timer = setLongTimeout(() => done(new Error('i/o timeout')), timeoutMs, { unref: true });
    socket.once('secureConnect', () => done());
    socket.once('error', (error) => done(error));
  });
}
