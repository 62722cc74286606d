// SPDX-License-Identifier: Apache-2.0
// The status server's CA for the TrainJobStatus plugin (gate `TrainJobStatus`): `ca.crt` of the
// webhook certificate Secret in the operator namespace, as upstream's plugin reads it in every
// build. Upstream GETs the Secret once per reconcile; here one read serves every render for a while
// (60 s; a failure 5 s), and concurrent renders share one read in flight, so a burst of N TrainJobs
// costs one GET, not N. A rotated CA reaches each job's `<tj>-tls-config` at its next reconcile
// after the cached answer expires; the first read that sees a changed `ca.crt` calls `onChange`
// (the manager re-queues every unfinished TrainJob, so all their ConfigMaps follow).

import { DataKeys } from '@kubetrain/api/core';
import type { StatusServerCA } from '@kubetrain/runtime';
import { ApiError } from '../cluster/kube.js';

/** How long an answer is used: a CA read, and a failure to read it. */
export const StatusServerCAMaxAge = { okMs: 60_000, errorMs: 5_000 } as const;

/** The Secret's data as the API server returns it (base64 values). */
interface SecretView {
  readonly data?: Readonly<Record<string, string>>;
}

/**
 * The error as upstream prints a client error: the API server's Status message alone
 * (`secrets "<name>" not found`), without our client's `GET <path>: ` prefix.
 */
function errorText(error: unknown): string {
  if (error instanceof ApiError && error.status?.message) return error.status.message;
  return error instanceof Error ? error.message : String(error);
}

/** `ca.crt` of the Secret, decoded; undefined when the key is absent. */
export function caOfSecret(secret: object): StatusServerCA {
  const encoded = (secret as SecretView).data?.[DataKeys.CACert];
  return { caCert: encoded === undefined ? undefined : Buffer.from(encoded, 'base64').toString('utf8') };
}

/** See the module comment. */
export class StatusServerCASource {
  private cached: { readonly answer: StatusServerCA; readonly until: number } | undefined;
  private inFlight: Promise<StatusServerCA> | undefined;
  /** The last `ca.crt` read (absent key included); undefined before the first successful read. */
  private lastCA: { readonly caCert: string | undefined } | undefined;

  /**
   * @param readSecret GETs the webhook certificate Secret (throws the client's error).
   * @param nowMs the clock, for tests.
   * @param onChange called when a read finds another `ca.crt` than the previous successful read.
   */
  constructor(
    private readonly readSecret: () => Promise<object>,
    private readonly nowMs: () => number = Date.now,
    private readonly onChange: () => void = () => undefined,
  ) {}

  /** The CA, or why it could not be read; never throws. */
  current(): Promise<StatusServerCA> {
    const cached = this.cached;
    if (cached !== undefined && this.nowMs() < cached.until) return Promise.resolve(cached.answer);
    this.inFlight ??= this.read().finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }

  private async read(): Promise<StatusServerCA> {
    let answer: StatusServerCA;
    let maxAge: number;
    try {
      const read = caOfSecret(await this.readSecret()) as { readonly caCert: string | undefined };
      const changed = this.lastCA !== undefined && this.lastCA.caCert !== read.caCert;
      this.lastCA = read;
      if (changed) this.onChange();
      answer = read;
      maxAge = StatusServerCAMaxAge.okMs;
    } catch (error) {
      answer = { lookupError: errorText(error) };
      maxAge = StatusServerCAMaxAge.errorMs;
    }
    this.cached = { answer, until: this.nowMs() + maxAge };
    return answer;
  }
}
