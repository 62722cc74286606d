// SPDX-License-Identifier: Apache-2.0
// The pinned helm and kubectl that hack/cluster builds, run as child processes, and the chart and
// kustomize renderings as parsed objects.
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { REPO_ROOT } from '../support/apply.js';
import { kubeconfigPath } from '../support/cluster.js';

/** A rendered Kubernetes object. */
export interface RenderedObject {
  apiVersion: string;
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
  };
  [key: string]: unknown;
}

/** The path of a binary hack/cluster built (`hack/cluster/which.sh`). */
export function toolPath(component: 'helm' | 'kubectl'): string {
  return execFileSync(join(REPO_ROOT, 'hack/cluster/which.sh'), [component], { encoding: 'utf8' }).trim();
}

/**
 * Runs `binary args` in the repository, stdin `input`, the environment plus `env`; returns stdout,
 * throws with stderr on a non-zero exit.
 */
export function run(
  binary: string,
  args: readonly string[],
  input?: string,
  env: Record<string, string> = {},
): string {
  return execFileSync(binary, args, {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    ...(input !== undefined ? { input } : {}),
  });
}

/** helm with the local cluster's kubeconfig. */
export const helm = (...args: string[]) => run(toolPath('helm'), ['--kubeconfig', kubeconfigPath(), ...args]);

/** kubectl with the local cluster's kubeconfig. */
export const kubectl = (args: readonly string[], input?: string) =>
  run(toolPath('kubectl'), ['--kubeconfig', kubeconfigPath(), ...args], input);

/** The objects of a multi-document YAML text (empty documents dropped). */
export function parseObjects(text: string): RenderedObject[] {
  return parseAllDocuments(text)
    .map((d) => d.toJS() as RenderedObject | null)
    .filter((o): o is RenderedObject => o !== null && typeof o === 'object' && 'kind' in o);
}

/** `helm template RELEASE charts/kubetrain -n NAMESPACE --include-crds` with `--set` values. */
export function helmTemplate(
  release: string,
  namespace: string,
  set: readonly string[] = [],
): RenderedObject[] {
  const sets = set.flatMap((s) => ['--set', s]);
  return parseObjects(
    helm('template', release, 'charts/kubetrain', '-n', namespace, '--include-crds', ...sets),
  );
}

/** `kubectl kustomize DIR`. */
export function kustomize(dir: string): RenderedObject[] {
  return parseObjects(kubectl(['kustomize', dir]));
}

/** `Kind/namespace/name` of an object. */
export const idOf = (o: RenderedObject) => `${o.kind}/${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** A TCP port on 127.0.0.1 that was free a moment ago (for servers whose port must be 1..65535). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The Prometheus operator release whose ServiceMonitor CRD the chart's ServiceMonitor is checked against. */
export const PROMETHEUS_OPERATOR_VERSION = 'v0.89.0';

/**
 * The ServiceMonitor CRD of {@link PROMETHEUS_OPERATOR_VERSION}, read from the project's Go module
 * (`module_dir` of hack/cluster/lib.sh: the Go module proxy, as hack/cluster/crds.sh reads the
 * other third-party CRDs; nothing is copied into the checkout).
 */
export function serviceMonitorCrdFile(): string {
  const dir = run('bash', [
    '-c',
    `source hack/cluster/lib.sh && module_dir github.com/prometheus-operator/prometheus-operator ${PROMETHEUS_OPERATOR_VERSION}`,
  ]).trim();
  return join(dir, 'example/prometheus-operator-crd/monitoring.coreos.com_servicemonitors.yaml');
}
