// SPDX-License-Identifier: Apache-2.0
// The install files: generated ones are current, the ClusterRole covers every kind the plugins
// declare with the verbs their policies need and nothing broader, and the webhook configurations
// name exactly the paths the webhook server serves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { webhookForPath, Webhooks } from '@kubetrain/controller';
import { generatedFiles } from './manifests.js';
import {
  clusterRules,
  declaredKinds,
  leaderWorkerSetRules,
  namespaceRules,
  verbsOf,
  type PolicyRule,
} from './rbac.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

function allows(rules: readonly PolicyRule[], group: string, resource: string, verb: string): boolean {
  return rules.some(
    (r) =>
      r.apiGroups.includes(group) &&
      r.resources.includes(resource) &&
      r.verbs.includes(verb) &&
      r.resourceNames === undefined,
  );
}

describe('generated install files', () => {
  it.each(Object.entries(generatedFiles()))('%s is current (make generate)', (path, text) => {
    expect(readFileSync(join(ROOT, path), 'utf8')).toBe(text);
  });
});

describe('ClusterRole from watchedKinds', () => {
  const rules = clusterRules();
  const declared = declaredKinds();

  it.each(declared.kinds.map((k) => [`${k.group || 'core'}/${k.resource}`, k] as const))(
    '%s: every verb its declaration needs',
    (_name, kind) => {
      for (const verb of verbsOf(kind, declared.applied.has(`${kind.group}/${kind.kind}`)))
        expect(allows(rules, kind.group, kind.resource, verb)).toBe(true);
    },
  );

  it.each([
    [
      'a read kind is never written',
      { owned: false, watch: true, group: '', kind: 'LimitRange' },
      false,
      ['get', 'list', 'watch'],
    ],
    [
      'a read, unwatched kind is only read',
      { owned: false, watch: false, group: 'scheduling.k8s.io', kind: 'PriorityClass' },
      false,
      ['get', 'list'],
    ],
    [
      'an owned createOnly kind is never patched',
      { owned: true, watch: true, group: 'scheduling.x-k8s.io', kind: 'PodGroup' },
      false,
      ['create', 'get', 'list', 'watch'],
    ],
    [
      'Secrets are never read: created only',
      { owned: true, watch: true, group: '', kind: 'Secret' },
      false,
      ['create'],
    ],
    [
      'Secrets are never read: created and applied',
      { owned: true, watch: true, group: '', kind: 'Secret' },
      true,
      ['create', 'patch'],
    ],
    [
      'an applied kind is patched',
      { owned: true, watch: true, group: '', kind: 'ConfigMap' },
      true,
      ['create', 'get', 'list', 'patch', 'watch'],
    ],
    [
      'JobSets are also deleted (active deadline)',
      { owned: true, watch: true, group: 'jobset.x-k8s.io', kind: 'JobSet' },
      true,
      ['create', 'delete', 'get', 'list', 'patch', 'watch'],
    ],
  ] as const)('%s', (_name, kind, applied, verbs) => {
    expect(verbsOf(kind, applied)).toEqual(verbs);
  });

  it.each([
    [
      'no wildcard verbs, groups or resources',
      (r: PolicyRule) => [...r.verbs, ...r.apiGroups, ...r.resources].includes('*'),
    ],
    [
      'no update of anything but finalizers and named objects',
      (r: PolicyRule) =>
        r.verbs.includes('update') &&
        r.resourceNames === undefined &&
        !r.resources.every((x) => x.endsWith('/finalizers')),
    ],
    [
      'no delete but of JobSets and of TrainJobs (a finished one past its ttlSecondsAfterFinished)',
      (r: PolicyRule) =>
        r.verbs.includes('delete') && r.resources.some((x) => x !== 'jobsets' && x !== 'trainjobs'),
    ],
    [
      'no Deployments, Services or core Events; Pods only listed and watched',
      (r: PolicyRule) =>
        r.resources.some((x) => ['deployments', 'services'].includes(x)) ||
        (r.resources.includes('pods') && r.verbs.some((v) => v !== 'list' && v !== 'watch')) ||
        (r.apiGroups.includes('') && r.resources.includes('events')),
    ],
    [
      'no TokenReviews or SubjectAccessReviews',
      (r: PolicyRule) => r.resources.some((x) => x.endsWith('reviews')),
    ],
    ['no Leases cluster-wide (a Role in its namespace)', (r: PolicyRule) => r.resources.includes('leases')],
  ])('%s', (_name, broader) => {
    expect(rules.filter(broader)).toEqual([]);
  });

  it('Secrets: create and patch only, cluster-wide; no get, list or watch', () => {
    const verbs = rules.filter((r) => r.apiGroups.includes('') && r.resources.includes('secrets'));
    expect(verbs.map((r) => r.verbs)).toEqual([['create', 'patch']]);
  });

  it('TrainJobs are written only through /status; webhook configurations only by name', () => {
    expect(allows(rules, 'trainer.kubeflow.org', 'trainjobs', 'patch')).toBe(false);
    expect(allows(rules, 'trainer.kubeflow.org', 'trainjobs/status', 'patch')).toBe(true);
    const named = rules.filter((r) => r.apiGroups.includes('admissionregistration.k8s.io'));
    expect(named.map((r) => r.resourceNames)).toEqual([
      ['defaulter.trainer.kubeflow.org'],
      ['validator.trainer.kubeflow.org'],
    ]);
  });

  it('the Role: the Lease and the certificate Secret by name, create for each', () => {
    expect(namespaceRules().map((r) => [r.resources[0], r.verbs.join(','), r.resourceNames?.[0]])).toEqual([
      ['leases', 'create', undefined],
      ['leases', 'get,update', 'trainer.kubeflow.org'],
      ['secrets', 'create', undefined],
      ['secrets', 'get,update', 'kubeflow-trainer-webhook-cert'],
    ]);
  });
});

