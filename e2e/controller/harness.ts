// SPDX-License-Identifier: Apache-2.0
// The manager under test, in-process: @kubetrain/controller's startManager with the suite's
// kubeconfig, reconciling only the suite's namespace (ClusterTrainingRuntimes are cluster-wide),
// metrics and probes on ephemeral local ports. Reads of the cluster go through the suites' own
// clients (e2e/support), never through the manager's stores.
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CustomObjectsApi, PatchStrategy, type CoreV1Event } from '@kubernetes/client-node';
import {
  GROUP,
  Kinds,
  Resources,
  VERSION,
  type TrainingRuntimeSpecPatch,
  type TrainJob,
} from '@kubetrain/api';
import { loadSettings, parseFlags, startManager, type Manager } from '@kubetrain/controller';
import { loadKubeConfig } from '@kubetrain/kube';
import { createLogger } from '@kubetrain/log';
import { applyObject, readYamlObjects, REPO_ROOT } from '../support/apply.js';
import { installKubetrainCrds } from '../support/crds.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';

/** The Configuration the suites start the manager with. */
export const TEST_CONFIG = `apiVersion: config.trainer.kubeflow.org/v1alpha1
kind: Configuration
metrics:
  bindAddress: "127.0.0.1:0"
  secureServing: false
health:
  healthProbeBindAddress: "127.0.0.1:0"
certManagement:
  enable: false
`;

/** A started manager and the log lines it wrote. */
export interface TestManager {
  readonly manager: Manager;
  readonly logs: string[];
}

/** Starts a manager for `namespace` (with `argv` as its flags) and waits until its caches are synced. */
export async function startTestManager(
  namespace: string,
  config = TEST_CONFIG,
  argv: string[] = [],
  /** `operatorNamespace`: the manager's own namespace (default: kubeflow-system, as in the chart). */
  options: { operatorNamespace?: string } = {},
): Promise<TestManager> {
  const logs: string[] = [];
  // Certificates are the test's to provide; an empty directory means none (no webhook server).
  const flags = argv.some((a) => a.startsWith('--cert-dir'))
    ? argv
    : [...argv, `--cert-dir=${mkdtempSync(join(tmpdir(), 'no-certs-'))}`];
  const manager = await startManager(loadSettings(parseFlags(flags), config), {
    kubeConfig: loadKubeConfig({ path: kubeconfigPath() }),
    logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
    watchNamespace: namespace,
    ...(options.operatorNamespace !== undefined ? { namespace: options.operatorNamespace } : {}),
  });
  await waitFor('manager caches synced', async () => (manager.synced() ? true : undefined));
  return { manager, logs };
}

export const custom = () => cluster().kubeConfig.makeApiClient(CustomObjectsApi);

/** Creates a TrainJob and returns it as stored. */
export async function createTrainJob(body: TrainJob): Promise<TrainJob> {
  return (await custom().createNamespacedCustomObject({
    group: GROUP,
    version: VERSION,
    plural: Resources.TrainJob,
    namespace: body.metadata!.namespace!,
    body,
  })) as TrainJob;
}

/** Reads a TrainJob. */
export async function readTrainJob(namespace: string, name: string): Promise<TrainJob> {
  return (await custom().getNamespacedCustomObject({
    group: GROUP,
    version: VERSION,
    plural: Resources.TrainJob,
    namespace,
    name,
  })) as TrainJob;
}

/** Merge-patches a TrainJob (`patch` holds `spec`/`metadata` members to change). */
export async function patchTrainJob(
  namespace: string,
  name: string,
  patch: Record<string, unknown>,
): Promise<void> {
  const { metadata, ...rest } = patch as { metadata?: Record<string, unknown> };
  await cluster().objects.patch(
    {
      apiVersion: `${GROUP}/${VERSION}`,
      kind: Kinds.TrainJob,
      metadata: { name, namespace, ...metadata },
      ...rest,
    },
    undefined,
    undefined,
    'kubetrain-e2e',
    undefined,
    PatchStrategy.MergePatch,
  );
}

