// SPDX-License-Identifier: Apache-2.0
import type { AdmissionRequest } from './admission-review.js';
import { runtimeValidator } from './runtime-validator.js';

const runtime = (kind: string, labels: Record<string, string> = {}, replicas = 1) => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind,
  metadata: { name: 'r', ...(kind === 'TrainingRuntime' ? { namespace: 'n' } : {}), labels },
  spec: {
    template: {
      spec: {
        replicatedJobs: [
          {
            name: 'node',
            replicas,
            template: {
              metadata: { labels: { 'trainer.kubeflow.org/trainjob-ancestor-step': 'trainer' } },
              spec: { template: { spec: { containers: [{ name: 'node' }] } } },
            },
          },
        ],
      },
    },
  },
});
const request = (operation: 'CREATE' | 'UPDATE', object: unknown): AdmissionRequest => ({
  uid: 'u',
  kind: { group: 'trainer.kubeflow.org', version: 'v1alpha1', kind: (object as { kind: string }).kind },
  operation,
  object: object as Record<string, unknown>,
  ...(operation === 'UPDATE' ? { oldObject: object as Record<string, unknown> } : {}),
});
const DISABLED = { 'trainer.kubeflow.org/webhook-validation': 'disabled' };
const REPLICAS = 'spec.template.spec.replicatedJobs[0].replicas: Invalid value: 2: always must be 1';

describe('runtimeValidator', () => {
  const validate = runtimeValidator();
  it.each<[string, AdmissionRequest, boolean, string?]>([
    [
      'TrainingRuntime create, replicas 2: denied',
      request('CREATE', runtime('TrainingRuntime', {}, 2)),
      false,
      REPLICAS,
    ],
    [
      'TrainingRuntime create, opt-out label (server-side check): allowed',
      request('CREATE', runtime('TrainingRuntime', DISABLED, 2)),
      true,
    ],
    ['TrainingRuntime update: not validated', request('UPDATE', runtime('TrainingRuntime', {}, 2)), true],
    [
      'ClusterTrainingRuntime update, replicas 2: denied',
      request('UPDATE', runtime('ClusterTrainingRuntime', {}, 2)),
      false,
      REPLICAS,
    ],
    [
      'ClusterTrainingRuntime, opt-out label: allowed',
      request('UPDATE', runtime('ClusterTrainingRuntime', DISABLED, 2)),
      true,
    ],
  ])('%s', async (...row) => {
    const [, req, allowed, message] = row;
    const outcome = await validate(req);
    expect(outcome.allowed).toBe(allowed);
    expect(outcome.status).toEqual(allowed ? { code: 200 } : { code: 403, reason: 'Forbidden', message });
  });

  it('answers 400 with the schema errors for a runtime off its schema', async () => {
    const broken = { ...runtime('TrainingRuntime'), spec: { template: { spec: { replicatedJobs: 'x' } } } };
    const outcome = await validate(request('CREATE', broken));
    expect(outcome.allowed).toBe(false);
    expect(outcome.status?.code).toBe(400);
    expect(outcome.status?.message).toMatch(
      /^the TrainingRuntime does not match its schema: .*replicatedJobs/,
    );
  });
});
