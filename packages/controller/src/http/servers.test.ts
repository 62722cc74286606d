// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ManagerMetrics } from '../metrics/metrics.js';
import { MissingCertificateError, serveMetrics, serveProbes } from './servers.js';

const LOCAL = { host: '127.0.0.1', port: 0 };

describe('serveProbes', () => {
  it('answers healthz always and readyz once ready', async () => {
    let ready = false;
    const server = await serveProbes(LOCAL, () => ready);
    try {
      const base = `http://127.0.0.1:${server.port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const notReady = await fetch(`${base}/readyz`);
      expect([notReady.status, await notReady.text()]).toEqual([500, 'not ready\n']);
      ready = true;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('serveProbes named checks', () => {
  it('adds named checks to /healthz and /readyz, each at its own path', async () => {
    let why: string | undefined = 'status server is not reachable at 127.0.0.1:1: refused';
    const check = () => Promise.resolve(why);
    const server = await serveProbes(LOCAL, () => true, undefined, {
      healthz: { 'status-server-healthz': check },
      readyz: { 'status-server-readyz': check },
    });
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const read = async (path: string) => {
        const res = await fetch(`${base}${path}`);
        return [res.status, await res.text()];
      };
      expect(await read('/healthz')).toEqual([500, `status-server-healthz: ${why}\n`]);
      expect(await read('/readyz/status-server-readyz')).toEqual([500, `status-server-readyz: ${why}\n`]);
      expect(await read('/readyz/unknown')).toEqual([404, 'not found\n']);
      why = undefined;
      expect(await read('/healthz/status-server-healthz')).toEqual([200, 'ok']);
      expect(await read('/readyz')).toEqual([200, 'ok']);
    } finally {
      await server.close();
    }
  });
});

describe('serveMetrics', () => {
  it('serves the registry in the Prometheus text format over HTTP', async () => {
    const metrics = new ManagerMetrics({ processMetrics: false });
    metrics.observeReconcile('trainjob_controller', 'success', 0.01);
    const server = await serveMetrics(metrics.registry, LOCAL);
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(
        'controller_runtime_reconcile_total{controller="trainjob_controller",result="success"} 1',
      );
    } finally {
      await server.close();
    }
  });

  it('refuses HTTPS without a certificate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-certs-'));
    await expect(
      serveMetrics(new ManagerMetrics({ processMetrics: false }).registry, LOCAL, dir),
    ).rejects.toThrow(MissingCertificateError);
  });
});
