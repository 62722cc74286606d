// SPDX-License-Identifier: Apache-2.0
import { ApiError, errorFromResponse } from '@kubetrain/kube';
import { CliError, FailedError } from '../io.js';
import { clusterFailure } from './cluster-error.js';

const status = (code: number, reason: string, message: string) =>
  JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', code, reason, message });

describe('clusterFailure', () => {
  const info = { method: 'GET', path: '/apis/trainer.kubeflow.org/v1alpha1/namespaces/a/trainjobs/x' };
  const cases: Record<string, [unknown, typeof CliError | typeof FailedError, string]> = {
    'no cluster answering is unusable (exit 2)': [
      new ApiError(`GET ${info.path}: connect ECONNREFUSED`, 0, 'Unknown', undefined, info, {
        cause: new Error('connect ECONNREFUSED 127.0.0.1:1'),
      }),
      CliError,
      'cannot reach the cluster at https://127.0.0.1:1: connect ECONNREFUSED 127.0.0.1:1',
    ],
    'not found is a failure (exit 1) with the server message': [
      errorFromResponse(404, status(404, 'NotFound', 'trainjobs.trainer.kubeflow.org "x" not found'), info),
      FailedError,
      '(NotFound) trainjobs.trainer.kubeflow.org "x" not found',
    ],
    'an RBAC refusal': [
      errorFromResponse(
        403,
        status(
          403,
          'Forbidden',
          'trainjobs.trainer.kubeflow.org is forbidden: User "u" cannot list resource "trainjobs"',
        ),
        info,
      ),
      FailedError,
      '(Forbidden) trainjobs.trainer.kubeflow.org is forbidden: User "u" cannot list resource "trainjobs"',
    ],
    'a multi-line message keeps its first line': [
      errorFromResponse(422, status(422, 'Invalid', 'TrainJob "x" is invalid:\nspec: bad'), info),
      FailedError,
      '(Invalid) TrainJob "x" is invalid:',
    ],
  };
  for (const [name, [error, Class, message]] of Object.entries(cases)) {
    it(name, () => {
      const got = clusterFailure(error, 'https://127.0.0.1:1');
      expect(got).toBeInstanceOf(Class);
      expect((got as Error).message).toBe(message);
    });
  }

  it('leaves other errors alone', () => {
    const other = new TypeError('x');
    expect(clusterFailure(other)).toBe(other);
  });
});
