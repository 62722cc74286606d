// SPDX-License-Identifier: Apache-2.0
/**
 * Lease-based leader election (coordination.k8s.io/v1), after client-go's `leaderelection`:
 *
 * - acquire: every `retryPeriodMs` (jittered), take the Lease when it has no holder, is ours, or
 *   has not been renewed for `leaseDurationMs` *as observed locally* (the record's `renewTime`
 *   is not trusted: clocks skew, kubernetes/client-go#448);
 * - renew: every `retryPeriodMs`; leadership is lost when no renew succeeded for `renewDeadlineMs`;
 * - every write is a PUT with the Lease's resourceVersion (optimistic concurrency; a 409 means
 *   someone else wrote first, and the attempt counts as failed);
 * - stop: the Lease is released (holder cleared, duration 1 s) so that another replica takes
 *   over at once rather than after `leaseDurationMs`.
 *
 * Defaults are client-go's / controller-runtime's: 15 s, 10 s, 2 s.
 */
import type { Logger } from '@kubetrain/log';
import type { KubeClient } from './client.js';
import { isAlreadyExists, isConflict, isNotFound } from './errors.js';
import { timeoutSignal } from './long-timer.js';
import { formatMicroTime } from './micro-time.js';
import type { KubeObject } from './object.js';
import { CoreResources } from './resource.js';
import { sleep } from './sleep.js';

/** `spec` of a coordination.k8s.io/v1 Lease, as leader election writes it. */
export interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  acquireTime?: string;
  renewTime?: string;
  leaseTransitions?: number;
}

/** A coordination.k8s.io/v1 Lease. */
export interface Lease extends KubeObject {
  spec?: LeaseSpec;
}

/** Options of a {@link LeaderElector}. */
export interface LeaderElectionOptions {
  client: KubeClient;
  /** Namespace and name of the Lease (`leaderElectionID` upstream). */
  namespace: string;
  name: string;
  /** This replica's unique identity (client-go: `hostname_<uuid>`). */
  identity: string;
  /** How long a Lease holds without renewal. Default 15 000 ms. */
  leaseDurationMs?: number;
  /** How long the leader keeps trying to renew before it gives up. Default 10 000 ms. Must be < leaseDurationMs. */
  renewDeadlineMs?: number;
  /** Pause between attempts. Default 2 000 ms. */
  retryPeriodMs?: number;
  /** Release the Lease on {@link LeaderElector.stop}. Default true. */
  releaseOnStop?: boolean;
  /**
   * Called once when this replica becomes the leader; `signal` aborts when it stops leading.
   * Runs in the background: run()'s loop does not wait for it.
   */
  onStartedLeading?: (signal: AbortSignal) => void | Promise<void>;
  /** Called once when a replica that led stops leading (lost, or stopped). Controllers exit here. */
  onStoppedLeading?: () => void;
  /** Called when the observed holder changes (including to this replica). */
  onNewLeader?: (identity: string) => void;
  logger?: Logger;
}

