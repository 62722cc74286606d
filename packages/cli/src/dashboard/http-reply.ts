// SPDX-License-Identifier: Apache-2.0
// How the dashboard's endpoints answer (a body with its type and length, or JSON), and the names
// their paths and parameters may hold.

import type { ServerResponse } from 'node:http';

/** A Kubernetes object or namespace name (DNS subdomain) as a path segment or parameter may give it. */
export const OBJECT_NAME = /^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/;

/** Answers `body` of content type `type` with `status`. */
export function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** Answers `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));
}
