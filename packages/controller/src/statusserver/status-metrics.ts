// SPDX-License-Identifier: Apache-2.0
// The status server's metrics (kubetrain's own names; upstream exports none for it): requests by
// code, token refusals by reason, writes by result, and the jobs whose report waits for its write.
import { Counter, Gauge, type Registry } from 'prom-client';
import type { TokenRefusal } from './token-verifier.js';
import type { FlushReport } from './write-coalescer.js';

/** Every status-server metric, registered in the registry given (the manager's). */
export class StatusServerMetrics {
  readonly requests: Counter<'code'>;
  readonly refusals: Counter<'reason'>;
  readonly writes: Counter<'result'>;

  constructor(registry: Registry, pendingJobs: () => number) {
    const registers = [registry];
    this.requests = new Counter({
      name: 'kubetrain_status_server_requests_total',
      help: 'Requests to the TrainJob status server, by HTTP status code.',
      labelNames: ['code'],
      registers,
    });
    this.refusals = new Counter({
      name: 'kubetrain_status_server_token_refusals_total',
      help: 'Tokens the status server refused (403), by reason.',
      labelNames: ['reason'],
      registers,
    });
    this.writes = new Counter({
      name: 'kubetrain_status_server_writes_total',
      help: 'Writes of status.trainerStatus, by result (written, failed, gone, rejected, superseded).',
      labelNames: ['result'],
      registers,
    });
    new Gauge({
      name: 'kubetrain_status_server_pending_jobs',
      help: 'TrainJobs whose latest report waits for its write (coalesced).',
      registers,
      collect() {
        this.set(pendingJobs());
      },
    });
  }

  refused(reason: TokenRefusal): void {
    this.refusals.inc({ reason });
  }

  flushed(report: FlushReport): void {
    if (report.written > 0) this.writes.inc({ result: 'written' }, report.written);
    if (report.failed > 0) this.writes.inc({ result: 'failed' }, report.failed);
    if (report.gone > 0) this.writes.inc({ result: 'gone' }, report.gone);
    if (report.rejected > 0) this.writes.inc({ result: 'rejected' }, report.rejected);
    if (report.superseded > 0) this.writes.inc({ result: 'superseded' }, report.superseded);
  }
}
