// SPDX-License-Identifier: Apache-2.0
import { DEFAULT_TRAINJOB_WORKERS, trainJobWorkers } from './configuration.js';
import { parseFlags } from './flags.js';
import { loadSettings } from './load.js';

const SHIPPED = `
apiVersion: config.trainer.kubeflow.org/v1alpha1
kind: Configuration
health:
  healthProbeBindAddress: ":8081"
  readinessEndpointName: "readyz"
  livenessEndpointName: "healthz"
metrics:
  bindAddress: ":8443"
  secureServing: true
webhook:
  port: 9443
  host: ""
leaderElection:
  leaderElect: true
  resourceName: "trainer.kubeflow.org"
  resourceNamespace: ""
  leaseDuration: "15s"
  renewDeadline: "10s"
  retryPeriod: "2s"
controller:
  groupKindConcurrency:
    trainJob: 5
    trainingRuntime: 1
    clusterTrainingRuntime: 1
certManagement:
  enable: true
  webhookServiceName: ""
  webhookSecretName: ""
clientConnection:
  qps: 50
  burst: 100
statusServer:
  port: 10443
  qps: 5
  burst: 10
featureGates: {}
`;

interface Case {
  text?: string;
  argv?: string[];
  check?: (s: ReturnType<typeof loadSettings>) => void;
  error?: string;
}

const HEADER = 'apiVersion: config.trainer.kubeflow.org/v1alpha1\nkind: Configuration\n';

describe('loadSettings', () => {
  const cases: Record<string, Case> = {
    'no file: every upstream default, no leader election': {
      check: (s) => {
        expect(s.config.webhook).toEqual({ port: 9443, host: '' });
        expect(s.config.metrics).toEqual({ bindAddress: ':8443', secureServing: true });
        expect(s.config.health.healthProbeBindAddress).toBe(':8081');
        expect(s.config.leaderElection).toBeUndefined();
        expect(s.config.clientConnection).toEqual({ qps: 50, burst: 100 });
        expect(s.featureGates).toEqual({ TrainJobStatus: false, LeaderWorkerSetBackend: false });
        expect(trainJobWorkers(s.config)).toBe(DEFAULT_TRAINJOB_WORKERS);
      },
    },
    "the chart's shipped file is accepted; trainJob concurrency is the worker count": {
      text: SHIPPED,
      check: (s) => {
        expect(s.config.leaderElection).toMatchObject({
          leaderElect: true,
          resourceName: 'trainer.kubeflow.org',
        });
        expect(s.config.leaderElection?.resourceLock).toBe('leases');
        expect(trainJobWorkers(s.config)).toBe(5);
        expect(s.config.certManagement.webhookServiceName).toBe('kubeflow-trainer-controller-manager');
      },
    },
    "controller-runtime's GroupKind key sets the workers": {
      text: `${HEADER}controller:\n  groupKindConcurrency:\n    TrainJob.trainer.kubeflow.org: 40\n`,
      check: (s) => expect(trainJobWorkers(s.config)).toBe(40),
    },
    'a partial section keeps the other defaults': {
      text: `${HEADER}metrics:\n  bindAddress: "127.0.0.1:9090"\n`,
      check: (s) => expect(s.config.metrics).toEqual({ bindAddress: '127.0.0.1:9090', secureServing: true }),
    },
    'leaderElection with only leaderElect gets the recommended durations': {
      text: `${HEADER}leaderElection:\n  leaderElect: true\n`,
      check: (s) =>
        expect(s.config.leaderElection).toMatchObject({
          leaseDuration: '15s',
          renewDeadline: '10s',
          retryPeriod: '2s',
        }),
    },
    'an unknown top-level field fails': {
      text: `${HEADER}workers: 3\n`,
      error: 'strict decoding error: unknown field "workers"',
    },
    'an unknown nested field fails': {
      text: `${HEADER}webhook:\n  prot: 9443\n`,
      error: 'strict decoding error: unknown field "webhook.prot"',
    },
    'a wrong type fails': {
      text: `${HEADER}webhook:\n  port: "9443"\n`,
      error: 'webhook.port: cannot decode string into integer',
    },
    'a duration given as a number fails': {
      text: `${HEADER}leaderElection:\n  leaseDuration: 15\n`,
      error: 'leaderElection.leaseDuration: cannot decode number into duration',
    },
    'an unparsable duration string fails': {
      text: `${HEADER}leaderElection:\n  retryPeriod: two\n`,
      error: 'leaderElection.retryPeriod: time: invalid duration "two"',
    },
    'another kind fails': {
      text: 'apiVersion: v1\nkind: ConfigMap\n',
      error: 'no kind "ConfigMap" is registered for version "v1"',
    },
    'one invalid value': {
      text: `${HEADER}webhook:\n  port: 0\n`,
      error: 'invalid configuration: webhook.port: Invalid value: 0: must be between 1 and 65535',
    },
    'several invalid values are aggregated': {
      text: `${HEADER}controller:\n  groupKindConcurrency:\n    TrainJob.trainer.kubeflow.org: 0\nclientConnection:\n  qps: -1\nstatusServer:\n  port: 70000\n`,
      error:
        'invalid configuration: [controller.groupKindConcurrency[TrainJob.trainer.kubeflow.org]: Invalid value: 0: must be greater than 0, ' +
        'clientConnection.qps: Invalid value: -1: must be greater than or equal to 0, ' +
        'statusServer.port: Invalid value: 70000: must be between 1 and 65535]',
    },
    'a lease no longer than the renew deadline fails': {
      text: `${HEADER}leaderElection:\n  leaderElect: true\n  leaseDuration: 5s\n`,
      error: 'LeaseDuration must be greater than RenewDeadline',
    },
    'feature gates: the flag overrides the file': {
      text: `${HEADER}featureGates:\n  TrainJobStatus: true\n`,
      argv: ['--feature-gates', 'TrainJobStatus=false'],
      check: (s) => expect(s.featureGates.TrainJobStatus).toBe(false),
    },
    'feature gates: the file alone': {
      text: `${HEADER}featureGates:\n  TrainJobStatus: true\n`,
      check: (s) => expect(s.featureGates.TrainJobStatus).toBe(true),
    },
    'feature gates: an unknown gate fails': {
      argv: ['--feature-gates=Nope=true'],
      error: 'unrecognized feature gate: Nope',
    },
    'feature gates: a bad value fails': {
      argv: ['--feature-gates=TrainJobStatus=yes'],
      error: 'invalid value of TrainJobStatus=yes, err: strconv.ParseBool: parsing "yes": invalid syntax',
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      const run = () => loadSettings(parseFlags(tc.argv ?? []), tc.text);
      if (tc.error !== undefined) {
        expect(run).toThrow(tc.error);
        return;
      }
      const settings = run();
      tc.check?.(settings);
      expect(Object.isFrozen(settings.config.metrics)).toBe(true);
    });
  }
});

