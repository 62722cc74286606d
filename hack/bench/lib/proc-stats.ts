// SPDX-License-Identifier: Apache-2.0
// CPU time and memory of a process, read from /proc (Linux): utime + stime of /proc/<pid>/stat
// and VmHWM (peak resident set) / VmRSS / RssAnon of /proc/<pid>/status.
import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on every Linux build in use). */
const CLOCK_TICKS = 100;

/** A snapshot of one process's counters. */
export interface ProcStats {
  /** User + system CPU seconds since the process started. */
  cpuSeconds: number;
  /** Peak resident set size in MiB since the process started. */
  peakRssMiB: number;
  /** Current resident set size in MiB. */
  rssMiB: number;
  /**
   * Current anonymous resident memory in MiB (RssAnon: the heap and other private memory, without
   * the pages of the executable and libraries that VmRSS also counts and the kernel can drop).
   */
  anonRssMiB: number;
}

/** Reads the counters of `pid`; throws when the process is gone. */
export function procStats(pid: number): ProcStats {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may contain spaces).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return {
    cpuSeconds: (utime + stime) / CLOCK_TICKS,
    peakRssMiB: kib('VmHWM') / 1024,
    rssMiB: kib('VmRSS') / 1024,
    anonRssMiB: kib('RssAnon') / 1024,
  };
}

/**
 * Samples `pid`'s RssAnon every `intervalMs` (the kernel keeps no peak of it); `stop` returns the
 * highest value seen, in MiB.
 */
export function sampleAnonPeak(pid: number, intervalMs = 100): { stop: () => number } {
  let peak = 0;
  const sample = (): void => {
    try {
      peak = Math.max(peak, procStats(pid).anonRssMiB);
    } catch {
      // the process is gone: keep the peak seen
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}
