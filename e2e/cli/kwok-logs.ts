// SPDX-License-Identifier: Apache-2.0
// Giving a pod on a kwok node a log: a file in CRI log format and a kwok.x-k8s.io/v1alpha1 `Logs`
// object named as the pod that points kwok's kubelet server at it (hack/cluster/config/kwok-config.yaml).
// `kubectl logs` and `kubetrain logs` then read those lines through the API server.
import { appendFileSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyObject } from '../support/apply.js';
import { FIELD_MANAGER } from './suite-cluster.js';

const dir = mkdtempSync(join(tmpdir(), 'kubetrain-kwok-logs-'));

/** One CRI log line (`<RFC 3339 nano> stdout F <text>`), as kubelet writes them. */
function criLine(text: string, at: Date): string {
  return `${at.toISOString().replace('Z', '000000Z')} stdout F ${text}\n`;
}

/** The log file of `container` in the pod. */
function logFile(namespace: string, pod: string, container: string): string {
  return join(dir, `${namespace}_${pod}_${container}.log`);
}

/** `lines` in CRI log format, timestamped from now on. */
function criLines(lines: readonly string[]): string {
  const start = Date.now();
  return lines.map((l, i) => criLine(l, new Date(start + i))).join('');
}

/** Writes `lines` as the log of `container` in the pod, and points kwok at it. */
export async function writePodLog(
  namespace: string,
  pod: string,
  container: string,
  lines: readonly string[],
): Promise<void> {
  const file = logFile(namespace, pod, container);
  writeFileSync(file, criLines(lines));
  await applyObject(
    {
      apiVersion: 'kwok.x-k8s.io/v1alpha1',
      kind: 'Logs',
      metadata: { name: pod, namespace },
      spec: { logs: [{ containers: [container], logsFile: file }] },
    } as never,
    FIELD_MANAGER,
  );
}

/** Appends `lines` to the log {@link writePodLog} gave the container, as a running container writes more. */
export function appendPodLog(
  namespace: string,
  pod: string,
  container: string,
  lines: readonly string[],
): void {
  appendFileSync(logFile(namespace, pod, container), criLines(lines));
}
