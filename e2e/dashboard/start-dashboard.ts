// SPDX-License-Identifier: Apache-2.0
// `kubetrain dashboard --no-open` (bin/kubetrain, a child process) for the dashboard suites: started,
// its printed URL (holding the token) read, stopped with an interrupt as Ctrl-C does.
import { startKubetrain, type RunningCli } from '../cli/kubetrain-cli.js';

/** A running dashboard and the URL it printed. */
export interface StartedDashboard {
  readonly process: RunningCli;
  readonly url: URL;
  stop(): Promise<void>;
}

/** Starts the dashboard with `args` (e.g. `-n NAMESPACE`); resolves once it printed its URL. */
export async function startDashboard(args: readonly string[]): Promise<StartedDashboard> {
  const process = startKubetrain(['dashboard', '--no-open', ...args]);
  let printed = '';
  await process.waitForOutput('the URL', ({ stdout }) => ((printed = stdout), /http:\/\/\S+/.test(stdout)));
  return {
    process,
    url: new URL(/http:\/\/\S+/.exec(printed)![0]),
    async stop() {
      process.interrupt();
      await process.done;
    },
  };
}
