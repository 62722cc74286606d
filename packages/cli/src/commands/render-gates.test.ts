// SPDX-License-Identifier: Apache-2.0
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { run } from '../run.js';
import { expectGolden } from '@kubetrain/testing';
import { parseRenderGates } from './render.js';

const testdata = join(import.meta.dirname, '..', 'testdata');

/** testdata's torch-distributed runtime with the LeaderWorkerSet opt-in, in a temporary file. */
function optedInRuntime(): string {
  const [doc] = parseAllDocuments(readFileSync(join(testdata, 'runtimes', 'torch-distributed.yaml'), 'utf8'));
  const runtime = doc!.toJSON() as { metadata: { annotations?: Record<string, string> } };
  runtime.metadata.annotations = {
    ...runtime.metadata.annotations,
    'kubetrain.dev/workload': 'LeaderWorkerSet',
  };
  const file = join(mkdtempSync(join(tmpdir(), 'render-gates-')), 'runtime.yaml');
  writeFileSync(file, stringify(runtime));
  return file;
}

async function render(extra: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const argv = ['render', '-f', join(testdata, 'trainjob.yaml'), '-r', optedInRuntime(), ...extra];
  const code = await run(argv, io, { cwd: testdata, runtimesDir: join(testdata, 'no-such-folder') });
  return { code, stdout, stderr };
}

const kinds = (yaml: string) => parseAllDocuments(yaml).map((d) => (d.toJSON() as { kind: string }).kind);

describe('kubetrain render --feature-gates', () => {
  it.each([
    ['without the flag: a JobSet', [], ['ConfigMap', 'JobSet']],
    [
      'LeaderWorkerSetBackend=false: a JobSet',
      ['--feature-gates', 'LeaderWorkerSetBackend=false'],
      ['ConfigMap', 'JobSet'],
    ],
    [
      'LeaderWorkerSetBackend=true: a LeaderWorkerSet',
      ['--feature-gates', 'LeaderWorkerSetBackend=true'],
      ['ConfigMap', 'LeaderWorkerSet'],
    ],
  ])('%s', async (_name, extra, want) => {
    const got = await render(extra);
    expect(got.code).toBe(0);
    expect(kinds(got.stdout)).toEqual(want);
  });

  it('the gate also selects the backend admission rules (name length)', async () => {
    const long = `j${'a'.repeat(50)}`;
    const job = readFileSync(join(testdata, 'trainjob.yaml'), 'utf8').replace(
      'name: example',
      `name: ${long}`,
    );
    const file = join(mkdtempSync(join(tmpdir(), 'render-gates-')), 'trainjob.yaml');
    writeFileSync(file, job);
    let stderr = '';
    const io = { stdout: () => undefined, stderr: (t: string) => void (stderr += t) };
    const code = await run(
      ['render', '-f', file, '-r', optedInRuntime(), '--feature-gates', 'LeaderWorkerSetBackend=true'],
      io,
      { cwd: testdata, runtimesDir: join(testdata, 'no-such-folder') },
    );
    expect(code).toBe(1);
    expect(stderr).toContain(
      'metadata.name: Invalid value: "' + long + '": must be no more than 50 characters',
    );
  });
});

describe('kubetrain render --feature-gates TrainJobStatus=true', () => {
  const ca = ['--status-server-ca', join(testdata, 'status-server-ca.pem')];
  it.each([
    ['torch on a JobSet', ['--feature-gates', 'TrainJobStatus=true', ...ca], 'trainjobstatus-jobset.yaml'],
    [
      'torch on a LeaderWorkerSet',
      ['--feature-gates', 'TrainJobStatus=true,LeaderWorkerSetBackend=true', ...ca],
      'trainjobstatus-lws.yaml',
    ],
  ])(
    '%s: the env, mount and token volume on the trainer pods, and <tj>-tls-config',
    async (_n, extra, golden) => {
      const got = await render(extra);
      expect(got.code).toBe(0);
      expect(kinds(got.stdout)).toEqual([
        'ConfigMap',
        golden.includes('lws') ? 'LeaderWorkerSet' : 'JobSet',
        'ConfigMap',
      ]);
      expect(got.stdout).toContain('KUBEFLOW_TRAINER_SERVER_URL');
      expectGolden(golden, got.stdout, { dir: join('packages', 'cli', 'src', 'commands', 'testdata') });
    },
  );

  it('without --status-server-ca: the injection, no <tj>-tls-config', async () => {
    const got = await render(['--feature-gates', 'TrainJobStatus=true']);
    expect(got.code).toBe(0);
    expect(kinds(got.stdout)).toEqual(['ConfigMap', 'JobSet']);
    expect(got.stdout).toContain(
      'https://kubeflow-trainer-controller-manager.kubeflow-system.svc:10443/apis/trainer.kubeflow.org/v1alpha1/namespaces/team-a/trainjobs/example/status',
    );
    expect(got.stdout).toContain('name: example-tls-config');
  });

  it('an unreadable --status-server-ca is an error naming the flag', async () => {
    const got = await render(['--feature-gates', 'TrainJobStatus=true', '--status-server-ca', 'no-such.pem']);
    expect(got.code).toBe(2);
    expect(got.stderr).toContain('--status-server-ca: ENOENT');
  });
});

describe('parseRenderGates', () => {
  const off = { TrainJobStatus: false, LeaderWorkerSetBackend: false };
  const cases: Record<string, { text: string; want?: object; error?: string }> = {
    'no gates: every gate off': { text: '', want: off },
    'a gate on': { text: 'LeaderWorkerSetBackend=true', want: { ...off, LeaderWorkerSetBackend: true } },
    'spaces ignored': { text: ' LeaderWorkerSetBackend = false ,', want: off },
    'Go booleans, as the manager reads them': {
      text: 'LeaderWorkerSetBackend=T,TrainJobStatus=1',
      want: { TrainJobStatus: true, LeaderWorkerSetBackend: true },
    },
    'no value': {
      text: 'LeaderWorkerSetBackend',
      error: '--feature-gates: missing bool value for LeaderWorkerSetBackend',
    },
    'not a Go boolean': {
      text: 'LeaderWorkerSetBackend=yes',
      error:
        '--feature-gates: invalid value of LeaderWorkerSetBackend=yes, err: strconv.ParseBool: parsing "yes": invalid syntax',
    },
    'an unknown gate': { text: 'Nope=true', error: '--feature-gates: unrecognized feature gate: Nope' },
  };
  for (const [name, tc] of Object.entries(cases))
    it(name, () => {
      if (tc.error !== undefined) expect(() => parseRenderGates(tc.text)).toThrow(tc.error);
      else expect(parseRenderGates(tc.text)).toEqual(tc.want);
    });
});
