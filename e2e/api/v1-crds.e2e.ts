// SPDX-License-Identifier: Apache-2.0
// The Training Operator v1 CRDs (manifests/crds-v1) on the real kube-apiserver, and validateV1Schema()
// against it:
// - every v1 example of Training Operator v1.9.4 (../shared/reference/upstream/training-operator-v1.9.4/
//   examples) is created with dryRun=All in the suite's namespace: the server must accept it, as we do, and
//   store the same spec as validateV1Schema() makes of it (pruning and CRD defaults);
// - every refusal of packages/api/src/v1/testdata/validate-cases.ts is sent (a dry-run create; on update the
//   old object is created for real and the new one PUT with dryRun=All; a case with `status` PUTs it to the
//   status subresource of the object created without it), and the server's causes, as `<field>: <message>`
//   lines, must be the set validateV1Schema() gives.
// Last, the folder installs with plain client-side `kubectl apply -k manifests/crds-v1` (each CRD is far below
// the 256 KiB the last-applied annotation may hold; upstream's are not), then is server-side applied again.
// The v1 CRDs stay installed afterwards (reruns are idempotent); no other suite uses the kubeflow.org kinds.
// The namespace and everything in it are deleted.
import { execFileSync } from 'node:child_process';
import { CustomObjectsApi } from '@kubernetes/client-node';
import {
  formatFieldError,
  V1_CRD_DIR,
  V1_GROUP,
  V1_VERSION,
  V1KindDefinitions,
  V1ReplicaSpecsFields,
  validateV1Schema,
} from '@kubetrain/api';
import type { V1KindName } from '@kubetrain/api';
import { readV1Examples, v1ValidateCases } from '@kubetrain/api/test-support';
import type { Obj, V1Case } from '@kubetrain/api/test-support';
import { apiStatus } from '../support/api-errors.js';
import { readYamlObjects, REPO_ROOT } from '../support/apply.js';
import { cluster, kubeconfigPath } from '../support/cluster.js';
import { installCrds } from '../support/crds.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';

const FIELD_MANAGER = 'kubetrain-e2e';

/** The CRD files of manifests/crds-v1, as its kustomization lists them. */
function v1CrdFiles(): string[] {
  const [kustomization] = readYamlObjects(`${V1_CRD_DIR}/kustomization.yaml`) as unknown as [
    { resources: string[] },
  ];
  return kustomization.resources.map((file) => `${V1_CRD_DIR}/${file}`);
}

/** Requests of the v1 kinds in one namespace, through the custom objects API. */
class V1Objects {
  private readonly api = cluster().kubeConfig.makeApiClient(CustomObjectsApi);

  constructor(private readonly namespace: string) {}

  private target(kind: V1KindName, obj: Obj) {
    return {
      group: V1_GROUP,
      version: V1_VERSION,
      plural: V1KindDefinitions[kind].plural,
      namespace: this.namespace,
      name: String((obj.metadata as Obj | undefined)?.name ?? ''),
    };
  }

  async create(kind: V1KindName, body: Obj, dryRun?: 'All'): Promise<Obj> {
    const { name: _name, ...t } = this.target(kind, body);
    return (await this.api.createNamespacedCustomObject({
      ...t,
      body,
      ...(dryRun ? { dryRun } : {}),
    })) as Obj;
  }

  async read(kind: V1KindName, obj: Obj): Promise<Obj> {
    return (await this.api.getNamespacedCustomObject(this.target(kind, obj))) as Obj;
  }

  /** A dry-run PUT of `body` (or of its status) over the stored object of the same name. */
  async replaceDryRun(kind: V1KindName, body: Obj, status: boolean): Promise<Obj> {
    const current = await this.read(kind, body);
    const resourceVersion = (current.metadata as Obj).resourceVersion;
    const args = {
      ...this.target(kind, body),
      body: { ...body, metadata: { ...(body.metadata as Obj), resourceVersion } },
      dryRun: 'All',
    };
    return (await (status
      ? this.api.replaceNamespacedCustomObjectStatus(args)
      : this.api.replaceNamespacedCustomObject(args))) as Obj;
  }
}

/** The server's causes for a request, as sorted `<field>: <message>` lines (empty: accepted). */
async function serverCauses(request: () => Promise<unknown>): Promise<string[]> {
  try {
    await request();
    return [];
  } catch (error) {
    const status = apiStatus(error);
    if (!status) throw error;
    if (status.code !== 422 || status.causes.length === 0)
      return [
        `not a validation verdict: HTTP ${status.code} ${status.reason ?? ''}: ${status.message ?? ''}`,
      ];
    return [...new Set(status.causes.map((c) => `${c.field || '<nil>'}: ${c.message ?? ''}`))].sort();
  }
}

