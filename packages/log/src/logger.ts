// SPDX-License-Identifier: Apache-2.0
/**
 * Structured logging for kubetrain's processes: one JSON object (or one text line) per call,
 * written synchronously through a caller-given function. No logging library: the manager pays
 * for none of winston's streams, transports and formats (about 13 MiB of RSS to import).
 *
 * Conventions (libraries-and-style 2.5, rule 15): messages are constant sentences
 * (`'Rendered TrainJob'`), data goes into fields, and context is added with `child()`
 * (`log.child({ controller: 'trainjob', namespace, name })`).
 */
import { encodeFields } from './encode.js';

/** Log levels, most severe first: `debug` is Kubernetes' V(2) detail, `trace` its V(5). */
export const LogLevels = { error: 0, warn: 1, info: 2, debug: 3, trace: 4 } as const;
/** One of {@link LogLevels}. */
export type LogLevel = keyof typeof LogLevels;
/** Structured fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** A structured logger; every method takes a constant message and optional fields. */
export interface Logger {
  error(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  debug(message: string, fields?: LogFields): void;
  trace(message: string, fields?: LogFields): void;
  /** A logger that adds `fields` to every line it writes (on top of this logger's own). */
  child(fields: LogFields): Logger;
}

/** How a logger writes. */
export interface LoggerOptions {
  /** Lines less severe than this are dropped. Default `info`. */
  level?: LogLevel;
  /**
   * `json`: one JSON object per line (for machines): `level`, `message`, `timestamp`, then the
   * fields (a field named like one of those three is left out); `text`:
   * `time level message key=value…`. Default `json`.
   */
  format?: 'json' | 'text';
  /** Receives each finished line, newline included. */
  write: (line: string) => void;
  /** The clock for timestamps; injected so that tests can fix it. Default: the system clock. */
  now?: () => Date;
}

/** Tells whether `value` names a log level. */
export function isLogLevel(value: string): value is LogLevel {
  return Object.hasOwn(LogLevels, value);
}

/** The names every line writes itself; fields of these names are dropped. */
const RESERVED = new Set(['level', 'message', 'timestamp']);

/** Errors in fields become `{ message, stack }`: JSON has no encoding of its own for them. */
function plainFields(into: LogFields, fields: LogFields | undefined): LogFields {
  if (!fields) return into;
  for (const key of Object.keys(fields)) {
    if (RESERVED.has(key)) continue;
    const value = fields[key];
    into[key] = value instanceof Error ? { message: value.message, stack: value.stack } : value;
  }
  return into;
}

function formatValue(value: unknown): string {
  const text = typeof value === 'string' ? value : encodeFields(value);
  return /[\s"=]/.test(text) ? JSON.stringify(text) : text;
}

function textLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
  const pairs = Object.keys(fields)
    .filter((key) => fields[key] !== undefined)
    .sort()
    .map((key) => `${key}=${formatValue(fields[key])}`);
  return [time, level.toUpperCase(), message, ...pairs].join(' ');
}

function jsonLine(time: string, level: LogLevel, message: string, fields: LogFields): string {
  const head = `{"level":"${level}","message":${JSON.stringify(message)},"timestamp":"${time}"`;
  const rest = encodeFields(fields);
  return rest === '{}' ? `${head}}` : `${head},${rest.slice(1)}`;
}

/**
 * Creates a logger that writes every line through `options.write`, synchronously, in the order
 * the calls were made.
 * Errors in fields are written as their message and stack; bigints as strings; a value that
 * refers to itself as `"[Circular]"`.
 */
export function createLogger(options: LoggerOptions): Logger {
  const now = options.now ?? (() => new Date());
  const threshold = LogLevels[options.level ?? 'info'];
  const line = options.format === 'text' ? textLine : jsonLine;
  const make = (base: LogFields): Logger => {
    const at =
      (level: LogLevel) =>
      (message: string, fields?: LogFields): void => {
        if (LogLevels[level] > threshold) return;
        const all = plainFields({ ...base }, fields);
        options.write(`${line(now().toISOString(), level, message, all)}\n`);
      };
    return {
      error: at('error'),
      warn: at('warn'),
      info: at('info'),
      debug: at('debug'),
      trace: at('trace'),
      child: (fields) => make(plainFields({ ...base }, fields)),
    };
  };
  return make({});
}
