// SPDX-License-Identifier: Apache-2.0
import { join } from 'node:path';
import { runInProcess } from '../test/run-in-process.js';
import type { LoadedDocument } from './documents.js';
import { generatedName, nameGeneratedDocuments } from './generate-name.js';

describe('generatedName', () => {
  const cases: [string, string, RegExp][] = [
    [
      'a prefix and 5 characters of the alphabet',
      'torch-distributed-',
      /^torch-distributed-[bcdfghjklmnpqrstvwxz2456789]{5}$/,
    ],
    [
      'a prefix longer than 58 characters is cut to 58',
      'p'.repeat(70),
      /^p{58}[bcdfghjklmnpqrstvwxz2456789]{5}$/,
    ],
    [
      'a prefix of 58 characters is kept whole',
      `${'p'.repeat(57)}-`,
      /^p{57}-[bcdfghjklmnpqrstvwxz2456789]{5}$/,
    ],
  ];
  it.each(cases)('%s', (_name, prefix, want) => expect(generatedName(prefix, 'seed')).toMatch(want));

  it('is the same for the same seed and differs for another', () => {
    expect(generatedName('x-', 'a')).toBe(generatedName('x-', 'a'));
    const names = new Set(Array.from({ length: 50 }, (_, i) => generatedName('x-', String(i))));
    expect(names.size).toBe(50);
  });
});

describe('nameGeneratedDocuments', () => {
  const doc = (metadata: Record<string, unknown>): LoadedDocument => ({
    source: 'f.yaml',
    kind: 'TrainJob',
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    name: typeof metadata.name === 'string' ? metadata.name : '',
    object: { kind: 'TrainJob', metadata },
  });
  const named = (docs: LoadedDocument[]) =>
    nameGeneratedDocuments(docs).map((d) => [d.name, (d.object.metadata as { name?: unknown }).name]);

  it('names a document with only generateName, in the document and in the object', () => {
    const [[name, inObject]] = named([doc({ generateName: 'job-' })]) as [[string, string]];
    expect(name).toMatch(/^job-.{5}$/);
    expect(inObject).toBe(name);
  });
  it('two identical documents get two names, the same every run', () => {
    const twice = () => named([doc({ generateName: 'job-' }), doc({ generateName: 'job-' })]);
    const [first, second] = twice();
    expect(first?.[0]).not.toBe(second?.[0]);
    expect(twice()).toEqual([first, second]);
  });
  it.each([
    ['a name wins over generateName', { name: 'mine', generateName: 'job-' }, 'mine'],
    ['a name that is not a string is left for the schema', { name: 7, generateName: 'job-' }, 7],
    ['no generateName: no name', {}, undefined],
    ['an empty generateName: no name', { generateName: '' }, undefined],
  ])('%s', (_name, metadata, want) => expect(named([doc(metadata)])[0]?.[1]).toBe(want));
});

describe('render and validate of a TrainJob with only generateName', () => {
  const here = import.meta.dirname;
  const config = { cwd: here, runtimesDir: join(here, 'testdata', 'runtimes'), stdin: [] as string[] };
  const job = (generateName: string) =>
    `apiVersion: trainer.kubeflow.org/v1alpha1\nkind: TrainJob\nmetadata: {generateName: ${generateName}}\nspec: {runtimeRef: {name: torch-distributed}}\n`;
  const render = (text: string, output = 'name') =>
    runInProcess(['render', '-f', '-', '-o', output], { ...config, stdin: [text] });

  it('names the JobSet and the snapshot ConfigMap as the API server would name the TrainJob', async () => {
    const got = await render(job('torch-distributed-'));
    expect(got.code).toBe(0);
    const [configMap, jobSet] = got.stdout.trimEnd().split('\n');
    expect(jobSet).toMatch(/^jobset\.jobset\.x-k8s\.io\/torch-distributed-[bcdfghjklmnpqrstvwxz2456789]{5}$/);
    expect(configMap).toBe(`configmap/${jobSet?.slice(jobSet.indexOf('/') + 1)}-runtime-snapshot`);
  });

  it('gives the same output every run', async () => {
    expect((await render(job('x-'), 'yaml')).stdout).toBe((await render(job('x-'), 'yaml')).stdout);
  });

  it('checks the generated name: a long generateName gives a name the webhook refuses', async () => {
    const got = await render(job('p'.repeat(60)));
    expect(got.code).toBe(1);
    expect(got.stdout).toBe('');
    expect(got.stderr).toMatch(new RegExp(`^TrainJob/p{58}[a-z0-9]{5}: metadata\\.name: `, 'm'));
  });

  it('validate -o name prints the generated name', async () => {
    const got = await runInProcess(['validate', '-f', '-', '-o', 'name'], { ...config, stdin: [job('v-')] });
    expect(got.stdout).toMatch(/^trainjob\.trainer\.kubeflow\.org\/v-[a-z0-9]{5}\n$/);
  });

  it('--help says how the names are made', async () => {
    const got = await runInProcess(['render', '--help'], config);
    expect(got.stdout).toMatch(/derived from a hash of the document/);
  });
});
