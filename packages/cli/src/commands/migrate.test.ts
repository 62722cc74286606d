// SPDX-License-Identifier: Apache-2.0
// `kubetrain migrate` as a command: stdin, the exit code of warnings and --strict, -o json, documents
// it leaves out, v1 jobs it refuses and jobs whose output would be refused, the input limits, and --help.
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import type { CliConfig } from '../io.js';
import { run } from '../run.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
const runtimesDir = join(repoRoot, 'manifests', 'runtimes');

async function migrate(argv: string[], stdin?: string, config: Partial<CliConfig> = {}) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await run(['migrate', ...argv], io, {
    cwd: import.meta.dirname,
    runtimesDir,
    ...(stdin !== undefined ? { stdin: [stdin] } : {}),
    ...config,
  });
  return { code, stdout, stderr };
}

/** A worker-only PyTorchJob started with torchrun, with `runPolicy`. */
function pytorchJob(name: string, runPolicy: Record<string, unknown> = {}): string {
  return stringify({
    apiVersion: 'kubeflow.org/v1',
    kind: 'PyTorchJob',
    metadata: { name },
    spec: {
      runPolicy,
      pytorchReplicaSpecs: {
        Worker: {
          replicas: 2,
          template: {
            spec: { containers: [{ name: 'pytorch', image: 'train:1', command: ['torchrun', 'train.py'] }] },
          },
        },
      },
    },
  });
}

interface Case {
  readonly argv: string[];
  readonly stdin?: string;
  readonly config?: Partial<CliConfig>;
  readonly code: number;
  /** Lines stderr must contain. */
  readonly stderrLines?: readonly string[];
  /** Text stdout must contain; '' for no output at all. */
  readonly stdout?: string;
}

const withWarning = pytorchJob('warned', { ttlSecondsAfterFinished: 60, backoffLimit: 3 });
const clean = pytorchJob('clean', { backoffLimit: 3 });

