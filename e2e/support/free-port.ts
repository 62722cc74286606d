// SPDX-License-Identifier: Apache-2.0
// A TCP port free on 127.0.0.1 now, for a server whose configuration refuses port 0.
import { createServer, type AddressInfo } from 'node:net';

/** Binds port 0 on 127.0.0.1, reads the port the system chose, and closes it again. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
