// SPDX-License-Identifier: Apache-2.0
// `make run`'s example runner (hack/run/report-progress.ts), which reports progress on behalf of the
// example's kwok pods: against the local API server (a real TokenRequest token) and an HTTPS server
// standing in for the manager's status server (trusted through the CA passed with --ca), it POSTs
// each report to the job's status path with a bearer token whose audience is the job's, from the
// ServiceAccount's namespace, and a body the status server decodes.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { issueCertificates, statusPath, tokenAudience } from '@kubetrain/controller';
import { applyObject } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';
import { runProcess } from '../support/process.js';
import { cliSuite, FIELD_MANAGER } from './suite-cluster.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface Received {
  readonly method: string;
  readonly path: string;
  readonly authorization: string;
  readonly body: string;
}

/** The claims of a JWT (not verified: the test reads what the API server issued). */
function claims(jwt: string): { aud?: string[]; 'kubernetes.io'?: { namespace?: string } } {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as never;
}

describe("make run's example runner (reports on behalf of kwok pods)", () => {
  const suite = cliSuite('e2e-runner');
  const received: Received[] = [];
  let server: Server;
  let caFile: string;

  beforeAll(async () => {
    const certs = await issueCertificates({
      dnsNames: ['localhost'],
      ipAddresses: ['127.0.0.1'],
      validityMs: 3600_000,
    });
    caFile = join(suite.dir, 'ca.crt');
    writeFileSync(caFile, certs.caCert);
    server = createServer({ cert: certs.cert, key: certs.key }, (req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({
          method: req.method ?? '',
          path: req.url ?? '',
          authorization: req.headers.authorization ?? '',
          body,
        });
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('POSTs each report to the job status path with a token of the job audience, trusting --ca', async () => {
    const name = `example-${suite.suffix}`;
    await applyObject(
      { apiVersion: 'v1', kind: 'ServiceAccount', metadata: { name: 'trainer', namespace: suite.namespace } },
      FIELD_MANAGER,
    );
    const kubectl = execFileSync(join(ROOT, 'hack/cluster/which.sh'), ['kubectl'], {
      encoding: 'utf8',
    }).trim();
    const port = (server.address() as AddressInfo).port;
    const got = await runProcess(process.execPath, [
      '--import',
      'tsx',
      join(ROOT, 'hack/run/report-progress.ts'),
      ...['--kubectl', kubectl, '--kubeconfig', kubeconfigPath()],
      ...['--namespace', suite.namespace, '--name', name, '--service-account', 'trainer'],
      ...['--url', `https://127.0.0.1:${port}`, '--ca', caFile, '--seconds', '1', '--reports', '3'],
    ]);
    expect(got.stderr).toBe('');
    expect(got.code).toBe(0);
    expect(got.stdout.split('\n')[0]).toContain(`on behalf of its kwok pods (they run no code)`);
    expect(got.stdout).toContain('reported 100% (ETA 0s): HTTP 200\n');

    expect(received.map((r) => `${r.method} ${r.path}`)).toEqual(
      Array(3).fill(`POST ${statusPath(suite.namespace, name)}`),
    );
    const bearer = /^Bearer (\S+)$/.exec(received[0]!.authorization)?.[1] ?? '';
    expect(claims(bearer).aud).toEqual([tokenAudience(suite.namespace, name)]);
    expect(claims(bearer)['kubernetes.io']?.namespace).toBe(suite.namespace);
    const bodies = received.map((r) => JSON.parse(r.body) as { trainerStatus: Record<string, unknown> });
    expect(bodies.map((b) => b.trainerStatus['progressPercentage'])).toEqual([0, 50, 100]);
    expect(bodies[2]?.trainerStatus['lastUpdatedTime']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});
