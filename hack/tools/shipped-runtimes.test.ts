// SPDX-License-Identifier: Apache-2.0
// Conformance of the shipped runtimes (manifests/runtimes) with upstream Kubeflow Trainer v2.3.0's.
//
// For every ClusterTrainingRuntime upstream ships (its runtimes folder, read in place from the reference data),
// ours of the same kind and name must have the same `spec` and `metadata.labels` once both are defaulted as the
// API server stores them (`validate` from @kubetrain/api). The file layout and the comments are ours; the values
// are facts. Besides: every shipped runtime is admitted without errors or pruned fields, renders with the engine,
// keeps the shape the Python SDK reads, and is listed by the kustomization, the README and the CLI's default.
import { readFileSync, readdirSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { formatFieldError, Kinds, Labels, validateSchema } from '@kubetrain/api';
import type { KindName } from '@kubetrain/api';
import { run } from '@kubetrain/cli';
import { render } from '@kubetrain/runtime';
import { makeTrainJob } from '@kubetrain/testing';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const OURS = join(ROOT, 'manifests', 'runtimes');
/** Upstream's runtimes, read in place (never copied into the project). */
const UPSTREAM = join(ROOT, '..', 'shared', 'reference', 'upstream', 'trainer-v2.3.0', 'runtimes');
const UPSTREAM_EXAMPLES = join(UPSTREAM, '..', 'examples');
const KUSTOMIZATION = 'kustomization.yaml';

/**
 * Runtimes we ship that upstream v2.3.0 does not, each with the reason (also to be said in the README).
 * None today.
 */
const DOCUMENTED_EXTRAS: Readonly<Record<string, string>> = {};

type Obj = Record<string, unknown>;

interface RuntimeDoc {
  /** Path relative to the folder it was read from. */
  readonly file: string;
  readonly kind: KindName;
  readonly name: string;
  readonly object: Obj;
}

const RUNTIME_KINDS = new Set<string>([Kinds.ClusterTrainingRuntime, Kinds.TrainingRuntime]);

/** The YAML files under `dir`, recursively, sorted, without kustomization.yaml. */
function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/.test(entry.name) && entry.name !== KUSTOMIZATION ? [path] : [];
    })
    .sort();
}

/** The runtimes (TrainingRuntime or ClusterTrainingRuntime documents) of every YAML file under `dir`. */
function runtimesIn(dir: string): RuntimeDoc[] {
  return yamlFiles(dir).flatMap((path) =>
    parseAllDocuments(readFileSync(path, 'utf8'))
      .map((doc) => doc.toJS() as Obj | null)
      .filter((o): o is Obj => o !== null && RUNTIME_KINDS.has(String(o.kind)))
      .map((object) => ({
        file: relative(dir, path),
        kind: object.kind as KindName,
        name: String((object.metadata as Obj | undefined)?.name ?? ''),
        object,
      })),
  );
}

const key = (d: Pick<RuntimeDoc, 'kind' | 'name'>): string => `${d.kind}/${d.name}`;

/** What the API server would store: pruned and CRD-defaulted. */
function stored(doc: RuntimeDoc): Obj {
  return validateSchema(doc.kind, doc.object).object as unknown as Obj;
}

/** The parts that must match upstream. */
function comparable(doc: RuntimeDoc): Obj {
  const object = stored(doc);
  return { metadata: { labels: (object.metadata as Obj | undefined)?.labels }, spec: object.spec };
}

/** One difference: a path and both values (undefined where one side lacks the field). */
interface Difference {
  readonly path: string;
  readonly ours: unknown;
  readonly upstream: unknown;
}

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every leaf-level difference between two JSON values, with dotted paths (`a.b[0].c`); key order is ignored. */
function diff(ours: unknown, upstream: unknown, path = ''): Difference[] {
  if (Array.isArray(ours) && Array.isArray(upstream)) {
    const n = Math.max(ours.length, upstream.length);
    return Array.from({ length: n }, (_, i) => diff(ours[i], upstream[i], `${path}[${i}]`)).flat();
  }
  if (isObj(ours) && isObj(upstream)) {
    const keys = [...new Set([...Object.keys(ours), ...Object.keys(upstream)])].sort();
    return keys.flatMap((k) => diff(ours[k], upstream[k], path === '' ? k : `${path}.${k}`));
  }
  return Object.is(ours, upstream) ? [] : [{ path, ours, upstream }];
}

const upstreamRuntimes = runtimesIn(UPSTREAM);
const ourRuntimes = runtimesIn(OURS);
const oursByKey = new Map(ourRuntimes.map((d) => [key(d), d]));
const upstreamKeys = new Set(upstreamRuntimes.map(key));

