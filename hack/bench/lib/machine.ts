// SPDX-License-Identifier: Apache-2.0
// The context a run was measured in: how busy the machine was, and how much CPU the control
// plane's own processes (kube-apiserver, etcd) spent, read from /proc and the PID files
// hack/cluster writes ($KUBETRAIN_CACHE_DIR/cluster/pids/<component>.pid: "PID BINARY").
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { cacheDir } from './kube-client.js';
import { procStats } from './proc-stats.js';

/** Busy and total CPU jiffies of the whole machine (/proc/stat). */
function cpuJiffies(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: total - idle, total };
}

function componentPid(component: string): number | undefined {
  try {
    const pid = Number(readFileSync(`${cacheDir()}/cluster/pids/${component}.pid`, 'utf8').split(' ')[0]);
    return Number.isFinite(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

const CONTROL_PLANE = ['kube-apiserver', 'etcd'];

/** A reading of the machine's counters. */
export interface MachineReading {
  busy: number;
  total: number;
  controlPlaneCpuSeconds: number;
}

/** Reads the counters now. */
export function machineReading(): MachineReading {
  let controlPlaneCpuSeconds = 0;
  for (const c of CONTROL_PLANE) {
    const pid = componentPid(c);
    if (pid !== undefined) controlPlaneCpuSeconds += procStats(pid).cpuSeconds;
  }
  return { ...cpuJiffies(), controlPlaneCpuSeconds };
}

/** What happened on the machine between two readings. */
export interface MachineWindow {
  /** Share of all cores busy (0..1), every process on the machine. */
  busyShare: number;
  /** CPU seconds of kube-apiserver + etcd. */
  controlPlaneCpuSeconds: number;
  /** 1-minute load average at the end. */
  loadAverage: number;
}

/** The window between `from` and `to`. */
export function machineWindow(from: MachineReading, to: MachineReading): MachineWindow {
  return {
    busyShare: (to.busy - from.busy) / Math.max(1, to.total - from.total),
    controlPlaneCpuSeconds: to.controlPlaneCpuSeconds - from.controlPlaneCpuSeconds,
    loadAverage: loadavg()[0] ?? NaN,
  };
}
