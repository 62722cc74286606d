// SPDX-License-Identifier: Apache-2.0
import { notReadyReason } from './readiness.js';

describe('notReadyReason', () => {
  it.each<[string, boolean, boolean, boolean, string | undefined]>([
    ['nothing yet: the certificate first, as upstream', false, false, false, 'certificates are not ready'],
    ['caches synced, no certificate', false, false, true, 'certificates are not ready'],
    ['certificate, server not listening', true, false, true, 'webhook server has not been started yet'],
    ['admission ready, caches not synced', true, true, false, 'caches are not synced'],
    ['all of it: ready', true, true, true, undefined],
  ])('%s', (_name, certificate, webhookServer, synced, want) => {
    expect(
      notReadyReason({
        certificate: () => certificate,
        webhookServer: () => webhookServer,
        synced: () => synced,
      }),
    ).toBe(want);
  });
});
