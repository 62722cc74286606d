// SPDX-License-Identifier: Apache-2.0
import { join } from 'node:path';
import { expectGolden } from '@kubetrain/testing';
import type { CliConfig, ValidateTrainJob } from './io.js';
import { run } from './run.js';

const here = import.meta.dirname;
const repoRoot = join(here, '..', '..', '..');
const upstream = '../shared/reference/upstream/trainer-v2.3.0';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function runCli(argv: string[], config: Partial<CliConfig> = {}): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await run(argv, io, {
    cwd: here,
    runtimesDir: join(here, 'testdata', 'no-such-folder'),
    ...config,
  });
  return { code, stdout, stderr };
}

interface RenderCase {
  argv: string[];
  config?: Partial<CliConfig>;
  code: number;
  /** Golden file of stdout. */
  golden?: string;
  stderr?: string;
  /** Lines stderr must contain. */
  stderrLines?: string[];
}

describe('kubetrain --log-level', () => {
  const argv = ['render', '-f', 'testdata/trainjob.yaml', '-r', 'testdata/runtimes/torch-distributed.yaml'];

  it('debug writes one diagnostic line per rendered TrainJob to stderr', async () => {
    const got = await runCli(['--log-level', 'debug', ...argv]);
    expect(got.code).toBe(0);
    const lines = got.stderr.split('\n').filter((line) => line.includes('Rendered TrainJob'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^\S+ DEBUG Rendered TrainJob TrainJob=\S+ objects=\d+ runtime=ClusterTrainingRuntime\/torch-distributed$/,
    );
  });

  it('the default (warn) writes no diagnostics', async () => {
    const got = await runCli(argv);
    expect(got.code).toBe(0);
    expect(got.stderr).not.toContain('Rendered TrainJob');
  });

  it('rejects an unknown level', async () => {
    const got = await runCli(['--log-level', 'verbose', ...argv]);
    expect(got.code).toBe(2);
    expect(got.stderr).toContain("error: option '--log-level <level>' argument 'verbose' is invalid");
  });
});

describe('kubetrain render', () => {
  const cases: Record<string, RenderCase> = {
    'renders a TrainJob on the runtime of -r FILE': {
      argv: ['render', '-f', 'testdata/trainjob.yaml', '-r', 'testdata/runtimes/torch-distributed.yaml'],
      code: 0,
      golden: 'render-trainjob.yaml',
    },
    'finds the runtime in a -r FOLDER': {
      argv: ['render', '-f', 'testdata/trainjob.yaml', '-r', 'testdata/runtimes'],
      code: 0,
      golden: 'render-trainjob.yaml',
    },
    'uses the shipped runtimes folder without -r': {
      argv: ['render', '-f', 'testdata/trainjob.yaml'],
      config: { runtimesDir: join(here, 'testdata', 'runtimes') },
      code: 0,
      golden: 'render-trainjob.yaml',
    },
    'takes the runtime from the input file and the namespace from -n': {
      argv: ['render', '-f', 'testdata/with-runtime.yaml', '-n', 'team-b'],
      code: 0,
      golden: 'render-with-runtime.yaml',
    },
    'explains a missing shipped runtimes folder': {
      argv: ['render', '-f', 'testdata/trainjob.yaml'],
      code: 1,
      stderr:
        'TrainJob/example: spec.runtimeRef: Not found: not found ClusterTrainingRuntime specified in TrainJob: clustertrainingruntimes.trainer.kubeflow.org ' +
        `"torch-distributed" not found (looked in the input only: no -r given and the shipped runtimes folder ` +
        `${join(here, 'testdata', 'no-such-folder')} does not exist; pass -r FILE or -r FOLDER)\n` +
        'rendered 0 of 1 TrainJobs into 0 objects\n',
    },
    'reports the TrainJobs it cannot render and renders the others': {
      argv: ['render', '-f', 'testdata/invalid.yaml', '-r', 'testdata/runtimes'],
      code: 1,
      golden: 'render-invalid.yaml',
      stderrLines: [
        'TrainJob/negative-nodes: spec.trainer.numNodes: Invalid value: -1: spec.trainer.numNodes in body should be greater than or equal to 0',
        'TrainJob/unknown-runtime-kind: spec.runtimeRef: Invalid value: {"name":"x","apiGroup":"example.io","kind":"Runtime"}: unsupported runtime: Runtime.example.io',
        // render refuses what validate refuses: the webhook's rules run first
        'TrainJob/patches-env: spec.runtimePatches: Invalid value: [{"manager":"example.io/platform","trainingRuntimeSpec":' +
          '{"template":{"spec":{"replicatedJobs":[{"name":"node","template":{"spec":{"template":{"spec":{"containers":' +
          '[{"name":"node","env":[{"name":"A","value":"1"}]}]}}}}}]}}}}]: must not have envs for the dataset-initializer, ' +
          'model-initializer, node containers',
        'Warning: ConfigMap/stray: kind "ConfigMap" is not served by kubetrain (trainer.kubeflow.org/v1alpha1 serves "TrainJob", "TrainingRuntime", "ClusterTrainingRuntime"); not rendered',
        'rendered 1 of 4 TrainJobs into 2 objects',
      ],
    },
    'fails without a TrainJob in the input': {
      argv: ['render', '-f', 'testdata/runtimes/plain.yaml'],
      code: 2,
      stderr: 'error: no TrainJob in testdata/runtimes/plain.yaml\n',
    },
    'fails on a missing file': {
      argv: ['render', '-f', 'testdata/nope.yaml'],
      code: 2,
      stderr: 'error: testdata/nope.yaml: no such file or folder\n',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const got = await runCli(tc.argv, tc.config);
      expect(got.code).toBe(tc.code);
      if (tc.golden !== undefined) expectGolden(tc.golden, got.stdout);
      else expect(got.stdout).toBe('');
      if (tc.stderr !== undefined) expect(got.stderr).toBe(tc.stderr);
      for (const line of tc.stderrLines ?? []) expect(got.stderr.split('\n')).toContain(line);
    });
  }

  it('renders upstream example 01 on upstream torch-distributed', async () => {
    const got = await runCli(
      [
        'render',
        '-f',
        `${upstream}/examples/01-multi-node.yaml`,
        '-r',
        `${upstream}/runtimes/torch_distributed.yaml`,
      ],
      { cwd: repoRoot },
    );
    expect(got).toMatchObject({ code: 0, stderr: 'rendered 1 of 1 TrainJobs into 2 objects\n' });
    expect(got.stdout).toContain('kind: JobSet\n');
    expect(got.stdout).toContain('- name: PET_NNODES\n                      value: "3"\n');
    expect(got.stdout).toContain('value: multi-node-example-node-0-0.multi-node-example\n');
  });

  it('fails on YAML it cannot parse', async () => {
    const got = await runCli(['render', '-f', 'testdata/broken.yaml']);
    expect(got.code).toBe(2);
    expect(got.stderr).toMatch(/^error: testdata\/broken\.yaml: /);
  });

  it('prints the same bytes every time', async () => {
    const argv = [
      'render',
      '-f',
      'testdata/with-runtime.yaml',
      '-f',
      'testdata/trainjob.yaml',
      '-r',
      'testdata/runtimes',
    ];
    const [a, b] = [await runCli(argv), await runCli(argv)];
    expect(a.code).toBe(0);
    expect(a.stdout).toBe(b.stdout);
    // each TrainJob: its runtime snapshot ConfigMap and its JobSet
    expect(a.stdout.split('---\n')).toHaveLength(4);
  });

  describe('the MPI SSH Secret and ownerReferences', () => {
    const mpi = ['render', '-f', 'testdata/mpi-trainjob.yaml', '-r', 'testdata/mpi-runtime.yaml'];
    const kinds = (stdout: string) => [...stdout.matchAll(/^kind: (\w+)$/gm)].map((m) => m[1]);
    const privateKey = (stdout: string) => /ssh-privatekey: (\S+)/.exec(stdout)?.[1];

    it('renders the snapshot, the SSH Secret, the hostfile and the JobSet, with no ownerReference offline', async () => {
      const got = await runCli([...mpi, '--ssh-key-seed', 'seed-1']);
      expect(got).toMatchObject({ code: 0, stderr: 'rendered 1 of 1 TrainJobs into 4 objects\n' });
      expect(kinds(got.stdout)).toEqual(['ConfigMap', 'Secret', 'ConfigMap', 'JobSet']);
      expect(got.stdout).toContain('name: mpi-job-mpi-ssh-auth\n');
      expect(got.stdout).not.toContain('ownerReferences');
    });

    const seeds: Record<string, { a: string[]; b: string[]; same: boolean }> = {
      'the same seed gives the same key': {
        a: ['--ssh-key-seed', 's'],
        b: ['--ssh-key-seed', 's'],
        same: true,
      },
      'another seed gives another key': {
        a: ['--ssh-key-seed', 's'],
        b: ['--ssh-key-seed', 't'],
        same: false,
      },
      'no seed gives a fresh key each time': { a: [], b: [], same: false },
    };
    for (const [name, tc] of Object.entries(seeds)) {
      it(name, async () => {
        const [a, b] = [await runCli([...mpi, ...tc.a]), await runCli([...mpi, ...tc.b])];
        expect(privateKey(a.stdout)).toMatch(/^\S{40,}$/);
        expect(privateKey(a.stdout) === privateKey(b.stdout)).toBe(tc.same);
      });
    }

    it('--owner-uid puts the TrainJob as controller owner of every object', async () => {
      const got = await runCli([...mpi, '--owner-uid', '0b4e2c3a-1111-4222-8333-944445555666']);
      expect(got.code).toBe(0);
      expect(got.stdout.match(/uid: 0b4e2c3a-1111-4222-8333-944445555666$/gm)).toHaveLength(4);
      expect(got.stdout).not.toMatch(/uid: ""/);
    });
  });
});

