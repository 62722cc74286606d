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
      expect([notReady.status, await notReady.text()]).toEqual([500, 'caches are not synced\n']);
      ready = true;
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      expect((await fetch(`${base}/other`)).status).toBe(404);
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
