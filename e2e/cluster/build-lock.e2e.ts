// SPDX-License-Identifier: Apache-2.0
// A checkout whose binaries exist never waits for another checkout's build: while the machine's build
// lock is held (by this suite, or by a background build of Kueue that `make e2e` started on a cold
// machine, which the suite's holder then queues behind), hack/cluster/build.sh for
// the cluster's groups and `make cluster-up` (what `make run` calls) still finish, and cluster-up
// starts no build of what `make run` does not run.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/apply.js';
import { runProcess } from '../support/process.js';
import { waitFor } from '../support/wait.js';

const CACHE_DIR =
  process.env['KUBETRAIN_CACHE_DIR'] ??
  join(process.env['XDG_CACHE_HOME'] ?? join(process.env['HOME'] ?? '/', '.cache'), 'kubetrain');
const LOCK = join(CACHE_DIR, 'bin', '.build.lock');
/** A guard against a hang, not a timing assertion: a run that waits for the lock never ends. */
const GUARD_SECONDS = '300';

/** Whether someone holds `LOCK` (a non-blocking flock fails). */
async function lockHeld(): Promise<boolean> {
  const probe = await runProcess('flock', ['-n', LOCK, 'true']);
  return probe.code !== 0;
}

describe('the build lock', () => {
  let holder: ChildProcess | undefined;

  beforeAll(async () => {
    mkdirSync(join(CACHE_DIR, 'bin'), { recursive: true });
    holder = spawn('flock', [LOCK, 'sleep', '3600'], { stdio: 'ignore', detached: true });
    await waitFor('someone (this suite, or a background build) to hold the build lock', async () =>
      (await lockHeld()) ? true : undefined,
    );
  });

  afterAll(() => {
    if (holder?.pid !== undefined) process.kill(-holder.pid, 'SIGTERM');
  });

  it.each([
    [
      'build.sh for the groups the cluster runs',
      [join(REPO_ROOT, 'hack/cluster/build.sh'), 'etcd', 'kubernetes', 'kwok', 'jobset', 'lws'],
    ],
    [
      'make cluster-up, as make run calls it',
      ['make', '-C', REPO_ROOT, '--no-print-directory', 'cluster-up'],
    ],
  ])('%s finishes while another build holds the lock', async (_name, command) => {
    expect(existsSync(LOCK)).toBe(true);
    const run = await runProcess('timeout', [GUARD_SECONDS, ...command], {
      env: { ...process.env, KUBETRAIN_CACHE_DIR: CACHE_DIR },
    });
    const output = run.stdout + run.stderr;
    expect({ code: run.code, output }).toEqual({
      code: 0,
      output: expect.not.stringContaining('waiting for another build') as unknown,
    });
    expect(output).not.toMatch(/in the background|to build first/);
    expect(await lockHeld()).toBe(true);
  });
});