const ourCauses = (kind: V1KindName, object: Obj, old?: Obj) =>
  [...new Set(validateV1Schema(kind, object, old).errors.map(formatFieldError))].sort();

/** `obj` in the suite's namespace, with `name` when given. */
function place(obj: Obj, namespace: string, name?: string): Obj {
  const metadata = { ...(obj.metadata as Obj), namespace, ...(name !== undefined ? { name } : {}) };
  return { ...structuredClone(obj), metadata };
}

function withoutStatus(obj: Obj): Obj {
  const { status: _status, ...rest } = obj;
  return rest;
}

describe('Training Operator v1 CRDs on the API server', () => {
  let namespace: string;
  let objects: V1Objects;

  beforeAll(async () => {
    namespace = await createNamespace('e2e-v1');
    objects = new V1Objects(namespace);
    const crds = await installCrds(v1CrdFiles(), FIELD_MANAGER);
    expect(crds.map((c) => c.spec.names.kind).sort()).toEqual(Object.keys(V1KindDefinitions).sort());
    // Our schema is in effect once the server applies its default (runPolicy.suspend) to a dry-run create.
    for (const kind of Object.keys(V1KindDefinitions) as V1KindName[]) {
      const probe = {
        apiVersion: `${V1_GROUP}/${V1_VERSION}`,
        kind,
        metadata: { name: 'probe' },
        spec: { runPolicy: {}, [V1ReplicaSpecsFields[kind]]: {} },
      };
      await waitFor(`the ${kind} CRD in effect`, async () => {
        const created = await objects.create(kind, place(probe, namespace), 'All');
        return ((created.spec as Obj).runPolicy as Obj).suspend === false ? true : undefined;
      });
    }
  });

  afterAll(async () => {
    await deleteNamespace(namespace);
  });

  describe('the v1.9.4 examples', () => {
    for (const { file, kind, object } of readV1Examples()) {
      it(`${file} (${kind}): accepted by both, stored with the spec validateV1Schema makes of it`, async () => {
        const body = place(object, namespace);
        const ours = validateV1Schema(kind, body);
        expect(ours.errors.map(formatFieldError)).toEqual([]);
        const created = await objects.create(kind, body, 'All');
        expect(created.spec).toEqual((ours.object as Obj).spec);
      });
    }
  });

  describe('refusals', () => {
    const names = Object.keys(v1ValidateCases);
    Object.entries(v1ValidateCases).forEach(([name, tc]: [string, V1Case]) => {
      it(`${name}: the server's causes are validateV1Schema's`, async () => {
        const realName = `case-${names.indexOf(name)}`;
        const mode = tc.old !== undefined ? 'update' : tc.object.status !== undefined ? 'status' : 'create';
        const object = place(tc.object, namespace, mode === 'create' ? undefined : realName);
        let old: Obj | undefined;
        if (mode !== 'create') {
          old = mode === 'update' ? place(tc.old!, namespace, realName) : withoutStatus(object);
          await objects.create(tc.kind, old);
        }
        const server = await serverCauses(() =>
          mode === 'create'
            ? objects.create(tc.kind, object, 'All')
            : objects.replaceDryRun(tc.kind, object, mode === 'status'),
        );
        expect(server).toEqual(ourCauses(tc.kind, object, mode === 'update' ? old : undefined));
        expect(server).toEqual([...tc.want].sort());
      });
    });
  });
  it('installs with client-side kubectl apply -k manifests/crds-v1 too', async () => {
    const kubectl = execFileSync(`${REPO_ROOT}hack/cluster/which.sh`, ['kubectl'], {
      encoding: 'utf8',
    }).trim();
    const out = execFileSync(kubectl, ['--kubeconfig', kubeconfigPath(), 'apply', '-k', V1_CRD_DIR], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const applied = out
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[0]);
    expect(applied.sort()).toEqual(
      Object.values(V1KindDefinitions)
        .map((d) => `customresourcedefinition.apiextensions.k8s.io/${d.plural}.${V1_GROUP}`)
        .sort(),
    );
    await installCrds(v1CrdFiles(), FIELD_MANAGER);
  });
});
