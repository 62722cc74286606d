// SPDX-License-Identifier: Apache-2.0
import { formatFieldError, type V1KindName } from '@kubetrain/api';
import { defaultV1Job } from './defaults.js';
import { Frameworks } from './frameworks/index.js';
import type { V1JobObject } from './job-types.js';
import { validateV1Job } from './validation.js';

const fields: Record<string, string> = {
  PyTorchJob: 'pytorchReplicaSpecs',
  TFJob: 'tfReplicaSpecs',
  XGBoostJob: 'xgbReplicaSpecs',
  PaddleJob: 'paddleReplicaSpecs',
  JAXJob: 'jaxReplicaSpecs',
};
const c = (name: string, image = 'img') => ({ name, image });
const tpl = (...containers: unknown[]) => ({ template: { spec: { containers } } });

function errorsOf(
  kind: V1KindName,
  specs: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  name = 'job',
) {
  const job: V1JobObject = {
    apiVersion: 'kubeflow.org/v1',
    kind,
    metadata: { name, namespace: 'ns' },
    spec: { [fields[kind]!]: specs, ...extra },
  };
  const fw = Frameworks[kind]!;
  return validateV1Job(defaultV1Job(job, fw), fw).map(formatFieldError);
}

describe('validateV1Job (upstream webhook rules)', () => {
  it.each<[string, V1KindName, Record<string, unknown>, Record<string, unknown>, string[]]>([
    [
      'a valid PyTorchJob',
      'PyTorchJob',
      { Master: tpl(c('pytorch')), Worker: { replicas: 2, ...tpl(c('pytorch')) } },
      {},
      [],
    ],
    [
      'two Masters',
      'PyTorchJob',
      { Master: { replicas: 2, ...tpl(c('pytorch')) } },
      {},
      ['spec.pytorchReplicaSpecs[Master].replicas: Forbidden: must be 1'],
    ],
    [
      'no Worker replicas',
      'PyTorchJob',
      { Worker: { replicas: 0, ...tpl(c('pytorch')) } },
      {},
      ['spec.pytorchReplicaSpecs[Worker].replicas: Forbidden: must be at least 1'],
    ],
    [
      'an unknown replica type',
      'PyTorchJob',
      { Chief: tpl(c('pytorch')) },
      {},
      ['spec.pytorchReplicaSpecs[Chief]: Unsupported value: "Chief": supported values: "Master", "Worker"'],
    ],
    [
      'no framework container',
      'JAXJob',
      { Worker: tpl(c('main')) },
      {},
      [
        'spec.jaxReplicaSpecs[Worker].template.spec.containers: Required value: must have at least one container with name jax',
      ],
    ],
    [
      'no image',
      'PaddleJob',
      { Worker: tpl(c('paddle', '')) },
      {},
      ['spec.paddleReplicaSpecs[Worker].template.spec.containers[0].image: Required value: must be required'],
    ],
    [
      'no containers',
      'PaddleJob',
      { Worker: tpl() },
      {},
      [
        'spec.paddleReplicaSpecs[Worker].template.spec.containers: Required value: must be specified',
        'spec.paddleReplicaSpecs[Worker].template.spec.containers: Required value: must have at least one container with name paddle',
      ],
    ],
    [
      'elastic without Worker',
      'PyTorchJob',
      { Master: tpl(c('pytorch')) },
      { elasticPolicy: {} },
      ['spec.pytorchReplicaSpecs[Worker]: Required value: must be configured if elastic policy is used'],
    ],
    [
      'elastic nProcPerNode with nprocPerNode',
      'PyTorchJob',
      { Worker: tpl(c('pytorch')) },
      { nprocPerNode: '2', elasticPolicy: { nProcPerNode: 2 } },
      ['spec.elasticPolicy.nProcPerNode: Forbidden: must not be used with spec.nprocPerNode'],
    ],
    [
      'XGBoost without Master',
      'XGBoostJob',
      { Worker: tpl(c('xgboost')) },
      {},
      ['spec.xgbReplicaSpecs[Master]: Required value: must be present'],
    ],
    [
      'TF: Chief and Master',
      'TFJob',
      { Chief: tpl(c('tensorflow')), Master: tpl(c('tensorflow')) },
      {},
      ['spec.tfReplicaSpecs: Forbidden: must not have more than 1 Chief or Master role'],
    ],
    ['TF: any replica key', 'TFJob', { Custom: tpl(c('tensorflow')) }, {}, []],
    [
      'TF: enableDynamicWorker',
      'TFJob',
      { Worker: tpl(c('tensorflow')) },
      { enableDynamicWorker: true },
      [
        'spec.enableDynamicWorker: Forbidden: is not supported by kubetrain: remove it (every worker is listed in TF_CONFIG)',
      ],
    ],
    [
      'another managedBy',
      'JAXJob',
      { Worker: tpl(c('jax')) },
      { runPolicy: { managedBy: 'example.com/other' } },
      [
        'spec.runPolicy.managedBy: Unsupported value: "example.com/other": supported values: "kubeflow.org/training-operator", "kueue.x-k8s.io/multikueue"',
      ],
    ],
  ])('%s', (_name, kind, specs, extra, expected) => {
    expect(errorsOf(kind, specs, extra)).toEqual(expected);
  });

  it('names must be DNS-1035 labels', () => {
    const [error, ...rest] = errorsOf('JAXJob', { Worker: tpl(c('jax')) }, {}, '1job');
    expect(rest).toEqual([]);
    expect(error).toMatch(
      /^metadata\.name: Invalid value: "1job": should match: a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character \(e\.g\. 'my-name', +or 'abc-123', regex used for validation is '\[a-z\]\(\[-a-z0-9\]\*\[a-z0-9\]\)\?'\)$/,
    );
  });
});