interface ValidateCase {
  argv: string[];
  config?: Partial<CliConfig>;
  code: number;
  stdout?: string;
  /** Lines stderr must contain; every stderr line but the summary must then name its object. */
  stderrLines?: string[];
  stderr?: string;
}

describe('kubetrain validate', () => {
  const stubValidator: ValidateTrainJob = () => ({
    warnings: ['runtime is deprecated'],
    errors: [
      { path: 'spec.runtimePatches', type: 'Invalid', value: 'x', message: 'must not have envs' },
      { path: 'spec.trainer.numNodes', type: 'Forbidden', message: 'not allowed' },
    ],
  });
  const cases: Record<string, ValidateCase> = {
    'valid documents print one confirmation line': {
      argv: [
        'validate',
        '-f',
        'testdata/trainjob.yaml',
        '-f',
        'testdata/runtimes',
        '-f',
        'testdata/with-runtime.yaml',
      ],
      code: 0,
      stdout: '5 objects valid\n',
      stderr: '',
    },
    'prints each error as <kind>/<name>: <field path>: <message>': {
      argv: ['validate', '-f', 'testdata/invalid.yaml', '-r', 'testdata/runtimes'],
      code: 1,
      stdout: '',
      stderrLines: [
        // the schema (as the API server)
        'TrainJob/negative-nodes: spec.trainer.numNodes: Invalid value: -1: spec.trainer.numNodes in body should be greater than or equal to 0',
        // the webhook's check against the runtime (the engine)
        'TrainJob/patches-env: spec.runtimePatches: Invalid value: [{"manager":"example.io/platform","trainingRuntimeSpec":' +
          '{"template":{"spec":{"replicatedJobs":[{"name":"node","template":{"spec":{"template":{"spec":{"containers":' +
          '[{"name":"node","env":[{"name":"A","value":"1"}]}]}}}}}]}}}}]: must not have envs for the dataset-initializer, ' +
          'model-initializer, node containers',
        'TrainJob/unknown-runtime-kind: spec.runtimeRef: Invalid value: {"name":"x","apiGroup":"example.io","kind":"Runtime"}: unsupported runtime: Runtime.example.io',
        'ConfigMap/stray: kind "ConfigMap" is not served by kubetrain (trainer.kubeflow.org/v1alpha1 serves "TrainJob", "TrainingRuntime", "ClusterTrainingRuntime")',
        // the runtime webhook's checks (the engine)
        'ClusterTrainingRuntime/two-trainers: spec.template.spec.replicatedJobs[0].replicas: Invalid value: 2: always must be 1',
        'ClusterTrainingRuntime/two-trainers: spec.template.spec.replicatedJobs[0].template.spec.template.spec.containers: ' +
          'Invalid value: [{"name":"trainer","image":"busybox:1.37"}]: must contain the required container for the ancestor: trainer',
        '5 of 6 objects invalid (6 errors)',
      ],
    },
    'refuses TrainJobs whose runtime cannot be found, saying where it looked': {
      argv: ['validate', '-f', 'testdata/trainjob.yaml'],
      code: 1,
      stdout: '',
      stderr:
        'TrainJob/example: spec.runtimeRef: Not found: not found ClusterTrainingRuntime specified in TrainJob: ' +
        'clustertrainingruntimes.trainer.kubeflow.org "torch-distributed" not found (looked in the input only: no -r ' +
        `given and the shipped runtimes folder ${join(here, 'testdata', 'no-such-folder')} does not exist; pass -r FILE or -r FOLDER)\n` +
        '1 of 1 objects invalid (1 errors)\n',
    },
    "reports the engine's TrainJob errors and warnings": {
      argv: ['validate', '-f', 'testdata/trainjob.yaml', '-r', 'testdata/runtimes'],
      config: { validateTrainJob: stubValidator },
      code: 1,
      stdout: '',
      stderr:
        'Warning: TrainJob/example: runtime is deprecated\n' +
        'TrainJob/example: spec.runtimePatches: Invalid value: "x": must not have envs\n' +
        'TrainJob/example: spec.trainer.numNodes: Forbidden: not allowed\n' +
        '1 of 1 objects invalid (2 errors)\n',
    },
    'warns about fields the API server would drop': {
      argv: ['validate', '-f', 'testdata/unknown-field.yaml', '-r', 'testdata/runtimes'],
      code: 0,
      stdout: '1 object valid\n',
      stderr: expect.stringContaining(
        'Warning: TrainJob/with-typo: unknown field "spec.trainer.numNode"',
      ) as unknown as string,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const got = await runCli(tc.argv, tc.config);
      expect(got.code).toBe(tc.code);
      if (tc.stdout !== undefined) expect(got.stdout).toBe(tc.stdout);
      if (tc.stderrLines !== undefined) {
        const lines = got.stderr.trimEnd().split('\n');
        for (const line of tc.stderrLines) expect(lines).toContain(line);
        for (const line of lines.slice(0, -1))
          expect(line).toMatch(/^(TrainJob|ConfigMap|ClusterTrainingRuntime)\/[a-z-]+: \S/);
        expect(lines.filter((l) => l.startsWith('TrainJob/good:'))).toEqual([]);
      }
      if (tc.stderr !== undefined) expect(got.stderr).toEqual(tc.stderr);
    });
  }
});

