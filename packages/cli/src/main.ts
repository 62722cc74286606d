// SPDX-License-Identifier: Apache-2.0
// The `kubetrain` entry point: reads the process (argv, environment, cwd) once and runs the CLI.

import { fileURLToPath } from 'node:url';
import { run } from './run.js';

const runtimesDir =
  process.env.KUBETRAIN_RUNTIMES_DIR ??
  fileURLToPath(new URL('../../../manifests/runtimes/', import.meta.url));

// `kubetrain render ... | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await run(
  process.argv.slice(2),
  { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
  { cwd: process.cwd(), runtimesDir },
);
