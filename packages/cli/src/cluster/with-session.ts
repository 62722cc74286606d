// SPDX-License-Identifier: Apache-2.0
// Running a cluster command: connect, run, turn API failures into one line, close.

import { clusterFailure } from './cluster-error.js';
import { connect } from './connect.js';
import type { ClusterOptions, Session } from './connect.js';

/** Runs `body` with a {@link Session}; API failures become CliError / FailedError (cluster-error.ts). */
export async function withSession<T>(
  options: ClusterOptions,
  body: (session: Session) => Promise<T>,
): Promise<T> {
  const session = await connect(options);
  try {
    return await body(session);
  } catch (e) {
    throw clusterFailure(e, session.server);
  } finally {
    await session.close().catch(() => undefined);
  }
}
