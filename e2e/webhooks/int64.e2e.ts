// SPDX-License-Identifier: Apache-2.0
// int64 fields through the real kube-apiserver and our webhooks: 2^63-1 (valid for the API server, past
// the doubles JSON.parse reads exactly) is admitted and stored digit for digit; a value past int64 is
// refused; an int32 field past 2^31-1 is refused naming its path. The objects are sent and read back with
// kubectl, so the numbers never pass through a JavaScript number on the way.
import { execFileSync, spawn } from 'node:child_process';
import { Kinds } from '@kubetrain/api';
import { parseJsonLossless, stringifyJson } from '@kubetrain/api/core';
import { kubeconfigPath } from '../support/cluster.js';
import { clusterTrainingRuntime, trainJob, trainingRuntime } from './fixtures.js';
import { startWebhookHarness, TrainerResources, type WebhookHarness } from './harness.js';

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);

let h: WebhookHarness;
let seq = 0;
const clusterScoped: string[] = [];

beforeAll(async () => {
  h = await startWebhookHarness('wh-int64');
  await h.client.create(TrainerResources.TrainingRuntime, trainingRuntime(h.namespace, 'runtime'));
});

afterAll(async () => {
  for (const name of clusterScoped)
    await h?.client.delete(TrainerResources.ClusterTrainingRuntime, name).catch(() => undefined);
  await h?.stop();
});

interface Run {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** kubectl with `input` on stdin, asynchronously: this process serves the webhooks its request reaches. */
function kubectl(args: readonly string[], input = ''): Promise<Run> {
  const bin = execFileSync('hack/cluster/which.sh', ['kubectl'], { encoding: 'utf8' }).trim();
  return new Promise((resolve) => {
    const child = spawn(bin, ['--kubeconfig', kubeconfigPath(), ...args]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(input);
  });
}

type Json = Record<string, unknown>;

/** The value at `path` (keys and indexes) of `object`. */
function at(object: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], object);
}

/** Sets `value` at `path` of `object` (the parents exist or are made objects). */
function put(object: Json, path: readonly (string | number)[], value: unknown): Json {
  let node = object as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string | number, unknown>;
  }
  node[path[path.length - 1] as string | number] = value;
  return object;
}

const job = () => trainJob(h.namespace, `job-${++seq}`, 'runtime') as unknown as Json;
const runtime = () => trainingRuntime(h.namespace, `rt-${++seq}`) as unknown as Json;
const clusterRuntime = () => {
  const name = `${h.id}-${++seq}`;
  clusterScoped.push(name);
  return clusterTrainingRuntime(name, h.clusterLabels) as unknown as Json;
};

const JOB_TEMPLATE = ['spec', 'template', 'spec', 'replicatedJobs', 0, 'template', 'spec'];
const POD_SPEC = [...JOB_TEMPLATE, 'template', 'spec'];

describe('int64 fields at their extremes', () => {
  const admitted: [string, () => Json, readonly (string | number)[], bigint][] = [
    ['TrainJob spec.activeDeadlineSeconds 2^63-1', job, ['spec', 'activeDeadlineSeconds'], INT64_MAX],
    [
      'TrainingRuntime Job activeDeadlineSeconds 2^63-1',
      runtime,
      [...JOB_TEMPLATE, 'activeDeadlineSeconds'],
      INT64_MAX,
    ],
    [
      'TrainingRuntime pod terminationGracePeriodSeconds 2^63-1',
      runtime,
      [...POD_SPEC, 'terminationGracePeriodSeconds'],
      INT64_MAX,
    ],
    [
      'TrainingRuntime pod securityContext.runAsUser 2^63-1',
      runtime,
      [...POD_SPEC, 'securityContext', 'runAsUser'],
      INT64_MAX,
    ],
    [
      'ClusterTrainingRuntime pod activeDeadlineSeconds 2^63-1',
      clusterRuntime,
      [...POD_SPEC, 'activeDeadlineSeconds'],
      INT64_MAX,
    ],
    [
      'TrainingRuntime pod securityContext.runAsGroup -2^63',
      runtime,
      [...POD_SPEC, 'securityContext', 'runAsGroup'],
      INT64_MIN,
    ],
  ];
  it.each(admitted)('admits and stores exactly: %s', async (_name, make, path, value) => {
    const object = put(make(), path, value);
    const created = await kubectl(['create', '-o', 'json', '-f', '-'], stringifyJson(object));
    expect({ status: created.status, stderr: created.stderr }).toEqual({ status: 0, stderr: '' });
    expect(at(parseJsonLossless(created.stdout), path)).toBe(value);
    const metadata = object['metadata'] as { name: string; namespace?: string };
    const resource = object['kind'] === Kinds.ClusterTrainingRuntime ? [] : ['-n', metadata.namespace ?? ''];
    const read = await kubectl([
      'get',
      String(object['kind']).toLowerCase(),
      metadata.name,
      '-o',
      'json',
      ...resource,
    ]);
    expect(read.status).toBe(0);
    expect(at(parseJsonLossless(read.stdout), path)).toBe(value);
  });

  const refused: [string, () => Json, readonly (string | number)[], bigint, string][] = [
    [
      'TrainJob spec.activeDeadlineSeconds 2^63',
      job,
      ['spec', 'activeDeadlineSeconds'],
      2n ** 63n,
      'spec.activeDeadlineSeconds',
    ],
    [
      'TrainingRuntime pod activeDeadlineSeconds 10^20',
      runtime,
      [...POD_SPEC, 'activeDeadlineSeconds'],
      10n ** 20n,
      'activeDeadlineSeconds',
    ],
    [
      'TrainJob spec.trainer.numNodes 2^31 (int32)',
      job,
      ['spec', 'trainer', 'numNodes'],
      2n ** 31n,
      'spec.trainer.numNodes',
    ],
    [
      'TrainJob spec.trainer.numNodes 2^63-1 (int32)',
      job,
      ['spec', 'trainer', 'numNodes'],
      INT64_MAX,
      'spec.trainer.numNodes',
    ],
    [
      'TrainingRuntime spec.mlPolicy.numNodes 2^63-1 (int32)',
      runtime,
      ['spec', 'mlPolicy', 'numNodes'],
      INT64_MAX,
      'spec.mlPolicy.numNodes',
    ],
    [
      'TrainingRuntime Job parallelism 2^31 (int32)',
      runtime,
      [...JOB_TEMPLATE, 'parallelism'],
      2n ** 31n,
      'parallelism',
    ],
  ];
  it.each(refused)('refuses: %s', async (_name, make, path, value, field) => {
    const run = await kubectl(
      ['create', '--dry-run=server', '-f', '-'],
      stringifyJson(put(make(), path, value)),
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(field);
    expect(run.stderr).not.toContain('internal error');
    expect(run.stderr).not.toContain('admission webhook');
  });
});
