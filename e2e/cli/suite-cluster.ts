// SPDX-License-Identifier: Apache-2.0
// What the CLI and SDK suites need on the local control plane: a namespace of their own, kubetrain's
// CRDs and shipped runtimes, and kubetrain's manager in-process for that namespace
// (e2e/controller/harness.ts). Runtimes the suite installed are deleted afterwards.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GROUP, VERSION } from '@kubetrain/api';
import { stringify } from 'yaml';
import { applyObject } from '../support/apply.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import {
  installCrdsAndShippedRuntimes,
  removeClusterRuntimes,
  podAnnotations,
  startTestManager,
  trainingRuntimeFrom,
  type TestManager,
} from '../controller/harness.js';

/** The runtime patch manager of the kwok outcome annotations. */
const KWOK_PATCH_MANAGER = 'e2e.kubetrain.dev/kwok';

/** The field manager of the suites' writes. */
export const FIELD_MANAGER = 'kubetrain-e2e';

/** A prepared suite. */
export interface SuiteCluster {
  readonly namespace: string;
  readonly test: TestManager;
  /** Stops the manager, deletes the runtimes the suite installed and the namespace. */
  teardown(): Promise<void>;
}

/**
 * Creates the namespace `<prefix>-<random>`, installs CRDs and shipped runtimes, starts the manager
 * with `--lifecycle-events` and `flags`.
 */
export async function prepareSuite(prefix: string, flags: readonly string[] = []): Promise<SuiteCluster> {
  const namespace = await createNamespace(prefix);
  const installed = await installCrdsAndShippedRuntimes(FIELD_MANAGER);
  const test = await startTestManager(namespace, undefined, ['--lifecycle-events', ...flags]);
  return {
    namespace,
    test,
    async teardown() {
      await test.manager.stop();
      await removeClusterRuntimes(installed);
      await deleteNamespace(namespace);
    },
  };
}

/** What a CLI suite's tests use; `namespace` and `dir` are set once its beforeAll has run. */
export interface CliSuite {
  /** Random, for the names of the suite's objects. */
  readonly suffix: string;
  /** The suite's fail-fast TrainingRuntime ({@link applyFailFastRuntime}) in its namespace. */
  readonly failRuntime: string;
  namespace: string;
  /** A scratch folder for the suite's files. */
  dir: string;
}

/**
 * Registers, in the calling `describe`, a beforeAll that prepares the suite ({@link prepareSuite}
 * with `prefix` and the manager's extra `flags`, a scratch folder, the fail-fast runtime) and an
 * afterAll that tears it down.
 */
export function cliSuite(prefix: string, flags: readonly string[] = []): CliSuite {
  const suffix = randomBytes(2).toString('hex');
  const state: CliSuite = { suffix, failRuntime: `rt-fail-${suffix}`, namespace: '', dir: '' };
  let suite: SuiteCluster | undefined;
  beforeAll(async () => {
    state.dir = mkdtempSync(join(tmpdir(), `kubetrain-${prefix}-`));
    suite = await prepareSuite(prefix, flags);
    state.namespace = suite.namespace;
    await applyFailFastRuntime(state.namespace, state.failRuntime);
  });
  afterAll(async () => {
    await suite?.teardown();
  });
  return state;
}

/**
 * Applies the TrainingRuntime `<namespace>/<name>`: torch-distributed's spec with backoffLimit 0 (the
 * shipped runtimes keep Job's default of 6 retries with back-off; this one fails on the first pod
 * failure), labelled with its framework as the SDK needs.
 */
export async function applyFailFastRuntime(namespace: string, name: string): Promise<void> {
  const runtime = (await trainingRuntimeFrom(namespace, name, 'torch-distributed')) as {
    metadata: { labels?: Record<string, string> };
    spec: { template: { spec: { replicatedJobs: Array<{ template: { spec: Record<string, unknown> } }> } } };
  };
  runtime.metadata.labels = { 'trainer.kubeflow.org/framework': 'torch' };
  for (const job of runtime.spec.template.spec.replicatedJobs) job.template.spec['backoffLimit'] = 0;
  await applyObject(runtime as never, FIELD_MANAGER);
}

/** A TrainJob as YAML, with kwok outcome annotations on its node pods (a runtime patch). */
export function trainJobYaml(
  name: string,
  runtime: { name: string; kind: string },
  numNodes: number,
  annotations: Record<string, string>,
): string {
  return stringify({
    apiVersion: `${GROUP}/${VERSION}`,
    kind: 'TrainJob',
    metadata: { name },
    spec: {
      runtimeRef: runtime,
      trainer: { numNodes },
      runtimePatches: [
        { manager: KWOK_PATCH_MANAGER, trainingRuntimeSpec: podAnnotations('node', annotations) },
      ],
    },
  });
}
