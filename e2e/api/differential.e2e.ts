// SPDX-License-Identifier: Apache-2.0
// The validator against the real API server on tricky objects (differential-cases.ts): each object is
// created with dryRun=All and given to validateSchema(); both must accept it, or both refuse it with
// the same field paths. How the server refuses:
// - 422 Invalid with `details.causes`: the set of cause fields (`<nil>` for the object itself) must
//   equal the set of our error paths, and the set of `<field>: <message>` the set of our errors as
//   formatFieldError prints them;
// - 400 BadRequest (the object does not decode: metadata of the wrong JSON type, an apiVersion other
//   than the URL's): the server names no field; our refusal must carry the server's reason (the
//   encoding/json error text) or name the field the server's message is about (apiVersion).
// Objects are sent as JSON exactly as validateSchema() sees them (JSON round trip). Generated names are
// compared with our stand-in suffix in place of the server's random one.
import { CustomObjectsApi } from '@kubernetes/client-node';
import { formatFieldError, GROUP, Resources, validateSchema, VERSION } from '@kubetrain/api';
import type { KindName } from '@kubetrain/api';
import { apiStatus } from '../support/api-errors.js';
import { cluster } from '../support/cluster.js';
import { installKubetrainCrds } from '../support/crds.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import { differentialCases } from './differential-cases.js';
import type { Obj } from './differential-cases.js';

/** One side's verdict. */
interface Verdict {
  accepted: boolean;
  /** Field paths of the refusal (`<nil>`: the object itself). */
  fields: string[];
  /** `<field>: <message>` of each cause, when the side gives causes. */
  causes: string[];
  /** The server's message when it gave no causes (400). */
  message?: string;
}

const sorted = (xs: Iterable<string>) => [...new Set(xs)].sort();

/** Sends `object` to the API server as a dry-run create and reads its verdict. */
async function serverVerdict(
  api: CustomObjectsApi,
  kind: KindName,
  object: Obj,
  namespace: string,
): Promise<Verdict> {
  const args = { group: GROUP, version: VERSION, plural: Resources[kind], body: object, dryRun: 'All' };
  try {
    await (kind === 'ClusterTrainingRuntime'
      ? api.createClusterCustomObject(args)
      : api.createNamespacedCustomObject({ ...args, namespace }));
    return { accepted: true, fields: [], causes: [] };
  } catch (error) {
    const status = apiStatus(error);
    if (status === undefined) throw error;
    if (status.code === 422) {
      const field = (f: string | undefined) => (f === undefined || f === '' ? '<nil>' : f);
      return {
        accepted: false,
        fields: sorted(status.causes.map((c) => field(c.field))),
        causes: sorted(status.causes.map((c) => `${field(c.field)}: ${c.message ?? ''}`)),
      };
    }
    return {
      accepted: false,
      fields: [],
      causes: [],
      message: `HTTP ${status.code}: ${status.message ?? ''}`,
    };
  }
}

/** validateSchema()'s verdict on the same object. */
function ourVerdict(kind: KindName, object: Obj): Verdict {
  const { errors } = validateSchema(kind, object);
  return {
    accepted: errors.length === 0,
    fields: sorted(errors.map((e) => (e.path === '' ? '<nil>' : e.path))),
    causes: sorted(errors.map(formatFieldError)),
  };
}

/** The server's generated name replaced by our stand-in (generateName + x0000). */
function normaliseGeneratedNames(verdict: Verdict, object: Obj): Verdict {
  const meta = (object.metadata ?? {}) as Obj;
  if (typeof meta.generateName !== 'string' || meta.name !== undefined) return verdict;
  const escaped = meta.generateName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`"${escaped}[a-z0-9]{5}"`, 'g');
  return {
    ...verdict,
    causes: sorted(verdict.causes.map((c) => c.replace(pattern, `"${String(meta.generateName)}x0000"`))),
  };
}

/** Where the two verdicts differ, in words; empty when they agree. */
function disagreement(server: Verdict, ours: Verdict): string {
  if (server.accepted !== ours.accepted)
    return `server ${server.accepted ? 'accepts' : `refuses (${server.message ?? server.causes.join('; ')})`}, validateSchema ${ours.accepted ? 'accepts' : `refuses (${ours.causes.join('; ')})`}`;
  if (server.accepted) return '';
  if (server.message !== undefined) {
    // A decode error: our error must carry the server's reason, or name the field its message is about.
    const explained = ours.causes.some((c) => {
      const reason = c.replace(/^[^:]+: Invalid value: /, '');
      return (
        server.message!.includes(reason) ||
        (c.startsWith('apiVersion:') && server.message!.includes('API version'))
      );
    });
    return explained ? '' : `server: ${server.message}; validateSchema: ${ours.causes.join('; ')}`;
  }
  if (JSON.stringify(server.fields) !== JSON.stringify(ours.fields))
    return `fields: server ${JSON.stringify(server.fields)}, validateSchema ${JSON.stringify(ours.fields)}`;
  if (JSON.stringify(server.causes) !== JSON.stringify(ours.causes))
    return `causes: server ${JSON.stringify(server.causes)}, validateSchema ${JSON.stringify(ours.causes)}`;
  return '';
}

describe('validateSchema() against the API server on tricky objects', () => {
  let namespace = '';
  const api = () => cluster().kubeConfig.makeApiClient(CustomObjectsApi);
  const results = new Map<string, { server: Verdict; ours: Verdict }>();

  beforeAll(async () => {
    await installKubetrainCrds();
    namespace = await createNamespace('e2e-differential');
    // The API server serves a newly applied schema shortly after the CRD is Established: wait for ours.
    const probe = JSON.parse(JSON.stringify(differentialCases['numNodes 2^31']!.object)) as Obj;
    await waitFor('the API server to serve kubetrain CRDs (numNodes format int32)', async () => {
      const v = await serverVerdict(api(), 'TrainJob', probe, namespace);
      return !v.accepted && v.causes.some((c) => c.includes('format int32'));
    });
    for (const [name, tc] of Object.entries(differentialCases)) {
      const sent = JSON.parse(JSON.stringify(tc.object)) as Obj;
      const placed =
        tc.kind === 'ClusterTrainingRuntime'
          ? sent
          : {
              ...sent,
              metadata: Array.isArray(sent.metadata)
                ? sent.metadata
                : { ...(sent.metadata as Obj), namespace },
            };
      const server = normaliseGeneratedNames(await serverVerdict(api(), tc.kind, placed, namespace), placed);
      results.set(name, { server, ours: ourVerdict(tc.kind, placed) });
    }
  });

  afterAll(async () => {
    if (namespace !== '') await deleteNamespace(namespace);
  });

  for (const name of Object.keys(differentialCases)) {
    it(`agrees on ${name}`, () => {
      const r = results.get(name);
      expect(r).toBeDefined();
      expect(disagreement(r!.server, r!.ours)).toBe('');
    });
  }

  it('covers both verdicts', () => {
    const verdicts = [...results.values()].map((r) => r.server.accepted);
    expect(verdicts).toContain(true);
    expect(verdicts).toContain(false);
  });
});
