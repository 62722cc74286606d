// SPDX-License-Identifier: Apache-2.0
// TF_CONFIG with and without a custom cluster domain, and its computed longest length.
import type { V1JobObject } from '../job-types.js';
import { tfConfig, tfConfigMaxLength } from './tf-config.js';
import { v1Frameworks } from './index.js';

const job: V1JobObject = {
  apiVersion: 'kubeflow.org/v1',
  kind: 'TFJob',
  metadata: { name: 'j', namespace: 'ns' },
  spec: {},
};
const specs = {
  PS: { replicas: 1, template: { spec: { containers: [{ name: 'tensorflow' }] } } },
  Worker: { replicas: 12, template: { spec: { containers: [{ name: 'tensorflow' }] } } },
};

describe('tfConfig', () => {
  it('ends the hosts `.svc`, or `.svc.<domain>` with a cluster domain', () => {
    const hosts = (domain: string) => JSON.parse(tfConfig(job, specs, 'PS', 0, domain)).cluster.ps;
    expect(hosts('')).toEqual(['j-ps-0.ns.svc:2222']);
    expect(hosts('example.org')).toEqual(['j-ps-0.ns.svc.example.org:2222']);
  });

  it('computes the longest length (the last worker) with and without a domain', () => {
    for (const domain of ['', 'example.org'])
      expect(tfConfigMaxLength(job, specs, domain)).toBe(tfConfig(job, specs, 'Worker', 11, domain).length);
  });

  it('v1Frameworks passes the domain to the TFJob framework only', () => {
    const tf = v1Frameworks({ clusterDomain: 'example.org' }).TFJob;
    const template = { spec: { containers: [{ name: 'tensorflow' }] } };
    tf.setClusterSpec(template, { job, specs, rtype: 'PS', index: 0 });
    const value = (template.spec.containers[0] as { env?: Array<{ value?: string }> }).env?.[0]?.value;
    expect(value).toBe(tfConfig(job, specs, 'PS', 0, 'example.org'));
    expect(v1Frameworks().TFJob).toBe(v1Frameworks({ clusterDomain: '' }).TFJob);
  });
});
