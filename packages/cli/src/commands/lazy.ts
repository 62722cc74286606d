// SPDX-License-Identifier: Apache-2.0
// The commands, each loaded only when it runs: the command tree (run.ts, cluster-commands.ts) calls
// these stand-ins, which import the command's module on first use. `kubetrain --version` and `--help`
// so load the command line parser and the help texts only, not the schemas, the engine or the
// Kubernetes client.

import type * as Dashboard from '../dashboard/command.js';
import type * as Describe from './describe.js';
import type * as Get from './get.js';
import type * as Lifecycle from './lifecycle.js';
import type * as ListRuntimes from './list-runtimes.js';
import type * as Logs from './logs.js';
import type * as Migrate from './migrate.js';
import type * as Render from './render.js';
import type * as Submit from './submit.js';
import type * as Usage from './usage.js';
import type * as Validate from './validate.js';
import type * as Wait from './wait.js';
import type * as WithSession from '../cluster/with-session.js';

type Fn = (...args: never[]) => unknown;

/** A function with the signature of `pick(module)` that imports the module when first called. */
function lazy<M, F extends Fn>(load: () => Promise<M>, pick: (module: M) => F) {
  return async (...args: Parameters<F>): Promise<Awaited<ReturnType<F>>> =>
    (await pick(await load())(...args)) as Awaited<ReturnType<F>>;
}

export const renderCommand = lazy(
  () => import('./render.js'),
  (m: typeof Render) => m.renderCommand,
);
export const validateCommand = lazy(
  () => import('./validate.js'),
  (m: typeof Validate) => m.validateCommand,
);
export const migrateCommand = lazy(
  () => import('./migrate.js'),
  (m: typeof Migrate) => m.migrateCommand,
);
export const dashboardCommand = lazy(
  () => import('../dashboard/command.js'),
  (m: typeof Dashboard) => m.dashboardCommand,
);
export const describeCommand = lazy(
  () => import('./describe.js'),
  (m: typeof Describe) => m.describeCommand,
);
export const getCommand = lazy(
  () => import('./get.js'),
  (m: typeof Get) => m.getCommand,
);
export const setSuspend = lazy(
  () => import('./lifecycle.js'),
  (m: typeof Lifecycle) => m.setSuspend,
);
export const deleteTrainJobs = lazy(
  () => import('./lifecycle.js'),
  (m: typeof Lifecycle) => m.deleteTrainJobs,
);
export const runtimesCommand = lazy(
  () => import('./list-runtimes.js'),
  (m: typeof ListRuntimes) => m.runtimesCommand,
);
export const offlineRuntimesCommand = lazy(
  () => import('./list-runtimes.js'),
  (m: typeof ListRuntimes) => m.offlineRuntimesCommand,
);
export const logsCommand = lazy(
  () => import('./logs.js'),
  (m: typeof Logs) => m.logsCommand,
);
export const submitCommand = lazy(
  () => import('./submit.js'),
  (m: typeof Submit) => m.submitCommand,
);
export const usageCommand = lazy(
  () => import('./usage.js'),
  (m: typeof Usage) => m.usageCommand,
);
export const usageWindow = lazy(
  () => import('./usage.js'),
  (m: typeof Usage) => m.usageWindow,
);
export const waitCommand = lazy(
  () => import('./wait.js'),
  (m: typeof Wait) => m.waitCommand,
);

/** `withSession` (connects to the cluster), loading the Kubernetes client only when called. */
export const withSession: typeof WithSession.withSession = async (...args) =>
  (await import('../cluster/with-session.js')).withSession(...args);
