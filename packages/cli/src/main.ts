// SPDX-License-Identifier: Apache-2.0
// The `kubetrain` entry point: reads the process (argv, environment, cwd, stdin) once and runs the CLI.
// The handlers that turn any escaped failure into one line are installed before the CLI's modules
// load, so that even a module that fails to load ends as `internal error: ...`, never a stack trace.

import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { internalErrorLine } from './internal-error.js';

// Node keeps the compiled code of the modules it loads here, so that a later run skips compiling them;
// a cache that cannot be written only costs the time the cache would save.
enableCompileCache(
  join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'kubetrain', 'compile-cache'),
);

/** Exit code 2: the command could not be used (see io.ts). */
const UNUSABLE = 2;

/** Anything that escapes run() still ends as one line and exit code 2. */
function die(e: unknown): never {
  process.stderr.write(internalErrorLine(e));
  process.exit(UNUSABLE);
}
process.on('uncaughtException', die);
process.on('unhandledRejection', die);

// `kubetrain render ... | head` closes the pipe early; that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') die(error);
  process.exit(process.exitCode ?? 0);
});

const runtimesDir =
  process.env.KUBETRAIN_RUNTIMES_DIR ??
  fileURLToPath(new URL('../../../manifests/runtimes/', import.meta.url));

try {
  const { run } = await import('./run.js');
  process.exitCode = await run(
    process.argv.slice(2),
    { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
    {
      cwd: process.cwd(),
      runtimesDir,
      stdin: process.stdin,
      stdoutIsTTY: process.stdout.isTTY === true,
      terminalColumns: () => process.stdout.columns,
      stderrIsTTY: process.stderr.isTTY === true,
      stderrColumns: () => process.stderr.columns,
      interrupts: {
        listen(handler) {
          process.on('SIGINT', handler);
          return () => process.off('SIGINT', handler);
        },
      },
    },
  );
} catch (e) {
  die(e);
}