/** Waits until the TrainJob has condition `type` with status True; returns the TrainJob. */
export async function waitForCondition(
  namespace: string,
  name: string,
  type: string,
  reason?: string,
): Promise<TrainJob> {
  return waitFor(
    `TrainJob ${namespace}/${name} condition ${type}=True${reason ? ` (${reason})` : ''}`,
    async () => {
      const tj = await readTrainJob(namespace, name);
      const found = tj.status?.conditions?.some(
        (c) => c.type === type && c.status === 'True' && (reason === undefined || c.reason === reason),
      );
      return found ? tj : undefined;
    },
    async () => JSON.stringify((await readTrainJob(namespace, name)).status ?? {}),
  );
}

/** The events about the TrainJob `name`, oldest first. */
export async function eventsOf(namespace: string, name: string): Promise<CoreV1Event[]> {
  const list = await cluster().core.listNamespacedEvent({
    namespace,
    fieldSelector: `involvedObject.name=${name}`,
  });
  return list.items.sort((a, b) => String(a.eventTime ?? '').localeCompare(String(b.eventTime ?? '')));
}

/** Waits for an event about `name` with `reason`; returns it. */
export async function waitForEvent(namespace: string, name: string, reason: string): Promise<CoreV1Event> {
  return waitFor(
    `event ${reason} about ${namespace}/${name}`,
    async () => (await eventsOf(namespace, name)).find((e) => e.reason === reason),
    async () => (await eventsOf(namespace, name)).map((e) => `${e.reason}: ${e.message}`).join('; '),
  );
}

/** A runtime patch that puts `annotations` on the pod template of replicated job `jobName` (kwok outcomes). */
export function podAnnotations(
  jobName: string,
  annotations: Record<string, string>,
): TrainingRuntimeSpecPatch {
  return {
    template: {
      spec: {
        replicatedJobs: [{ name: jobName, template: { spec: { template: { metadata: { annotations } } } } }],
      },
    },
  };
}

/** controller_runtime_reconcile_total summed over results, by controller. */
export async function reconcileTotals(test: TestManager): Promise<Map<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${test.manager.metricsPort}/metrics`)).text();
  const totals = new Map<string, number>();
  for (const m of text.matchAll(/^controller_runtime_reconcile_total\{controller="([^"]+)",[^}]*\} (\d+)$/gm))
    totals.set(m[1]!, (totals.get(m[1]!) ?? 0) + Number(m[2]));
  return totals;
}

const WRITE_VERBS = ['POST', 'PUT', 'PATCH', 'APPLY', 'DELETE'];

/** The manager's own write requests since it started, by `VERB resource` (from its request counter). */
export async function writesOf(manager: Manager): Promise<Record<string, number>> {
  const text = await (await fetch(`http://127.0.0.1:${manager.metricsPort}/metrics`)).text();
  const writes: Record<string, number> = {};
  for (const m of text.matchAll(
    /^kubetrain_api_requests_total\{verb="([A-Z]+)",resource="([a-z/]+)"\} (\d+)$/gm,
  )) {
    if (WRITE_VERBS.includes(m[1]!) && Number(m[3]) > 0) writes[`${m[1]} ${m[2]}`] = Number(m[3]);
  }
  return writes;
}

/** The ClusterTrainingRuntime files the kustomization of manifests/runtimes installs. */
export function shippedRuntimeFiles(): string[] {
  const [kustomization] = readYamlObjects('manifests/runtimes/kustomization.yaml');
  return (kustomization as unknown as { resources: string[] }).resources.map(
    (r) => `manifests/runtimes/${r}`,
  );
}

/** Reads a ClusterTrainingRuntime. */
export async function readClusterRuntime(name: string): Promise<Record<string, unknown>> {
  return (await custom().getClusterCustomObject({
    group: GROUP,
    version: VERSION,
    plural: Resources.ClusterTrainingRuntime,
    name,
  })) as Record<string, unknown>;
}

