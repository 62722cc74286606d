// SPDX-License-Identifier: Apache-2.0
// Go-style bind addresses (`:8443`, `127.0.0.1:8081`, `[::1]:9090`, `0` for "off").

/** Where a server listens; `host` undefined means every interface. */
export interface ListenAddress {
  readonly host?: string;
  readonly port: number;
}

/** A bind address that cannot be parsed. */
class BindAddressError extends Error {
  constructor(address: string) {
    super(`invalid bind address ${JSON.stringify(address)}: want [host]:port, or "0" to disable`);
    this.name = 'BindAddressError';
  }
}

/**
 * Parses a bind address. Returns undefined for `"0"` (controller-runtime's "disabled"). Throws
 * {@link BindAddressError} for anything that is not `[host]:port` with a port in 0..65535.
 */
export function parseBindAddress(address: string): ListenAddress | undefined {
  if (address === '0') return undefined;
  const m = /^(\[[^\]]*\]|[^:]*):(\d{1,5})$/.exec(address);
  if (m === null) throw new BindAddressError(address);
  const port = Number(m[2]);
  if (port > 65535) throw new BindAddressError(address);
  const rawHost = (m[1] ?? '').replace(/^\[(.*)\]$/, '$1');
  return rawHost === '' ? { port } : { host: rawHost, port };
}
