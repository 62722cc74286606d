// SPDX-License-Identifier: Apache-2.0
// Preloaded into a CLI child process by the hostile-input tests: at exit, writes the process's peak
// resident set size (KiB) as JSON to file descriptor 3, a pipe the parent opened for it.
import { writeSync } from 'node:fs';

process.on('exit', () => {
  try {
    writeSync(3, JSON.stringify({ maxRSS: process.resourceUsage().maxRSS }));
  } catch {
    // No fd 3: not run by the tests.
  }
});
