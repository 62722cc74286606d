// SPDX-License-Identifier: Apache-2.0
// Certificates provided from outside (cert-manager, a mounted Secret): `tls.crt` and `tls.key` in
// the cert dir, served as they are and reloaded when the files change (a Secret volume swaps a
// symlink; both a directory watch and a periodic re-read notice it). A pair that does not load is
// reported and the previous one kept.

import { watch, type FSWatcher } from 'node:fs';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import type { Logger } from '@kubetrain/log';
import { setLongInterval, type LongTimer } from '../cluster/kube.js';
import { readServingPair } from './cert-files.js';

/** Options of {@link CertDirWatcher}. */
export interface CertDirWatcherOptions {
  readonly dir: string;
  /** Called with each new, loadable pair (the first before `start` resolves). */
  readonly onCertificate: (pair: { cert: string; key: string }) => void;
  /** Re-read period, in milliseconds (default 10 s). */
  readonly pollIntervalMs?: number;
  readonly logger?: Logger;
}

/** The dir has no usable pair at start. */
export class NoCertificateError extends Error {
  constructor(dir: string, detail: string) {
    super(`no usable serving certificate in ${dir}: ${detail}`);
    this.name = 'NoCertificateError';
  }
}

function loadable(pair: { cert: string; key: string }): string | undefined {
  try {
    const cert = new X509Certificate(pair.cert);
    if (!cert.checkPrivateKey(createPrivateKey(pair.key))) return 'tls.key does not match tls.crt';
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Serves the cert dir's pair and follows its changes. */
export class CertDirWatcher {
  private watcher: FSWatcher | undefined;
  private timer: LongTimer | undefined;
  private current: string | undefined;
  /** Reloads done after the first load. */
  reloads = 0;

  constructor(private readonly options: CertDirWatcherOptions) {}

  /** Loads the pair (throws {@link NoCertificateError} when there is none) and starts watching. */
  async start(): Promise<void> {
    const problem = await this.reload();
    if (problem !== undefined) throw new NoCertificateError(this.options.dir, problem);
    const onChange = () => void this.reload();
    try {
      this.watcher = watch(this.options.dir, onChange);
      this.watcher.on('error', () => undefined);
      this.watcher.unref();
    } catch {
      // Watching is an optimisation: the periodic re-read suffices.
    }
    this.timer = setLongInterval(onChange, this.options.pollIntervalMs ?? 10_000, { unref: true });
  }

  /** Stops watching. */
  stop(): void {
    this.watcher?.close();
    this.timer?.clear();
  }

  /** Re-reads the files; serves them when they changed and load. Resolves with the problem, if any. */
  async reload(): Promise<string | undefined> {
    const pair = await readServingPair(this.options.dir);
    if (pair === undefined) return 'tls.crt and tls.key must exist';
    if (pair.cert + pair.key === this.current) return undefined;
    const problem = loadable(pair);
    if (problem !== undefined) {
      this.options.logger?.error('Ignoring an unusable serving certificate', {
        dir: this.options.dir,
        problem,
      });
      return problem;
    }
    if (this.current !== undefined) this.reloads++;
    this.current = pair.cert + pair.key;
    this.options.onCertificate(pair);
    return undefined;
  }
}
