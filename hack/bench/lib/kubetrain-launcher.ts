// SPDX-License-Identifier: Apache-2.0
// The launchers of kubetrain's own manager (packages/controller). The benchmark measures what
// production runs: plain `node` on the TypeScript compiled ahead of time, in the file tree the
// image installs (hack/install/build-image-tree.sh, built once per benchmark process into
// $KUBETRAIN_CACHE_DIR/bench-manager, or a prebuilt tree named by KUBETRAIN_BENCH_MANAGER_TREE,
// e.g. from `make bench-manager`). `kubetrain-tsx` runs the sources under tsx instead (the
// development command line), `kubetrain-small-heap` the compiled tree with V8's young
// generation capped (`--max-semi-space-size=1`) — a runtime setting, reported separately.
// The contract (as hack/baseline/run-trainer.ts meets it for upstream):
// - the returned `pid` is the manager's own `node` process (CPU seconds and peak RSS are read
//   from /proc/<pid>);
// - it connects with `options.kubeconfig` (also KUBECONFIG) with leader election off,
//   certificate management off and no webhook configurations registered, like the baseline;
// - it resolves once GET http://127.0.0.1:<health port>/readyz answers 200;
// - `metricsUrl` serves controller-runtime's reconcile metrics (controller label containing
//   "trainjob") and rest_client_requests_total;
// - `stop()` sends SIGTERM and resolves once the process has exited.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir } from './kube-client.js';
import type { LaunchOptions, ManagerHandle, ManagerLauncher } from './manager.js';
import { freePort, retryOnPortClash, startProcess, stopProcess, waitHttpOk } from './process.js';
import { selfSignedCert } from './tls.js';

const REPO = new URL('../../../', import.meta.url).pathname;
/** The manager's TypeScript entry point; the launchers are skipped while it does not exist. */
export const KUBETRAIN_MAIN = join(REPO, 'packages/controller/src/main.ts');

let compiledTree: string | undefined;

/**
 * The compiled manager's tree: KUBETRAIN_BENCH_MANAGER_TREE when set, else built from this
 * checkout (once per process, about 10 s) into $KUBETRAIN_CACHE_DIR/bench-manager.
 */
export function compiledManagerTree(): string {
  if (compiledTree) return compiledTree;
  const given = process.env['KUBETRAIN_BENCH_MANAGER_TREE'];
  if (given) {
    if (!existsSync(join(given, 'dist/main.js'))) throw new Error(`${given}/dist/main.js does not exist`);
    return (compiledTree = given);
  }
  const tree = join(cacheDir(), 'bench-manager');
  const built = spawnSync(join(REPO, 'hack/install/build-image-tree.sh'), [tree], { stdio: 'inherit' });
  if (built.status !== 0)
    throw new Error(`hack/install/build-image-tree.sh ${tree} failed (${built.status})`);
  return (compiledTree = tree);
}

/**
 * Node options for every kubetrain launcher from KUBETRAIN_BENCH_NODE_ARGS (space-separated),
 * for profiling a run, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` or `--heap-prof`.
 */
