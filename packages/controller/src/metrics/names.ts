// SPDX-License-Identifier: Apache-2.0
// Every metric name the manager exports, in one place: metrics.ts registers them, and tests (and the
// dashboard test) read them from here. The names of client-go and controller-runtime are theirs,
// byte for byte (controller-runtime pkg/metrics/client_go_adapter.go, pkg/internal/controller/metrics,
// pkg/metrics/workqueue.go), so existing controller dashboards and alerts work; kubetrain's own
// are prefixed `kubetrain_`.

/** The metric names of the manager. */
export const MetricNames = {
  // client-go (registered by controller-runtime's client_go_adapter.go)
  RestClientRequests: 'rest_client_requests_total',
  // controller-runtime
  ReconcileTotal: 'controller_runtime_reconcile_total',
  ReconcileErrors: 'controller_runtime_reconcile_errors_total',
  TerminalReconcileErrors: 'controller_runtime_terminal_reconcile_errors_total',
  ReconcileTime: 'controller_runtime_reconcile_time_seconds',
  MaxConcurrentReconciles: 'controller_runtime_max_concurrent_reconciles',
  ActiveWorkers: 'controller_runtime_active_workers',
  // client-go workqueue (registered by controller-runtime with name = controller)
  WorkqueueDepth: 'workqueue_depth',
  WorkqueueAdds: 'workqueue_adds_total',
  WorkqueueQueueDuration: 'workqueue_queue_duration_seconds',
  WorkqueueWorkDuration: 'workqueue_work_duration_seconds',
  WorkqueueRetries: 'workqueue_retries_total',
  WorkqueueUnfinishedWork: 'workqueue_unfinished_work_seconds',
  WorkqueueLongestRunning: 'workqueue_longest_running_processor_seconds',
  // kubetrain
  TrainJobs: 'kubetrain_trainjobs',
  TrainJobGpus: 'kubetrain_trainjob_running_gpus',
  TrainJobGpuSeconds: 'kubetrain_trainjob_gpu_seconds',
  TrainJobRestarts: 'kubetrain_trainjob_restarts',
  TrainJobProgress: 'kubetrain_trainjob_progress_percent',
  TrainJobRemaining: 'kubetrain_trainjob_estimated_remaining_seconds',
  TrainJobProgressOmitted: 'kubetrain_trainjob_progress_omitted',
  CreateToJobSet: 'kubetrain_trainjob_create_to_jobset_seconds',
  CreateToRunning: 'kubetrain_trainjob_create_to_running_seconds',
  QueueWait: 'kubetrain_trainjob_queue_wait_seconds',
  ReflectorRelists: 'kubetrain_reflector_relists_total',
  ReflectorWatchRestarts: 'kubetrain_reflector_watch_restarts_total',
  ApiRequests: 'kubetrain_api_requests_total',
} as const;

/** One metric name of the manager. */
export type MetricName = (typeof MetricNames)[keyof typeof MetricNames];