const cases: Record<string, Case> = {
  'reads stdin and warns on stderr; a warning (behaviour that changes) does not fail: exit 0': {
    argv: ['-f', '-'],
    stdin: withWarning,
    code: 0,
    stderrLines: [
      'Warning: PyTorchJob/warned: spec.runPolicy.ttlSecondsAfterFinished: not carried over: a TrainJob has no TTL; delete it when it has finished',
      'migrated 1 of 1 v1 jobs into 2 objects (1 warning)',
    ],
    stdout: 'kind: TrainJob\n',
  },
  '--strict: a warning makes the exit code 1; the objects are printed': {
    argv: ['-f', '-', '--strict'],
    stdin: withWarning,
    code: 1,
    stdout: 'kind: TrainJob\n',
  },
  '--strict without anything to warn about: exit 0': {
    argv: ['-f', '-', '--strict'],
    stdin: clean,
    code: 0,
    stdout: 'kind: TrainJob\n',
  },
  '--allow-changes (warnings once failed without it) is still accepted and changes nothing': {
    argv: ['-f', '-', '--allow-changes'],
    stdin: withWarning,
    code: 0,
    stdout: 'kind: TrainJob\n',
  },
  'nothing to warn about, exit 0': {
    argv: ['-f', '-'],
    stdin: clean,
    code: 0,
    stderrLines: ['migrated 1 of 1 v1 jobs into 2 objects (0 warnings)'],
  },
  '-o json prints one List': {
    argv: ['-f', '-', '-o', 'json'],
    stdin: clean,
    code: 0,
    stdout: '"kind": "List"',
  },
  'leaves out a document that is not a v1 job, with a warning (exit 1 with --strict)': {
    argv: ['-f', '-', '--strict'],
    stdin: `${clean}---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: stray\n`,
    code: 1,
    stderrLines: [
      'Warning: ConfigMap/stray: not a Training Operator v1 job (kubeflow.org/v1 PyTorchJob, TFJob, MPIJob, XGBoostJob, PaddleJob, JAXJob); left out',
    ],
  },
  'refuses a v1 job its CRD refuses, converts the others, exit 1': {
    argv: ['-f', '-'],
    stdin: `${clean}---\napiVersion: kubeflow.org/v1\nkind: JAXJob\nmetadata:\n  name: bad\nspec:\n  jaxReplicaSpecs:\n    Worker:\n      replicas: -1\n`,
    code: 1,
    stderrLines: ['migrated 1 of 2 v1 jobs into 2 objects (0 warnings)'],
    stdout: 'name: clean\n',
  },
  'two v1 jobs that would write the same TrainJob are an error': {
    argv: ['-f', '-'],
    stdin: `${clean}---\n${clean.replace('kind: PyTorchJob', 'kind: JAXJob').replace('pytorchReplicaSpecs', 'jaxReplicaSpecs').replace('name: pytorch', 'name: jax')}`,
    code: 1,
    stderrLines: [
      'TrainingRuntime/clean (migrated): written twice: two v1 jobs of the input have the same name and namespace',
      'migrated 1 of 2 v1 jobs into 2 objects (0 warnings)',
    ],
  },
  "prints nothing of a job whose output the checks refuse (a 63-character name: the TrainJob's JobSet names would be too long)":
    {
      argv: ['-f', '-', '-o', 'name'],
      stdin: `${clean}---\n${pytorchJob('a'.repeat(63), { backoffLimit: 3 })}`,
      code: 1,
      stderrLines: ['migrated 1 of 2 v1 jobs into 2 objects (0 warnings)'],
      stdout: 'trainingruntime.trainer.kubeflow.org/clean\ntrainjob.trainer.kubeflow.org/clean\n',
    },
  'reads a List, as kubectl get -o yaml prints it, with the server-set metadata and status dropped': {
    argv: ['-f', '-'],
    stdin: stringify({
      apiVersion: 'v1',
      kind: 'List',
      items: [
        {
          ...(parse(clean) as Record<string, unknown>),
          metadata: {
            name: 'listed',
            uid: 'u',
            resourceVersion: '7',
            creationTimestamp: '2026-01-01T00:00:00Z',
          },
          status: { conditions: [{ type: 'Succeeded', status: 'True' }] },
        },
      ],
    }),
    code: 0,
    stderrLines: ['migrated 1 of 1 v1 jobs into 2 objects (0 warnings)'],
    stdout: 'name: listed\n',
  },
  'an MPIJob without a Launcher is an error': {
    argv: ['-f', '-'],
    stdin:
      'apiVersion: kubeflow.org/v1\nkind: MPIJob\nmetadata:\n  name: m\nspec:\n  mpiReplicaSpecs:\n    Worker:\n      template:\n        spec:\n          containers: [{name: mpi, image: m}]\n',
    code: 1,
    stderrLines: [
      'MPIJob/m: spec.mpiReplicaSpecs[Launcher]: Required value: MPIReplicaSpec is not valid: Master ReplicaSpec must be present',
    ],
    stdout: '',
  },
  'pod labels, tolerations and a service account become a runtime patch the webhook accepts': {
    argv: ['-f', '-'],
    stdin: stringify({
      apiVersion: 'kubeflow.org/v1',
      kind: 'PyTorchJob',
      metadata: { name: 'patched' },
      spec: {
        pytorchReplicaSpecs: {
          Worker: {
            replicas: 2,
            restartPolicy: 'OnFailure',
            template: {
              metadata: { labels: { team: 'a' }, annotations: { 'sidecar.istio.io/inject': 'false' } },
              spec: {
                serviceAccountName: 'trainer',
                tolerations: [{ key: 'gpu', operator: 'Exists' }],
                containers: [{ name: 'pytorch', image: 'train:1', command: ['torchrun', 'train.py'] }],
              },
            },
          },
        },
      },
    }),
    code: 0,
    stdout: 'manager: kubetrain.dev/migrate\n',
    stderrLines: ['migrated 1 of 1 v1 jobs into 1 objects (1 warning)'],
  },
  'a YAML alias bomb cannot be used, exit 2': {
    argv: ['-f', '-'],
    stdin: `a: &a [x, x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\ne: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\nf: [*e, *e, *e, *e, *e, *e, *e, *e, *e, *e]\n`,
    code: 2,
    stdout: '',
  },
  'an object larger than --max-bytes cannot be used, exit 2': {
    argv: ['-f', '-', '--max-bytes', '64'],
    stdin: clean,
    code: 2,
    stdout: '',
  },
  'a missing file cannot be used, exit 2': {
    argv: ['-f', 'no-such.yaml'],
    code: 2,
    stderrLines: ['error: no-such.yaml: no such file or folder'],
    stdout: '',
  },
  'input without objects cannot be used, exit 2': {
    argv: ['-f', '-'],
    stdin: '# nothing\n',
    code: 2,
    stderrLines: ['error: no objects in -'],
    stdout: '',
  },
  'a PyTorchJob needs the shipped runtimes folder': {
    argv: ['-f', '-'],
    stdin: clean,
    config: { runtimesDir: join(import.meta.dirname, 'no-such-folder') },
    code: 1,
    stderrLines: [
      'PyTorchJob/clean: kind: the shipped runtime torch-distributed is not in the runtimes folder',
    ],
  },
};

describe('kubetrain migrate', () => {
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const got = await migrate(tc.argv, tc.stdin, tc.config);
      expect(got.code).toBe(tc.code);
      for (const line of tc.stderrLines ?? []) expect(got.stderr.split('\n')).toContain(line);
      if (tc.stdout === '') expect(got.stdout).toBe('');
      else if (tc.stdout !== undefined) expect(got.stdout).toContain(tc.stdout);
      if (tc.stdout?.endsWith('\n') === true && tc.argv.includes('name')) expect(got.stdout).toBe(tc.stdout);
    });
  }

  it('--help names the warning lines, the exit codes and the flags', async () => {
    const got = await migrate(['--help']);
    expect(got.code).toBe(0);
    for (const text of [
      '--strict',
      '-o, --output <format>',
      '--max-bytes <bytes>',
      'not carried over: <why>',
      'Exit codes:',
    ])
      expect(got.stdout).toContain(text);
  });
});
