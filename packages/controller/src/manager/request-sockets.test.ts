// SPDX-License-Identifier: Apache-2.0
import { requestSockets } from './request-sockets.js';

describe('requestSockets', () => {
  it.each<[string, number, number]>([
    ['one worker: the floor', 1, 32],
    ['16 workers: exactly the floor', 16, 32],
    ['64 workers: one each and 16 spare', 64, 80],
  ])('%s', (_name, workers, want) => expect(requestSockets(workers)).toBe(want));
});
