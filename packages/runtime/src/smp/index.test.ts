// SPDX-License-Identifier: Apache-2.0
import { StrategicMergePatchError, jobSetSpecPatchSchema, strategicMergePatch } from './index.js';
import { lookupField } from './schema.js';
import { caseSchema, cases } from './testdata/cases.js';
import type { JsonObject, PatchSchema } from './types.js';

describe('strategicMergePatch', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.error !== undefined) {
        expect(() => strategicMergePatch(tc.original, tc.patch, caseSchema)).toThrow(
          StrategicMergePatchError,
        );
        expect(() => strategicMergePatch(tc.original, tc.patch, caseSchema)).toThrow(tc.error);
        return;
      }
      expect(strategicMergePatch(tc.original, tc.patch, caseSchema)).toEqual(tc.want);
    });
  }

  it('does not modify its inputs', () => {
    const original = { pod: { containers: [{ name: 'a', env: [{ name: 'X', value: '1' }] }] } };
    const patch = {
      pod: {
        containers: [{ name: 'a', env: [{ name: 'X', $patch: 'delete' }] }],
        $retainKeys: ['containers'],
      },
    };
    const before = structuredClone({ original, patch });
    strategicMergePatch(original, patch, caseSchema);
    expect({ original, patch }).toEqual(before);
  });

  it('keeps the original key order and appends new keys in patch order', () => {
    const got = strategicMergePatch(
      { suspend: true, network: { subdomain: 's' }, managedBy: 'm' },
      {
        ttlSecondsAfterFinished: 5,
        network: { enableDNSHostnames: true },
        coordinator: { replicatedJob: 'node' },
      },
      jobSetSpecPatchSchema,
    );
    expect(JSON.stringify(got)).toBe(
      '{"suspend":true,"network":{"subdomain":"s","enableDNSHostnames":true},"managedBy":"m",' +
        '"ttlSecondsAfterFinished":5,"coordinator":{"replicatedJob":"node"}}',
    );
  });

  it('gives byte-identical output for identical input', () => {
    const tc = cases['env merges by name; a new variable goes right after the patch element before it']!;
    const runs = [1, 2, 3].map(() => JSON.stringify(strategicMergePatch(tc.original, tc.patch, caseSchema)));
    expect(new Set(runs).size).toBe(1);
  });

  it('applies patches in sequence so that the later one wins', () => {
    const nodeSelector = (value: string): JsonObject => ({
      replicatedJobs: [
        {
          name: 'node',
          template: {
            spec: { template: { spec: { nodeSelector: { 'node.kubernetes.io/instance-type': value } } } },
          },
        },
      ],
    });
    const runtime = { replicatedJobs: [{ name: 'node', template: { spec: { template: { spec: {} } } } }] };
    const once = strategicMergePatch(runtime, nodeSelector('p5.48xlarge'), jobSetSpecPatchSchema);
    const twice = strategicMergePatch(once, nodeSelector('p5en.48xlarge'), jobSetSpecPatchSchema);
    expect(twice).toEqual(nodeSelector('p5en.48xlarge'));
  });

  it('drops directive keys and nulls inside values it takes as they are', () => {
    const got = strategicMergePatch(
      { pod: { containers: [{ name: 'a' }] } },
      {
        pod: {
          containers: [{ name: 'b', env: [{ name: 'X', value: null }], $retainKeys: ['name'] }],
          volumes: [
            { name: 'v', emptyDir: { $patch: 'delete' } },
            { name: 'gone', $patch: 'delete' },
          ],
          tolerations: [{ key: 'k', effect: null }],
        },
      },
      caseSchema,
    );
    expect(got).toEqual({
      pod: {
        containers: [{ name: 'b', env: [{ name: 'X' }] }, { name: 'a' }],
        volumes: [{ name: 'v' }],
        tolerations: [{ key: 'k' }],
      },
    });
  });

  it('merges and replaces fields the schema does not describe', () => {
    const got = strategicMergePatch(
      { custom: { a: 1, list: [{ name: 'x' }] } },
      { custom: { b: 2, list: [{ name: 'y' }] } },
      {},
    );
    expect(got).toEqual({ custom: { a: 1, b: 2, list: [{ name: 'y' }] } });
  });

  it('names the field path in errors', () => {
    const run = (): unknown =>
      strategicMergePatch(
        {
          replicatedJobs: [
            { name: 'node', template: { spec: { template: { spec: { containers: [{ name: 'a' }] } } } } },
          ],
        },
        {
          replicatedJobs: [
            { name: 'node', template: { spec: { template: { spec: { containers: [{ image: 'x' }] } } } } },
          ],
        },
        jobSetSpecPatchSchema,
      );
    expect(run).toThrow(/^replicatedJobs\[name=node\]\.template\.spec\.template\.spec\.containers: map: /);
    try {
      run();
    } catch (e) {
      expect((e as StrategicMergePatchError).path).toBe(
        'replicatedJobs[name=node].template.spec.template.spec.containers',
      );
    }
  });

  it('rejects a document that is not an object', () => {
    expect(() => strategicMergePatch([] as unknown as object, {}, {})).toThrow('invalid JSON document');
  });
});

