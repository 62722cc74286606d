// SPDX-License-Identifier: Apache-2.0
// A kubeconfig for tests of the cluster commands that never reach a cluster.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Writes `unreachable.kubeconfig` into `dir` and returns its path: a cluster at a port nothing
 * listens on (port 1 on loopback), context `ctx` with namespace `team-a`.
 */
export function writeUnreachableKubeconfig(dir: string): string {
  const path = join(dir, 'unreachable.kubeconfig');
  writeFileSync(
    path,
    `apiVersion: v1
kind: Config
clusters: [{name: c, cluster: {server: "https://127.0.0.1:1", insecure-skip-tls-verify: true}}]
users: [{name: u, user: {token: t}}]
contexts: [{name: ctx, context: {cluster: c, user: u, namespace: team-a}}]
current-context: ctx
`,
  );
  return path;
}
