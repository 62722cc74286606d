// SPDX-License-Identifier: Apache-2.0
import { parseBindAddress } from './bind-address.js';

describe('parseBindAddress', () => {
  const cases: Record<
    string,
    { address: string; want?: ReturnType<typeof parseBindAddress>; error?: boolean }
  > = {
    'port only': { address: ':8443', want: { port: 8443 } },
    'host and port': { address: '127.0.0.1:8081', want: { host: '127.0.0.1', port: 8081 } },
    ipv6: { address: '[::1]:9090', want: { host: '::1', port: 9090 } },
    'ephemeral port': { address: '127.0.0.1:0', want: { host: '127.0.0.1', port: 0 } },
    disabled: { address: '0', want: undefined },
    'no port': { address: 'localhost', error: true },
    'port too big': { address: ':70000', error: true },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.error) expect(() => parseBindAddress(tc.address)).toThrow('invalid bind address');
      else expect(parseBindAddress(tc.address)).toEqual(tc.want);
    });
  }
});
