// SPDX-License-Identifier: Apache-2.0
// A clock for unit tests of code that takes `now: () => Date`: it stands still until told to move.

/** See the module comment. */
export class FakeClock {
  private ms: number;

  constructor(start: string | Date = '2026-01-01T00:00:00Z') {
    this.ms = new Date(start).getTime();
  }

  /** The current time; bind-free, so `clock.now` can be passed as the dependency. */
  readonly now = (): Date => new Date(this.ms);

  /** Moves the clock forward by `ms` milliseconds. */
  advance(ms: number): void {
    this.ms += ms;
  }
}
