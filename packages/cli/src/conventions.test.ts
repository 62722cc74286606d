// SPDX-License-Identifier: Apache-2.0
// kubectl's conventions: --version and version, -o json|yaml|name where objects are printed, input
// files as kubectl takes them (positional, --filename, -f=path, -f DIR, -R), usage errors as one
// line and a hint.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { v1ExamplesDir } from '@kubetrain/testing';
import { parse, parseAllDocuments } from 'yaml';
import { writeUnreachableKubeconfig } from '../test/kubeconfig.js';
import { runInProcess } from '../test/run-in-process.js';
import { splitShortEquals } from './run.js';

const here = import.meta.dirname;
const runtimes = join(here, 'testdata', 'runtimes');
const version = (JSON.parse(readFileSync(join(here, '..', 'package.json'), 'utf8')) as { version: string })
  .version;

/** A folder with a TrainJob, a subfolder with another, and a file kubectl does not read. */
const tree = mkdtempSync(join(tmpdir(), 'kubetrain-conventions-'));
const job = (name: string) =>
  readFileSync(join(here, 'testdata', 'trainjob.yaml'), 'utf8').replace('example', name);
writeFileSync(join(tree, 'top.yaml'), job('top'));
writeFileSync(join(tree, 'notes.txt'), 'not: [yaml');
mkdirSync(join(tree, 'sub'));
writeFileSync(join(tree, 'sub', 'nested.yml'), job('nested'));
mkdirSync(join(tree, 'only-sub'));
mkdirSync(join(tree, 'only-sub', 'deeper'));
writeFileSync(join(tree, 'only-sub', 'deeper', 'deep.json'), JSON.stringify(parse(job('deep'))));

const kubeconfig = writeUnreachableKubeconfig(tree);

const runCli = (argv: string[]) => runInProcess(argv, { cwd: here, runtimesDir: runtimes });

describe('--version and version', () => {
  it.each([[['--version']], [['version']]])('%j prints the version and exits 0', async (argv) => {
    expect(await runCli(argv)).toEqual({ code: 0, stdout: `kubetrain ${version}\n`, stderr: '' });
  });
});

describe('usage errors are one line and a hint, exit 2', () => {
  const cases: Record<string, [string[], string, string]> = {
    'an unknown option': [['render', '--bogus'], "error: unknown option '--bogus'", 'render'],
    'an unknown command': [['explode'], "error: unknown command 'explode'", ''],
    'no input': [
      ['validate'],
      'error: must specify -f FILE (a file, a folder, or - for standard input), or FILE arguments',
      'validate',
    ],
    'no input for migrate': [
      ['migrate', '-o', 'json'],
      'error: must specify -f FILE (a file, a folder, or - for standard input), or FILE arguments',
      'migrate',
    ],
    'an output format render does not print': [
      ['render', 'x.yaml', '-o', 'wide'],
      "error: option '-o, --output <format>' argument 'wide' is invalid. Allowed choices are yaml, json, name.",
      'render',
    ],
    'an output format get does not print': [
      ['get', '-o', 'xml'],
      'error: unknown output format "xml": use one of table, wide, json, yaml, name',
      'get',
    ],
    'a missing argument': [['describe'], "error: missing required argument 'name'", 'describe'],
    'a value a flag does not take': [
      ['wait', 'x', '--for=Running', '--kubeconfig', kubeconfig],
      'error: --for must be Complete or Failed, not "Running"',
      'wait',
    ],
    'submit without a file or a runtime': [
      ['submit', '--kubeconfig', kubeconfig],
      'error: submit needs -f FILE or --runtime NAME',
      'submit',
    ],
  };
  it.each(Object.entries(cases))('%s', async (_name, [argv, line, command]) => {
    const got = await runCli(argv);
    expect(got).toEqual({
      code: 2,
      stdout: '',
      stderr: `${line}\nSee 'kubetrain ${command === '' ? '' : `${command} `}--help'.\n`,
    });
  });
});

