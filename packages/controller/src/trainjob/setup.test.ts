// SPDX-License-Identifier: Apache-2.0
// What is declared is what is watched, and what is watched is what RBAC grants: the kinds the plugins
// declare as watched (`watchedKinds`, with the LeaderWorkerSet gate on so every plugin declares)
// each have a watch in a controller's setup or a documented reason not to (NOT_WATCHED); and every
// watch's resource may be listed and watched under the ClusterRoles the install generates
// (manifests/rbac, read as the files a cluster admin applies).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { createLogger } from '@kubetrain/log';
import { defaultPlugins, watchedKinds } from '@kubetrain/runtime';
import { InMemoryClient } from '@kubetrain/testing';
import { createStores } from '../cluster/stores.js';
import { loadSettings, parseFlags } from '../config/index.js';
import { createEngine } from '../engine/engine-port.js';
import { ManagerMetrics } from '../metrics/metrics.js';
import { setupRuntimeControllers } from '../runtimes/setup.js';
import { NOT_WATCHED, setupTrainJobController } from './setup.js';

const repo = join(import.meta.dirname, '..', '..', '..', '..');
const gates = { LeaderWorkerSetBackend: true };

/** The watches of the TrainJob and runtime controllers, set up with the gate on. */
function setupWatches() {
  const logger = createLogger({ level: 'error', write: () => undefined });
  const settings = loadSettings(parseFlags(['--feature-gates=LeaderWorkerSetBackend=true']), undefined);
  const client = new InMemoryClient();
  const stores = createStores(logger);
  const metrics = new ManagerMetrics({ processMetrics: false });
  const engine = createEngine({ config: {}, featureGates: gates });
  const trainJob = setupTrainJobController({ client, stores, engine, metrics, logger, settings, host: 'h' });
  const runtimes = setupRuntimeControllers({ client, stores, metrics, logger, trainJobs: trainJob.queue });
  return [...trainJob.setup.watches, ...runtimes.watches];
}

interface Rule {
  apiGroups?: string[];
  resources?: string[];
  verbs?: string[];
}

/** `group/resource` to the verbs the ClusterRoles of `files` grant on it. */
function grants(files: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const file of files)
    for (const doc of parseAllDocuments(readFileSync(join(repo, file), 'utf8'))) {
      const object = doc.toJS() as { kind?: string; rules?: Rule[] } | null;
      if (object?.kind !== 'ClusterRole') continue;
      for (const rule of object.rules ?? [])
        for (const group of rule.apiGroups ?? [])
          for (const resource of rule.resources ?? []) {
            const verbs = out.get(`${group}/${resource}`) ?? new Set<string>();
            for (const verb of rule.verbs ?? []) verbs.add(verb);
            out.set(`${group}/${resource}`, verbs);
          }
    }
  return out;
}

describe('declared, watched and granted kinds agree', () => {
  const declared = watchedKinds(defaultPlugins({ config: {}, featureGates: gates } as never)).filter(
    (k) => k.watch,
  );
  const watches = setupWatches();
  const watched = new Set(watches.map((w) => `${w.resource.group}/${w.resource.kind}`));

  it('every kind a plugin declares as watched is watched, or says why not', () => {
    const missing = declared
      .map((k) => `${k.group}/${k.kind}`)
      .filter((gk) => !watched.has(gk) && NOT_WATCHED[gk] === undefined);
    expect(missing).toEqual([]);
  });

  it('every kind said not to be watched is declared and indeed not watched (no stale reason)', () => {
    const declaredKeys = new Set(declared.map((k) => `${k.group}/${k.kind}`));
    for (const gk of Object.keys(NOT_WATCHED)) {
      expect({ gk, declared: declaredKeys.has(gk), watched: watched.has(gk) }).toEqual({
        gk,
        declared: true,
        watched: false,
      });
    }
  });

  it("every watched resource may be listed and watched under the install's ClusterRoles", () => {
    const granted = grants(['manifests/rbac/rbac.yaml', 'manifests/rbac/leaderworkerset/rbac.yaml']);
    const lacking = watches
      .map((w) => `${w.resource.group}/${w.resource.resource}`)
      .filter((gr) => !['list', 'watch'].every((verb) => granted.get(gr)?.has(verb) === true));
    expect(lacking).toEqual([]);
  });
});
