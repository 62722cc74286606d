// SPDX-License-Identifier: Apache-2.0
import fastJsonPatch from 'fast-json-patch';
import type { AdmissionRequest } from './admission-review.js';
import { trainJobDefaulter } from './trainjob-defaulter.js';

const NOW = new Date('2026-12-01T10:00:00.123Z');
const job = (patches: Record<string, unknown>[]) => ({
  apiVersion: 'trainer.kubeflow.org/v1alpha1',
  kind: 'TrainJob',
  metadata: { name: 'a', namespace: 'n', annotations: { 'a/b': 'c' } },
  spec: { runtimeRef: { name: 'r' }, runtimePatches: patches },
});
const request = (operation: 'CREATE' | 'UPDATE', object: unknown, oldObject?: unknown): AdmissionRequest => ({
  uid: 'u',
  kind: { group: 'trainer.kubeflow.org', version: 'v1alpha1', kind: 'TrainJob' },
  operation,
  object: object as Record<string, unknown>,
  ...(oldObject ? { oldObject: oldObject as Record<string, unknown> } : {}),
});

describe('trainJobDefaulter', () => {
  const defaulter = trainJobDefaulter(() => NOW);

  it.each<[string, AdmissionRequest, unknown[] | undefined]>([
    [
      'CREATE: a patch without time gets now, in seconds',
      request('CREATE', job([{ manager: 'acme.io/a' }])),
      [{ op: 'add', path: '/spec/runtimePatches/0/time', value: '2026-12-01T10:00:00Z' }],
    ],
    [
      'CREATE: a time already set is kept (no patch)',
      request('CREATE', job([{ manager: 'acme.io/a', time: '2020-01-01T00:00:00Z' }])),
      undefined,
    ],
    [
      'UPDATE: a user change of the time alone is reverted',
      request(
        'UPDATE',
        job([{ manager: 'acme.io/a', time: '2030-01-01T00:00:00Z' }]),
        job([{ manager: 'acme.io/a', time: '2020-01-01T00:00:00Z' }]),
      ),
      [{ op: 'replace', path: '/spec/runtimePatches/0/time', value: '2020-01-01T00:00:00Z' }],
    ],
    [
      'DELETE: allowed untouched',
      { ...request('CREATE', job([{ manager: 'acme.io/a' }])), operation: 'DELETE' },
      undefined,
    ],
  ])('%s', async (_name, req, operations) => {
    const outcome = await defaulter(req);
    expect(outcome.allowed).toBe(true);
    expect(outcome.status).toEqual({ code: 200 });
    if (operations === undefined) {
      expect(outcome.patch).toBeUndefined();
      return;
    }
    expect(outcome.patchType).toBe('JSONPatch');
    const decoded = JSON.parse(Buffer.from(outcome.patch ?? '', 'base64').toString('utf8')) as unknown[];
    expect(decoded).toEqual(operations);
    const applied = fastJsonPatch.applyPatch(structuredClone(req.object), decoded as never).newDocument;
    expect(applied).toMatchObject({ metadata: { annotations: { 'a/b': 'c' } } });
  });
});