describe('input files as kubectl takes them', () => {
  const r = ['-r', runtimes];
  const cases: Record<string, [string[], string[]]> = {
    'a positional file': [['validate', join(tree, 'top.yaml'), ...r], ['top']],
    'several positional files': [
      ['validate', join(tree, 'top.yaml'), join(tree, 'sub', 'nested.yml'), ...r],
      ['top', 'nested'],
    ],
    '--filename': [['validate', '--filename', join(tree, 'top.yaml'), ...r], ['top']],
    '--filename=path': [['validate', `--filename=${join(tree, 'top.yaml')}`, ...r], ['top']],
    '-f=path': [['validate', `-f=${join(tree, 'top.yaml')}`, ...r], ['top']],
    '-fpath': [['validate', `-f${join(tree, 'top.yaml')}`, ...r], ['top']],
    '-f DIR reads the folder’s own .yaml, .yml and .json files': [['validate', '-f', tree, ...r], ['top']],
    '-f DIR -R reads its subfolders too': [
      ['validate', '-f', tree, '-R', ...r],
      ['deep', 'nested', 'top'],
    ],
    '--recursive and a positional folder': [
      ['validate', tree, '--recursive', ...r],
      ['deep', 'nested', 'top'],
    ],
    '-f and positional files, -f first': [
      ['validate', join(tree, 'sub', 'nested.yml'), '-f', join(tree, 'top.yaml'), ...r],
      ['top', 'nested'],
    ],
    'render -f=path': [
      ['render', `-f=${join(tree, 'top.yaml')}`, ...r],
      ['top-runtime-snapshot', 'top'],
    ],
    'migrate takes them too (no v1 job: no object)': [['migrate', tree, '-R'], []],
  };
  it.each(Object.entries(cases))('%s', async (_name, [argv, names]) => {
    const got = await runCli([...argv, '-o', 'name']);
    expect(
      got.stdout
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => l.slice(l.indexOf('/') + 1)),
    ).toEqual(names);
  });

  it('-f DIR of a folder with subfolders only says -R reads them', async () => {
    const got = await runCli(['validate', '-f', join(tree, 'only-sub'), ...r]);
    expect(got.code).toBe(2);
    expect(got.stderr).toBe(
      `error: ${join(tree, 'only-sub')}: a folder without .json, .yaml or .yml files (-R reads its subfolders too)\n`,
    );
  });

  it('-f=path stops at --: what follows is the trainer command', () => {
    expect(splitShortEquals(['submit', '-n=a', '--', 'python', '-c=1'])).toEqual([
      'submit',
      '-n',
      'a',
      '--',
      'python',
      '-c=1',
    ]);
  });
});

describe('-o json|yaml|name wherever objects are printed', () => {
  const file = ['-f', join(here, 'testdata', 'trainjob.yaml'), '-r', runtimes];
  const v1 = join(v1ExamplesDir, 'pytorch', 'simple.yaml');
  const cases: Record<string, [string[], string[]]> = {
    render: [
      ['render', ...file],
      ['ConfigMap/example-runtime-snapshot', 'JobSet/example'],
    ],
    validate: [['validate', ...file], ['TrainJob/example']],
    migrate: [['migrate', '-f', v1], ['TrainJob/pytorch-simple']],
  };
  it.each(Object.entries(cases))('%s', async (_name, [argv, objects]) => {
    const yaml = await runCli([...argv, '-o', 'yaml']);
    const json = await runCli([...argv, '-o', 'json']);
    const name = await runCli([...argv, '-o', 'name']);
    const docs = parseAllDocuments(yaml.stdout).map(
      (d) => d.toJS() as { kind: string; metadata: { name: string } },
    );
    expect(docs.map((d) => `${d.kind}/${d.metadata.name}`)).toEqual(objects);
    const list = JSON.parse(json.stdout) as { kind: string; items: unknown[] };
    expect(list.kind).toBe('List');
    expect(list.items).toEqual(docs);
    expect(name.stdout).toBe(
      docs
        .map(
          (d) =>
            `${d.kind.toLowerCase()}.${(d as unknown as { apiVersion: string }).apiVersion.split('/')[0]}/${d.metadata.name}\n`,
        )
        .join('')
        .replace('configmap.v1/', 'configmap/'),
    );
    for (const got of [yaml, json, name]) expect(got.code).toBe(0);
  });

  it('validate -o prints the object as the API server would store it (defaults applied)', async () => {
    const got = await runCli(['validate', ...file, '-o', 'json']);
    const [stored] = (
      JSON.parse(got.stdout) as { items: { spec: { runtimeRef: Record<string, unknown> } }[] }
    ).items;
    expect(stored?.spec.runtimeRef).toEqual({
      apiGroup: 'trainer.kubeflow.org',
      kind: 'ClusterTrainingRuntime',
      name: 'torch-distributed',
    });
  });

  it('validate -o prints only the valid objects; the invalid ones are errors', async () => {
    const got = await runCli([
      'validate',
      '-f',
      join(here, 'testdata', 'trainjob.yaml'),
      '-f',
      join(here, 'testdata', 'invalid.yaml'),
      '-r',
      runtimes,
      '-o',
      'name',
    ]);
    expect(got.code).toBe(1);
    expect(got.stdout).toBe('trainjob.trainer.kubeflow.org/example\ntrainjob.trainer.kubeflow.org/good\n');
    expect(got.stderr).toMatch(/^TrainJob\/negative-nodes: /m);
  });
});
