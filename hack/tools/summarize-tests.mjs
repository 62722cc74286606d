// SPDX-License-Identifier: Apache-2.0
// Sums jest's --json result files and prints the closing line CI reads: `N passed, N failed`.
// Usage: node summarize-tests.mjs results1.json [results2.json ...]; a missing file counts as a failure.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.error(`no test results at ${file}: counting the run as failed`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A suite that failed to load has no failed tests but must still fail the run.
  failed += r.testResults.filter((s) => s.status === 'failed' && s.assertionResults.length === 0).length;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
