// SPDX-License-Identifier: Apache-2.0
// The kubetrain command line, runnable in process: `run(argv, io, config)`.
export { run, EXIT_CODES_HELP } from './run.js';
export { CliError, ExitCode, type CliConfig, type Io, type ValidateTrainJob } from './io.js';
export { renderCommand, type RenderCommandOptions } from './commands/render.js';
export { validateCommand, type ValidateCommandOptions } from './commands/validate.js';
export { toYamlStream } from './output.js';