/** The differences of one upstream runtime; a missing runtime is one difference at its root. */
function differencesOf(up: RuntimeDoc): Difference[] {
  const ours = oursByKey.get(key(up));
  if (ours === undefined) return [{ path: '', ours: undefined, upstream: `${key(up)} (${up.file})` }];
  return diff(comparable(ours), comparable(up));
}

describe('shipped runtimes match upstream v2.3.0', () => {
  it('reads upstream runtimes in place and ours from manifests/runtimes', () => {
    // torch, deepspeed, mlx, jax, xgboost, three torchtune, torch with cache.
    expect(upstreamRuntimes.map((d) => d.name).sort()).toEqual(
      [
        'deepspeed-distributed',
        'jax-distributed',
        'mlx-distributed',
        'torch-distributed',
        'torch-distributed-with-cache',
        'torchtune-llama3.2-1b',
        'torchtune-llama3.2-3b',
        'torchtune-qwen2.5-1.5b',
        'xgboost-distributed',
      ].sort(),
    );
    expect(ourRuntimes.length).toBeGreaterThan(0);
  });

  it.each(upstreamRuntimes.map((d) => [key(d), d] as const))(
    '%s: same spec and labels after CRD defaults',
    (_, up) => {
      expect(differencesOf(up)).toEqual([]);
    },
  );

  it('has 0 differences in all', () => {
    const all = upstreamRuntimes.flatMap((up) => differencesOf(up).map((d) => ({ runtime: key(up), ...d })));
    console.log(
      `shipped runtimes vs upstream v2.3.0: ${upstreamRuntimes.length} upstream runtimes, ` +
        `${ourRuntimes.length} shipped, ${all.length} differences`,
    );
    expect(all).toEqual([]);
  });

  it('ships no runtime upstream lacks, unless documented', () => {
    const extras = ourRuntimes.map(key).filter((k) => !upstreamKeys.has(k));
    expect(extras.sort()).toEqual(Object.keys(DOCUMENTED_EXTRAS).sort());
  });

  it('the differ reports changed, missing and extra fields', () => {
    expect(diff({ a: [1, { b: 'x' }], c: 1 }, { a: [1, { b: 'y' }, 3], d: 2 })).toEqual([
      { path: 'a[1].b', ours: 'x', upstream: 'y' },
      { path: 'a[2]', ours: undefined, upstream: 3 },
      { path: 'c', ours: 1, upstream: undefined },
      { path: 'd', ours: undefined, upstream: 2 },
    ]);
    expect(diff({ torch: {} }, { torch: undefined })).toEqual([
      { path: 'torch', ours: {}, upstream: undefined },
    ]);
  });
});

