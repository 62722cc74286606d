// SPDX-License-Identifier: Apache-2.0
// A client of the webhook server for tests and the benchmark: POSTs a body over HTTPS, trusting
// the CA given, and returns the HTTP status and the parsed answer.

import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';

/** The HTTP status and JSON body of one answer. */
export interface PostResult {
  readonly status: number;
  readonly body: unknown;
  readonly headers: IncomingHttpHeaders;
}

/** A keep-alive client of `https://127.0.0.1:<port>`. */
export class WebhookTestClient {
  private readonly agent: Agent;

  constructor(
    private readonly port: number,
    ca: string,
  ) {
    this.agent = new Agent({ keepAlive: true, ca, maxSockets: 16 });
  }

  /** POSTs `body` (a string is sent as is) to `path`. */
  post(path: string, body: unknown, contentType = 'application/json'): Promise<PostResult> {
    const text = typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: this.port,
          path,
          method: 'POST',
          agent: this.agent,
          headers: { 'content-type': contentType, 'content-length': Buffer.byteLength(text) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = raw;
            try {
              parsed = JSON.parse(raw);
            } catch {
              // Not JSON: returned as text.
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, headers: res.headers });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }

  /** Closes the kept-alive sockets. */
  close(): void {
    this.agent.destroy();
  }
}
