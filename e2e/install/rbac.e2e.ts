// SPDX-License-Identifier: Apache-2.0
// The chart's RBAC is enough and not too much. `helm install` puts the chart into a fresh
// namespace (release `kt-<random>`; its webhook configurations left out: they are cluster-wide).
// The manager runs in this process as the release's ServiceAccount (a TokenRequest token in its
// kubeconfig), with the chart's own Configuration (only the listen addresses moved to 127.0.0.1,
// reconciling the suite's namespace). It must issue its certificate into the Secret the Role
// names, hold its Lease, serve admission (through the suite's own webhook configurations, narrowed
// to the suite's namespace and labels) and reconcile a torch and an MPI TrainJob to Complete (the
// MPI SSH Secret created without ever reading a Secret); requests outside the chart's rules (any
// read of Secrets but its own certificate's) are refused with 403.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { API_VERSION, Kinds, Resources, type TrainJob } from '@kubetrain/api';
import {
  CertResources,
  loadSettings,
  parseFlags,
  startManager,
  webhookConfigurations,
  type Manager,
} from '@kubetrain/controller';
import { ApiError, KubeClient, loadKubeConfig, resourceRef, type KubeObject } from '@kubetrain/kube';
import { createLogger } from '@kubetrain/log';
import { makeTrainJob } from '@kubetrain/testing';
import { readYamlObjects, REPO_ROOT } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';
import { installKubetrainCrds } from '../support/crds.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { waitFor } from '../support/wait.js';
import { serviceAccountKubeconfig } from './service-account.js';
import { freePort, helm, helmTemplate, type RenderedObject } from './tools.js';

const SUITE_LABEL = 'kubetrain.dev/install-suite';

const refs = {
  SubjectAccessReview: resourceRef(
    'authorization.k8s.io/v1',
    'subjectaccessreviews',
    'SubjectAccessReview',
    false,
  ),
  TrainJob: resourceRef(API_VERSION, Resources.TrainJob, Kinds.TrainJob),
  ClusterTrainingRuntime: resourceRef(
    API_VERSION,
    Resources.ClusterTrainingRuntime,
    Kinds.ClusterTrainingRuntime,
    false,
  ),
  Secret: resourceRef('v1', 'secrets', 'Secret'),
  ConfigMap: resourceRef('v1', 'configmaps', 'ConfigMap'),
  Pod: resourceRef('v1', 'pods', 'Pod'),
  Lease: resourceRef('coordination.k8s.io/v1', 'leases', 'Lease'),
  Deployment: resourceRef('apps/v1', 'deployments', 'Deployment'),
  ClusterRole: resourceRef('rbac.authorization.k8s.io/v1', 'clusterroles', 'ClusterRole', false),
  Event: resourceRef('events.k8s.io/v1', 'events', 'Event'),
};

/** The status code of a failed call; undefined when it succeeded. */
async function statusOf(call: Promise<unknown>): Promise<number | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error.code;
    throw error;
  }
}

