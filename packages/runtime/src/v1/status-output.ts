// SPDX-License-Identifier: Apache-2.0
// The v1 job status as Training Operator v1.9.4 writes it. Its ReplicaStatus fields are Go int32 and
// string with `omitempty`, so encoding/json drops a zero count and an empty selector: the API server
// then holds `{"Worker": {}}`, never `{"Worker": {"active": 0}}`, and the v1 Python SDK reads None
// where a zero would read 0. The empty replica status itself stays (a non-nil pointer).
import type { V1JobStatus, V1ReplicaStatus } from '@kubetrain/api/core';

const COUNTS = ['active', 'succeeded', 'failed'] as const;

/** One replica status without its zero counts and empty selector. */
function replicaStatusAsWritten(rs: V1ReplicaStatus): V1ReplicaStatus {
  const out: V1ReplicaStatus = { ...rs };
  for (const key of COUNTS) if (out[key] === 0) delete out[key];
  if (out.selector === '') delete out.selector;
  return out;
}

/** `status` as upstream's JSON encoding writes it (a copy). */
export function v1StatusAsWritten(status: V1JobStatus): V1JobStatus {
  if (status.replicaStatuses === undefined) return { ...status };
  return {
    ...status,
    replicaStatuses: Object.fromEntries(
      Object.entries(status.replicaStatuses).map(([rtype, rs]) => [rtype, replicaStatusAsWritten(rs)]),
    ),
  };
}
