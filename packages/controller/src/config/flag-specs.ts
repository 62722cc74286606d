// SPDX-License-Identifier: Apache-2.0
// The manager's flags, once: what `parseFlags` accepts and what `--help` prints.

/** Where the webhook serving certificate is read from, as upstream's cert rotator writes it. */
export const DEFAULT_CERT_DIR = '/tmp/k8s-webhook-server/serving-certs';

/** One flag of `kubetrain-manager`. */
export interface FlagSpec {
  readonly name: string;
  readonly type: 'string' | 'boolean';
  /** The value's placeholder in `--help` (string flags). */
  readonly value?: string;
  /** One-letter alias. */
  readonly short?: string;
  readonly help: string;
}

/** Every flag, in the order `--help` lists them. */
export const FLAG_SPECS: readonly FlagSpec[] = [
  { name: 'config', type: 'string', value: 'file', help: 'the Configuration file (default: all defaults)' },
  { name: 'feature-gates', type: 'string', value: 'A=true,...', help: "overrides the file's featureGates" },
  {
    name: 'kubeconfig',
    type: 'string',
    value: 'file',
    help: 'out-of-cluster client configuration (default: KUBECONFIG, in-cluster, ~/.kube/config)',
  },
  {
    name: 'log-level',
    type: 'string',
    value: 'level',
    help: 'error, warn, info, debug or trace (default info)',
  },
  { name: 'log-format', type: 'string', value: 'format', help: 'json or text (default json), on stderr' },
  {
    name: 'cert-dir',
    type: 'string',
    value: 'dir',
    help: `tls.crt/tls.key of the webhook and HTTPS metrics servers (default ${DEFAULT_CERT_DIR})`,
  },
  {
    name: 'namespace',
    type: 'string',
    value: 'ns',
    help: "the manager's namespace (default: POD_NAMESPACE, else kubeflow-system)",
  },
  {
    name: 'watch-namespace',
    type: 'string',
    value: 'ns',
    help: 'reconcile this namespace only (ClusterTrainingRuntimes stay cluster-wide)',
  },
  {
    name: 'enable-v1-kinds',
    type: 'string',
    value: 'PyTorchJob,...|all',
    help: 'serve these Training Operator v1 kinds (kubeflow.org/v1; their CRDs must be installed; default none)',
  },
  {
    name: 'gang-scheduler-name',
    type: 'string',
    value: 'name',
    help: "gang-schedule the v1 kinds' jobs: volcano, or the name of a scheduler-plugins scheduler (default none)",
  },
  {
    name: 'status-coalesce-window',
    type: 'string',
    value: 'duration',
    help: 'hold back TrainJob status writes that only move jobsStatus counters this long (default 30s; 0 writes each at once)',
  },
  {
    name: 'lifecycle-events',
    type: 'boolean',
    help: 'also record the Created and Completed events of every TrainJob (default off: like upstream, only failures, suspend and resume; each event is a write)',
  },
  {
    name: 'zap-log-level',
    type: 'string',
    value: 'level',
    help: "upstream's: a level or a verbosity (2 debug, 5 trace)",
  },
  { name: 'zap-encoder', type: 'string', value: 'json|console', help: "upstream's: console is text" },
  { name: 'zap-devel', type: 'boolean', help: "upstream's: text and debug unless other flags say otherwise" },
  { name: 'zap-stacktrace-level', type: 'string', value: 'level', help: "upstream's: accepted, ignored" },
  { name: 'zap-time-encoding', type: 'string', value: 'encoding', help: "upstream's: accepted, ignored" },
  { name: 'help', type: 'boolean', short: 'h', help: 'print this help and exit' },
];

/** The `--help` text: a usage line and one line per flag. */
export function usage(): string {
  const left = (f: FlagSpec) =>
    `${f.short !== undefined ? `-${f.short}, ` : '    '}--${f.name}${f.value !== undefined ? ` <${f.value}>` : ''}`;
  const width = Math.max(...FLAG_SPECS.map((f) => left(f).length));
  const lines = FLAG_SPECS.map((f) => `  ${left(f).padEnd(width)}  ${f.help}`);
  return [
    'Usage: kubetrain-manager [flags]',
    '',
    'Runs the kubetrain controller manager (TrainJobs, runtimes, admission webhooks).',
    '',
    'Flags:',
    ...lines,
    '',
    'Exit codes: 0 after SIGTERM/SIGINT or --help, 1 when leadership is lost, 2 for bad flags or configuration.',
    '',
  ].join('\n');
}
