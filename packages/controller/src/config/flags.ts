// SPDX-License-Identifier: Apache-2.0
// The manager's command line: upstream's flags (`--config`, `--feature-gates`, the zap logging
// flags its Deployment passes) and kubetrain's own (`--kubeconfig`, `--log-level`, `--log-format`,
// `--cert-dir`, `--namespace`, `--watch-namespace`).

import { parseArgs } from 'node:util';
import { isLogLevel, type LogLevel } from '@kubetrain/log';
import type { V1KindName } from '@kubetrain/api/core';
import { parseGangSchedulerName, type GangScheduling } from '@kubetrain/runtime/v1';
import { parseV1Kinds, UnknownV1KindError } from '../v1/kind-flag.js';
import { DEFAULT_CERT_DIR, FLAG_SPECS, usage } from './flag-specs.js';
import { DurationError, parseGoDuration } from './go-duration.js';

export { DEFAULT_CERT_DIR } from './flag-specs.js';

/** The parsed command line. */
export interface Flags {
  /** `--config`: the Configuration file; undefined means every default. */
  readonly configFile?: string;
  /** `--feature-gates` text, parsed later against the known gates. */
  readonly featureGates?: string;
  /** `--kubeconfig`: out-of-cluster client configuration; else the in-cluster one. */
  readonly kubeconfig?: string;
  readonly logLevel: LogLevel;
  readonly logFormat: 'json' | 'text';
  /** `--cert-dir`: `tls.crt` and `tls.key` for HTTPS servers. */
  readonly certDir: string;
  /** `--namespace`: the manager's namespace (the Lease's, when the file names none). */
  readonly namespace?: string;
  /** `--watch-namespace`: reconcile only this namespace (kubetrain's; upstream watches all). */
  readonly watchNamespace?: string;
  /** `--enable-v1-kinds`: the Training Operator v1 kinds to serve (default none). */
  readonly v1Kinds: readonly V1KindName[];
  /** `--gang-scheduler-name`: gang scheduling of the v1 kinds (`volcano`, else a scheduler-plugins scheduler; default none). */
  readonly gangScheduling?: GangScheduling;
  /** `--status-coalesce-window`, in ms: how long counter-only status changes are held back (default: the reconciler's). */
  readonly statusCoalesceWindowMs?: number;
  /** `--lifecycle-events`: also record every TrainJob's `Created` and `Completed` events (default off). */
  readonly lifecycleEvents: boolean;
}

/** A command line the manager cannot run with. */
export class FlagError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FlagError';
  }
}

/** zap's `--zap-log-level`: a level name or a verbosity; V(2) and up is debug, V(5) and up trace. */
function zapLevel(text: string): LogLevel {
  if (text === 'debug' || text === 'info' || text === 'error') return text;
  if (text === 'warn' || text === 'panic' || text === 'dpanic' || text === 'fatal')
    return text === 'warn' ? 'warn' : 'error';
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) {
    throw new FlagError(`invalid argument "${text}" for "--zap-log-level" flag: invalid log level "${text}"`);
  }
  return n >= 5 ? 'trace' : n >= 2 ? 'debug' : 'info';
}

/** `--status-coalesce-window`: a Go duration, 0 or more. */
function parseWindow(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  let ms: number;
  try {
    ms = parseGoDuration(text);
  } catch (e) {
    throw e instanceof DurationError ? new FlagError(`--status-coalesce-window: ${e.message}`) : e;
  }
  if (ms < 0) throw new FlagError(`--status-coalesce-window: must be 0 or more; got "${text}"`);
  return ms;
}

function parseOptions(): Record<string, { type: 'string' | 'boolean'; short?: string }> {
  return Object.fromEntries(
    FLAG_SPECS.map((f) => [f.name, { type: f.type, ...(f.short !== undefined ? { short: f.short } : {}) }]),
  );
}

/** What `--help` does by default: the usage on stdout, exit code 0. */
export function printUsageAndExit(text: string): never {
  process.stdout.write(text);
  process.exit(0);
}

/**
 * Parses the manager's arguments (without `node` and the script). `--help` (`-h`) calls `onHelp`
 * with the usage text (default: print it and exit 0), unless another flag is bad. `--log-level` wins over
 * `--zap-log-level`, `--log-format` over `--zap-encoder`; `--zap-devel` means text and debug
 * unless those say otherwise. Throws {@link FlagError} on unknown flags or bad values.
 */
export function parseFlags(
  argv: readonly string[],
  onHelp: (text: string) => never = printUsageAndExit,
): Flags {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: parseOptions(),
    });
  } catch (e) {
    throw new FlagError(e instanceof Error ? e.message : String(e));
  }
  const values = parsed.values as Record<string, string | boolean | undefined>;
  if (values['help'] === true) onHelp(usage());
  const v = values as Record<string, string | undefined> & {
    'zap-devel'?: boolean;
    'lifecycle-events'?: boolean;
  };
  const devel = v['zap-devel'] === true;
  let logLevel: LogLevel = devel ? 'debug' : 'info';
  if (v['zap-log-level'] !== undefined) logLevel = zapLevel(v['zap-log-level']);
  if (v['log-level'] !== undefined) {
    if (!isLogLevel(v['log-level'])) {
      throw new FlagError(
        `--log-level: must be one of error, warn, info, debug, trace; got "${v['log-level']}"`,
      );
    }
    logLevel = v['log-level'];
  }
  let logFormat: 'json' | 'text' = devel ? 'text' : 'json';
  if (v['zap-encoder'] !== undefined) logFormat = v['zap-encoder'] === 'console' ? 'text' : 'json';
  if (v['log-format'] !== undefined) {
    if (v['log-format'] !== 'json' && v['log-format'] !== 'text') {
      throw new FlagError(`--log-format: must be json or text; got "${v['log-format']}"`);
    }
    logFormat = v['log-format'];
  }
  let v1Kinds: V1KindName[];
  try {
    v1Kinds = parseV1Kinds(v['enable-v1-kinds']);
  } catch (e) {
    throw e instanceof UnknownV1KindError ? new FlagError(e.message) : e;
  }
  const gangScheduling = parseGangSchedulerName(v['gang-scheduler-name']);
  const statusCoalesceWindowMs = parseWindow(v['status-coalesce-window']);
  return {
    ...(statusCoalesceWindowMs !== undefined ? { statusCoalesceWindowMs } : {}),
    v1Kinds,
    lifecycleEvents: v['lifecycle-events'] === true,
    ...(gangScheduling !== undefined ? { gangScheduling } : {}),
    ...(v.config !== undefined ? { configFile: v.config } : {}),
    ...(v['feature-gates'] !== undefined ? { featureGates: v['feature-gates'] } : {}),
    ...(v.kubeconfig !== undefined ? { kubeconfig: v.kubeconfig } : {}),
    ...(v.namespace !== undefined ? { namespace: v.namespace } : {}),
    ...(v['watch-namespace'] !== undefined ? { watchNamespace: v['watch-namespace'] } : {}),
    logLevel,
    logFormat,
    certDir: v['cert-dir'] ?? DEFAULT_CERT_DIR,
  };
}
