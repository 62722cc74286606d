// SPDX-License-Identifier: Apache-2.0
// The webhook server's metrics, with controller-runtime's names, labels and help texts
// (controller-runtime pkg/webhook/internal/metrics), plus kubetrain's denials by webhook and code.

import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/** Every webhook metric, registered in the registry given (the manager's). */
export class WebhookMetrics {
  readonly requests: Counter<'webhook' | 'code'>;
  readonly latency: Histogram<'webhook'>;
  readonly inFlight: Gauge<'webhook'>;
  readonly denials: Counter<'webhook' | 'code'>;

  constructor(registry: Registry) {
    const registers = [registry];
    this.requests = new Counter({
      name: 'controller_runtime_webhook_requests_total',
      help: 'Total number of admission requests by HTTP status code.',
      labelNames: ['webhook', 'code'],
      registers,
    });
    this.latency = new Histogram({
      name: 'controller_runtime_webhook_latency_seconds',
      help: 'Histogram of the latency of processing admission requests',
      labelNames: ['webhook'],
      registers,
    });
    this.inFlight = new Gauge({
      name: 'controller_runtime_webhook_requests_in_flight',
      help: 'Current number of admission requests being served.',
      labelNames: ['webhook'],
      registers,
    });
    this.denials = new Counter({
      name: 'kubetrain_webhook_denials_total',
      help: 'Admission requests answered allowed=false, by webhook and result code (403 denied, 4xx/5xx errored)',
      labelNames: ['webhook', 'code'],
      registers,
    });
  }
}
