// SPDX-License-Identifier: Apache-2.0
import { defaultV1Job } from './defaults.js';
import { Frameworks } from './frameworks/index.js';
import type { V1JobObject } from './job-types.js';

const container = (name: string, ports?: unknown[]) => ({ name, image: 'img', ...(ports ? { ports } : {}) });

function job(
  kind: string,
  field: string,
  specs: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): V1JobObject {
  return {
    apiVersion: 'kubeflow.org/v1',
    kind,
    metadata: { name: 'j', namespace: 'ns' },
    spec: { [field]: specs, ...extra },
  };
}

describe('defaultV1Job (upstream Go defaulting)', () => {
  it('PyTorchJob: CamelCase keys, replicas 1, OnFailure, the pytorchjob-port on the pytorch container, cleanPodPolicy None, nprocPerNode auto', () => {
    const out = defaultV1Job(
      job('PyTorchJob', 'pytorchReplicaSpecs', {
        master: { template: { spec: { containers: [container('sidecar'), container('pytorch')] } } },
        WORKER: {
          replicas: 3,
          restartPolicy: 'Never',
          template: { spec: { containers: [container('other')] } },
        },
      }),
      Frameworks.PyTorchJob!,
    );
    const specs = out.spec['pytorchReplicaSpecs'] as Record<string, Record<string, unknown>>;
    expect(Object.keys(specs)).toEqual(['Master', 'Worker']);
    expect(specs['Master']).toMatchObject({ replicas: 1, restartPolicy: 'OnFailure' });
    expect(specs['Master']!['template']).toEqual({
      spec: {
        containers: [
          container('sidecar'),
          container('pytorch', [{ name: 'pytorchjob-port', containerPort: 23456 }]),
        ],
      },
    });
    // No container named pytorch: the first one gets the port.
    expect(specs['Worker']).toMatchObject({ replicas: 3, restartPolicy: 'Never' });
    expect((specs['Worker']!['template'] as { spec: { containers: unknown[] } }).spec.containers[0]).toEqual(
      container('other', [{ name: 'pytorchjob-port', containerPort: 23456 }]),
    );
    expect(out.spec.runPolicy).toMatchObject({ cleanPodPolicy: 'None' });
    expect(out.spec['nprocPerNode']).toBe('auto');
  });

  it.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    ['both unset: Worker replicas', {}, { minReplicas: 4, maxReplicas: 4 }],
    ['only min: copied to max', { minReplicas: 2 }, { minReplicas: 2, maxReplicas: 2 }],
    ['only max: copied to min', { maxReplicas: 6 }, { minReplicas: 6, maxReplicas: 6 }],
    ['both set: kept', { minReplicas: 1, maxReplicas: 5 }, { minReplicas: 1, maxReplicas: 5 }],
  ])('PyTorch elasticPolicy, %s', (_name, policy, expected) => {
    const out = defaultV1Job(
      job(
        'PyTorchJob',
        'pytorchReplicaSpecs',
        { Worker: { replicas: 4, template: { spec: { containers: [container('pytorch')] } } } },
        { elasticPolicy: policy },
      ),
      Frameworks.PyTorchJob!,
    );
    expect(out.spec['elasticPolicy']).toMatchObject(expected);
  });

  it.each<[string, string, string, string, string, number]>([
    ['TFJob', 'tfReplicaSpecs', 'ps', 'tensorflow', 'tfjob-port', 2222],
    ['XGBoostJob', 'xgbReplicaSpecs', 'master', 'xgboost', 'xgboostjob-port', 9999],
    ['PaddleJob', 'paddleReplicaSpecs', 'worker', 'paddle', 'master', 36543],
    ['JAXJob', 'jaxReplicaSpecs', 'worker', 'jax', 'jaxjob-port', 6666],
  ])('%s: the default port and restart policy', (kind, field, key, name, portName, port) => {
    const fw = Frameworks[kind as 'TFJob']!;
    const out = defaultV1Job(
      job(kind, field, { [key]: { template: { spec: { containers: [container(name)] } } } }),
      fw,
    );
    const [rtype, spec] = Object.entries(out.spec[field] as Record<string, Record<string, unknown>>)[0]!;
    expect(rtype).toBe(key === 'ps' ? 'PS' : key[0]!.toUpperCase() + key.slice(1));
    expect(spec).toMatchObject({ replicas: 1, restartPolicy: fw.defaultRestartPolicy });
    expect(
      (spec['template'] as { spec: { containers: Array<{ ports: unknown }> } }).spec.containers[0]!.ports,
    ).toEqual([{ name: portName, containerPort: port }]);
  });

  it('keeps a port the template names already, and never mutates its input', () => {
    const input = job('JAXJob', 'jaxReplicaSpecs', {
      Worker: {
        template: {
          spec: { containers: [container('jax', [{ name: 'jaxjob-port', containerPort: 1234 }])] },
        },
      },
    });
    const frozen = structuredClone(input);
    const out = defaultV1Job(input, Frameworks.JAXJob!);
    expect(input).toEqual(frozen);
    const specs = out.spec['jaxReplicaSpecs'] as Record<
      string,
      { template: { spec: { containers: Array<{ ports: unknown }> } } }
    >;
    expect(specs['Worker']!.template.spec.containers[0]!.ports).toEqual([
      { name: 'jaxjob-port', containerPort: 1234, protocol: 'TCP' },
    ]);
  });
});
