// SPDX-License-Identifier: Apache-2.0
// The e2e suites run in one fixed order (by path) on every machine. Jest's default order depends
// on its cache (the last run's durations, else file sizes), so a clean CI machine would run them in
// an order no developer machine has tried. Each suite installs what it needs; the fixed order only
// makes a run reproducible.
export default class PathOrder {
  sort(tests) {
    return [...tests].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  allFailedTests(tests) {
    return tests;
  }

  cacheResults() {}
}
