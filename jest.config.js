// SPDX-License-Identifier: Apache-2.0
// Unit and golden tests of every package. The e2e suites have their own config (e2e/jest.config.js).
/** @type {import('jest').Config} */
export default {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  roots: ['<rootDir>/packages', '<rootDir>/hack'],
  testMatch: ['**/*.test.ts'],
  // The strategic merge patch's differential test builds a Go program: `make smp-diff` runs it.
  testPathIgnorePatterns: ['/node_modules/', '/differential\\.test\\.ts$'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true }] },
};
