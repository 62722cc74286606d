// SPDX-License-Identifier: Apache-2.0
/**
 * Structured logging for kubetrain's processes, over winston. This module is the only place that
 * knows winston: the rest of the project sees the `Logger` interface.
 *
 * Conventions (libraries-and-style 2.5, rule 15): messages are constant sentences
 * (`'Rendered TrainJob'`), data goes into fields, and context is added with `child()`
 * (`log.child({ controller: 'trainjob', namespace, name })`).
 */
import { Writable } from 'node:stream';
import winston from 'winston';

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
  /** `json`: one JSON object per line (for machines); `text`: `time level message key=value…`. Default `json`. */
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

function formatValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /[\s"=]/.test(text) ? JSON.stringify(text) : text;
}

function textLine(info: winston.Logform.TransformableInfo): string {
  const { level, message, timestamp, ...fields } = info;
  const pairs = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${formatValue(fields[key])}`);
  return [timestamp, level.toUpperCase(), message, ...pairs].join(' ');
}

/** Errors in fields become `{ message, stack }`: JSON has no encoding of its own for them. */
function plainFields(fields: LogFields | undefined): LogFields {
  if (!fields) return {};
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { message: value.message, stack: value.stack } : value;
  }
  return out;
}

function wrap(inner: winston.Logger): Logger {
  const at =
    (level: LogLevel) =>
    (message: string, fields?: LogFields): void => {
      inner.log(level, message, plainFields(fields));
    };
  return {
    error: at('error'),
    warn: at('warn'),
    info: at('info'),
    debug: at('debug'),
    trace: at('trace'),
    child: (fields) => wrap(inner.child(plainFields(fields))),
  };
}

/**
 * Creates a logger that writes every line through `options.write`, synchronously, in the order
 * the calls were made.
 * Errors in fields are written as their message and stack.
 */
export function createLogger(options: LoggerOptions): Logger {
  const now = options.now ?? (() => new Date());
  const sink = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      options.write(chunk.toString());
      done();
    },
  });
  const inner = winston.createLogger({
    levels: LogLevels,
    level: options.level ?? 'info',
    format: winston.format.combine(
      winston.format.timestamp({ format: () => now().toISOString() }),
      options.format === 'text' ? winston.format.printf(textLine) : winston.format.json(),
    ),
    transports: [new winston.transports.Stream({ stream: sink })],
  });
  return wrap(inner);
}
