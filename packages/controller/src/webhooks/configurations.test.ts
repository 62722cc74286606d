// SPDX-License-Identifier: Apache-2.0
import { webhookConfigurations } from './configurations.js';

type Hook = Record<string, unknown> & { name: string; clientConfig: Record<string, unknown> };
const hooks = (o: Record<string, unknown>) => o['webhooks'] as Hook[];

describe('webhookConfigurations', () => {
  it("has upstream's names, paths, rules and the runtime validators' opt-out selector", () => {
    const [mutating, validating] = webhookConfigurations({
      target: { service: { name: 'kubeflow-trainer-controller-manager', namespace: 'kubeflow-system' } },
    });
    expect(mutating['metadata']).toEqual({ name: 'defaulter.trainer.kubeflow.org' });
    expect(validating['metadata']).toEqual({ name: 'validator.trainer.kubeflow.org' });
    expect(hooks(mutating)[0]).toMatchObject({
      name: 'defaulter.trainjob.trainer.kubeflow.org',
      admissionReviewVersions: ['v1'],
      sideEffects: 'None',
      failurePolicy: 'Fail',
      clientConfig: {
        service: {
          name: 'kubeflow-trainer-controller-manager',
          namespace: 'kubeflow-system',
          path: '/mutate-trainer-kubeflow-org-v1alpha1-trainjob',
        },
      },
      rules: [
        {
          apiGroups: ['trainer.kubeflow.org'],
          apiVersions: ['v1alpha1'],
          operations: ['CREATE', 'UPDATE'],
          resources: ['trainjobs'],
        },
      ],
    });
    const optOut = {
      matchExpressions: [
        { key: 'trainer.kubeflow.org/webhook-validation', operator: 'NotIn', values: ['disabled'] },
      ],
    };
    expect(hooks(validating).map((h) => [h.name, h['objectSelector']])).toEqual([
      ['validator.clustertrainingruntime.trainer.kubeflow.org', optOut],
      ['validator.trainingruntime.trainer.kubeflow.org', optOut],
      ['validator.trainjob.trainer.kubeflow.org', undefined],
    ]);
  });

  it('narrows namespaced webhooks by namespace and the cluster-scoped one by label, with a URL and CA', () => {
    const [mutating, validating] = webhookConfigurations({
      target: { url: 'https://127.0.0.1:9443' },
      caBundle: 'PEM',
      namespaceSelector: { matchLabels: { suite: 'a' } },
      clusterObjectSelector: { matchLabels: { suite: 'a' } },
    });
    expect(hooks(mutating)[0]?.clientConfig).toEqual({
      url: 'https://127.0.0.1:9443/mutate-trainer-kubeflow-org-v1alpha1-trainjob',
      caBundle: Buffer.from('PEM').toString('base64'),
    });
    const [ctr, tr, tj] = hooks(validating);
    expect(ctr?.['namespaceSelector']).toBeUndefined();
    expect(ctr?.['objectSelector']).toMatchObject({ matchLabels: { suite: 'a' } });
    expect(tr?.['namespaceSelector']).toEqual({ matchLabels: { suite: 'a' } });
    expect(tj?.['namespaceSelector']).toEqual({ matchLabels: { suite: 'a' } });
  });
});
