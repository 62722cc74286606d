// SPDX-License-Identifier: Apache-2.0
// The Helm chart: `helm lint` passes; `helm template` and `kubectl kustomize manifests` install the
// same objects (Helm's own labels and annotations aside); each value does what values.yaml says and
// every Configuration it renders is one the manager loads; and the API server accepts every object
// of the chart (server-side dry-run of the whole rendering into a fresh namespace).
import { loadSettings, parseFlags, type Configuration, type FeatureGates } from '@kubetrain/controller';
import { installCrds, installKubetrainCrds } from '../support/crds.js';
import { createNamespace, deleteNamespace } from '../support/namespace.js';
import { normalize } from './normalize.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';
import {
  helm,
  helmTemplate,
  idOf,
  kubectl,
  kustomize,
  PROMETHEUS_OPERATOR_VERSION,
  run,
  serviceMonitorCrdFile,
  toolPath,
  type RenderedObject,
} from './tools.js';

interface Port {
  name: string;
  port: number;
  containerPort: number;
}
interface Container {
  image: string;
  args: string[];
  ports: Port[];
  resources: { limits: { memory: string } };
  securityContext: unknown;
}
interface Webhook {
  clientConfig: { service: { port: number }; caBundle?: string };
}
/** The parts of the rendered objects the cases read. */
interface Shapes {
  spec: {
    replicas: number;
    template: { spec: { containers: Container[]; volumes: unknown[] } };
    ports: Port[];
  };
  webhooks: Webhook[];
  data: Record<string, string>;
}
type Check = (objects: RenderedObject[], config: Configuration, gates: FeatureGates) => void;

const byKind = (objects: RenderedObject[], kind: string) => objects.filter((o) => o.kind === kind);
const one = (objects: RenderedObject[], kind: string): RenderedObject & Shapes => {
  const found = byKind(objects, kind);
  expect(found).toHaveLength(1);
  return found[0] as RenderedObject & Shapes;
};
const configOf = (objects: RenderedObject[]) =>
  one(
    // The manager's Configuration; the other ConfigMaps are the SDK's kubeflow-trainer-public and the
    // Grafana dashboard.
    objects.filter(
      (o) =>
        o.kind !== 'ConfigMap' ||
        (o as { data?: Record<string, string> }).data?.['controller_manager_config.yaml'] !== undefined,
    ),
    'ConfigMap',
  ).data['controller_manager_config.yaml'] ?? '';
/** The chart's Grafana dashboard, as the file holds it. */
const dashboardFile = () =>
  readFileSync(join(REPO_ROOT, 'charts/kubetrain/dashboards/kubetrain.json'), 'utf8');
interface ServiceMonitor {
  metadata: { labels: Record<string, string> };
  spec: {
    selector: { matchLabels: Record<string, string> };
    namespaceSelector: { matchNames: string[] };
    endpoints: { port: string; path: string; scheme: string; tlsConfig?: Record<string, unknown> }[];
  };
}
const container = (objects: RenderedObject[]) =>
  one(objects, 'Deployment').spec.template.spec.containers[0] as Container;
const webhooksOf = (objects: RenderedObject[]) => [
  ...one(objects, 'MutatingWebhookConfiguration').webhooks,
  ...one(objects, 'ValidatingWebhookConfiguration').webhooks,
];