describe('lookupField', () => {
  const schema: PatchSchema = {
    fields: {
      both: { patchStrategy: 'merge,retainKeys', patchMergeKey: 'name' },
      only: { patchStrategy: 'retainKeys' },
      odd: { patchStrategy: 'bogus' as 'merge' },
    },
  };
  const table: Record<string, { key: string; strategy?: string; error?: string }> = {
    'merge,retainKeys reads as merge': { key: 'both', strategy: 'merge' },
    'retainKeys alone reads as no strategy': { key: 'only', strategy: '' },
    'an unknown field has no strategy': { key: 'missing', strategy: '' },
    'an unknown strategy is rejected': { key: 'odd', error: 'unexpected patch strategy: bogus' },
  };
  for (const [name, tc] of Object.entries(table)) {
    it(name, () => {
      if (tc.error !== undefined) {
        expect(() => lookupField(schema, tc.key, tc.key)).toThrow(tc.error);
        return;
      }
      expect(lookupField(schema, tc.key, tc.key).strategy).toBe(tc.strategy);
    });
  }
});

describe('jobSetSpecPatchSchema', () => {
  /** Walks a dotted path (`[]` steps into list elements) and returns the field's tags. */
  const tagsAt = (path: string): { patchStrategy?: string; patchMergeKey?: string } => {
    let node: PatchSchema = jobSetSpecPatchSchema;
    for (const step of path.split('.')) {
      const field = step.replace('[]', '');
      node = node.fields?.[field] ?? {};
      if (step.endsWith('[]')) node = node.items ?? {};
    }
    return { patchStrategy: node.patchStrategy, patchMergeKey: node.patchMergeKey };
  };
  const pod = 'replicatedJobs[].template.spec.template.spec';
  const table: Record<string, [string, string | undefined, string | undefined]> = {
    replicatedJobs: ['replicatedJobs', 'merge', 'name'],
    dependsOn: ['replicatedJobs[].dependsOn', 'merge', 'name'],
    'job template finalizers': ['replicatedJobs[].template.metadata.finalizers', 'merge', undefined],
    'pod template ownerReferences': [
      'replicatedJobs[].template.spec.template.metadata.ownerReferences',
      'merge',
      'uid',
    ],
    containers: [`${pod}.containers`, 'merge', 'name'],
    initContainers: [`${pod}.initContainers`, 'merge', 'name'],
    ephemeralContainers: [`${pod}.ephemeralContainers`, 'merge', 'name'],
    env: [`${pod}.containers[].env`, 'merge', 'name'],
    'init container env': [`${pod}.initContainers[].env`, 'merge', 'name'],
    volumeMounts: [`${pod}.containers[].volumeMounts`, 'merge', 'mountPath'],
    volumeDevices: [`${pod}.containers[].volumeDevices`, 'merge', 'devicePath'],
    ports: [`${pod}.containers[].ports`, 'merge', 'containerPort'],
    volumes: [`${pod}.volumes`, 'merge,retainKeys', 'name'],
    imagePullSecrets: [`${pod}.imagePullSecrets`, 'merge', 'name'],
    schedulingGates: [`${pod}.schedulingGates`, 'merge', 'name'],
    hostAliases: [`${pod}.hostAliases`, 'merge', 'ip'],
    topologySpreadConstraints: [`${pod}.topologySpreadConstraints`, 'merge', 'topologyKey'],
    resourceClaims: [`${pod}.resourceClaims`, 'merge,retainKeys', 'name'],
    'tolerations (atomic)': [`${pod}.tolerations`, undefined, undefined],
    'args (atomic)': [`${pod}.containers[].args`, undefined, undefined],
  };
  for (const [name, [path, strategy, key]] of Object.entries(table)) {
    it(`${name} is tagged ${strategy ?? 'replace'}${key ? ` by ${key}` : ''}`, () => {
      expect(tagsAt(path)).toEqual({ patchStrategy: strategy, patchMergeKey: key });
    });
  }
});
