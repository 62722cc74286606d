// SPDX-License-Identifier: Apache-2.0
// `kubetrain suspend|resume|delete NAME...`.

import type { Session } from '../cluster/connect.js';
import { Refs } from '../cluster/refs.js';
import { ExitCode } from '../io.js';
import type { Io } from '../io.js';
import { escapeForTerminal } from '../terminal-text.js';

/** Sets `spec.suspend` on each TrainJob (a merge patch); prints `<resource>/<name> suspended|resumed`. */
export async function setSuspend(
  names: readonly string[],
  suspend: boolean,
  session: Session,
  io: Io,
): Promise<number> {
  for (const name of names) {
    await session.client.patch(
      Refs.TrainJob,
      name,
      { spec: { suspend } },
      { type: 'merge', namespace: session.namespace },
    );
    io.stdout(
      `trainjob.trainer.kubeflow.org/${escapeForTerminal(name)} ${suspend ? 'suspended' : 'resumed'}\n`,
    );
  }
  return ExitCode.Ok;
}

/** Deletes each TrainJob (its JobSet and pods follow through the garbage collector). */
export async function deleteTrainJobs(names: readonly string[], session: Session, io: Io): Promise<number> {
  for (const name of names) {
    await session.client.delete(Refs.TrainJob, name, {
      namespace: session.namespace,
      propagationPolicy: 'Background',
    });
    io.stdout(`trainjob.trainer.kubeflow.org "${escapeForTerminal(name)}" deleted\n`);
  }
  return ExitCode.Ok;
}