/** Runs leader election for one replica; see the module comment. */
export class LeaderElector {
  private readonly leaseDurationMs: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private readonly stopping = new AbortController();
  private leading: AbortController | undefined;
  private lease: Lease | undefined;
  /** The holder and renewTime last read, and when (monotonic ms) that record last changed. */
  private observed: { holder: string; renewTime: string | undefined; at: number } | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: LeaderElectionOptions) {
    this.leaseDurationMs = options.leaseDurationMs ?? 15_000;
    this.renewDeadlineMs = options.renewDeadlineMs ?? 10_000;
    this.retryPeriodMs = options.retryPeriodMs ?? 2_000;
    if (!(this.leaseDurationMs > this.renewDeadlineMs))
      throw new RangeError('leader election: leaseDuration must exceed renewDeadline');
    if (!(this.renewDeadlineMs > this.retryPeriodMs * 1.2))
      throw new RangeError('leader election: renewDeadline must exceed 1.2 × retryPeriod');
  }

  /** Whether this replica holds the Lease now. */
  get isLeader(): boolean {
    return this.leading !== undefined;
  }

  /** The holder of the Lease as last observed (`''` when none). */
  get leader(): string | undefined {
    return this.observed?.holder;
  }

  /**
   * Acquires, then renews until leadership is lost or {@link LeaderElector.stop} is called.
   * Resolves then (it never rejects: failed attempts are retried). Call once.
   */
  run(): Promise<void> {
    this.running ??= this.loop();
    return this.running;
  }

  /** Stops: releases the Lease if held (unless `releaseOnStop` is false) and waits for run() to end. */
  async stop(): Promise<void> {
    this.stopping.abort();
    await this.running;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async loop(): Promise<void> {
    const log = this.options.logger?.child({ lease: `${this.options.namespace}/${this.options.name}` });
    // Acquire.
    while (!this.stopped && !(await this.attempt())) {
      await sleep(this.retryPeriodMs * (1 + Math.random() * 0.2), this.stopping.signal);
    }
    if (this.stopped) return;
    this.leading = new AbortController();
    log?.info('Acquired leader lease', { identity: this.options.identity });
    void Promise.resolve()
      .then(() => this.options.onStartedLeading?.(this.leading!.signal))
      .catch((error: unknown) => log?.error('onStartedLeading failed', { error }));
    // Renew.
    let renewed = performance.now();
    while (!this.stopped) {
      await sleep(this.retryPeriodMs, this.stopping.signal);
      if (this.stopped) break;
      if (await this.attempt()) renewed = performance.now();
      else if (performance.now() - renewed > this.renewDeadlineMs) {
        log?.warn('Failed to renew leader lease within the renew deadline', {
          identity: this.options.identity,
        });
        break;
      }
    }
    if (this.stopped && this.options.releaseOnStop !== false) await this.release(log);
    this.leading.abort();
    this.leading = undefined;
    log?.info('Stopped leading', { identity: this.options.identity });
    this.options.onStoppedLeading?.();
  }

  /** One tryAcquireOrRenew; true when this replica holds the Lease afterwards. */
  private async attempt(): Promise<boolean> {
    const { client, namespace, name, identity } = this.options;
    const now = Date.now();
    // One attempt never outlasts the renew deadline (client-go's timeout context): a hung API
    // server must not keep a leader believing it still leads. A timer of any length: the deadline
    // comes from configuration (renewDeadline has no maximum) and may be a fraction of a ms.
    const deadline = timeoutSignal(this.renewDeadlineMs);
    const signal = deadline.signal;
    const ours = (transitions: number, acquireTime: string): LeaseSpec => ({
      holderIdentity: identity,
      leaseDurationSeconds: Math.ceil(this.leaseDurationMs / 1000),
      acquireTime,
      renewTime: formatMicroTime(now),
      leaseTransitions: transitions,
    });
    try {
      // A leader renews from its own copy: one PUT, no GET, as client-go does.
      let lease = this.isLeader && this.lease ? this.lease : undefined;
      if (!lease) {
        try {
          lease = await client.get<Lease>(CoreResources.Lease, name, { namespace, signal });
        } catch (error) {
          if (!isNotFound(error)) throw error;
          const created = await client.create<Lease>(
            CoreResources.Lease,
            {
              apiVersion: 'coordination.k8s.io/v1',
              kind: 'Lease',
              metadata: { name, namespace },
              spec: ours(0, formatMicroTime(now)),
            },
            { signal },
          );
          this.accept(created);
          return true;
        }
        this.observe(lease);
      }
      const spec = lease.spec ?? {};
      const holder = spec.holderIdentity ?? '';
      const expired = this.observed ? performance.now() > this.observed.at + this.leaseDurationMs : true;
      if (holder !== '' && holder !== identity && !expired) return false;
      const next =
        holder === identity
          ? ours(spec.leaseTransitions ?? 0, spec.acquireTime ?? formatMicroTime(now))
          : ours((spec.leaseTransitions ?? 0) + 1, formatMicroTime(now));
      const updated = await client.replace<Lease>(CoreResources.Lease, { ...lease, spec: next }, { signal });
      this.accept(updated);
      return true;
    } catch (error) {
      this.lease = undefined;
      if (!isConflict(error) && !isAlreadyExists(error)) {
        this.options.logger?.debug('Leader election attempt failed', {
          lease: `${namespace}/${name}`,
          error,
        });
      }
      return false;
    } finally {
      deadline.clear();
    }
  }

  /** Records a Lease read from the server; the observation time moves only when the record changed. */
  private observe(lease: Lease): void {
    const holder = lease.spec?.holderIdentity ?? '';
    const renewTime = lease.spec?.renewTime;
    if (!this.observed || this.observed.holder !== holder || this.observed.renewTime !== renewTime) {
      if (this.observed?.holder !== holder && holder !== '') this.options.onNewLeader?.(holder);
      this.observed = { holder, renewTime, at: performance.now() };
    }
  }

  private accept(lease: Lease): void {
    this.observe(lease);
    this.lease = lease;
  }

  /** Clears the holder so another replica can acquire at once. */
  private async release(log: Logger | undefined): Promise<void> {
    if (!this.lease) return;
    const now = formatMicroTime(Date.now());
    try {
      await this.options.client.replace<Lease>(CoreResources.Lease, {
        ...this.lease,
        spec: {
          holderIdentity: '',
          leaseDurationSeconds: 1,
          acquireTime: now,
          renewTime: now,
          leaseTransitions: this.lease.spec?.leaseTransitions ?? 0,
        },
      });
    } catch (error) {
      log?.warn('Failed to release leader lease', { error });
    }
    this.lease = undefined;
  }
}
