// SPDX-License-Identifier: Apache-2.0
// The `kubetrain` entry point: reads the process (argv, environment, cwd, stdin) once and runs the CLI.

import { fileURLToPath } from 'node:url';
import { ExitCode } from './io.js';
import { internalErrorLine, run } from './run.js';

const runtimesDir =
  process.env.KUBETRAIN_RUNTIMES_DIR ??
  fileURLToPath(new URL('../../../manifests/runtimes/', import.meta.url));

/** Anything that escapes run() still ends as one line and exit code 2, never a stack trace. */
function die(e: unknown): never {
  process.stderr.write(internalErrorLine(e));
  process.exit(ExitCode.Unusable);
}
process.on('uncaughtException', die);
process.on('unhandledRejection', die);

// `kubetrain render ... | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') die(error);
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await run(
  process.argv.slice(2),
  { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  { cwd: process.cwd(), runtimesDir, stdin: process.stdin },
);
