// SPDX-License-Identifier: Apache-2.0
// `kubetrain migrate` on every Training Operator v1.9.4 example (read in place from ../shared): the
// output and the warnings match golden files, and every object printed passes the v2 schema and CEL
// rules (validateSchema), the runtime webhook and the TrainJob webhook against its runtime
// (validateRuntimeAdmission, validateAdmission), and renders.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kinds, validateSchema } from '@kubetrain/api';
import type { KindName } from '@kubetrain/api';
import { deriveSSHKeyPair, render, validateAdmission, validateRuntimeAdmission } from '@kubetrain/runtime';
import type { RuntimeInput, TrainJobInput } from '@kubetrain/runtime';
import { expectGolden, v1ExamplesDir } from '@kubetrain/testing';
import { parse, parseAllDocuments } from 'yaml';
import { run } from '../run.js';
import { asEngineRuntime } from '../runtimes.js';

const repoRoot = join(import.meta.dirname, '..', '..', '..', '..');
const examples = v1ExamplesDir;
const runtimesDir = join(repoRoot, 'manifests', 'runtimes');

/** Each example, by the golden name of its output. */
const EXAMPLES: Readonly<Record<string, string>> = {
  'pytorch-simple': 'pytorch/simple.yaml',
  'pytorch-elastic-echo': 'pytorch/elastic/echo/echo.yaml',
  'tensorflow-simple': 'tensorflow/simple.yaml',
  'tensorflow-dist-mnist': 'tensorflow/dist-mnist/tf_job_mnist.yaml',
  'mpi-tensorflow-mnist': 'mpi/tensorflow-mnist.yaml',
  'xgboost-dist-iris': 'xgboost/xgboostjob.yaml',
  'paddle-simple-cpu': 'paddlepaddle/simple-cpu.yaml',
  'jax-cpu-demo': 'jax/cpu-demo/demo.yaml',
};

/** The kinds expected per example: a TrainJob alone, or its TrainingRuntime first. */
const EXPECTED_KINDS: Readonly<Record<string, readonly string[]>> = {
  'pytorch-simple': ['TrainJob'],
  'pytorch-elastic-echo': ['TrainJob'],
  'jax-cpu-demo': ['TrainJob'],
};

async function migrate(argv: string[]) {
  let stdout = '';
  let stderr = '';
  const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
  const code = await run(['migrate', ...argv], io, { cwd: repoRoot, runtimesDir });
  return { code, stdout, stderr };
}

type Json = Record<string, unknown>;

/** The object as the API server would store it in namespace `default`; fails the test on an error. */
function admitted(object: Json): Json {
  const metadata = object.metadata as Json;
  const outcome = validateSchema(object.kind as KindName, {
    ...object,
    metadata: { namespace: 'default', ...metadata },
  });
  expect(outcome.errors).toEqual([]);
  return outcome.object as unknown as Json;
}

/** The shipped ClusterTrainingRuntime `name`, admitted. */
function shippedRuntime(name: string): Json {
  return admitted(parse(readFileSync(join(runtimesDir, `${name}.yaml`), 'utf8')) as Json);
}

describe.each(Object.entries(EXAMPLES))('kubetrain migrate %s', (golden, example) => {
  it('prints the golden objects and warnings; exit 0 (warnings do not fail), with --strict 1 when there is a warning', async () => {
    const got = await migrate(['-f', join(examples, example)]);
    const warnings = Number(/\((\d+) warnings?\)\n$/.exec(got.stderr)?.[1]);
    expect(Number.isInteger(warnings)).toBe(true);
    expect(got.code).toBe(0);
    const strict = await migrate(['-f', join(examples, example), '--strict']);
    expect(strict).toEqual({ ...got, code: warnings > 0 ? 1 : 0 });
    expectGolden(`${golden}.yaml`, got.stdout);
    expectGolden(`${golden}.stderr.txt`, got.stderr);
  });

  it('prints objects that pass the v2 schema, the webhooks and render', async () => {
    const got = await migrate(['-f', join(examples, example)]);
    const objects = parseAllDocuments(got.stdout).map((d) => d.toJS() as Json);
    expect(objects.map((o) => o.kind)).toEqual(EXPECTED_KINDS[golden] ?? ['TrainingRuntime', 'TrainJob']);
    const stored = objects.map(admitted);
    const generated = stored.find((o) => o.kind === Kinds.TrainingRuntime);
    if (generated !== undefined)
      expect(validateRuntimeAdmission(undefined, asEngineRuntime(generated)).errors).toEqual([]);
    const trainJob = stored.find((o) => o.kind === Kinds.TrainJob) as unknown as TrainJobInput;
    const ref = trainJob.spec?.runtimeRef;
    const runtime = asEngineRuntime(
      ref?.kind === Kinds.TrainingRuntime ? (generated as Json) : shippedRuntime(ref?.name ?? ''),
    ) as RuntimeInput;
    expect(validateAdmission(undefined, trainJob, runtime).errors).toEqual([]);
    const secrets = { mpiSSHKeyPair: () => deriveSSHKeyPair('migrate-test') };
    const kinds = render(trainJob, runtime, { secrets }).objects.map((o) => o.kind);
    expect(kinds).toContain('JobSet');
  });

  it('prints objects kubetrain validate accepts', async () => {
    const got = await migrate(['-f', join(examples, example)]);
    let stdout = '';
    let stderr = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
    const code = await run(['validate', '-f', '-'], io, { cwd: repoRoot, runtimesDir, stdin: [got.stdout] });
    const count = (EXPECTED_KINDS[golden] ?? ['TrainingRuntime', 'TrainJob']).length;
    expect({ code, stdout, stderr }).toEqual({
      code: 0,
      stdout: `${count} ${count === 1 ? 'object' : 'objects'} valid\n`,
      stderr: '',
    });
  });

  it('prints the same bytes every run, and the same objects as JSON with -o json', async () => {
    const first = await migrate(['-f', join(examples, example)]);
    const again = await migrate(['-f', join(examples, example)]);
    expect(again).toEqual(first);
    const json = await migrate(['-f', join(examples, example), '-o', 'json']);
    const list = JSON.parse(json.stdout) as { kind: string; items: Json[] };
    expect(list.kind).toBe('List');
    expect(list.items).toEqual(parseAllDocuments(first.stdout).map((d) => d.toJS() as Json));
  });
});
