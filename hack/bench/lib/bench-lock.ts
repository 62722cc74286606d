// SPDX-License-Identifier: Apache-2.0
// One controller benchmark at a time per machine: two runs on the same control plane measure
// each other (and each deletes the other's namespaces as leftovers). The lock is a directory in
// $KUBETRAIN_CACHE_DIR holding the owner's PID; a lock whose owner is gone is taken over.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cacheDir } from './kube-client.js';

const LOCK = () => `${cacheDir()}/controller-bench.lock`;

function ownerAlive(): number | undefined {
  try {
    const pid = Number(readFileSync(`${LOCK()}/pid`, 'utf8'));
    process.kill(pid, 0);
    return pid;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws naming the PID of the run that holds it; returns the release function. */
export function takeBenchLock(): () => void {
  try {
    mkdirSync(LOCK());
  } catch {
    const owner = ownerAlive();
    if (owner !== undefined)
      throw new Error(`another controller benchmark (pid ${owner}) is running on this machine`);
  }
  writeFileSync(`${LOCK()}/pid`, String(process.pid));
  return () => rmSync(LOCK(), { recursive: true, force: true });
}
