// SPDX-License-Identifier: Apache-2.0
// kubetrain's CRDs on the real kube-apiserver, and the in-process validator against it: every case of
// @kubetrain/api's validateSchema() table (packages/api/src/validation/testdata/validate-cases.ts) is sent to the API
// server, which must give the same verdict as validateSchema(): valid objects accepted, invalid ones rejected
// with the same causes (field path, error type and message).
//
// How each case is sent:
// - a create: POST with dryRun=All;
// - an update (the case has an old object): the old object is created for real, then the new one is PUT
//   with dryRun=All over it (transition rules, immutability and validation ratcheting need a stored
//   object). An old object that our CRDs reject (a value an older release allowed, such as numNodes -1)
//   is created while Trainer v2.3.0's CRDs are in place (put there by PUT), then the CRDs are upgraded
//   to ours by server-side apply: the real upgrade path that ratcheting exists for;
// - a status (the case sets `status`): the object is created for real without status, then the status
//   is PUT to the status subresource with dryRun=All (a create drops `status`).
// Namespaced objects go to the suite's namespace; objects created for real get a unique name (no case
// with an old object or a status tests names).
//
// Comparison (documented normalisation): both sides become sets of `<field>: <message>` strings, the
// server's from `details.causes` (`field`, `message`), ours from validateSchema()'s errors printed by
// formatFieldError (`<path>: <type text>[: <value>]: <detail>`; the object itself is `<nil>` on both sides). Sets,
// because the two report in different orders and the server may repeat a cause. One normalisation of
// values: where the server generated a name (generateName + 5 random characters), the value it prints
// is compared with our stand-in suffix put in its place.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { CustomObjectsApi } from '@kubernetes/client-node';
import { formatFieldError, GROUP, Resources, validateSchema, VERSION, type KindName } from '@kubetrain/api';
import { validateCases, type Case, type Obj } from '@kubetrain/api/test-support';
import { apiStatus } from '../support/api-errors.js';
import { readYamlObjects, REPO_ROOT } from '../support/apply.js';
import { cluster } from '../support/cluster.js';
import { installKubetrainCrds, replaceCrds } from '../support/crds.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';

const FIELD_MANAGER = 'kubetrain-e2e';
const UPSTREAM_CRDS = [
  '../shared/reference/upstream/trainer-v2.3.0/crds/trainer.kubeflow.org_trainjobs.yaml',
  '../shared/reference/upstream/trainer-v2.3.0/crds/trainer.kubeflow.org_trainingruntimes.yaml',
  '../shared/reference/upstream/trainer-v2.3.0/crds/trainer.kubeflow.org_clustertrainingruntimes.yaml',
];

type Mode = 'create' | 'update' | 'status';

/** One case as it is sent: the object (and stored old object) with the suite's namespace and names. */
interface Plan {
  name: string;
  kind: KindName;
  mode: Mode;
  object: Obj;
  old?: Obj;
  /** The old object is invalid under our CRDs: it is created under Trainer v2.3.0's. */
  legacy: boolean;
}

/** The server's verdict, or ours: the set of `<field>: <message>` causes (empty: accepted). */
interface Verdict {
  causes: string[];
  /** A failure that is not a validation verdict (wrong status code, setup failure). */
  failure?: string;
}

const namespaced = (kind: KindName) => kind !== 'ClusterTrainingRuntime';
const meta = (o: Obj) => (o.metadata ?? {}) as Obj;

function place(obj: Obj, kind: KindName, namespace: string, name?: string): Obj {
  const copy = structuredClone(obj);
  const metadata = { ...meta(copy) };
  if (namespaced(kind)) metadata.namespace = namespace;
  else delete metadata.namespace;
  if (name !== undefined) metadata.name = name;
  copy.metadata = metadata;
  return copy;
}

function planCase(name: string, tc: Case, index: number, namespace: string, suffix: string): Plan {
  const mode: Mode = tc.old !== undefined ? 'update' : tc.object.status !== undefined ? 'status' : 'create';
  if (mode === 'create')
    return { name, kind: tc.kind, mode, object: place(tc.object, tc.kind, namespace), legacy: false };
  const realName = namespaced(tc.kind) ? `case-${index}` : `e2e-${suffix}-case-${index}`;
  const object = place(tc.object, tc.kind, namespace, realName);
  const old = mode === 'update' ? place(tc.old!, tc.kind, namespace, realName) : withoutStatus(object);
  const legacy = validateSchema(tc.kind, old).errors.length > 0;
  return { name, kind: tc.kind, mode, object, old, legacy };
}