describe('webhook configurations', () => {
  const docs = parseAllDocuments(readFileSync(join(ROOT, 'manifests/webhook/webhooks.yaml'), 'utf8')).map(
    (d) =>
      d.toJS() as {
        metadata: { name: string };
        webhooks: { name: string; clientConfig: { service: { path: string } }; objectSelector?: unknown }[];
      },
  );
  const webhooks = docs.flatMap((d) => d.webhooks);

  it('two objects with upstream names', () => {
    expect(docs.map((d) => d.metadata.name)).toEqual([
      'defaulter.trainer.kubeflow.org',
      'validator.trainer.kubeflow.org',
    ]);
  });

  it.each(Object.values(Webhooks).map((w) => [w.name, w] as const))(
    '%s: served path, opt-out selector on runtimes',
    (name, spec) => {
      const found = webhooks.find((w) => w.name === name);
      expect(webhookForPath(found!.clientConfig.service.path)).toBe(spec);
      const optOut = {
        matchExpressions: [
          { key: 'trainer.kubeflow.org/webhook-validation', operator: 'NotIn', values: ['disabled'] },
        ],
      };
      expect(found!.objectSelector).toEqual(spec.kind === 'TrainJob' ? undefined : optOut);
    },
  );
});

describe('the opt-in ClusterRole of the LeaderWorkerSet backend', () => {
  const rules = leaderWorkerSetRules();
  it.each([
    ['leaderworkerset.x-k8s.io', 'leaderworkersets', ['create', 'delete', 'get', 'list', 'patch', 'watch']],
    ['batch', 'jobs', ['create', 'delete', 'get', 'list', 'patch', 'watch']],
    ['', 'pods', ['delete', 'get']],
    ['', 'persistentvolumeclaims', ['create', 'get', 'list', 'watch']],
  ] as const)('%s %s: %j', (group, resource, verbs) => {
    const found = rules.filter((r) => r.apiGroups.includes(group) && r.resources.includes(resource));
    expect(found.map((r) => r.verbs)).toEqual([verbs]);
  });

  it('adds nothing the default ClusterRole grants, and the default only lists and watches Pods', () => {
    const base = clusterRules();
    for (const r of rules)
      for (const resource of r.resources)
        expect(r.verbs.filter((v) => allows(base, r.apiGroups[0]!, resource, v))).toEqual([]);
    expect(base.filter((r) => r.resources.includes('pods')).map((r) => r.verbs)).toEqual([['list', 'watch']]);
  });
});