describe('parseFlags', () => {
  const cases: Record<string, { argv: string[]; want?: Record<string, unknown>; error?: string }> = {
    defaults: {
      argv: [],
      want: { logLevel: 'info', logFormat: 'json', certDir: '/tmp/k8s-webhook-server/serving-certs' },
    },
    "the Deployment's flags": {
      argv: ['--config=/controller_manager_config.yaml', '--zap-log-level=2'],
      want: { configFile: '/controller_manager_config.yaml', logLevel: 'debug' },
    },
    'zap verbosity 5 is trace': { argv: ['--zap-log-level', '5'], want: { logLevel: 'trace' } },
    'zap-devel is text and debug': { argv: ['--zap-devel'], want: { logLevel: 'debug', logFormat: 'text' } },
    'our flags win over zap flags': {
      argv: ['--zap-log-level=debug', '--log-level=warn', '--zap-encoder=console', '--log-format=json'],
      want: { logLevel: 'warn', logFormat: 'json' },
    },
    'kubeconfig and namespace': {
      argv: ['--kubeconfig', '/k', '--namespace', 'ns'],
      want: { kubeconfig: '/k', namespace: 'ns' },
    },
    'an unknown flag fails': { argv: ['--workers=3'], error: "Unknown option '--workers'" },
    'a bad log level fails': { argv: ['--log-level=loud'], error: '--log-level: must be one of' },
    'a bad zap level fails': { argv: ['--zap-log-level=-1'], error: 'invalid log level "-1"' },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, () => {
      if (tc.error !== undefined) {
        expect(() => parseFlags(tc.argv)).toThrow(tc.error);
        return;
      }
      expect(parseFlags(tc.argv)).toMatchObject(tc.want ?? {});
    });
  }
});