describe('charts/kubetrain', () => {
  it('helm lint: no errors', () => {
    expect(helm('lint', 'charts/kubetrain')).toContain('1 chart(s) linted, 0 chart(s) failed');
  });

  it('helm template (release kubeflow-trainer) and kubectl kustomize manifests install the same objects', () => {
    const chart = helmTemplate('kubeflow-trainer', 'kubeflow-system').map(normalize);
    const kustomized = kustomize('manifests').map(normalize);
    const chartIds = new Set(chart.map(idOf));
    // Helm does not create the release namespace (helm install --create-namespace does).
    expect(kustomized.map(idOf).filter((id) => !chartIds.has(id))).toEqual(['Namespace//kubeflow-system']);
    expect(chart.map(idOf).filter((id) => !kustomized.some((k) => idOf(k) === id))).toEqual([]);
    for (const object of kustomized.filter((k) => chartIds.has(idOf(k)))) {
      expect({ id: idOf(object), object: chart.find((c) => idOf(c) === idOf(object)) }).toEqual({
        id: idOf(object),
        object,
      });
    }
    expect(chart.length).toBe(kustomized.length - 1);
  });

  it.each([
    [
      'defaults',
      [],
      (o, c) => {
        expect(byKind(o, 'ClusterTrainingRuntime')).toHaveLength(8);
        expect(c.leaderElection?.leaderElect).toBe(true);
        expect(c.certManagement).toEqual({
          enable: true,
          webhookServiceName: 'rel-controller-manager',
          webhookSecretName: 'rel-webhook-cert',
        });
        expect(container(o).image).toBe('kubetrain-manager:0.1.0');
      },
    ],
    [
      'runtimes off',
      ['runtimes.enabled=false'],
      (o) => {
        expect(byKind(o, 'ClusterTrainingRuntime')).toEqual([]);
      },
    ],
    [
      'image, replicas, resources',
      ['image.repository=registry.example/kt', 'image.tag=v9', 'replicas=3', 'resources.limits.memory=2Gi'],
      (o) => {
        expect(container(o).image).toBe('registry.example/kt:v9');
        expect(one(o, 'Deployment').spec.replicas).toBe(3);
        expect(container(o).resources.limits.memory).toBe('2Gi');
      },
    ],
    [
      'feature gates',
      ['featureGates.TrainJobStatus=true'],
      (_o, c, gates) => {
        expect(c.featureGates).toEqual({ TrainJobStatus: true });
        expect(gates.TrainJobStatus).toBe(true);
      },
    ],
    [
      'leader election off',
      ['leaderElection.enabled=false'],
      (_o, c) => {
        expect(c.leaderElection).toBeUndefined();
      },
    ],
    [
      'log level and format',
      ['logLevel=debug', 'logFormat=text'],
      (o) => {
        expect(container(o).args).toEqual([
          '--config=/controller_manager_config.yaml',
          '--log-level=debug',
          '--log-format=text',
        ]);
        expect(parseFlags(container(o).args.slice(1))).toMatchObject({
          logLevel: 'debug',
          logFormat: 'text',
        });
      },
    ],
    [
      'lifecycle events on',
      ['lifecycleEvents=true'],
      (o) => {
        expect(container(o).args).toEqual([
          '--config=/controller_manager_config.yaml',
          '--log-level=info',
          '--lifecycle-events',
        ]);
        expect(parseFlags(container(o).args.slice(1)).lifecycleEvents).toBe(true);
      },
    ],
    [
      'webhook and metrics ports',
      ['webhook.port=9444', 'webhook.servicePort=8444', 'metrics.port=9090'],
      (o, c) => {
        expect(c.webhook.port).toBe(9444);
        expect(c.metrics.bindAddress).toBe(':9090');
        expect(container(o).ports.map((p) => [p.name, p.containerPort])).toEqual([
          ['webhook-server', 9444],
          ['metrics', 9090],
          ['health', 8081],
          ['status-server', 10443],
        ]);
        expect(one(o, 'Service').spec.ports.map((p) => [p.name, p.port])).toEqual([
          ['metrics', 9090],
          ['webhook-server', 8444],
          ['status-server', 10443],
        ]);
        const hooks = webhooksOf(o);
        expect(new Set(hooks.map((w) => w.clientConfig.service.port))).toEqual(new Set([8444]));
      },
    ],
    [
      'status server on (gate TrainJobStatus), its port and client rate',
      ['statusServer.enabled=true', 'statusServer.port=10444', 'statusServer.qps=7', 'statusServer.burst=3'],
      (o, c, g) => {
        expect((g as FeatureGates).TrainJobStatus).toBe(true);
        expect((c as Configuration).statusServer).toEqual({ port: 10444, qps: 7, burst: 3 });
        expect(container(o).ports).toContainEqual({
          name: 'status-server',
          containerPort: 10444,
          protocol: 'TCP',
        });
        expect(one(o, 'Service').spec.ports).toContainEqual({
          name: 'status-server',
          port: 10444,
          targetPort: 'status-server',
          protocol: 'TCP',
        });
      },
    ],
    [
      'metrics off',
      ['metrics.port=0'],
      (o, c) => {
        expect(c.metrics.bindAddress).toBe('0');
        expect(one(o, 'Service').spec.ports.map((p) => p.name)).toEqual(['webhook-server', 'status-server']);
      },
    ],
    [
      'cert management off, CA provided',
      ['certManagement.enable=false', 'certManagement.caBundle=PEM'],
      (o, c) => {
        expect(c.certManagement.enable).toBe(false);
        const volumes = one(o, 'Deployment').spec.template.spec.volumes;
        expect(volumes).toContainEqual({ name: 'cert', secret: { secretName: 'rel-webhook-cert' } });
        const hooks = webhooksOf(o);
        expect(hooks.map((w) => w.clientConfig.caBundle)).toEqual(
          Array(4).fill(Buffer.from('PEM').toString('base64')),
        );
      },
    ],
    [
      'defaults: no ServiceMonitor, no dashboard',
      [],
      (o) => {
        expect(byKind(o, 'ServiceMonitor')).toEqual([]);
        expect(byKind(o, 'ConfigMap').map((c) => c.metadata.name)).not.toContain('rel-dashboard');
      },
    ],
    [
      'ServiceMonitor and Grafana dashboard on',
      [
        'serviceMonitor.enabled=true',
        'serviceMonitor.labels.release=prom',
        'grafanaDashboard.enabled=true',
        'grafanaDashboard.annotations.grafana_folder=Kubeflow',
      ],
      (o) => {
        const service = one(o, 'Service') as unknown as {
          spec: { selector: Record<string, string>; ports: Port[] };
        };
        const monitor = one(o, 'ServiceMonitor') as unknown as RenderedObject & ServiceMonitor;
        expect(monitor.apiVersion).toBe('monitoring.coreos.com/v1');
        expect(monitor.metadata).toMatchObject({ name: 'rel-controller-manager', namespace: 'ns1' });
        expect(monitor.metadata.labels.release).toBe('prom');
        // It selects the manager's Service and scrapes its metrics port over HTTPS, trusting the CA of
        // the serving certificate the manager writes.
        expect(monitor.spec.selector.matchLabels).toEqual(service.spec.selector);
        expect(monitor.spec.namespaceSelector.matchNames).toEqual(['ns1']);
        expect(service.spec.ports.map((p) => p.name)).toContain(monitor.spec.endpoints[0]!.port);
        expect(monitor.spec.endpoints).toEqual([
          {
            port: 'metrics',
            path: '/metrics',
            interval: '30s',
            scrapeTimeout: '10s',
            scheme: 'https',
            tlsConfig: {
              ca: { secret: { name: 'rel-webhook-cert', key: 'ca.crt' } },
              serverName: 'rel-controller-manager.ns1.svc',
            },
          },
        ]);
        const dashboards = byKind(o, 'ConfigMap').filter((c) => c.metadata.name === 'rel-dashboard');
        expect(dashboards).toHaveLength(1);
        const dashboard = dashboards[0] as RenderedObject & Shapes;
        expect(dashboard.metadata.labels?.grafana_dashboard).toBe('1');
        expect(dashboard.metadata.annotations).toEqual({ grafana_folder: 'Kubeflow' });
        expect(JSON.parse(dashboard.data['kubetrain.json']!)).toEqual(JSON.parse(dashboardFile()));
      },
    ],
    [
      'ServiceMonitor over plain HTTP',
      ['serviceMonitor.enabled=true', 'metrics.secureServing=false'],
      (o, c) => {
        expect(c.metrics.secureServing).toBe(false);
        const [endpoint] = (one(o, 'ServiceMonitor') as unknown as ServiceMonitor).spec.endpoints;
        expect(endpoint).toMatchObject({ port: 'metrics', scheme: 'http' });
        expect(endpoint!.tlsConfig).toBeUndefined();
      },
    ],
  ] as [string, string[], Check][])('values: %s', (_name, set, check) => {
    const objects = helmTemplate('rel', 'ns1', set);
    const text = configOf(objects);
    const settings = loadSettings(parseFlags([]), text);
    (check as (o: RenderedObject[], c: unknown, g: unknown) => void)(
      objects,
      settings.config,
      settings.featureGates,
    );
    // The pod runs locked down whatever the values.
    expect(container(objects).securityContext).toEqual({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      runAsUser: 65532,
      runAsGroup: 65532,
      capabilities: { drop: ['ALL'] },
      seccompProfile: { type: 'RuntimeDefault' },
    });
  });

  it('a ServiceMonitor without the metrics server is refused with a message', () => {
    expect(() => helmTemplate('rel', 'ns1', ['serviceMonitor.enabled=true', 'metrics.port=0'])).toThrow(
      /serviceMonitor.enabled needs metrics.port/,
    );
  });

  describe('on the local control plane', () => {
    let namespace: string;
    beforeAll(async () => {
      await installKubetrainCrds('kubetrain-e2e');
      namespace = await createNamespace('e2e-chart');
    });
    afterAll(async () => {
      if (namespace) await deleteNamespace(namespace);
    });

    it('make deploy (hack/install/deploy.sh, DRY_RUN=server): every object of manifests/ accepted', () => {
      const objects = kustomize('manifests');
      // deploy.sh creates the namespace for real (namespaced objects need it even in a dry-run).
      const created =
        kubectl(['get', 'namespace', 'kubeflow-system', '--ignore-not-found', '-o', 'name']).trim() === '';
      try {
        const out = run(join(REPO_ROOT, 'hack/install/deploy.sh'), [], undefined, {
          KUBECONFIG: kubeconfigPath(),
          KUBECTL: toolPath('kubectl'),
          DRY_RUN: 'server',
          IMAGE: 'registry.example/kubetrain-manager:v9',
        });
        const dryRun = out.split('\n').filter((line) => line.endsWith(' (server dry run)'));
        expect(dryRun).toHaveLength(objects.length);
        expect(dryRun).toContain(
          'deployment.apps/kubeflow-trainer-controller-manager serverside-applied (server dry run)',
        );
      } finally {
        if (created) kubectl(['delete', 'namespace', 'kubeflow-system', '--wait=false']);
      }
    });

    /** The chart's ServiceMonitor with `set`, server-side dry-run under the operator's CRD (strict). */
    async function dryRunServiceMonitor(release: string, set: readonly string[]): Promise<string> {
      // The CRD stays installed, as kubetrain's: nothing else on the local cluster serves that group.
      await installCrds([serviceMonitorCrdFile()], 'kubetrain-e2e-chart');
      const sets = ['serviceMonitor.enabled=true', ...set].flatMap((s) => ['--set', s]);
      const template = ['-n', namespace, '-s', 'templates/servicemonitor.yaml', ...sets];
      const rendered = helm('template', release, 'charts/kubetrain', ...template);
      const apply = ['apply', '--server-side', '--field-manager=kubetrain-e2e-chart', '--dry-run=server'];
      return kubectl([...apply, '--validate=strict', '-n', namespace, '-f', '-'], rendered).trim();
    }

    it.each([
      ['HTTPS with the serving certificate', []],
      ['plain HTTP', ['metrics.secureServing=false']],
      ['a tlsConfig of the values', ['serviceMonitor.tlsConfig.insecureSkipVerify=true']],
    ])(
      `the ServiceMonitor (%s) is accepted under the Prometheus operator's CRD (${PROMETHEUS_OPERATOR_VERSION}, server-side dry-run)`,
      async (_name, set) => {
        const release = `kt-${namespace.slice(-6)}`;
        expect(await dryRunServiceMonitor(release, ['serviceMonitor.labels.release=prom', ...set])).toBe(
          `servicemonitor.monitoring.coreos.com/${release}-controller-manager serverside-applied (server dry run)`,
        );
      },
    );

    it("a field the CRD does not know is refused (the dry-run checks the operator's schema)", async () => {
      await expect(
        dryRunServiceMonitor('kt-bad', ['serviceMonitor.tlsConfig.notAField=true']),
      ).rejects.toThrow(/notAField/);
    });

    it('every object of the chart is accepted (server-side dry-run)', () => {
      const release = `kt-${namespace.slice(-6)}`;
      // With the Grafana dashboard's ConfigMap (the ServiceMonitor has its own dry-runs above).
      const dashboard = ['--set', 'grafanaDashboard.enabled=true'];
      const rendered = helm(
        'template',
        release,
        'charts/kubetrain',
        '-n',
        namespace,
        '--include-crds',
        ...dashboard,
      );
      const out = kubectl(
        [
          'apply',
          '--server-side',
          '--force-conflicts',
          '--field-manager=kubetrain-e2e-chart',
          '--dry-run=server',
          '-n',
          namespace,
          '-f',
          '-',
        ],
        rendered,
      );
      const applied = out.trim().split('\n');
      expect(applied).toHaveLength(
        helmTemplate(release, namespace, ['grafanaDashboard.enabled=true']).length,
      );
      expect(applied).toContain(`configmap/${release}-dashboard serverside-applied (server dry run)`);
      expect(
        applied.every((line) =>
          /(serverside-applied|created|configured|unchanged) \(server dry run\)$/.test(line),
        ),
      ).toBe(true);
    });
  });
});
