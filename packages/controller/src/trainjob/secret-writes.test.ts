// SPDX-License-Identifier: Apache-2.0
import type { ApplyPolicy, DesiredObject } from '../engine/engine-port.js';
import { decideApply, type ApplyDecision } from './apply-decision.js';
import { observedSecret } from './secret-writes.js';

function secret(policy: ApplyPolicy, hash: string): DesiredObject {
  return {
    key: { group: '', kind: 'Secret', namespace: 'ns', name: 's' },
    object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'ns' } },
    hash,
    policy,
  };
}

describe('observedSecret, as decideApply reads it', () => {
  it.each<[string, ApplyPolicy, boolean, string | undefined, ApplyDecision]>([
    ['MPI Secret, JobSet applied now, never written here: create', 'createOnly', true, undefined, 'create'],
    [
      'MPI Secret, JobSet applied now, written before (maybe deleted): create',
      'createOnly',
      true,
      'h1',
      'create',
    ],
    ['MPI Secret, JobSet settled, after a restart: nothing', 'createOnly', false, undefined, 'skip'],
    ['MPI Secret, JobSet settled, written here: nothing', 'createOnly', false, 'h1', 'skip'],
    ['Flux Secret, never applied here (a restart): apply once', 'always', false, undefined, 'apply'],
    ['Flux Secret, same hash applied here: nothing', 'always', false, 'h1', 'skip'],
    ['Flux Secret, another hash applied here: apply', 'always', true, 'h0', 'apply'],
  ])('%s', (_name, policy, workloadDue, last, want) => {
    const observed = observedSecret(policy, workloadDue, last);
    expect(decideApply(secret(policy, 'h1'), false, observed, last)).toBe(want);
  });
});