/** A copy with object keys sorted at every level (JSON key order is not part of an object's meaning). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .filter((k) => (value as Obj)[k] !== undefined)
      .map((k) => [k, sortKeys((value as Obj)[k])]),
  );
}

function withoutStatus(obj: Obj): Obj {
  const { status: _status, ...rest } = obj;
  return rest;
}

/** Requests of the three kinds, by plural, through the custom objects API. */
class Kinds {
  private readonly api = cluster().kubeConfig.makeApiClient(CustomObjectsApi);

  private target(kind: KindName, obj: Obj) {
    const m = meta(obj);
    return {
      group: GROUP,
      version: VERSION,
      plural: Resources[kind],
      namespace: String(m.namespace ?? ''),
      name: String(m.name ?? ''),
    };
  }

  async create(kind: KindName, body: Obj, dryRun?: 'All'): Promise<Obj> {
    const t = this.target(kind, body);
    const args = {
      group: t.group,
      version: t.version,
      plural: t.plural,
      body,
      ...(dryRun ? { dryRun } : {}),
    };
    return (await (namespaced(kind)
      ? this.api.createNamespacedCustomObject({ ...args, namespace: t.namespace })
      : this.api.createClusterCustomObject(args))) as Obj;
  }

  async replace(kind: KindName, body: Obj, dryRun?: 'All'): Promise<Obj> {
    const t = this.target(kind, body);
    const args = { ...t, body, ...(dryRun ? { dryRun } : {}) };
    return (await (namespaced(kind)
      ? this.api.replaceNamespacedCustomObject(args)
      : this.api.replaceClusterCustomObject(args))) as Obj;
  }

  async replaceStatus(kind: KindName, body: Obj, dryRun?: 'All'): Promise<Obj> {
    const t = this.target(kind, body);
    const args = { ...t, body, ...(dryRun ? { dryRun } : {}) };
    return (await (namespaced(kind)
      ? this.api.replaceNamespacedCustomObjectStatus(args)
      : this.api.replaceClusterCustomObjectStatus(args))) as Obj;
  }

  async read(kind: KindName, obj: Obj): Promise<Obj> {
    const t = this.target(kind, obj);
    return (await (namespaced(kind)
      ? this.api.getNamespacedCustomObject(t)
      : this.api.getClusterCustomObject(t))) as Obj;
  }

  async delete(kind: KindName, obj: Obj): Promise<void> {
    const t = this.target(kind, obj);
    await (namespaced(kind)
      ? this.api.deleteNamespacedCustomObject(t)
      : this.api.deleteClusterCustomObject(t));
  }
}

/**
 * Sends a case: a dry-run create, or a dry-run update of the stored old object (of the object, or of its
 * status), at the stored resourceVersion.
 */
async function send(plan: Plan): Promise<unknown> {
  const kinds = new Kinds();
  const body = structuredClone(plan.object);
  if (plan.mode === 'create') return kinds.create(plan.kind, body, 'All');
  const current = await kinds.read(plan.kind, plan.old!);
  body.metadata = { ...meta(body), resourceVersion: meta(current).resourceVersion };
  return plan.mode === 'status'
    ? kinds.replaceStatus(plan.kind, body, 'All')
    : kinds.replace(plan.kind, body, 'All');
}

/** The server's verdict on a request: accepted, or rejected as Invalid (422) with its causes. */
async function serverVerdict(request: () => Promise<unknown>): Promise<Verdict> {
  try {
    await request();
    return { causes: [] };
  } catch (error) {
    const status = apiStatus(error);
    if (!status) throw error;
    if (status.code !== 422 || status.reason !== 'Invalid') {
      return { causes: [], failure: `HTTP ${status.code} ${status.reason ?? ''}: ${status.message ?? ''}` };
    }
    if (status.causes.length === 0) return { causes: [], failure: `422 without causes: ${status.message}` };
    return {
      causes: [...new Set(status.causes.map((c) => `${c.field || '<nil>'}: ${c.message ?? ''}`))].sort(),
    };
  }
}

/** Our verdict: validateSchema() on exactly what was sent (and the old object that was stored). */
function ourVerdict(plan: Plan): Verdict {
  const old = plan.mode === 'update' ? plan.old : undefined;
  const { errors } = validateSchema(plan.kind, plan.object, old);
  return { causes: [...new Set(errors.map(formatFieldError))].sort() };
}

