// SPDX-License-Identifier: Apache-2.0
// `kubetrain runtimes --offline`: the shipped ClusterTrainingRuntimes without a cluster.
import { join } from 'node:path';
import { readObjects, yamlFiles } from '@kubetrain/testing';
import { runInProcess } from '../../test/run-in-process.js';

const shippedDir = join(import.meta.dirname, '..', '..', '..', '..', 'manifests', 'runtimes');
const offline = (argv: string[], runtimesDir = shippedDir) =>
  runInProcess(['runtimes', '--offline', ...argv], { cwd: import.meta.dirname, runtimesDir });

/** The names of the ClusterTrainingRuntimes in the shipped folder, read without the CLI. */
const shippedNames = yamlFiles(shippedDir)
  .flatMap((f) => readObjects(join(shippedDir, f)))
  .filter((o) => o.kind === 'ClusterTrainingRuntime')
  .map((o) => o.metadata?.name ?? '')
  .sort();

describe('kubetrain runtimes --offline', () => {
  it('lists every shipped ClusterTrainingRuntime by name, with framework, nodes and image', async () => {
    const got = await offline([]);
    expect(got.code).toBe(0);
    const [header, ...rows] = got.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^NAME +KIND +FRAMEWORK +NODES +IMAGE$/);
    expect(rows.map((r) => r.split(/ +/)[0])).toEqual(shippedNames);
    expect(rows).toContainEqual(
      expect.stringMatching(/^torch-distributed +ClusterTrainingRuntime +torch +1 +pytorch\/pytorch:\S+$/),
    );
    expect(shippedNames.length).toBeGreaterThan(5);
  });

  it('-o name and -o json print the same runtimes', async () => {
    const names = await offline(['-o', 'name']);
    expect(names.stdout).toBe(
      shippedNames.map((n) => `clustertrainingruntime.trainer.kubeflow.org/${n}\n`).join(''),
    );
    const json = JSON.parse((await offline(['-o', 'json'])).stdout) as {
      kind: string;
      items: { metadata: { name: string } }[];
    };
    expect(json.kind).toBe('List');
    expect(json.items.map((i) => i.metadata.name)).toEqual(shippedNames);
  });

  it('a missing runtimes folder is an error naming it (exit 2)', async () => {
    expect(await offline([], '/no/such/folder')).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'error: the shipped runtimes folder /no/such/folder does not exist (set KUBETRAIN_RUNTIMES_DIR)\n',
    });
  });
});
