// SPDX-License-Identifier: Apache-2.0
// Counts the cases a fuzz property ran and keeps the slowest, for the suite's report.

/** What one property ran. */
export interface PropertyStats {
  count: number;
  slowestMs: number;
  slowestCase: string;
}

/** The stats of each property, by name. */
export class FuzzStats {
  private readonly byName = new Map<string, PropertyStats>();

  /** Runs `fn` on `input`, counting it under `name` and keeping it when it is the slowest yet. */
  time<T>(name: string, input: unknown, fn: () => T): T {
    const start = performance.now();
    try {
      return fn();
    } finally {
      this.record(name, input, performance.now() - start);
    }
  }

  /** As {@link time}, for an async `fn`. */
  async timeAsync<T>(name: string, input: unknown, fn: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await fn();
    } finally {
      this.record(name, input, performance.now() - start);
    }
  }

  private record(name: string, input: unknown, ms: number): void {
    const stats = this.byName.get(name) ?? { count: 0, slowestMs: 0, slowestCase: '' };
    this.byName.set(name, stats);
    stats.count++;
    if (ms > stats.slowestMs) {
      stats.slowestMs = ms;
      stats.slowestCase = describe(input);
    }
  }

  /** The wall time of the slowest case run under `name`, in milliseconds (0 when none ran). */
  slowestMs(name: string): number {
    return this.byName.get(name)?.slowestMs ?? 0;
  }

  /** The total number of cases run. */
  total(): number {
    return [...this.byName.values()].reduce((n, s) => n + s.count, 0);
  }

  /** One line per property: count, slowest time and (the start of) the slowest case. */
  report(): string {
    return [...this.byName]
      .map(([name, s]) => `${name}: ${s.count} cases, slowest ${s.slowestMs.toFixed(1)} ms: ${s.slowestCase}`)
      .join('\n');
  }
}

/** The start of a case, on one line. */
function describe(input: unknown): string {
  let text: string;
  try {
    text = typeof input === 'string' ? input : JSON.stringify(input);
  } catch {
    text = String(input);
  }
  return JSON.stringify((text ?? String(input)).slice(0, 160));
}