describe("the manager under the chart's ServiceAccount and RBAC", () => {
  let namespace: string;
  let release: string;
  let chart: RenderedObject[];
  let admin: KubeClient;
  let asManager: KubeClient;
  let manager: Manager | undefined;
  const logs: string[] = [];
  let names: { mutating: string; validating: string };
  let runtimeName: string;
  let installed = false;

  beforeAll(async () => {
    await installKubetrainCrds('kubetrain-e2e');
    namespace = await createNamespace('e2e-install');
    release = `kt-${namespace.slice(-6)}`;
    admin = await KubeClient.create(loadKubeConfig({ path: kubeconfigPath() }), {
      userAgent: 'kubetrain-e2e-install',
    });
    // A real `helm install` of the chart (its webhook configurations left out, see drop-webhooks.mjs;
    // the runtimes are this suite's own copies): the kwok nodes report the Deployment's pod ready.
    helm(
      'install',
      release,
      'charts/kubetrain',
      '-n',
      namespace,
      '--skip-crds',
      '--set',
      'runtimes.enabled=false',
      '--post-renderer',
      join(REPO_ROOT, 'e2e/install/drop-webhooks.mjs'),
      '--wait',
      '--timeout',
      '3m',
    );
    installed = true;
    chart = helmTemplate(release, namespace);
    const saKubeconfig = await serviceAccountKubeconfig(namespace, `${release}-controller-manager`);
    asManager = await KubeClient.create(loadKubeConfig({ path: saKubeconfig }), {
      userAgent: 'kubetrain-e2e-sa',
    });

    // The chart's Configuration, listening on local ports.
    const configMap = chart.find((o) => o.kind === 'ConfigMap') as RenderedObject & {
      data: Record<string, string>;
    };
    const config = parse(configMap.data['controller_manager_config.yaml'] as string) as Record<
      string,
      unknown
    >;
    const webhookPort = await freePort();
    config['webhook'] = { host: '127.0.0.1', port: webhookPort };
    config['metrics'] = { bindAddress: '127.0.0.1:0', secureServing: true };
    config['health'] = { healthProbeBindAddress: '127.0.0.1:0' };
    const certDir = mkdtempSync(join(tmpdir(), 'kubetrain-certs-'));
    manager = await startManager(loadSettings(parseFlags(['--cert-dir', certDir]), stringify(config)), {
      kubeConfig: loadKubeConfig({ path: saKubeconfig }),
      logger: createLogger({ level: 'info', write: (line) => logs.push(line) }),
      namespace,
      watchNamespace: namespace,
    });
    const server = await manager.admission.serving;
    if (server === undefined) throw new Error(`the webhook server did not start:\n${logs.join('')}`);
    await waitFor('manager caches synced', async () => (manager?.synced() ? true : undefined));

    // The suite's own webhook configurations: the served CA, this namespace, this suite's runtimes.
    names = {
      mutating: `kubetrain-e2e-${release}-defaulter`,
      validating: `kubetrain-e2e-${release}-validator`,
    };
    const [mutating, validating] = webhookConfigurations({
      target: { url: `https://127.0.0.1:${server.port}` },
      caBundle: readFileSync(join(certDir, 'ca.crt'), 'utf8'),
      names,
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } },
      clusterObjectSelector: { matchLabels: { [SUITE_LABEL]: release } },
      timeoutSeconds: 10,
    });
    await admin.create(CertResources.MutatingWebhookConfiguration, mutating as KubeObject);
    await admin.create(CertResources.ValidatingWebhookConfiguration, validating as KubeObject);

    // A copy of the shipped torch runtime, admitted by this suite's validator.
    const [torch] = readYamlObjects('manifests/runtimes/torch-distributed.yaml') as KubeObject[];
    runtimeName = `${release}-torch`;
    await waitFor('the ClusterTrainingRuntime admitted through the suite webhook', async () =>
      admin
        .create(refs.ClusterTrainingRuntime, {
          ...torch,
          metadata: { name: runtimeName, labels: { ...torch?.metadata?.labels, [SUITE_LABEL]: release } },
        } as KubeObject)
        .then(() => true),
    );
  });

  afterAll(async () => {
    await manager?.stop();
    await asManager?.close();
    if (admin) {
      const quietly = (call: Promise<unknown>) => call.catch(() => undefined);
      if (names) {
        await quietly(admin.delete(CertResources.MutatingWebhookConfiguration, names.mutating));
        await quietly(admin.delete(CertResources.ValidatingWebhookConfiguration, names.validating));
      }
      if (runtimeName) await quietly(admin.delete(refs.ClusterTrainingRuntime, runtimeName));
      if (installed) helm('uninstall', release, '-n', namespace, '--wait');
      await admin.close();
    }
    if (namespace) await deleteNamespace(namespace);
  });

  /** Waits until the TrainJob `name` of the suite's namespace is Complete; returns it. */
  const waitForComplete = (name: string): Promise<TrainJob> => {
    const read = async () => (await admin.get(refs.TrainJob, name, { namespace })) as unknown as TrainJob;
    return waitFor(
      `TrainJob ${name} Complete`,
      async () => {
        const tj = await read();
        return tj.status?.conditions?.some((c) => c.type === 'Complete' && c.status === 'True')
          ? tj
          : undefined;
      },
      async () =>
        `status ${JSON.stringify((await read()).status ?? {})}; manager log:\n${logs.slice(-30).join('')}`,
    );
  };

  /** The verbs the release's ServiceAccount may use on a resource (SubjectAccessReviews). */
  const allowedVerbs = async (
    attributes: { group: string; resource: string; namespace?: string },
    verbs: readonly string[],
  ): Promise<string[]> => {
    const allowed: string[] = [];
    for (const verb of verbs) {
      const review = (await admin.create(refs.SubjectAccessReview, {
        apiVersion: 'authorization.k8s.io/v1',
        kind: 'SubjectAccessReview',
        spec: {
          user: `system:serviceaccount:${namespace}:${release}-controller-manager`,
          groups: ['system:serviceaccounts', `system:serviceaccounts:${namespace}`, 'system:authenticated'],
          resourceAttributes: { ...attributes, verb },
        },
      } as KubeObject)) as { status?: { allowed?: boolean } };
      if (review.status?.allowed === true) allowed.push(verb);
    }
    return allowed;
  };

  // The suite's manager watches one namespace; in a cluster it lists and watches every namespace.
  it.each([
    ['trainer.kubeflow.org', 'trainjobs'],
    ['trainer.kubeflow.org', 'trainingruntimes'],
    ['trainer.kubeflow.org', 'clustertrainingruntimes'],
    ['jobset.x-k8s.io', 'jobsets'],
    ['', 'configmaps'],
  ])(
    'may list and watch %s %s in every namespace (what the reflectors of a real install do)',
    async (group, resource) => {
      expect(await allowedVerbs({ group, resource }, ['list', 'watch'])).toEqual(['list', 'watch']);
    },
  );

  // The verbs on TrainJobs, exactly: delete for ttlSecondsAfterFinished, never a write of the spec.
  it('may delete TrainJobs (ttlSecondsAfterFinished) and not create, update or patch them', async () => {
    const verbs = ['create', 'delete', 'get', 'list', 'patch', 'update', 'watch'];
    const attributes = { group: 'trainer.kubeflow.org', resource: 'trainjobs', namespace };
    expect(await allowedVerbs(attributes, verbs)).toEqual(['delete', 'get', 'list', 'watch']);
  });

  it('helm installed the chart: release deployed, Deployment available (pod on a kwok node)', async () => {
    expect(JSON.parse(helm('status', release, '-n', namespace, '-o', 'json')).info.status).toBe('deployed');
    const deployment = (await admin.get(refs.Deployment, `${release}-controller-manager`, { namespace })) as {
      status?: { availableReplicas?: number };
    };
    expect(deployment.status?.availableReplicas).toBe(1);
  });

  it('starts with no permission error: certificate Secret issued, Lease held, webhooks served', async () => {
    const secret = await admin.get(refs.Secret, `${release}-webhook-cert`, { namespace });
    expect(Object.keys((secret as { data?: object }).data ?? {}).sort()).toEqual([
      'ca.crt',
      'ca.key',
      'tls.crt',
      'tls.key',
    ]);
    const lease = (await admin.get(refs.Lease, 'trainer.kubeflow.org', { namespace })) as {
      spec?: { holderIdentity?: string };
    };
    expect(lease.spec?.holderIdentity).toBeTruthy();
    expect(manager?.admission.ready()).toBe(true);
    expect(logs.filter((l) => /forbidden/i.test(l))).toEqual([]);
  });

  it('readyz answers ok once the certificate is issued and the webhook server listens', async () => {
    expect(manager?.notReady()).toBeUndefined();
    const ready = await fetch(`http://127.0.0.1:${manager?.probePort}/readyz`);
    expect([ready.status, await ready.text()]).toEqual([200, 'ok']);
  });

  it('admission: the validator refuses a TrainJob naming a missing runtime (403 from the webhook)', async () => {
    const body = makeTrainJob(namespace, 'missing-runtime')
      .runtimeRef('absent-runtime')
      .obj() as unknown as KubeObject;
    let message = '';
    await admin.create(refs.TrainJob, body, { dryRun: 'All' }).catch((error: unknown) => {
      message = error instanceof ApiError ? `${error.code} ${error.message}` : String(error);
    });
    expect(message).toMatch(
      /^403 .*admission webhook "validator\.trainjob\.trainer\.kubeflow\.org" denied the request/,
    );
  });

  it('every shipped runtime is accepted by the validator (server-side dry-run)', async () => {
    const files = (
      readYamlObjects('manifests/runtimes/kustomization.yaml')[0] as unknown as { resources: string[] }
    ).resources;
    const accepted: string[] = [];
    for (const file of files) {
      for (const runtime of readYamlObjects(`manifests/runtimes/${file}`) as KubeObject[]) {
        const name = `${release}-${runtime.metadata?.name}`.slice(0, 63);
        await admin.create(
          refs.ClusterTrainingRuntime,
          {
            ...runtime,
            metadata: { name, labels: { ...runtime.metadata?.labels, [SUITE_LABEL]: release } },
          } as KubeObject,
          { dryRun: 'All' },
        );
        accepted.push(runtime.metadata?.name ?? '');
      }
    }
    expect(accepted).toHaveLength(8);
  });

  it('a torch TrainJob is defaulted, validated and reconciled to Complete', async () => {
    await admin.create(
      refs.TrainJob,
      makeTrainJob(namespace, 'torch').runtimeRef(runtimeName).numNodes(2).obj() as unknown as KubeObject,
    );
    const done = await waitForComplete('torch');
    expect(done.status?.jobsStatus).toEqual([
      { name: 'node', ready: 0, succeeded: 1, failed: 0, active: 0, suspended: 0 },
    ]);
    const events = await admin.list(refs.Event, { namespace });
    expect(events.items.length).toBeGreaterThan(0);
    expect(logs.filter((l) => /forbidden/i.test(l))).toEqual([]);
  });

  it('an MPI TrainJob gets its SSH Secret and reaches Complete (Secrets are only created)', async () => {
    const [deepspeed] = readYamlObjects('manifests/runtimes/deepspeed-distributed.yaml') as KubeObject[];
    const mpiRuntime = `${release}-deepspeed`;
    await admin.create(refs.ClusterTrainingRuntime, {
      ...deepspeed,
      metadata: { name: mpiRuntime, labels: { ...deepspeed?.metadata?.labels, [SUITE_LABEL]: release } },
    } as KubeObject);
    try {
      await admin.create(
        refs.TrainJob,
        makeTrainJob(namespace, 'mpi')
          .runtimeRef(mpiRuntime)
          .numNodes(2)
          .command('mpirun', 'python3', 'train.py')
          .obj() as unknown as KubeObject,
      );
      await waitForComplete('mpi');
      const secret = (await admin.get(refs.Secret, 'mpi-mpi-ssh-auth', { namespace })) as KubeObject & {
        type?: string;
        data?: Record<string, string>;
      };
      expect([secret.type, Object.keys(secret.data ?? {}).sort()]).toEqual([
        'kubernetes.io/ssh-auth',
        ['ssh-privatekey', 'ssh-publickey'],
      ]);
      expect(secret.metadata?.ownerReferences?.map((o) => [o.kind, o.name])).toEqual([['TrainJob', 'mpi']]);
      expect(logs.filter((l) => /forbidden/i.test(l))).toEqual([]);
    } finally {
      await admin.delete(refs.ClusterTrainingRuntime, mpiRuntime).catch(() => undefined);
    }
  });

  it.each([
    [
      'create a Deployment',
      () =>
        asManager.create(refs.Deployment, {
          apiVersion: 'apps/v1',
          kind: 'Deployment',
          metadata: { name: 'x', namespace },
          spec: {
            selector: { matchLabels: { a: 'b' } },
            template: { metadata: { labels: { a: 'b' } }, spec: { containers: [{ name: 'c', image: 'i' }] } },
          },
        } as KubeObject),
    ],
    // Pods: list and watch only (the restart causes' pod watch), never a read of one pod's object.
    ['get a Pod', () => asManager.get(refs.Pod, 'any', { namespace })],
    ['list Secrets cluster-wide', () => asManager.list(refs.Secret)],
    ['list Secrets in its namespace', () => asManager.list(refs.Secret, { namespace })],
    ['get a Secret in another namespace', () => asManager.get(refs.Secret, 'any', { namespace: 'default' })],
    ['get a Secret in its namespace not its own', () => asManager.get(refs.Secret, 'other', { namespace })],
    ['delete a ConfigMap', () => asManager.delete(refs.ConfigMap, `${release}-config`, { namespace })],
    // Pods: the LeaderWorkerSet recreation's delete is opt-in (manifests/rbac/leaderworkerset), not the chart's.
    ['delete a Pod', () => asManager.delete(refs.Pod, 'any', { namespace })],
    [
      'patch a TrainJob spec',
      () =>
        asManager.patch(refs.TrainJob, 'torch', { spec: { suspend: true } }, { type: 'merge', namespace }),
    ],
    [
      'create a Lease in another namespace',
      () =>
        asManager.create(refs.Lease, {
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: 'x', namespace: 'default' },
        } as KubeObject),
    ],
    [
      'update another Lease in its namespace',
      () => asManager.patch(refs.Lease, 'other', { spec: {} }, { type: 'merge', namespace }),
    ],
    [
      'replace (update) a Secret not its own',
      () =>
        asManager.replace(refs.Secret, {
          apiVersion: 'v1',
          kind: 'Secret',
          metadata: { name: 'other', namespace },
        } as KubeObject),
    ],
    ['delete a Secret', () => asManager.delete(refs.Secret, `${release}-webhook-cert`, { namespace })],
    ['list webhook configurations', () => asManager.list(CertResources.ValidatingWebhookConfiguration)],
    [
      'update a webhook configuration of another name',
      () =>
        asManager.patch(
          CertResources.ValidatingWebhookConfiguration,
          names.validating,
          { metadata: { labels: { x: 'y' } } },
          { type: 'merge' },
        ),
    ],
    [
      'create a ClusterRole',
      () =>
        asManager.create(refs.ClusterRole, {
          apiVersion: 'rbac.authorization.k8s.io/v1',
          kind: 'ClusterRole',
          metadata: { name: `${release}-escalate` },
          rules: [],
        } as KubeObject),
    ],
  ] as const)('refused outside the chart rules: %s (403)', async (_name, call) => {
    expect(await statusOf(call())).toBe(403);
  });
});
