// SPDX-License-Identifier: Apache-2.0
import {
  checkRequest,
  CONTENT_SECURITY_POLICY,
  securityHeaders,
  TOKEN_HEADER,
  type GuardedRequest,
} from './http-guard.js';

const token = 'T0ken_of-the-run';
const host = '127.0.0.1:8123';
const policy = { token, hosts: new Set([host, 'localhost:8123']) };

function request(method: string, url: string, headers: Record<string, string> = {}): GuardedRequest {
  return { method, url, headers: { host, ...headers } };
}

describe('checkRequest', () => {
  it.each<[string, GuardedRequest, number | 'ok']>([
    ['GET with the token in the query', request('GET', `/?token=${token}`), 'ok'],
    ['GET with the token in the header', request('GET', '/api/events/jobs', { [TOKEN_HEADER]: token }), 'ok'],
    ['GET without a token', request('GET', '/'), 401],
    ['GET of an asset without a token', request('GET', '/assets/app.js'), 401],
    ['GET with a wrong token', request('GET', '/?token=guess'), 401],
    [
      'GET with the token from another Host (DNS rebinding)',
      request('GET', `/?token=${token}`, { host: 'evil.example:8123' }),
      403,
    ],
    ['GET through localhost', request('GET', `/?token=${token}`, { host: 'localhost:8123' }), 'ok'],
    [
      'POST with the header token and our Origin',
      request('POST', '/api/jobs/ns/a/suspend', { [TOKEN_HEADER]: token, origin: `http://${host}` }),
      'ok',
    ],
    [
      'POST with the token in the query only',
      request('POST', `/api/jobs/ns/a/suspend?token=${token}`, { origin: `http://${host}` }),
      403,
    ],
    [
      'POST from another site',
      request('POST', '/api/jobs/ns/a/suspend', { [TOKEN_HEADER]: token, origin: 'https://evil.example' }),
      403,
    ],
    ['POST without an Origin', request('POST', '/api/jobs/ns/a/suspend', { [TOKEN_HEADER]: token }), 403],
    [
      'POST with Sec-Fetch-Site cross-site',
      request('POST', '/api/jobs/ns/a/suspend', {
        [TOKEN_HEADER]: token,
        origin: `http://${host}`,
        'sec-fetch-site': 'cross-site',
      }),
      403,
    ],
    ['PUT', request('PUT', `/?token=${token}`, { [TOKEN_HEADER]: token }), 405],
  ])('%s', (_what, req, expected) => {
    const verdict = checkRequest(req, policy);
    if (expected === 'ok') expect(verdict).toEqual({ ok: true });
    else expect(verdict).toMatchObject({ ok: false, status: expected });
  });

  it('accepts any Host when listening on every address (the token still guards)', () => {
    expect(
      checkRequest(request('GET', `/?token=${token}`, { host: '10.0.0.5:8123' }), {
        token,
        hosts: undefined,
      }),
    ).toEqual({
      ok: true,
    });
  });
});

describe('securityHeaders', () => {
  it('sends a CSP of self only, without inline script or style', () => {
    const headers = securityHeaders();
    expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe|\*|https?:|data:/);
  });
  it.each([
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['x-frame-options', 'DENY'],
    ['cache-control', 'no-store'],
  ])('%s: %s', (name, value) => {
    expect(securityHeaders()[name]).toBe(value);
  });
});
