// SPDX-License-Identifier: Apache-2.0
// A Training Operator v1 job's page (streams.ts's streamJob with this source): the job from the hub's
// watch of its kind, its pods by the `training.kubeflow.org/job-name` label, its detail (v1-views.ts).

import type { V1KindName } from '@kubetrain/api/core';
import { V1Labels } from '@kubetrain/runtime/v1';
import { subscribePodsWhere, type JobSource } from './streams.js';
import { v1Resource } from './v1-kinds.js';
import { isPodOfV1Job, v1JobDetail, type V1JobLike } from './v1-views.js';
import type { PodLike } from './views.js';

/** The page source of a v1 job of `kind`. */
export function v1JobSource(kind: V1KindName): JobSource {
  return {
    kind,
    resource: v1Resource(kind),
    runtimes: false,
    panes: false,
    subscribePods: (hub, port, namespace, name, pods, listener) =>
      subscribePodsWhere(
        hub,
        port,
        namespace,
        [`${V1Labels.JobName}=${name}`],
        (o) => isPodOfV1Job(o as PodLike, kind, name),
        pods,
        listener,
      ),
    detail: (job, pods, events) => v1JobDetail(kind, job as V1JobLike, pods, events),
  };
}