describe('kubetrain', () => {
  const cases: Record<string, { argv: string[]; code: number; out: RegExp }> = {
    'prints help with --help and exits 0': { argv: ['--help'], code: 0, out: /Usage: kubetrain/ },
    'documents the exit codes in --help': {
      argv: ['--help'],
      code: 0,
      out: /Exit codes:\n {2}0 {2}valid: .*\n {2}1 {2}invalid: .*\n(?: {5}.*\n)* {2}2 {2}the input or the command could not be used/,
    },
    'takes --max-bytes on each command': {
      argv: ['validate', '--help'],
      code: 0,
      out: /--max-bytes <bytes>/,
    },
    'prints help and exits 2 without a command': { argv: [], code: 2, out: /Usage: kubetrain/ },
    'rejects an unknown command': { argv: ['explode'], code: 2, out: /unknown command 'explode'/ },
    'requires -f or a file': { argv: ['validate'], code: 2, out: /^error: must specify -f FILE/ },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const got = await runCli(tc.argv);
      expect(got.code).toBe(tc.code);
      expect(got.stdout + got.stderr).toMatch(tc.out);
    });
  }
});

describe('kubetrain on an unexpected failure', () => {
  it('prints one line `internal error: ...` and exits 2, never a stack trace', async () => {
    const broken: ValidateTrainJob = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'spec')");
    };
    const got = await runCli(['validate', '-f', 'testdata/trainjob.yaml', '-r', 'testdata/runtimes'], {
      validateTrainJob: broken,
    });
    expect(got).toEqual({
      code: 2,
      stdout: '',
      stderr: "internal error: Cannot read properties of undefined (reading 'spec')\n",
    });
  });
});