/** The TrainingRuntime `<namespace>/<name>` with the spec of the ClusterTrainingRuntime `base`. */
export async function trainingRuntimeFrom(
  namespace: string,
  name: string,
  base: string,
): Promise<Record<string, unknown>> {
  const spec = structuredClone((await readClusterRuntime(base))['spec']);
  return {
    apiVersion: `${GROUP}/${VERSION}`,
    kind: Kinds.TrainingRuntime,
    metadata: { name, namespace },
    spec,
  };
}

/**
 * Installs kubetrain's CRDs and the shipped ClusterTrainingRuntimes with `fieldManager`; returns the
 * names of the runtimes that were not there before (for {@link removeClusterRuntimes}). A CRD the
 * API server rejects is tolerated while kubetrain's kinds are served: the CRDs' own suite (e2e/api)
 * reports it.
 */
export async function installCrdsAndShippedRuntimes(fieldManager: string): Promise<string[]> {
  await installKubetrainCrds(fieldManager).catch(async (error: unknown) => {
    const served = await custom()
      .listClusterCustomObject({ group: GROUP, version: VERSION, plural: Resources.ClusterTrainingRuntime })
      .then(
        () => true,
        () => false,
      );
    if (!served) throw error;
  });
  const installed: string[] = [];
  for (const file of shippedRuntimeFiles()) {
    for (const runtime of readYamlObjects(file)) {
      const existed = await readClusterRuntime(runtime.metadata!.name!).then(
        () => true,
        () => false,
      );
      await applyObject(runtime, fieldManager);
      if (!existed) installed.push(runtime.metadata!.name!);
    }
  }
  return installed;
}

/** Deletes the ClusterTrainingRuntimes `names` (those a suite installed). */
export async function removeClusterRuntimes(names: readonly string[]): Promise<void> {
  for (const name of names) {
    await custom().deleteClusterCustomObject({
      group: GROUP,
      version: VERSION,
      plural: Resources.ClusterTrainingRuntime,
      name,
    });
  }
}

/** The `kubetrain-manager` binary as a child process, and what it wrote to stderr. */
export interface ManagerProcess {
  readonly child: ReturnType<typeof spawn>;
  readonly exited: Promise<number | null>;
  readonly output: () => string;
}

/** Starts the `kubetrain-manager` binary for `namespace` with the Configuration `configText`. */
export function spawnManagerBinary(namespace: string, configText: string): ManagerProcess {
  const dir = mkdtempSync(join(tmpdir(), 'kubetrain-manager-'));
  const config = join(dir, 'config.yaml');
  writeFileSync(config, configText);
  const child = spawn(
    process.execPath,
    [
      join(REPO_ROOT, 'packages/controller/bin/kubetrain-manager.js'),
      `--config=${config}`,
      `--kubeconfig=${kubeconfigPath()}`,
      `--watch-namespace=${namespace}`,
      `--cert-dir=${dir}`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => stderr };
}

/** A suite's namespace and the manager watching it, once `beforeAll` has run. */
export interface ControllerSuite {
  readonly namespace: string;
  readonly test: TestManager;
}

/**
 * Registers `beforeAll`/`afterAll` for a suite of its own: a namespace named from `prefix`, kubetrain's
 * CRDs and shipped runtimes (installed with `fieldManager`; those it added are removed afterwards)
 * and a manager with `argv` scoped to the namespace, stopped afterwards.
 */
export function useControllerSuite(
  prefix: string,
  fieldManager: string,
  argv: string[] = [],
): ControllerSuite {
  const state: { namespace?: string; test?: TestManager } = {};
  const installed: string[] = [];
  beforeAll(async () => {
    state.namespace = await createNamespace(prefix);
    installed.push(...(await installCrdsAndShippedRuntimes(fieldManager)));
    state.test = await startTestManager(state.namespace, undefined, argv);
  });
  afterAll(async () => {
    await state.test?.manager.stop();
    await removeClusterRuntimes(installed);
    if (state.namespace !== undefined) await deleteNamespace(state.namespace);
  });
  return {
    get namespace() {
      return state.namespace!;
    },
    get test() {
      return state.test!;
    },
  };
}
