// SPDX-License-Identifier: Apache-2.0
import {
  clusterRuntime,
  containerOf,
  envMap,
  jobOf,
  objectOf,
  replicatedJob,
  thrownBy,
  torchRuntime,
  trainJob,
} from '@kubetrain/testing';

import { render, type RenderOptions } from '../../engine.js';
import { PluginError } from '../../framework/errors.js';
import type { StatusServerCA } from '../../framework/plugin.js';
import { defaultPlugins } from '../registry.js';
import type { Container, TrainingRuntime } from '../../types.js';
import { create, name, TrainJobStatusPlugin } from './trainjobstatus.js';
import { pluginDependencies } from '../../framework/dependencies.js';

const URL =
  'https://kubeflow-trainer-controller-manager.kubeflow-system.svc:10443/apis/trainer.kubeflow.org/v1alpha1/namespaces/default/trainjobs/job/status';
const CA_PATH = '/var/run/secrets/kubeflow/trainer/ca.crt';
const TOKEN_PATH = '/var/run/secrets/kubeflow/trainer/token';
const DIR = '/var/run/secrets/kubeflow/trainer';
const CA: StatusServerCA = { caCert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n' };

/** The projected volume §8 prescribes for TrainJob `default/job`. */
const tokenVolume = {
  name: 'kubeflow-trainer-token',
  projected: {
    sources: [
      {
        serviceAccountToken: {
          audience: 'trainer.kubeflow.org/v1alpha1/namespaces/default/trainjobs/job/status',
          expirationSeconds: 3600,
          path: 'token',
        },
      },
      { configMap: { name: 'job-tls-config', items: [{ key: 'ca.crt', path: 'ca.crt' }] } },
    ],
  },
};
const tokenMount = { name: 'kubeflow-trainer-token', mountPath: DIR, readOnly: true };

const managerConfig = {
  statusServer: { port: 10443, qps: 5, burst: 10 },
  certManagement: { webhookServiceName: 'kubeflow-trainer-controller-manager' },
};

function options(
  o: { gate?: boolean; config?: Record<string, unknown>; namespace?: string; ca?: StatusServerCA } = {},
): RenderOptions {
  return {
    plugins: defaultPlugins({
      config: o.config ?? managerConfig,
      featureGates: { TrainJobStatus: o.gate ?? true },
      ...(o.namespace !== undefined ? { operatorNamespace: o.namespace } : {}),
    }),
    ...(o.ca !== undefined ? { statusServerCA: o.ca } : {}),
  };
}

/** A runtime with the trainer job `node` (containers `node` and `sidecar`, one init container) and an initializer. */
function twoContainerRuntime(node: Partial<Container> = {}, volumes: object[] = []): TrainingRuntime {
  const runtime = clusterRuntime('torch-distributed', { mlPolicy: { numNodes: 1, torch: {} } }, [
    replicatedJob(
      'dataset-initializer',
      [{ name: 'dataset-initializer', image: 'init' }],
      'dataset-initializer',
    ),
    replicatedJob(
      'node',
      [
        { name: 'node', image: 'pytorch', ...node },
        { name: 'sidecar', image: 'side' },
      ],
      'trainer',
    ),
  ]);
  const pod = runtime.spec.template.spec.replicatedJobs![1]!.template!.spec!.template!.spec!;
  pod.initContainers = [{ name: 'setup', image: 'busybox' }];
  if (volumes.length > 0) pod.volumes = volumes as never;
  return runtime;
}

function jobSetOf(runtime: TrainingRuntime, o: Parameters<typeof options>[0] = {}, extra = {}) {
  return objectOf(
    render(trainJob('job', runtime.metadata.name!, undefined, extra), runtime, options(o)).objects,
    'JobSet',
  );
}

describe('TrainJobStatus', () => {
  it('is named as upstream and registered only with its gate', () => {
    expect(name).toBe('TrainJobStatus');
    expect(create(pluginDependencies())).toBeInstanceOf(TrainJobStatusPlugin);
    const names = (gate: boolean) =>
      defaultPlugins({ featureGates: { TrainJobStatus: gate } }).map((p) => p.name);
    expect(names(false)).not.toContain('TrainJobStatus');
    expect(names(true)).toContain('TrainJobStatus');
  });

  it('gate off: renders no env, volume or ConfigMap', () => {
    const runtime = torchRuntime();
    const rendered = render(
      trainJob('job', runtime.metadata.name!),
      runtime,
      options({ gate: false, ca: CA }),
    );
    expect(rendered.objects.map((o) => o.kind)).toEqual(['JobSet']);
    const node = containerOf(rendered.objects[0]!, 'node', 'node');
    expect(Object.keys(envMap(node)).filter((k) => k.startsWith('KUBEFLOW_TRAINER_SERVER'))).toEqual([]);
    expect(node.volumeMounts).toBeUndefined();
  });

  it('gate on: every trainer container gets the env and mount, the pod the volume; init containers and other steps nothing', () => {
    const jobSet = jobSetOf(twoContainerRuntime());
    for (const container of ['node', 'sidecar']) {
      const c = containerOf(jobSet, 'node', container);
      expect(envMap(c)).toMatchObject({
        KUBEFLOW_TRAINER_SERVER_URL: URL,
        KUBEFLOW_TRAINER_SERVER_CA_CERT: CA_PATH,
        KUBEFLOW_TRAINER_SERVER_TOKEN: TOKEN_PATH,
      });
      expect(c.volumeMounts).toEqual([tokenMount]);
    }
    const pod = jobOf(jobSet, 'node').template!.spec!.template!.spec!;
    expect(pod.volumes).toEqual([tokenVolume]);
    expect(pod.initContainers![0]!.env).toBeUndefined();
    expect(pod.initContainers![0]!.volumeMounts).toBeUndefined();
    const init = jobOf(jobSet, 'dataset-initializer').template!.spec!.template!.spec!;
    expect(init.volumes).toBeUndefined();
    expect(init.containers[0]!.env?.some((e) => e.name.startsWith('KUBEFLOW_TRAINER'))).not.toBe(true);
  });

  it('the URL follows the service name, the operator namespace and the port of the configuration', () => {
    const config = { statusServer: { port: 8443 }, certManagement: { webhookServiceName: 'kt' } };
    const c = containerOf(jobSetOf(torchRuntime(), { config, namespace: 'ops' }), 'node', 'node');
    expect(envMap(c)['KUBEFLOW_TRAINER_SERVER_URL']).toBe(
      'https://kt.ops.svc:8443/apis/trainer.kubeflow.org/v1alpha1/namespaces/default/trainjobs/job/status',
    );
  });

  describe('name clashes (upstream: the plugin upserts; env by name, mounts by mountPath, volumes by name)', () => {
    const cases: Record<
      string,
      {
        node?: Partial<Container>;
        volumes?: object[];
        trainerEnv?: Array<{ name: string; value: string }>;
        check: (jobSet: ReturnType<typeof jobSetOf>) => void;
      }
    > = {
      'a template env of the same name is replaced in place': {
        node: {
          env: [
            { name: 'A', value: '1' },
            { name: 'KUBEFLOW_TRAINER_SERVER_URL', value: 'mine' },
          ],
        },
        check: (js) => {
          const env = containerOf(js, 'node', 'node').env!;
          expect(env[0]).toEqual({ name: 'A', value: '1' });
          expect(env[1]).toEqual({ name: 'KUBEFLOW_TRAINER_SERVER_URL', value: URL });
        },
      },
      "the TrainJob's spec.trainer.env wins in the node container (upserted after, as upstream)": {
        trainerEnv: [{ name: 'KUBEFLOW_TRAINER_SERVER_URL', value: 'https://proxy:1/status' }],
        check: (js) => {
          expect(envMap(containerOf(js, 'node', 'node'))['KUBEFLOW_TRAINER_SERVER_URL']).toBe(
            'https://proxy:1/status',
          );
          expect(envMap(containerOf(js, 'node', 'sidecar'))['KUBEFLOW_TRAINER_SERVER_URL']).toBe(URL);
        },
      },
      'a template mount at the same path is replaced by ours': {
        node: { volumeMounts: [{ name: 'user-secrets', mountPath: DIR }] },
        check: (js) => expect(containerOf(js, 'node', 'node').volumeMounts).toEqual([tokenMount]),
      },
      'a template mount of our volume name at another path is kept beside ours': {
        node: { volumeMounts: [{ name: 'kubeflow-trainer-token', mountPath: '/elsewhere' }] },
        check: (js) =>
          expect(containerOf(js, 'node', 'node').volumeMounts).toEqual([
            { name: 'kubeflow-trainer-token', mountPath: '/elsewhere' },
            tokenMount,
          ]),
      },
      'a template volume of the same name is replaced by ours; other volumes are kept': {
        volumes: [
          { name: 'data', emptyDir: {} },
          { name: 'kubeflow-trainer-token', emptyDir: {} },
        ],
        check: (js) =>
          expect(jobOf(js, 'node').template!.spec!.template!.spec!.volumes).toEqual([
            { name: 'data', emptyDir: {} },
            tokenVolume,
          ]),
      },
    };
    for (const [title, tc] of Object.entries(cases)) {
      it(title, () => {
        const runtime = twoContainerRuntime(tc.node, tc.volumes);
        tc.check(jobSetOf(runtime, {}, tc.trainerEnv ? { trainer: { env: tc.trainerEnv } } : {}));
      });
    }
  });

  describe('the <tj>-tls-config ConfigMap', () => {
    it('holds ca.crt and is owned by the TrainJob', () => {
      const runtime = torchRuntime();
      const objects = render(trainJob('job', runtime.metadata.name!), runtime, options({ ca: CA })).objects;
      expect(objects.map((o) => o.kind)).toEqual(['JobSet', 'ConfigMap']);
      const configMap = objectOf(objects, 'ConfigMap');
      expect(configMap.metadata.name).toBe('job-tls-config');
      expect(configMap.metadata.namespace).toBe('default');
      expect(configMap.metadata.ownerReferences).toMatchObject([
        {
          apiVersion: 'trainer.kubeflow.org/v1alpha1',
          kind: 'TrainJob',
          name: 'job',
          uid: 'job-uid',
          controller: true,
        },
      ]);
      expect(configMap['data']).toEqual({ 'ca.crt': (CA as { caCert: string }).caCert });
    });

    it('is not rendered when the caller gives no CA (kubetrain render without --status-server-ca)', () => {
      const runtime = torchRuntime();
      expect(
        render(trainJob('job', runtime.metadata.name!), runtime, options()).objects.map((o) => o.kind),
      ).toEqual(['JobSet']);
    });
  });

  describe("upstream's errors", () => {
    const cases: Record<string, { o: Parameters<typeof options>[0]; message: string; point: string }> = {
      'no statusServer.port': {
        o: { config: { certManagement: { webhookServiceName: 'x' } } },
        message: 'missing status server port',
        point: 'enforcePodSpec',
      },
      'an empty configuration': {
        o: { config: {} },
        message: 'missing status server port',
        point: 'enforcePodSpec',
      },
      'the Secret could not be read': {
        o: { ca: { lookupError: 'secrets "kubeflow-trainer-webhook-cert" not found' } },
        message:
          'failed to look up status server tls secret: secrets "kubeflow-trainer-webhook-cert" not found',
        point: 'build',
      },
      'the Secret has no ca.crt': {
        o: { ca: { caCert: undefined } },
        message: 'failed to find status server ca.crt in tls secret',
        point: 'build',
      },
    };
    for (const [title, tc] of Object.entries(cases)) {
      it(title, () => {
        const runtime = torchRuntime();
        const error = thrownBy(() => render(trainJob('job', runtime.metadata.name!), runtime, options(tc.o)));
        expect(error).toBeInstanceOf(PluginError);
        expect((error as PluginError).message).toBe(tc.message);
        expect((error as PluginError).plugin).toBe('TrainJobStatus');
        expect((error as PluginError).point).toBe(tc.point);
      });
    }
  });
});
