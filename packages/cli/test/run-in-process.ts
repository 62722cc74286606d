// SPDX-License-Identifier: Apache-2.0
// Runs the CLI in process through run(), capturing what it writes.
import type { CliConfig } from '../src/io.js';
import { run } from '../src/run.js';

/** What one run wrote, and its exit code. */
export interface RunOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `kubetrain <argv>` with `config`; stdout and stderr are captured. */
export async function runInProcess(argv: readonly string[], config: CliConfig): Promise<RunOutcome> {
  let stdout = '';
  let stderr = '';
  const code = await run(
    argv,
    { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t) },
    config,
  );
  return { code, stdout, stderr };
}
