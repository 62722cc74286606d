// SPDX-License-Identifier: Apache-2.0
// Bounds what clients that connect and then say nothing can hold on an HTTPS server. Node's
// headersTimeout already cuts a connection whose TLS handshake is done and whose request headers
// do not arrive in time (a request-less connection included, with a 408); but the TLS handshake
// itself waits 120 s by default, and nothing caps the number of connections. Go's ReadTimeout,
// which upstream's servers have, covers the handshake too.
import type { Server } from 'node:https';

/** The most connections one server holds at once; more are closed as they are accepted. */
export const MAX_CONNECTIONS = 1024;

/** How a server's silent connections are bounded. */
export interface SilentConnectionLimits {
  /** Time from the TCP connection to the end of the TLS handshake. */
  readonly handshakeMs: number;
  /** Connections held at once (default MAX_CONNECTIONS). */
  readonly maxConnections?: number;
}

/** The TLS server option that bounds the handshake (pass it to `createServer`). */
export function handshakeTimeoutOption(limits: SilentConnectionLimits): { handshakeTimeout: number } {
  return { handshakeTimeout: limits.handshakeMs };
}

/** Caps the connections `server` holds at once. */
export function capConnections(server: Server, limits: SilentConnectionLimits): void {
  server.maxConnections = limits.maxConnections ?? MAX_CONNECTIONS;
}
