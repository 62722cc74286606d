// SPDX-License-Identifier: Apache-2.0
// Structured logging for kubetrain's processes: JSON or text lines behind one small interface.
export { createLogger, isLogLevel, LogLevels } from './logger.js';
export type { LogFields, LogLevel, Logger, LoggerOptions } from './logger.js';
