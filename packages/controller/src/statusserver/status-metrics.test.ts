// SPDX-License-Identifier: Apache-2.0
import { Registry } from 'prom-client';
import { StatusServerMetrics } from './status-metrics.js';

describe('StatusServerMetrics', () => {
  it('counts requests, refusals and writes, and reads the pending jobs at each scrape', async () => {
    const registry = new Registry();
    let pending = 3;
    const metrics = new StatusServerMetrics(registry, () => pending);
    metrics.requests.inc({ code: '200' });
    metrics.refused('expired');
    metrics.flushed({ written: 2, failed: 1, gone: 0, rejected: 0, superseded: 0 });
    pending = 1;
    const text = await registry.metrics();
    for (const line of [
      'kubetrain_status_server_requests_total{code="200"} 1',
      'kubetrain_status_server_token_refusals_total{reason="expired"} 1',
      'kubetrain_status_server_writes_total{result="written"} 2',
      'kubetrain_status_server_writes_total{result="failed"} 1',
      'kubetrain_status_server_pending_jobs 1',
    ])
      expect(text).toContain(line);
    expect(text).not.toContain('result="gone"');
  });
});
