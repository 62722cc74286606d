// SPDX-License-Identifier: Apache-2.0
import { notReadyReason } from './readiness.js';

describe('notReadyReason', () => {
  it.each<[string, boolean, boolean, string | undefined]>([
    ['nothing yet: the certificate first, as upstream', false, false, 'certificates are not ready'],
    ['server listening, no certificate', false, true, 'certificates are not ready'],
    ['certificate, server not listening', true, false, 'webhook server has not been started yet'],
    ['admission served: ready, whether or not the stores have listed', true, true, undefined],
  ])('%s', (_name, certificate, webhookServer, want) => {
    expect(notReadyReason({ certificate: () => certificate, webhookServer: () => webhookServer })).toBe(want);
  });
});
