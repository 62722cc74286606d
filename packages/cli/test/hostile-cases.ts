// SPDX-License-Identifier: Apache-2.0
// The hostile and careless inputs of hostile.test.ts: each a file (or stream) and what the CLI must
// answer, one case per class of input from issue 8 and a few more.

import { execFileSync } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** One hostile input and the answer it must get. */
export interface HostileCase {
  /** The arguments after `kubetrain`; `{dir}` is the fixture folder, `{runtimes}` the CLI's test runtimes, `{shipped}` manifests/runtimes. */
  readonly argv: readonly string[];
  /** A file connected to stdin. */
  readonly stdinFile?: string;
  readonly code: 0 | 1 | 2;
  /** stderr must match each. */
  readonly stderr: readonly RegExp[];
  /** stdout must match (default: nothing is checked but the absence of a stack trace). */
  readonly stdout?: RegExp;
  /** The wall-time ceiling of this case, when its input alone takes longer to read than the default's. */
  readonly wallCeilingMs?: number;
}

const API = 'apiVersion: trainer.kubeflow.org/v1alpha1';

/** The refusal of a torch TrainJob `name` whose `numNodes` is over the Indexed Job parallelism limit. */
const INDEXED_LIMIT = (name: string, numNodes: number) =>
  new RegExp(
    `^TrainJob/${name}: spec\\.trainer\\.numNodes: Invalid value: ${numNodes}: the Jobs of replicated job "node" \\(Indexed Jobs\\) would be ${numNodes} pods in parallel, over the 100000 pods in parallel Kubernetes allows an Indexed Job; the largest spec\\.trainer\\.numNodes that fits is 100000$`,
    'm',
  );

/** A TrainJob in YAML, with `spec` lines (indented under `spec:`) and optional extra metadata lines. */
function trainJob(name: string, specLines: string[] = [], metaLines: string[] = []): string {
  return [
    API,
    'kind: TrainJob',
    'metadata:',
    `  name: ${name}`,
    ...metaLines.map((l) => `  ${l}`),
    'spec:',
    '  runtimeRef:',
    '    name: torch-distributed',
    ...specLines.map((l) => `  ${l}`),
    '',
  ].join('\n');
}

/**
 * A TrainJob with a block map nested as deep as fits in the default --max-bytes (3 MiB) at two-space
 * indentation: `x:` under `spec.trainer`, then `a:` under `a:` to the last line.
 */
function deepestBlockTrainJob(): string {
  const head = trainJob('deepblock', ['trainer:', '  x:']);
  const build = (levels: number): string => {
    const lines: string[] = [];
    for (let i = 0; i < levels; i++) lines.push(`${'  '.repeat(i + 3)}a:${i === levels - 1 ? ' 1' : ''}`);
    return `${head}${lines.join('\n')}\n`;
  };
  let levels = 1;
  while (Buffer.byteLength(build(levels + 1)) <= 3 * 1024 * 1024) levels++;
  return build(levels);
}

/** A TrainJob as JSON text with `n` env entries (duplicates when `distinct` is false). */
function manyEnv(n: number, distinct: boolean): string {
  const env = Array.from({ length: n }, (_, i) => ({
    name: `E${distinct ? i : i % 50}`,
    value: 'v'.repeat(60),
  }));
  return JSON.stringify({
    apiVersion: 'trainer.kubeflow.org/v1alpha1',
    kind: 'TrainJob',
    metadata: { name: 'env' },
    spec: { runtimeRef: { name: 'torch-distributed' }, trainer: { env } },
  });
}

/** A v1 job of `kind` named `name`, its replica map (flow YAML) under `specsField`, and `specLines`. */
function v1Job(
  kind: string,
  name: string,
  specsField: string,
  specs: string,
  specLines: string[] = [],
): string {
  return [
    'apiVersion: kubeflow.org/v1',
    `kind: ${kind}`,
    `metadata: {name: ${name}}`,
    'spec:',
    ...specLines.map((l) => `  ${l}`),
    `  ${specsField}: ${specs}`,
    '',
  ].join('\n');
}

/** A replica spec of `replicas` pods of one container `name` (flow YAML). */
const replica = (replicas: number, name: string, extra = '') =>
  `{replicas: ${replicas}, restartPolicy: OnFailure, template: {spec: {containers: [{name: ${name}, image: x${extra}}]}}}`;

/**
 * A v1 job as JSON text whose pod template (`at`: the pod spec or its first container) holds an unknown
 * field `x` of arrays nested so that the deepest value is `depth` levels below the root.
 */
function deepV1(
  kind: string,
  specsField: string,
  [rtype, name]: [string, string],
  at: 'pod' | 'container',
  depth: number,
): string {
  const container: Record<string, unknown> = { name, image: 'x' };
  const pod: Record<string, unknown> = { containers: [container] };
  // root 0, spec 1, replica map 2, replica 3, template 4, pod spec 5, containers 6, container 7
  const holder = at === 'pod' ? pod : container;
  const arrays = depth - (at === 'pod' ? 5 : 7);
  holder.x = '@deep@';
  const job = {
    apiVersion: 'kubeflow.org/v1',
    kind,
    metadata: { name: 'deep' },
    spec: { [specsField]: { [rtype]: { replicas: 1, template: { spec: pod } } } },
  };
  return JSON.stringify(job).replace('"@deep@"', `${'['.repeat(arrays)}${']'.repeat(arrays)}`);
}

/** A TrainJob on the runtime `runtime` with `spec.trainer.numNodes` `numNodes`. */
function trainJobOn(name: string, runtime: string, numNodes?: number): string {
  const trainer = numNodes === undefined ? [] : ['trainer:', `  numNodes: ${numNodes}`];
  return trainJob(name, trainer).replace('name: torch-distributed', `name: ${runtime}`);
}

/** A v1 job as JSON text named `name`: its replica types, each `[replicas, container name]`, and container fields. */
function v1Json(
  kind: string,
  specsField: string,
  name: string,
  replicas: Record<string, [number, string]>,
  container: Record<string, unknown> = {},
): string {
  const specs = Object.fromEntries(
    Object.entries(replicas).map(([rtype, [n, c]]) => [
      rtype,
      { replicas: n, template: { spec: { containers: [{ name: c, image: 'x', ...container }] } } },
    ]),
  );
  return JSON.stringify({
    apiVersion: 'kubeflow.org/v1',
    kind,
    metadata: { name },
    spec: { [specsField]: specs },
  });
}