/** Puts our stand-in generated-name suffix in place of the 5 random characters the server chose. */
function normaliseGeneratedName(cause: string, plan: Plan): string {
  const generateName = meta(plan.object).generateName;
  if (typeof generateName !== 'string' || meta(plan.object).name !== undefined) return cause;
  const escaped = generateName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return cause.replace(new RegExp(`"${escaped}[a-z0-9]{5}"`, 'g'), `"${generateName}x0000"`);
}

describe('kubetrain CRDs on the API server', () => {
  const suffix = randomBytes(3).toString('hex');
  const kinds = () => new Kinds();
  const plans: Plan[] = [];
  const disagreements: string[] = [];
  const stored: Array<{ kind: KindName; obj: Obj }> = [];
  const setupFailures = new Map<string, string>();
  const verdicts = new Map<string, 'accepted' | 'rejected' | 'failed'>();
  let namespace: string;

  async function store(plan: Plan): Promise<void> {
    try {
      await kinds().create(plan.kind, plan.old!);
      stored.push({ kind: plan.kind, obj: plan.old! });
    } catch (error) {
      setupFailures.set(
        plan.name,
        `storing the old object failed: ${apiStatus(error)?.message ?? String(error)}`,
      );
    }
  }

  beforeAll(async () => {
    namespace = await createNamespace('e2e-api');
    Object.entries(validateCases).forEach(([name, tc], i) =>
      plans.push(planCase(name, tc, i, namespace, suffix)),
    );

    // Old objects only an older release accepted: store them under Trainer v2.3.0's CRDs.
    const legacy = plans.filter((p) => p.legacy);
    if (legacy.length > 0) {
      await replaceCrds(UPSTREAM_CRDS, FIELD_MANAGER);
      for (const plan of legacy) {
        // The API server switches to a new schema shortly after the CRD is Established: retry.
        await waitFor(
          `${plan.kind} ${String(meta(plan.old!).name)} stored under Trainer v2.3.0's CRD`,
          async () => {
            await kinds().create(plan.kind, plan.old!);
            stored.push({ kind: plan.kind, obj: plan.old! });
            return true;
          },
        );
      }
    }

    await installKubetrainCrds(FIELD_MANAGER);
    // Our schema is in effect once the old objects of the legacy cases are rejected on create.
    for (const plan of legacy) {
      const probe = { ...plan.old!, metadata: { ...meta(plan.old!), name: `probe-${suffix}` } };
      await waitFor(`our ${plan.kind} CRD in effect (rejects what Trainer v2.3.0 accepted)`, async () => {
        const verdict = await serverVerdict(() => kinds().create(plan.kind, probe, 'All'));
        return verdict.causes.length > 0 ? true : undefined;
      });
    }

    for (const plan of plans.filter((p) => p.mode !== 'create' && !p.legacy)) await store(plan);
  });

  const count = (v: string) => [...verdicts.values()].filter((x) => x === v).length;

  afterAll(async () => {
    process.stdout.write(
      `validator vs API server: ${plans.length} cases (${count('accepted')} accepted, ${count('rejected')} rejected ` +
        `by the server, ${count('failed')} not sent), ${disagreements.length} disagreements\n` +
        disagreements.map((d) => `  ${d}\n`).join(''),
    );
    for (const { kind, obj } of stored.filter((s) => !namespaced(s.kind))) {
      await kinds().delete(kind, obj);
    }
    await deleteNamespace(namespace);
  });

  it('installs the CRDs: Established, with our schema in effect', async () => {
    const probe = place(
      {
        apiVersion: `${GROUP}/${VERSION}`,
        kind: 'TrainJob',
        metadata: { name: 'probe' },
        spec: { runtimeRef: { name: 'x' } },
      },
      'TrainJob',
      namespace,
    );
    const created = await kinds().create('TrainJob', probe, 'All');
    // The CRD defaults of our schema were applied by the server.
    expect((created.spec as Obj).runtimeRef).toEqual({
      name: 'x',
      apiGroup: GROUP,
      kind: 'ClusterTrainingRuntime',
    });
    expect(plans.length).toBe(Object.keys(validateCases).length);
  });

  for (const [name] of Object.entries(validateCases)) {
    it(name, async () => {
      const plan = plans.find((p) => p.name === name)!;
      const setupFailure = setupFailures.get(name);
      const server: Verdict = setupFailure
        ? { causes: [], failure: setupFailure }
        : await serverVerdict(() => send(plan));
      const ours = ourVerdict(plan);
      const serverCauses = server.causes.map((c) => normaliseGeneratedName(c, plan));
      const agree = !server.failure && JSON.stringify(serverCauses) === JSON.stringify(ours.causes);
      if (!agree) {
        disagreements.push(
          `${name} (${plan.mode}): server ${server.failure ?? JSON.stringify(serverCauses)} / ours ${JSON.stringify(ours.causes)}`,
        );
      }
      verdicts.set(name, server.failure ? 'failed' : serverCauses.length === 0 ? 'accepted' : 'rejected');
      // The table's own verdict holds on the server too (the causes themselves are compared with validateSchema()).
      expect(serverCauses.length === 0).toBe(validateCases[name]!.want.length === 0);
      expect({ failure: server.failure, causes: serverCauses }).toEqual({
        failure: undefined,
        causes: ours.causes,
      });
    });
  }

  it('stores what validateSchema() says the API server stores (pruning and CRD defaults), for the table, the shipped runtimes and upstream examples', async () => {
    // Objects both sides accept: the table's valid creates, kubetrain's runtimes, and Trainer v2.3.0's
    // runtimes and examples (with an unknown field added to each, to be pruned).
    const files = [
      ...readdirSync(new URL('manifests/runtimes/', `file://${REPO_ROOT}`))
        .filter((f) => f.endsWith('.yaml') && f !== 'kustomization.yaml')
        .map((f) => `manifests/runtimes/${f}`),
      'manifests/runtimes/data-cache/torch-distributed-with-cache.yaml',
      ...[
        'deepspeed_distributed',
        'jax_distributed',
        'mlx_distributed',
        'torch_distributed',
        'xgboost_distributed',
      ].map((f) => `../shared/reference/upstream/trainer-v2.3.0/runtimes/${f}.yaml`),
      '../shared/reference/upstream/trainer-v2.3.0/runtimes/data-cache/torch_distributed_with_cache.yaml',
      '../shared/reference/upstream/trainer-v2.3.0/runtimes/torchtune/llama3_2/llama3_2_1B.yaml',
      '../shared/reference/upstream/trainer-v2.3.0/runtimes/torchtune/llama3_2/llama3_2_3B.yaml',
      '../shared/reference/upstream/trainer-v2.3.0/runtimes/torchtune/qwen2_5/qwen2_5_1.5B.yaml',
      ...readdirSync(new URL('../shared/reference/upstream/trainer-v2.3.0/examples/', `file://${REPO_ROOT}`))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `../shared/reference/upstream/trainer-v2.3.0/examples/${f}`),
    ];
    const ours = new Set<string>(Object.keys(Resources));
    const fromFiles = files.flatMap((file) =>
      readYamlObjects(file)
        .filter((o) => ours.has(o.kind ?? ''))
        .map((o, i) => {
          const kind = o.kind as KindName;
          const name = namespaced(kind) ? o.metadata!.name : `e2e-${suffix}-${o.metadata!.name}`;
          const object = place(o as unknown as Obj, kind, namespace, name);
          (object.spec as Obj).e2eUnknownField = 'pruned';
          return { label: `${file}#${i}`, kind, object };
        }),
    );
    const fromTable = plans
      .filter((p) => p.mode === 'create' && validateCases[p.name]!.want.length === 0)
      .map((p) => ({ label: p.name, kind: p.kind, object: p.object }));
    const differences: string[] = [];
    let changed = 0;
    for (const { label, kind, object } of [...fromTable, ...fromFiles]) {
      const expected = validateSchema(kind, object);
      expect(expected.errors).toEqual([]);
      const stored = await kinds().create(kind, structuredClone(object), 'All');
      const strip = (o: Obj) => ({ ...o, metadata: undefined });
      expect((stored.spec as Obj).e2eUnknownField).toBeUndefined();
      if (JSON.stringify(sortKeys(strip(stored))) !== JSON.stringify(sortKeys(strip(object)))) changed += 1;
      if (
        JSON.stringify(sortKeys(strip(stored))) !== JSON.stringify(sortKeys(strip(expected.object as Obj)))
      ) {
        differences.push(
          `${label}: server ${JSON.stringify(strip(stored))} / ours ${JSON.stringify(strip(expected.object as Obj))}`,
        );
      }
    }
    process.stdout.write(
      `stored objects (pruning, defaults): ${fromTable.length + fromFiles.length} objects, ` +
        `${changed} changed by the server, ${differences.length} differences from validateSchema()\n` +
        differences.map((d) => `  ${d}\n`).join(''),
    );
    expect(fromFiles.length).toBeGreaterThan(10);
    expect(changed).toBeGreaterThan(fromFiles.length);
    expect(differences).toEqual([]);
  });

  it('has no disagreement between validateSchema() and the API server', () => {
    expect(verdicts.size).toBe(plans.length);
    expect(disagreements).toEqual([]);
  });
});
