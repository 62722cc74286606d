// SPDX-License-Identifier: Apache-2.0
// UpdateJobStatus of PyTorchJob, PaddleJob and JAXJob: the Master decides when there is one, else the
// Workers (all succeeded, or one when elastic); a failure restarts unless the policy is Never. The
// Running and Succeeded messages name the job `<namespace>/<name>` when no Master decides.
import { V1RestartPolicies } from '../constants.js';
import { V1Messages } from './messages.js';
import type { StatusContext, StatusVerdict } from './framework.js';

/** The replica types that decide, and whether one succeeded worker ends an elastic job. */
interface MasterWorkerRoles {
  readonly master?: string;
  readonly worker: string;
  readonly elastic?: boolean;
}

/** The conditions PyTorch, Paddle and JAX set after counting pods, in order. */
export function masterWorkerStatus(context: StatusContext, roles: MasterWorkerRoles): StatusVerdict[] {
  const { job, counts } = context;
  const verdicts: StatusVerdict[] = [];
  const hasMaster = roles.master !== undefined && counts.has(roles.master);
  const running = V1Messages.running(job, !hasMaster);
  const succeeded = V1Messages.succeeded(job, !hasMaster);
  for (const [rtype, c] of counts) {
    const expected = c.replicas - c.status.succeeded!;
    const active = c.status.active!;
    const deciding = hasMaster ? rtype === roles.master : rtype === roles.worker;
    if (deciding) {
      if (hasMaster && active > 0) verdicts.push({ type: 'Running', message: running });
      const done = expected === 0 || (!hasMaster && roles.elastic === true && c.status.succeeded! > 0);
      if (done) {
        verdicts.push({ type: 'Succeeded', message: succeeded });
        return verdicts;
      }
      if (!hasMaster && active > 0) verdicts.push({ type: 'Running', message: running });
    }
    const failed = c.status.failed!;
    if (failed > 0 && c.replicas > c.status.succeeded! + active) {
      if (c.restartPolicy !== V1RestartPolicies.Never)
        verdicts.push({ type: 'Restarting', message: V1Messages.restarting(job, failed, rtype) });
      else verdicts.push({ type: 'Failed', message: V1Messages.failed(job, failed, rtype) });
    }
  }
  return verdicts;
}