describe.each(ourRuntimes.map((d) => [key(d), d] as const))('shipped %s', (_, doc) => {
  it('is one runtime in a file named after it', () => {
    expect(ourRuntimes.filter((d) => d.file === doc.file)).toHaveLength(1);
    expect(basename(doc.file)).toBe(`${doc.name}.yaml`);
    expect(doc.kind).toBe(Kinds.ClusterTrainingRuntime);
  });

  it('is admitted without errors or pruned fields', () => {
    const { errors, warnings } = validateSchema(doc.kind, doc.object);
    expect({ errors: errors.map(formatFieldError), warnings }).toEqual({ errors: [], warnings: [] });
  });

  it('has what the Python SDK reads: framework label, mlPolicy, a trainer container `node` with an image', () => {
    const object = stored(doc);
    const labels = ((object.metadata as Obj).labels ?? {}) as Record<string, string>;
    expect(labels[Labels.Framework]).toEqual(expect.any(String));
    const spec = object.spec as Obj;
    expect(isObj(spec.mlPolicy)).toBe(true);
    type Container = { name: string; image?: string; resources?: { limits?: Obj } };
    type Job = {
      template: { metadata?: { labels?: Obj }; spec: { template: { spec: { containers: Container[] } } } };
    };
    const jobs = (spec.template as { spec: { replicatedJobs: Job[] } }).spec.replicatedJobs;
    // The SDK needs template.spec.template.spec on every job, and takes the first with an ancestor label and `node`.
    for (const job of jobs) expect(job.template.spec.template.spec).toBeDefined();
    const trainer = jobs
      .filter((j) => j.template.metadata?.labels?.[Labels.TrainJobAncestor] !== undefined)
      .flatMap((j) => j.template.spec.template.spec.containers)
      .find((c) => c.name === 'node');
    expect(trainer?.image).toEqual(expect.any(String));
    // Limits with a key the SDK cannot classify make its list_runtimes() fail for every runtime.
    const known = /^(nvidia\.com\/gpu|google\.com\/tpu|nvidia\.com\/mig-.+|huawei\.com\/Ascend910|cpu)$/;
    const limits = Object.keys(trainer?.resources?.limits ?? {});
    if (limits.length > 0) expect(limits.some((k) => known.test(k))).toBe(true);
  });

  it('renders a JobSet named after the TrainJob, with and without spec.trainer', () => {
    const torchtune = doc.name.startsWith('torchtune-');
    const jobs = [
      makeTrainJob('default', 'plain').runtimeRef(doc.name).obj(),
      torchtune
        ? makeTrainJob('default', 'tuned')
            .runtimeRef(doc.name)
            .command('tune', 'run')
            .resourcesPerNode({ limits: { 'nvidia.com/gpu': '4' } })
            .obj()
        : makeTrainJob('default', 'multi')
            .runtimeRef(doc.name)
            .numNodes(2)
            .resourcesPerNode({ requests: { cpu: '2' } })
            .obj(),
    ];
    for (const job of jobs) {
      const { objects } = render(job, doc.object as never);
      const jobSets = objects.filter((o) => o.kind === 'JobSet');
      expect(jobSets.map((o) => o.metadata?.name)).toEqual([job.metadata!.name]);
    }
  });

  if (doc.name.startsWith('torchtune-')) {
    it('`tune run` on it picks the config its own command names, and keeps its runtime-owned overrides', () => {
      type Container = { name: string; command?: string[] };
      type Job = { name: string; template: { spec: { template: { spec: { containers: Container[] } } } } };
      type Spec = { replicatedJobs?: Job[]; template?: { spec: { replicatedJobs: Job[] } } };
      // The command of container `node` of job `node`, in a runtime (spec.template.spec) or a JobSet (spec).
      const nodeCommand = (object: unknown): string[] => {
        const spec = (object as { spec: Spec }).spec;
        const jobs = spec.replicatedJobs ?? spec.template?.spec.replicatedJobs ?? [];
        const pod = jobs.find((j) => j.name === 'node')?.template.spec.template.spec;
        return pod?.containers.find((c) => c.name === 'node')?.command ?? [];
      };
      const ours = nodeCommand(doc.object);
      const job = makeTrainJob('default', 'tuned')
        .runtimeRef(doc.name)
        .command('tune', 'run')
        .resourcesPerNode({ limits: { 'nvidia.com/gpu': '2' } })
        .obj();
      const jobSet = render(job, doc.object as never).objects.find((o) => o.kind === 'JobSet');
      const owned = /^(output_dir|tokenizer\.path|tokenizer\.merges_file|checkpointer\.checkpoint_dir)=/;
      expect(nodeCommand(jobSet)).toEqual([
        'tune',
        'run',
        '--rdzv_endpoint=tuned-node-0-0.tuned:29500',
        'full_finetune_distributed',
        '--config',
        ours[ours.indexOf('--config') + 1],
        ...ours.filter((arg) => owned.test(arg)),
      ]);
    });
  }
});

describe('manifests/runtimes', () => {
  // Opt-in folders have a kustomization of their own and are not part of the default install, as upstream.
  const OPT_IN = new Set(['data-cache']);
  for (const dir of ['', ...OPT_IN]) {
    it(`${join('manifests/runtimes', dir)}/kustomization.yaml lists exactly the files of the folder`, () => {
      const folder = join(OURS, dir);
      const kustomization = parse(readFileSync(join(folder, KUSTOMIZATION), 'utf8')) as {
        resources?: string[];
      };
      const entries = readdirSync(folder, { withFileTypes: true })
        .filter((e) =>
          e.isDirectory() ? !OPT_IN.has(e.name) : /\.ya?ml$/.test(e.name) && e.name !== KUSTOMIZATION,
        )
        .map((e) => e.name);
      expect([...(kustomization.resources ?? [])].sort()).toEqual(entries.sort());
      expect(new Set(kustomization.resources).size).toBe(kustomization.resources?.length);
    });
  }

  it('README.md names every shipped runtime', () => {
    const readme = readFileSync(join(OURS, 'README.md'), 'utf8');
    expect(ourRuntimes.map((d) => d.name).filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
  });

  it('`kubetrain render` without -r finds its runtime in manifests/runtimes', async () => {
    let stdout = '';
    let stderr = '';
    const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t) };
    const code = await run(['render', '-f', join(UPSTREAM_EXAMPLES, '01-multi-node.yaml')], io, {
      cwd: ROOT,
      runtimesDir: OURS,
    });
    expect({ code, stderr }).toEqual({
      code: 0,
      stderr: expect.stringMatching(/^rendered 1 of 1 TrainJobs into \d+ objects\n$/),
    });
    expect(stdout).toMatch(/^kind: JobSet$/m);
    expect(stdout).toContain('image: pytorch/pytorch:2.13.0-cuda13.0-cudnn9-runtime');
  });
});
