// SPDX-License-Identifier: Apache-2.0
// End-to-end suites: they run against the local control plane that `make cluster-up` starts.
/** @type {import('jest').Config} */
export default {
  rootDir: '..',
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/e2e'],
  testMatch: ['**/*.e2e.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
  testTimeout: 180000,
  testSequencer: '<rootDir>/e2e/sequencer.mjs',
  // A suite that fails may leave a socket or a child process behind; the run still ends, with its
  // results written, instead of waiting for CI's own time limit.
  forceExit: true,
};