export function extraNodeArgs(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env['KUBETRAIN_BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean);
}

/**
 * The node options of the image's entry point (the Dockerfile's `ENTRYPOINT ["node", OPTIONS…,
 * "/app/dist/main.js"]`): what production starts the manager with, so `kubetrain` runs the same.
 */
export function entrypointNodeArgs(dockerfile: string): string[] {
  const line = /^ENTRYPOINT\s+(\[.*\])\s*$/m.exec(dockerfile);
  if (!line) throw new Error('Dockerfile: no ENTRYPOINT in exec form');
  const argv = JSON.parse(line[1]!) as string[];
  const main = argv.findIndex((arg) => arg.endsWith('dist/main.js'));
  if (main < 1) throw new Error(`Dockerfile: ENTRYPOINT ${line[1]} does not run dist/main.js`);
  return argv.slice(1, main);
}

const imageNodeArgs = (): string[] => entrypointNodeArgs(readFileSync(join(REPO, 'Dockerfile'), 'utf8'));

/** How the manager's `node` is started: the arguments before the manager's own flags. */
type NodeArgs = () => string[];

/** Configuration fields a variant adds to the benchmark's file (see {@link kubetrainVariant}). */
type ConfigExtra = Record<string, unknown>;

function launch(nodeArgs: NodeArgs, extra: ConfigExtra = {}) {
  return (options: LaunchOptions): Promise<ManagerHandle> =>
    retryOnPortClash(() => launchOnce(nodeArgs, extra, options), join(options.workDir, 'manager.log'));
}

async function launchOnce(
  nodeArgs: NodeArgs,
  extra: ConfigExtra,
  options: LaunchOptions,
): Promise<ManagerHandle> {
  const health = await freePort();
  const metrics = await freePort();
  const webhook = await freePort();
  const configPath = join(options.workDir, 'kubetrain-config.yaml');
  writeFileSync(
    configPath,
    JSON.stringify({
      apiVersion: 'config.trainer.kubeflow.org/v1alpha1',
      kind: 'Configuration',
      health: { healthProbeBindAddress: `127.0.0.1:${health}` },
      metrics: { bindAddress: `127.0.0.1:${metrics}`, secureServing: false },
      webhook: { port: webhook, host: '127.0.0.1' },
      leaderElection: { leaderElect: false },
      certManagement: { enable: false },
      ...extra,
    }),
  );
  const certDir = join(options.workDir, 'certs');
  selfSignedCert(certDir);
  const started = startProcess(
    process.execPath,
    [
      ...extraNodeArgs(),
      ...nodeArgs(),
      '--config',
      configPath,
      '--kubeconfig',
      options.kubeconfig,
      '--cert-dir',
      certDir,
    ],
    { KUBECONFIG: options.kubeconfig, TMPDIR: options.workDir },
    join(options.workDir, 'manager.log'),
  );
  try {
    await waitHttpOk(`http://127.0.0.1:${health}/readyz`, started, options.readyTimeoutMs);
  } catch (error) {
    await stopProcess(started);
    throw error;
  }
  return {
    pid: started.pid,
    metricsUrl: `http://127.0.0.1:${metrics}/metrics`,
    logPath: started.logPath,
    stop: () => stopProcess(started),
  };
}

const unavailable = (): string | undefined =>
  existsSync(KUBETRAIN_MAIN) ? undefined : `${KUBETRAIN_MAIN} does not exist yet`;

/** `kubetrain`: node on the compiled tree with the image's node options (Dockerfile ENTRYPOINT). */
export const kubetrainLauncher: ManagerLauncher = {
  name: 'kubetrain',
  unavailable,
  start: launch(() => [...imageNodeArgs(), join(compiledManagerTree(), 'dist/main.js')]),
};

/** `kubetrain-default-v8`: the compiled tree on plain node, no node options at all. */
export const kubetrainDefaultV8Launcher: ManagerLauncher = {
  name: 'kubetrain-default-v8',
  unavailable,
  start: launch(() => [join(compiledManagerTree(), 'dist/main.js')]),
};

/** `kubetrain-small-heap`: the compiled tree with the young generation capped at 1 MiB semi-spaces. */
export const kubetrainSmallHeapLauncher: ManagerLauncher = {
  name: 'kubetrain-small-heap',
  unavailable,
  start: launch(() => ['--max-semi-space-size=1', join(compiledManagerTree(), 'dist/main.js')]),
};

/** `kubetrain-tsx`: the sources under tsx (the development command line). */
export const kubetrainTsxLauncher: ManagerLauncher = {
  name: 'kubetrain-tsx',
  unavailable,
  start: launch(() => ['--import', 'tsx', KUBETRAIN_MAIN]),
};

/** The settings a `kubetrain:` variant name can carry. */
export interface VariantSettings {
  /** TrainJob reconcile workers (`controller.groupKindConcurrency`). */
  workers?: number;
  /** `--max-semi-space-size` of node, in MiB. */
  semi?: number;
  /** The manager's `--status-coalesce-window`, in seconds (0: every status change written at once). */
  window?: number;
  /** 1: node's `--lite-mode` (no optimizing compilers: less memory, more CPU). */
  lite?: number;
  /** 1: node's `--optimize-for-size`. */
  size?: number;
  /** V8's `--heap-growing-percent`: how far the old space may grow past the live heap before a full GC. */
  grow?: number;
  /** 1: node's `--no-maglev --no-turbofan` (Ignition and Sparkplug only: no optimizing compiler). */
  noopt?: number;
}

/** The settings whose value may be 0; the others need a positive integer. */
const ZERO_ALLOWED = new Set(['window', 'lite', 'size', 'noopt']);
const SETTINGS = ['workers', 'semi', 'window', 'lite', 'size', 'grow', 'noopt'] as const;

/** Parses `workers=64+semi=2+window=5+lite=1` (the part after `kubetrain:`); throws on an unknown or bad setting. */
export function parseVariant(spec: string): VariantSettings {
  const out: VariantSettings = {};
  for (const part of spec.split('+').filter(Boolean)) {
    const [key, raw] = part.split('=') as [(typeof SETTINGS)[number], string | undefined];
    const value = Number(raw);
    if (!SETTINGS.includes(key))
      throw new Error(`kubetrain:${spec}: unknown setting ${key} (${SETTINGS.join(', ')})`);
    const least = ZERO_ALLOWED.has(key) ? 0 : 1;
    if (raw === undefined || raw === '' || !Number.isInteger(value) || value < least)
      throw new Error(
        `kubetrain:${spec}: ${part} needs ${least === 0 ? 'an integer of 0 or more' : 'a positive integer'}`,
      );
    out[key] = value;
  }
  return out;
}

/**
 * `kubetrain:workers=N+semi=M+window=S+lite=1+size=1+grow=P+noopt=1`: the compiled tree with N
 * TrainJob workers, node's `--max-semi-space-size=M`, `--lite-mode`, `--optimize-for-size`,
 * `--heap-growing-percent=P`, `--no-maglev --no-turbofan` and/or
 * `--status-coalesce-window=Ss`, for comparing settings in one run.
 */
export function kubetrainVariant(spec: string): ManagerLauncher {
  const settings = parseVariant(spec);
  const nodeArgs = [
    ...(settings.semi !== undefined ? [`--max-semi-space-size=${settings.semi}`] : []),
    ...(settings.lite ? ['--lite-mode'] : []),
    ...(settings.size ? ['--optimize-for-size'] : []),
    ...(settings.grow !== undefined ? [`--heap-growing-percent=${settings.grow}`] : []),
    ...(settings.noopt ? ['--no-maglev', '--no-turbofan'] : []),
  ];
  const extra: ConfigExtra =
    settings.workers !== undefined
      ? { controller: { groupKindConcurrency: { 'TrainJob.trainer.kubeflow.org': settings.workers } } }
      : {};
  return {
    name: `kubetrain:${spec}`,
    unavailable,
    start: launch(
      () => [
        ...nodeArgs,
        join(compiledManagerTree(), 'dist/main.js'),
        ...(settings.window !== undefined ? [`--status-coalesce-window=${settings.window}s`] : []),
      ],
      extra,
    ),
  };
}