/** The shipped torch-distributed runtime and 9,999 renamed copies, in one file (17 MB). */
function tenThousandRuntimes(): string {
  const file = join(import.meta.dirname, '..', '..', '..', 'manifests', 'runtimes', 'torch-distributed.yaml');
  const text = readFileSync(file, 'utf8');
  const copies = Array.from({ length: 9_999 }, (_, i) =>
    text.replace(/^ {2}name: torch-distributed$/m, `  name: copy-${i}`),
  );
  return [text, ...copies].join('\n---\n');
}

/** An alias bomb: ten levels of nine aliases each (a billion strings once expanded). */
function aliasBomb(): string {
  const lines = [
    API,
    'kind: TrainJob',
    'metadata: {name: bomb}',
    'x0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]',
  ];
  for (let i = 1; i < 10; i++)
    lines.push(
      `x${i}: &a${i} [${Array(9)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

/** The fixture files, by name. */
function fixtureTexts(): Record<string, string> {
  const int32 = 2 ** 31;
  return {
    'int32.yaml': trainJob('big', ['trainer:', `  numNodes: ${int32}`]),
    'million-nodes.yaml': trainJob('million', ['trainer:', '  numNodes: 1000000']),
    'indexed-max-nodes.yaml': trainJob('widest-indexed', ['trainer:', '  numNodes: 100000']),
    'int32-max-nodes.yaml': trainJob('widest', ['trainer:', `  numNodes: ${int32 - 1}`]),
    'billion-nodes.yaml': trainJob('billion', ['trainer:', '  numNodes: 1000000000']),
    'env-32k.json': manyEnv(32000, false),
    'env-500k.json': manyEnv(500000, true),
    'alias-bomb.yaml': aliasBomb(),
    'alias-across.yaml': `${trainJob('a', [], ['labels: &l {team: x}'])}---\n${trainJob('b', [], ['labels: *l'])}`,
    'deep.yaml': `${API}\nkind: TrainJob\nmetadata: {name: deep}\nspec: {x: ${'['.repeat(100000)}${']'.repeat(100000)}}\n`,
    'deep.json': `{"apiVersion": "trainer.kubeflow.org/v1alpha1", "kind": "TrainJob", "spec": ${'['.repeat(20000)}${']'.repeat(20000)}}`,
    'no-spec.yaml': `${API}\nkind: TrainJob\nmetadata: {name: nospec}\n`,
    'no-api-version.yaml':
      'kind: TrainJob\nmetadata: {name: x}\nspec: {runtimeRef: {name: torch-distributed}}\n',
    'wrong-api-version.yaml': trainJob('x').replace('v1alpha1', 'v1'),
    'empty.yaml': '',
    'comments-only.yaml': '# nothing\n---\n# still nothing\n',
    'labels-list.yaml': trainJob('x', [], ['labels: [a, b]']),
    'annotation-number.yaml': trainJob('x', [], ['annotations: {replicas: 3}']),
    'namespace.yaml': trainJob('x', [], ['namespace: Team_A']),
    'label-key.yaml': trainJob('x', [], ['labels: {"a/b/c": x}']),
    'unicode-name.yaml': trainJob('jöb'),
    'integer-name.yaml': trainJob('x').replace('name: x', 'name: 123'),
    'quantity-1e400.yaml': trainJob('q', ['trainer:', '  resourcesPerNode:', '    limits: {cpu: 1e400}']),
    'quantity-bad.yaml': trainJob('q', ['trainer:', '  resourcesPerNode:', '    limits: {cpu: lots}']),
    'gpu-negative.yaml': trainJob('g', [
      'trainer:',
      '  resourcesPerNode:',
      '    limits: {nvidia.com/gpu: "-8"}',
    ]),
    'inf.yaml': trainJob('q', ['trainer:', '  resourcesPerNode:', '    limits: {cpu: .inf}']),
    'reserved-env.yaml': trainJob('x', ['trainer:', '  env: [{name: PET_NNODES, value: "1"}]']),
    'long-name.yaml': trainJob('a'.repeat(63)),
    'initializer.yaml': trainJob('init', ['initializer:', '  dataset: {storageUri: "hf://datasets/x"}']),
    'pytorchjob.yaml': 'apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata: {name: old}\nspec: {}\n',
    'configmap-too.yaml': `${trainJob('x')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: cm}\n`,
    'suspend-yes.yaml': trainJob('s', ['suspend: yes']),
    'job.json': JSON.stringify({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'json' },
      spec: { runtimeRef: { name: 'torch-distributed' } },
    }),
    'duplicate-key.yaml': `${trainJob('x')}kind: TrainJob\n`,
    'scalar.yaml': 'just a string\n',
    'binary.yaml': Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)).toString('latin1'),
    'big.yaml': `${trainJob('small')}---\n${trainJob('big', ['trainer:', `  args: [${'"x", '.repeat(40000)}"x"]`])}`,
    'many-docs.yaml': Array.from({ length: 2000 }, (_, i) => trainJob(`j${i}`)).join('---\n'),
    'set-tag.yaml': trainJob('x', [], ['labels: !!set {a, b}']),
    // Read as kubectl reads them (packages/cli/src/input/differential.test.ts checks against kubectl).
    'int64-max.yaml': trainJob('x', ['activeDeadlineSeconds: 9223372036854775807']),
    'int64-over.yaml': trainJob('x', ['activeDeadlineSeconds: 9223372036854775808']),
    'int64-max.json': JSON.stringify({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'json' },
      spec: { runtimeRef: { name: 'torch-distributed' }, activeDeadlineSeconds: 1 },
    }).replace('"activeDeadlineSeconds":1', '"activeDeadlineSeconds":9223372036854775807'),
    'octal-0o.yaml': trainJob('x', ['trainer:', '  numNodes: 0o17']),
    'jq-c.json': [trainJob('a'), trainJob('b')]
      .map(
        () =>
          '{"apiVersion":"trainer.kubeflow.org/v1alpha1","kind":"TrainJob","metadata":{"name":"j"},"spec":{"runtimeRef":{"name":"torch-distributed"}}}',
      )
      .join(''),
    'utf16le-bom.yaml': `\ufeff${trainJob('x')}`,
    'raw-control.yaml': trainJob('x', [], ['labels: {a: "b\u0001c"}']),
    'forged-name.yaml': trainJob('"x\\nTrainJob/forged: spec: all good"', [
      'trainer:',
      `  numNodes: ${int32}`,
    ]),
    'ansi-name.yaml': trainJob('"\\e[2J\\e[Hcleared"'),
    'nul-name.json': JSON.stringify({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'a\u0000b' },
      spec: { runtimeRef: { name: 'torch-distributed' } },
    }),
    'bidi-label.yaml': trainJob('bidi', [], ['labels: {"a\\u202eb": "\\u009b2J"}']),
    'forged-configmap.yaml': `${trainJob('x')}---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: "cm\\rWarning: none"}\n`,
    'forged\nname.yaml': 'key: [unclosed\n',
    'generate-name.yaml': trainJob('x', []).replace('  name: x', '  generateName: torch-distributed-'),
    'v1-long-name.yaml': v1Job(
      'PyTorchJob',
      'a'.repeat(70),
      'pytorchReplicaSpecs',
      `{Master: ${replica(1, 'pytorch')}}`,
    ),
    'v1-int32-sum.yaml': v1Job(
      'PyTorchJob',
      'big',
      'pytorchReplicaSpecs',
      `{Master: ${replica(1, 'pytorch')}, Worker: ${replica(int32 - 1, 'pytorch')}}`,
    ),
    'v1-slots-0.yaml': v1Job(
      'MPIJob',
      'slots',
      'mpiReplicaSpecs',
      `{Launcher: ${replica(1, 'mpi', ', command: [mpirun]')}, Worker: ${replica(2, 'mpi')}}`,
      ['slotsPerWorker: 0'],
    ),
    'v1-no-containers.yaml': v1Job(
      'TFJob',
      'empty',
      'tfReplicaSpecs',
      '{Worker: {replicas: 2, template: {spec: {containers: []}}}}',
    ),
    'v1-two-masters.yaml': v1Job(
      'PyTorchJob',
      'two',
      'pytorchReplicaSpecs',
      `{Master: ${replica(2, 'pytorch')}}`,
    ),
    'v1-unknown-type.yaml': v1Job(
      'PyTorchJob',
      'unk',
      'pytorchReplicaSpecs',
      `{Master: ${replica(1, 'pytorch')}, Chief: ${replica(1, 'pytorch')}}`,
    ),
    'v1-own-tf-config.yaml': v1Job(
      'TFJob',
      'tfc',
      'tfReplicaSpecs',
      `{Worker: ${replica(2, 'tensorflow', ', env: [{name: TF_CONFIG, value: mine}]')}}`,
    ),
    'v1-deep-9000.json': deepV1('PyTorchJob', 'pytorchReplicaSpecs', ['Master', 'pytorch'], 'pod', 9000),
    'v1-deep-10000.json': deepV1('XGBoostJob', 'xgbReplicaSpecs', ['Master', 'xgboost'], 'container', 10000),
    'v1-deep-10001.json': deepV1('TFJob', 'tfReplicaSpecs', ['Worker', 'tensorflow'], 'pod', 10001),
    'deepspeed-int32-max.yaml': trainJobOn('ds', 'deepspeed-distributed', int32 - 1),
    'deepspeed-50k.yaml': trainJobOn('ds', 'deepspeed-distributed', 50000),
    'xgboost-million.yaml': trainJobOn('xgb', 'xgboost-distributed', 1000000),
    'jax-int32-max.yaml': trainJobOn('jax', 'jax-distributed', int32 - 1),
    'name-253.yaml': trainJobOn('a'.repeat(253), 'torch-distributed'),
    'deepspeed-name-60.yaml': trainJobOn('d'.repeat(60), 'deepspeed-distributed'),
    'on-copy-9998.yaml': trainJobOn('late', 'copy-9998'),
    'runtimes-10k.yaml': tenThousandRuntimes(),
    'deep-block-3mib.yaml': deepestBlockTrainJob(),
    'deep-trainjob-10000.json': JSON.stringify({
      apiVersion: 'trainer.kubeflow.org/v1alpha1',
      kind: 'TrainJob',
      metadata: { name: 'deep' },
      // root 0, spec 1, trainer 2: the deepest array is at depth 10,000
      spec: { runtimeRef: { name: 'torch-distributed' }, trainer: { x: '@deep@' } },
    }).replace('"@deep@"', `${'['.repeat(9998)}${']'.repeat(9998)}`),
    'v1-tf-int32.json': v1Json('TFJob', 'tfReplicaSpecs', 'huge', { Worker: [int32 - 1, 'tensorflow'] }),
    'v1-mpi-int32.json': v1Json(
      'MPIJob',
      'mpiReplicaSpecs',
      'huge',
      { Launcher: [1, 'mpi'], Worker: [int32 - 1, 'mpi'] },
      { command: ['mpirun'] },
    ),
    'v1-xgboost-int32.json': v1Json('XGBoostJob', 'xgbReplicaSpecs', 'huge', {
      Master: [1, 'xgboost'],
      Worker: [int32 - 1, 'xgboost'],
    }),
    'v1-paddle-int32.json': v1Json('PaddleJob', 'paddleReplicaSpecs', 'huge', {
      Master: [1, 'paddle'],
      Worker: [int32 - 1, 'paddle'],
    }),
    'v1-jax-int32.json': v1Json('JAXJob', 'jaxReplicaSpecs', 'huge', { Worker: [int32 - 1, 'jax'] }),
    'v1-pytorch-workers-int32.json': v1Json('PyTorchJob', 'pytorchReplicaSpecs', 'huge', {
      Worker: [int32 - 1, 'pytorch'],
    }),
    'v1-mpi-name-63.json': v1Json(
      'MPIJob',
      'mpiReplicaSpecs',
      'm'.repeat(63),
      { Launcher: [1, 'mpi'], Worker: [2, 'mpi'] },
      { command: ['mpirun'] },
    ),
    'v1-env-20k.json': v1Json(
      'TFJob',
      'tfReplicaSpecs',
      'env',
      { Worker: [2, 'tensorflow'] },
      { env: Array.from({ length: 20000 }, (_, i) => ({ name: `E${i}`, value: 'v'.repeat(60) })) },
    ),
    'v1-env-value-2.9mb.json': v1Json(
      'PyTorchJob',
      'pytorchReplicaSpecs',
      'env',
      { Master: [1, 'pytorch'] },
      { env: [{ name: 'BIG', value: 'v'.repeat(2_900_000) }] },
    ),
    'forged-v1.yaml':
      'apiVersion: kubeflow.org/v1\nkind: PyTorchJob\nmetadata: {name: "\\e]0;title\\a"}\nspec: {pytorchReplicaSpecs: {Master: {template: {spec: {containers: [{name: pytorch, image: x}]}}}}}\n',
  };
}

/** Writes the fixtures into `dir` (plus a FIFO and a folder holding a link to /dev/zero). */
export function writeFixtures(dir: string): void {
  for (const [name, text] of Object.entries(fixtureTexts()))
    writeFileSync(
      join(dir, name),
      text,
      name === 'binary.yaml' ? 'latin1' : name.startsWith('utf16le') ? 'utf16le' : 'utf8',
    );
  execFileSync('mkfifo', [join(dir, 'fifo.yaml')]);
  mkdirSync(join(dir, 'with-device'));
  symlinkSync('/dev/zero', join(dir, 'with-device', 'zero.yaml'));
}

const R = ['-r', '{runtimes}'];

/** The table: what each hostile input must get. */
export const hostileCases: Record<string, HostileCase> = {
  'a block map nested as deep as fits in 3 MiB is read (parsed in a worker with a larger stack)': {
    argv: ['validate', '-f', '{dir}/deep-block-3mib.yaml', ...R],
    code: 0,
    stderr: [/^Warning: TrainJob\/deepblock: unknown field "spec\.trainer\.x"$/m],
  },
  'numNodes 2^31 is out of int32': {
    argv: ['validate', '-f', '{dir}/int32.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/big: spec\.trainer\.numNodes: Invalid value: Checked value must be of type integer with format int32 in spec\.trainer\.numNodes$/m,
    ],
  },
  'render refuses numNodes 2^31 as validate does': {
    argv: ['render', '-f', '{dir}/int32.yaml', ...R],
    code: 1,
    stderr: [/format int32 in spec\.trainer\.numNodes$/m],
    stdout: /^$/,
  },
  'numNodes of a billion is refused without building anything per node: over the Indexed Job limit': {
    argv: ['validate', '-f', '{dir}/billion-nodes.yaml', ...R],
    code: 1,
    stderr: [INDEXED_LIMIT('billion', 1000000000)],
    stdout: /^$/,
  },
  'render of a million nodes is refused with the Indexed Job limit': {
    argv: ['render', '-f', '{dir}/million-nodes.yaml', ...R],
    code: 1,
    stderr: [INDEXED_LIMIT('million', 1000000)],
    stdout: /^$/,
  },
  'render of 2^31 - 1 nodes, the widest int32 allows, is refused with the Indexed Job limit': {
    argv: ['render', '-f', '{dir}/int32-max-nodes.yaml', ...R],
    code: 1,
    stderr: [INDEXED_LIMIT('widest', 2147483647)],
    stdout: /^$/,
  },
  'render of 100,000 nodes, the most an Indexed Job runs in parallel': {
    argv: ['render', '-f', '{dir}/indexed-max-nodes.yaml', ...R],
    code: 0,
    stderr: [/^rendered 1 of 1 TrainJobs into 2 objects$/m], // the snapshot ConfigMap and the JobSet
    stdout: /value: "100000"/,
  },
  '32,000 env entries (3 MB) are refused quickly': {
    argv: ['validate', '-f', '{dir}/env-32k.json', ...R],
    code: 1,
    stderr: [/^TrainJob\/env: spec\.trainer\.env: Too many: 32000: must have at most 128 items$/m],
  },
  '500,000 env entries are larger than the object limit': {
    argv: ['validate', '-f', '{dir}/env-500k.json', ...R],
    code: 2,
    stderr: [
      /^error: .*env-500k\.json: document 1: Request entity too large: limit is 3145728 \(--max-bytes sets the limit\)$/m,
    ],
  },
  'a file larger than 16 objects is refused before it is read': {
    argv: ['validate', '-f', '{dir}/env-500k.json', '--max-bytes', '1000000', ...R],
    code: 2,
    stderr: [/^error: .*env-500k\.json: larger than 16000000 bytes, the most one file may hold/m],
  },
  '500,000 env entries under a larger limit are still one object too large': {
    argv: ['validate', '-f', '{dir}/env-500k.json', '--max-bytes', '5000000', ...R],
    code: 2,
    stderr: [
      /^error: .*env-500k\.json: document 1: Request entity too large: limit is 5000000 \(--max-bytes sets the limit\)$/m,
    ],
  },
  'an alias bomb': {
    argv: ['validate', '-f', '{dir}/alias-bomb.yaml'],
    code: 2,
    stderr: [/^error: .*alias-bomb\.yaml: document 1: yaml: document contains excessive aliasing$/m],
  },
  'a YAML document larger than the object limit': {
    argv: ['validate', '-f', '{dir}/big.yaml', '--max-bytes', '100000'],
    code: 2,
    stderr: [
      /^error: .*big\.yaml: document 2: Request entity too large: limit is 100000 \(--max-bytes sets the limit\)$/m,
    ],
  },
  'an alias into another document': {
    argv: ['validate', '-f', '{dir}/alias-across.yaml'],
    code: 2,
    stderr: [/^error: .*alias-across\.yaml: document 2: yaml: unknown anchor 'l' referenced$/m],
  },
  'nesting 100,000 deep': {
    argv: ['validate', '-f', '{dir}/deep.yaml'],
    code: 2,
    stderr: [/^error: .*deep\.yaml: document 1: line 4, column \d+: nesting too deep to parse$/m],
  },
  'nesting 20,000 deep in JSON': {
    argv: ['validate', '-f', '{dir}/deep.json'],
    code: 2,
    stderr: [/^error: .*deep\.json: document 1: exceeded max depth of 10000$/m],
  },
  '-f /dev/zero': {
    argv: ['validate', '-f', '/dev/zero'],
    code: 2,
    stderr: [/^error: \/dev\/zero: is a character device, not a regular file or a folder$/m],
  },
  '-f - reading /dev/zero stops at the limit': {
    argv: ['validate', '-f', '-', '--max-bytes', '100000'],
    stdinFile: '/dev/zero',
    code: 2,
    stderr: [/^error: <stdin>: larger than 1600000 bytes/m],
  },
  '-f - reads stdin': {
    argv: ['validate', '-f', '-', ...R],
    stdinFile: '{dir}/suspend-yes.yaml',
    code: 0,
    stderr: [/^$/],
    stdout: /^1 object valid\n$/,
  },
  'a FIFO is refused before it is opened': {
    argv: ['validate', '-f', '{dir}/fifo.yaml'],
    code: 2,
    stderr: [/^error: .*fifo\.yaml: is a FIFO, not a regular file or a folder$/m],
  },
  'a folder with a link to a device': {
    argv: ['validate', '-f', '{dir}/with-device'],
    code: 2,
    stderr: [/^error: .*zero\.yaml: is a character device, not a regular file$/m],
  },
  'a folder where a runtime file is expected holds no runtime': {
    argv: ['render', '-f', '{dir}/suspend-yes.yaml', '-r', '{dir}/with-device'],
    code: 2,
    stderr: [/is a character device, not a regular file$/m],
  },
  'a TrainJob without spec': {
    argv: ['render', '-f', '{dir}/no-spec.yaml', ...R],
    code: 1,
    stderr: [/^TrainJob\/nospec: spec\.runtimeRef: Not found: the TrainJob names no runtime/m],
  },
  'no apiVersion': {
    argv: ['validate', '-f', '{dir}/no-api-version.yaml', ...R],
    code: 1,
    stderr: [/^TrainJob\/x: apiVersion: Required value$/m],
  },
  'a wrong apiVersion': {
    argv: ['validate', '-f', '{dir}/wrong-api-version.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/x: apiVersion: Unsupported value: "trainer\.kubeflow\.org\/v1": supported values: "trainer\.kubeflow\.org\/v1alpha1"$/m,
    ],
  },
  'an empty file': {
    argv: ['validate', '-f', '{dir}/empty.yaml'],
    code: 2,
    stderr: [/^error: no objects in .*empty\.yaml$/m],
  },
  'a file of comments only': {
    argv: ['render', '-f', '{dir}/comments-only.yaml'],
    code: 2,
    stderr: [/^error: no TrainJob in .*comments-only\.yaml$/m],
  },
  'labels given as a list': {
    argv: ['validate', '-f', '{dir}/labels-list.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/x: metadata\.labels: Invalid value: json: cannot unmarshal array into Go struct field ObjectMeta\.labels of type map\[string\]string$/m,
    ],
  },
  'an annotation value that is a number': {
    argv: ['validate', '-f', '{dir}/annotation-number.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/x: metadata\.annotations: Invalid value: json: cannot unmarshal number into Go struct field ObjectMeta\.annotations of type string$/m,
    ],
  },
  'a namespace that is not a DNS label': {
    argv: ['validate', '-f', '{dir}/namespace.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/x: metadata\.namespace: Invalid value: "Team_A": a lowercase RFC 1123 label must consist of/m,
    ],
  },
  'a label key with two slashes': {
    argv: ['validate', '-f', '{dir}/label-key.yaml', ...R],
    code: 1,
    stderr: [/^TrainJob\/x: metadata\.labels: Invalid value: "a\/b\/c": a valid label key must consist of/m],
  },
  'a name with unicode has a real path': {
    argv: ['validate', '-f', '{dir}/unicode-name.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/jöb: metadata\.name: Invalid value: "jöb": a lowercase RFC 1123 subdomain/m,
      /^(?![\s\S]*<nil>)/,
    ],
  },
  'an integer name is a type error': {
    argv: ['validate', '-f', '{dir}/integer-name.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/<unnamed>: metadata\.name: Invalid value: json: cannot unmarshal number into Go struct field ObjectMeta\.name of type string$/m,
    ],
  },
  'a quantity 1e400 is a string, as kubectl reads it': {
    argv: ['render', '-f', '{dir}/quantity-1e400.yaml', ...R],
    code: 0,
    stderr: [/^rendered 1 of 1/m],
    stdout: /cpu: "1e400"\n(?![\s\S]*\.inf)/,
  },
  'a quantity outside the grammar': {
    argv: ['validate', '-f', '{dir}/quantity-bad.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/q: spec\.trainer\.resourcesPerNode\.limits\.cpu: Invalid value: "lots": spec\.trainer\.resourcesPerNode\.limits\.cpu in body should match/m,
    ],
  },
  '-8 GPUs are refused as the Pod API refuses them': {
    argv: ['render', '-f', '{dir}/gpu-negative.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/g: spec\.trainer\.resourcesPerNode\.limits\[nvidia\.com\/gpu\]: Invalid value: "-8": must be greater than or equal to 0$/m,
    ],
    stdout: /^$/,
  },
  '.inf cannot be JSON': {
    argv: ['validate', '-f', '{dir}/inf.yaml'],
    code: 2,
    stderr: [/^error: .*inf\.yaml: document 1: json: unsupported value: \+Inf$/m],
  },
  'render refuses a reserved env var': {
    argv: ['render', '-f', '{dir}/reserved-env.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/x: spec\.trainer\.env: Invalid value: .*must not have reserved envs, invalid envs configured: \[PET_NNODES\]$/m,
    ],
    stdout: /^$/,
  },
  'render refuses a 63-character name': {
    argv: ['render', '-f', '{dir}/long-name.yaml', ...R],
    code: 1,
    stderr: [/^TrainJob\/a{63}: metadata\.name: /m],
    stdout: /^$/,
  },
  'render refuses initializer URIs the runtime has no step for': {
    argv: ['render', '-f', '{dir}/initializer.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/init: spec\.runtimeRef: Invalid value: .*must have dataset-initializer job when trainJob is configured with input datasetConfig$/m,
    ],
    stdout: /^$/,
  },
  'a Training Operator v1 kind is named as one (validate)': {
    argv: ['validate', '-f', '{dir}/pytorchjob.yaml'],
    code: 1,
    stderr: [
      /^PyTorchJob\/old: kubeflow\.org\/v1 PyTorchJob is a Kubeflow Training Operator v1 kind.*convert it to a TrainJob/m,
    ],
  },
  'a Training Operator v1 kind is named as one (render)': {
    argv: ['render', '-f', '{dir}/pytorchjob.yaml'],
    code: 2,
    stderr: [
      /^Warning: PyTorchJob\/old: kubeflow\.org\/v1 PyTorchJob is a Kubeflow Training Operator v1 kind/m,
      /^error: no TrainJob in/m,
    ],
  },
  'render names the other kinds of a file': {
    argv: ['render', '-f', '{dir}/configmap-too.yaml', ...R],
    code: 0,
    stderr: [/^Warning: ConfigMap\/cm: kind "ConfigMap" is not served by kubetrain .*; not rendered$/m],
  },
  'suspend: yes is true, as kubectl reads YAML': {
    argv: ['render', '-f', '{dir}/suspend-yes.yaml', ...R],
    code: 0,
    stderr: [/^rendered 1 of 1/m],
    stdout: /^ {2}suspend: true$/m,
  },
  'JSON is accepted': {
    argv: ['validate', '-f', '{dir}/job.json', ...R],
    code: 0,
    stderr: [/^$/],
    stdout: /^1 object valid\n$/,
  },
  'a duplicate key: the last one counts, as kubectl reads it': {
    argv: ['validate', '-f', '{dir}/duplicate-key.yaml'],
    code: 0,
    stderr: [],
    stdout: /^1 object valid\n$/,
  },
  'a document that is a string': {
    argv: ['validate', '-f', '{dir}/scalar.yaml'],
    code: 2,
    stderr: [/^error: .*scalar\.yaml: document 1 is not an object$/m],
  },
  'binary garbage': {
    argv: ['validate', '-f', '{dir}/binary.yaml'],
    code: 2,
    stderr: [/^error: .*binary\.yaml: /m],
  },
  '2,000 documents': {
    argv: ['validate', '-f', '{dir}/many-docs.yaml', ...R],
    code: 0,
    stderr: [/^$/],
    stdout: /^2000 objects valid\n$/,
  },
  'a YAML set is a map of nulls, as kubectl reads it': {
    argv: ['validate', '-f', '{dir}/set-tag.yaml'],
    code: 0,
    stderr: [],
    stdout: /^1 object valid\n$/,
  },
  'activeDeadlineSeconds 2^63-1 is an int64': {
    argv: ['validate', '-f', '{dir}/int64-max.yaml'],
    code: 0,
    stderr: [],
    stdout: /^1 object valid\n$/,
  },
  'activeDeadlineSeconds 2^63-1 in JSON is an int64': {
    argv: ['validate', '-f', '{dir}/int64-max.json'],
    code: 0,
    stderr: [],
    stdout: /^1 object valid\n$/,
  },
  'activeDeadlineSeconds 2^63-1 printed exactly by -o json': {
    argv: ['validate', '-o', 'json', '-f', '{dir}/int64-max.yaml'],
    code: 0,
    stderr: [],
    stdout: /"activeDeadlineSeconds": 9223372036854775807,?\n/,
  },
  'activeDeadlineSeconds 2^63 is not': {
    argv: ['validate', '-f', '{dir}/int64-over.yaml'],
    code: 1,
    stderr: [/spec\.activeDeadlineSeconds in body must be of type int64: "float64"/],
  },
  'numNodes 0o17 is 15, as kubectl reads it': {
    argv: ['render', '-f', '{dir}/octal-0o.yaml', ...R],
    code: 0,
    stderr: [],
    stdout: /\n *parallelism: 15\n/,
  },
  'JSON objects back to back (jq -c) are two documents': {
    argv: ['validate', '-f', '{dir}/jq-c.json'],
    code: 0,
    stderr: [],
    stdout: /^2 objects valid\n$/,
  },
  'a UTF-16 file with a byte order mark (PowerShell)': {
    argv: ['validate', '-f', '{dir}/utf16le-bom.yaml'],
    code: 0,
    stderr: [],
    stdout: /^1 object valid\n$/,
  },
  'a raw control character in a quoted scalar': {
    argv: ['validate', '-f', '{dir}/raw-control.yaml'],
    code: 2,
    stderr: [/^error: .*raw-control\.yaml: document 1: yaml: control characters are not allowed$/m],
  },
  '--max-bytes must be a number': {
    argv: ['validate', '-f', '{dir}/job.json', '--max-bytes', 'lots'],
    code: 2,
    stderr: [/argument 'lots' is invalid\. must be a positive whole number of bytes/],
  },
  'a name with a newline cannot forge a line': {
    argv: ['validate', '-f', '{dir}/forged-name.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/x\\nTrainJob\/forged: spec: all good: metadata\.name: Invalid value: "x\\nTrainJob/m,
    ],
  },
  'an ANSI escape in a name cannot clear the terminal': {
    argv: ['render', '-f', '{dir}/ansi-name.yaml', ...R],
    code: 1,
    stderr: [/^TrainJob\/\\x1b\[2J\\x1b\[Hcleared: metadata\.name: Invalid value: /m],
    stdout: /^$/,
  },
  'a NUL in a name is shown as \\x00': {
    argv: ['validate', '-f', '{dir}/nul-name.json', ...R],
    code: 1,
    stderr: [/^TrainJob\/a\\x00b: metadata\.name: /m],
  },
  'bidi and C1 characters in a label are shown escaped': {
    argv: ['validate', '-f', '{dir}/bidi-label.yaml', ...R],
    code: 1,
    stderr: [/^TrainJob\/bidi: metadata\.labels: Invalid value: "a\\u202eb"/m],
  },
  'a warning about a name with a carriage return': {
    argv: ['render', '-f', '{dir}/forged-configmap.yaml', ...R],
    code: 0,
    stderr: [/^Warning: ConfigMap\/cm\\rWarning: none: kind "ConfigMap" is not served/m],
  },
  'a file name with a newline stays on one line': {
    argv: ['validate', '-f', '{dir}/forged\nname.yaml'],
    code: 2,
    stderr: [/^error: .*forged\\nname\.yaml: document 1: /m],
  },
  'a missing file whose name holds an escape': {
    argv: ['validate', '-f', '{dir}/\u001b[2Jgone.yaml'],
    code: 2,
    stderr: [/^error: .*\\x1b\[2Jgone\.yaml: no such file or folder$/m],
  },
  'migrate names a v1 job with an OSC escape escaped': {
    argv: ['migrate', '-f', '{dir}/forged-v1.yaml'],
    code: 1,
    stderr: [/^PyTorchJob\/\\x1b\]0;title\\a: metadata\.name: /m],
  },
  'render of a TrainJob with only generateName names its objects as the API server would': {
    argv: ['render', '-f', '{dir}/generate-name.yaml', '-o', 'name', ...R],
    code: 0,
    stderr: [/^rendered 1 of 1 TrainJobs into 2 objects$/m],
    stdout:
      /^configmap\/torch-distributed-([b-z2-9]{5})-runtime-snapshot\njobset\.jobset\.x-k8s\.io\/torch-distributed-\1\n$/,
  },
  'migrate: a warning does not fail a pipeline (exit 0, the objects printed)': {
    argv: ['migrate', '-f', '{dir}/v1-own-tf-config.yaml'],
    code: 0,
    stderr: [
      /^Warning: TFJob\/tfc: spec\.tfReplicaSpecs\.Worker\.template\.spec\.containers\[0\]\.env\[0\]: not carried over: Training Operator v1 set TF_CONFIG itself/m,
      /^migrated 1 of 1 v1 jobs into 2 objects \(3 warnings\)$/m,
    ],
    stdout: /^kind: TrainJob$/m,
  },
  'migrate --strict: the same warning exits 1': {
    argv: ['migrate', '-f', '{dir}/v1-own-tf-config.yaml', '--strict'],
    code: 1,
    stderr: [/^migrated 1 of 1 v1 jobs into 2 objects \(3 warnings\)$/m],
    stdout: /^kind: TrainJob$/m,
  },
  'migrate refuses a 70-character name as v1 does, printing nothing': {
    argv: ['migrate', '-f', '{dir}/v1-long-name.yaml'],
    code: 1,
    stderr: [
      /^PyTorchJob\/a{70}: metadata\.name: Invalid value: "a{70}": should match: must be no more than 63 characters$/m,
    ],
    stdout: /^$/,
  },
  'migrate refuses replicas that sum past an int32 numNodes, without building anything': {
    argv: ['migrate', '-f', '{dir}/v1-int32-sum.yaml'],
    code: 1,
    stderr: [
      /^PyTorchJob\/big: spec\.pytorchReplicaSpecs: the replicas sum to 2147483648 nodes, more than spec\.trainer\.numNodes can hold \(2147483647\)$/m,
    ],
    stdout: /^$/,
  },
  'migrate refuses MPI slotsPerWorker 0 (numProcPerNode 0)': {
    argv: ['migrate', '-f', '{dir}/v1-slots-0.yaml'],
    code: 1,
    stderr: [
      /^MPIJob\/slots: spec\.slotsPerWorker: 0: it becomes the runtime's mlPolicy\.mpi\.numProcPerNode, which must be at least 1$/m,
    ],
    stdout: /^$/,
  },
  'migrate refuses a template without containers (no TrainingRuntime without containers)': {
    argv: ['migrate', '-f', '{dir}/v1-no-containers.yaml'],
    code: 1,
    stderr: [
      /^TFJob\/empty: spec\.tfReplicaSpecs\[Worker\]\.template\.spec\.containers: Required value: must be specified$/m,
    ],
    stdout: /^$/,
  },
  "migrate refuses two Masters, as v1's webhook does": {
    argv: ['migrate', '-f', '{dir}/v1-two-masters.yaml'],
    code: 1,
    stderr: [/^PyTorchJob\/two: spec\.pytorchReplicaSpecs\[Master\]\.replicas: Forbidden: must be 1$/m],
    stdout: /^$/,
  },
  "migrate refuses an unknown replica type, as v1's webhook does": {
    argv: ['migrate', '-f', '{dir}/v1-unknown-type.yaml'],
    code: 1,
    stderr: [
      /^PyTorchJob\/unk: spec\.pytorchReplicaSpecs\[Chief\]: Unsupported value: "Chief": supported values: "Master", "Worker"$/m,
    ],
    stdout: /^$/,
  },
  'migrate of a v1 job nested 9,000 deep: the unknown field is dropped, no stack overflow': {
    argv: ['migrate', '-f', '{dir}/v1-deep-9000.json', '-o', 'name'],
    code: 0,
    stderr: [
      /^Warning: PyTorchJob\/deep: spec\.pytorchReplicaSpecs\.Master\.template\.spec\.x: not carried over: unknown field: the PyTorchJob CRD does not declare it \(v1's API server drops it\)$/m,
      /^migrated 1 of 1 v1 jobs into 1 objects \(2 warnings\)$/m,
    ],
    stdout: /^trainjob\.trainer\.kubeflow\.org\/deep\n$/,
  },
  'migrate of a v1 job nested 10,000 deep, the most the API server reads': {
    argv: ['migrate', '-f', '{dir}/v1-deep-10000.json', '-o', 'name'],
    code: 0,
    stderr: [
      /^Warning: XGBoostJob\/deep: spec\.xgbReplicaSpecs\.Master\.template\.spec\.containers\[0\]\.x: not carried over: unknown field/m,
      /^migrated 1 of 1 v1 jobs into 2 objects/m,
    ],
    stdout: /^trainingruntime\.trainer\.kubeflow\.org\/deep\ntrainjob\.trainer\.kubeflow\.org\/deep\n$/,
  },
  'migrate of a v1 job nested 10,001 deep is refused with the limit': {
    argv: ['migrate', '-f', '{dir}/v1-deep-10001.json'],
    code: 2,
    stderr: [/^error: .*v1-deep-10001\.json: document 1: exceeded max depth of 10000$/m],
    stdout: /^$/,
  },
  'render of DeepSpeed (MPI) with 2^31 - 1 nodes: the hostfile is sized, not built': {
    argv: ['render', '-f', '{dir}/deepspeed-int32-max.yaml', '-r', '{shipped}'],
    code: 1,
    stderr: [
      /^TrainJob\/ds: spec\.trainer\.numNodes: Invalid value: 2147483647: the MPI hostfile \(ConfigMap "ds-mpi-hostfile"\) would be \d+ bytes, over the 1048576 bytes the API server stores in a ConfigMap's data; the largest spec\.trainer\.numNodes that fits is \d+$/m,
    ],
    stdout: /^$/,
  },
  'render of DeepSpeed with 50,000 nodes: inside the Indexed Job limit, over the ConfigMap limit': {
    argv: ['render', '-f', '{dir}/deepspeed-50k.yaml', '-r', '{shipped}'],
    code: 1,
    stderr: [
      /^TrainJob\/ds: spec\.trainer\.numNodes: Invalid value: 50000: the MPI hostfile \(ConfigMap "ds-mpi-hostfile"\) would be 1338898 bytes, over the 1048576 bytes the API server stores in a ConfigMap's data; the largest spec\.trainer\.numNodes that fits is 39247$/m,
    ],
    stdout: /^$/,
  },
  'render of XGBoost with a million nodes': {
    argv: ['render', '-f', '{dir}/xgboost-million.yaml', '-r', '{shipped}'],
    code: 1,
    stderr: [INDEXED_LIMIT('xgb', 1000000)],
    stdout: /^$/,
  },
  'render of JAX with 2^31 - 1 nodes': {
    argv: ['render', '-f', '{dir}/jax-int32-max.yaml', '-r', '{shipped}'],
    code: 1,
    stderr: [INDEXED_LIMIT('jax', 2147483647)],
    stdout: /^$/,
  },
  'a 253-character TrainJob name is refused with the 63-character limit': {
    argv: ['validate', '-f', '{dir}/name-253.yaml', ...R],
    code: 1,
    stderr: [
      /^TrainJob\/a{253}: metadata\.name: Invalid value: metadata\.name must be no more than 63 characters$/m,
    ],
  },
  'a 60-character name is too long for the pods of DeepSpeed, and the message says what fits': {
    argv: ['render', '-f', '{dir}/deepspeed-name-60.yaml', '-r', '{shipped}'],
    code: 1,
    stderr: [
      /^TrainJob\/d{60}: metadata\.name: Invalid value: "d{60}": must be no more than 44 characters for runtime "deepspeed-distributed": the longest pod name would be "d{60}-launcher-0-0-xxxxx" \(79 characters, xxxxx being random\), over the 63/m,
    ],
    stdout: /^$/,
  },
  'render against 10,000 runtimes in one file (17 MB): only the runtime named is admitted': {
    argv: ['render', '-f', '{dir}/on-copy-9998.yaml', '-r', '{dir}/runtimes-10k.yaml', '-o', 'name'],
    code: 0,
    stderr: [/^rendered 1 of 1 TrainJobs into 2 objects$/m],
    stdout: /^configmap\/late-runtime-snapshot\njobset\.jobset\.x-k8s\.io\/late\n$/,
    // 17 MB of YAML to parse: 42 s in a child at a load of 10 on two cores (12 s in-process).
    wallCeilingMs: 180_000,
  },
  'render of a TrainJob nested 10,000 deep: the unknown field is pruned, no stack overflow': {
    argv: ['render', '-f', '{dir}/deep-trainjob-10000.json', ...R, '-o', 'name'],
    code: 0,
    stderr: [
      /^Warning: TrainJob\/deep: unknown field "spec\.trainer\.x"$/m,
      /^rendered 1 of 1 TrainJobs into 2 objects$/m,
    ],
    stdout: /^configmap\/deep-runtime-snapshot\njobset\.jobset\.x-k8s\.io\/deep\n$/,
  },
  'migrate of a TFJob with 2^31 - 1 workers: TF_CONFIG is sized, not built': {
    argv: ['migrate', '-f', '{dir}/v1-tf-int32.json'],
    code: 1,
    stderr: [
      /^TFJob\/huge: spec\.tfReplicaSpecs\.Worker\.replicas: the TrainingRuntime, whose pod templates each list every replica in TF_CONFIG, would be \d+ bytes, over the 1572864 bytes the API server stores in one object; the largest spec\.tfReplicaSpecs\.Worker\.replicas that fits is 48983$/m,
      /^migrated 0 of 1 v1 jobs into 0 objects/m,
    ],
    stdout: /^$/,
  },
  'migrate of an MPIJob with 2^31 - 1 workers: the hostfile is sized, not built': {
    argv: ['migrate', '-f', '{dir}/v1-mpi-int32.json'],
    code: 1,
    stderr: [
      /^TrainJob\/huge \(migrated\): spec\.trainer\.numNodes: Invalid value: 2147483647: the MPI hostfile \(ConfigMap "huge-mpi-hostfile"\) would be \d+ bytes, over the 1048576 bytes the API server stores in a ConfigMap's data; the largest spec\.trainer\.numNodes that fits is \d+$/m,
    ],
    stdout: /^$/,
  },
  'migrate of an XGBoostJob with 2^31 - 1 workers: WORKER_ADDRS is sized, not built': {
    argv: ['migrate', '-f', '{dir}/v1-xgboost-int32.json'],
    code: 1,
    stderr: [
      /^XGBoostJob\/huge: spec\.xgbReplicaSpecs\.Worker\.replicas: the TrainJob, whose env lists every node, would be \d+ bytes, over the 1572864 bytes the API server stores in one object; the largest spec\.xgbReplicaSpecs\.Worker\.replicas that fits is \d+$/m,
    ],
    stdout: /^$/,
  },
  'migrate of a PaddleJob with 2^31 - 1 workers: refused at the replicas, with the Indexed Job limit': {
    argv: ['migrate', '-f', '{dir}/v1-paddle-int32.json'],
    code: 1,
    stderr: [
      /^PaddleJob\/huge: spec\.paddleReplicaSpecs\.Worker\.replicas: the Jobs of replicated job "worker" \(Indexed Jobs\) would be 2147483647 pods in parallel, over the 100000 pods in parallel Kubernetes allows an Indexed Job; the largest spec\.paddleReplicaSpecs\.Worker\.replicas that fits is 100000$/m,
    ],
    stdout: /^$/,
  },
  'migrate of a JAXJob with 2^31 - 1 workers': {
    argv: ['migrate', '-f', '{dir}/v1-jax-int32.json'],
    code: 1,
    stderr: [
      /^TrainJob\/huge \(migrated\): spec\.trainer\.numNodes: Invalid value: 2147483647: the Jobs of replicated job "node" \(Indexed Jobs\) would be 2147483647 pods in parallel/m,
    ],
    stdout: /^$/,
  },
  'migrate of a PyTorchJob with 2^31 - 1 workers and no master': {
    argv: ['migrate', '-f', '{dir}/v1-pytorch-workers-int32.json'],
    code: 1,
    stderr: [
      /^TrainJob\/huge \(migrated\): spec\.trainer\.numNodes: Invalid value: 2147483647: the Jobs of replicated job "node" \(Indexed Jobs\) would be 2147483647 pods in parallel/m,
    ],
    stdout: /^$/,
  },
  'migrate of an MPIJob with a 63-character name: too long for the launcher pod': {
    argv: ['migrate', '-f', '{dir}/v1-mpi-name-63.json'],
    code: 1,
    stderr: [
      /^TrainJob\/m{63} \(migrated\): metadata\.name: Invalid value: "m{63}": must be no more than 44 characters for runtime "m{63}": the longest pod name would be "m{63}-launcher-0-0-xxxxx"/m,
    ],
    stdout: /^$/,
  },
  'migrate of a TFJob with 20,000 env entries: the TrainingRuntime would be over the object limit': {
    argv: ['migrate', '-f', '{dir}/v1-env-20k.json'],
    code: 1,
    stderr: [
      /^TrainingRuntime\/env \(migrated\): the object would be \d+ bytes of JSON, over the 1572864 bytes the API server stores in one object$/m,
      /^migrated 0 of 1 v1 jobs into 0 objects/m,
    ],
    stdout: /^$/,
  },
  'migrate of a 2.9 MB env value: the TrainJob would be over the object limit': {
    argv: ['migrate', '-f', '{dir}/v1-env-value-2.9mb.json'],
    code: 1,
    stderr: [
      /^TrainJob\/env \(migrated\): the object would be \d+ bytes of JSON, over the 1572864 bytes the API server stores in one object$/m,
    ],
    stdout: /^$/,
  },
  'a missing file': {
    argv: ['render', '-f', '{dir}/nope.yaml'],
    code: 2,
    stderr: [/^error: .*nope\.yaml: no such file or folder$/m],
  },
};
