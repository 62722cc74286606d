// SPDX-License-Identifier: Apache-2.0
// The test data of @kubetrain/api that the e2e suites send to a cluster, as `@kubetrain/api/test-support`.
// Not part of the production image.
export { validateCases } from '../src/validation/testdata/validate-cases.js';
export type { Case, Obj } from '../src/validation/testdata/validate-cases.js';
export { readV1Examples } from '../src/v1/testdata/examples.js';
export { v1ValidateCases } from '../src/v1/testdata/validate-cases.js';
export type { V1Case } from '../src/v1/testdata/validate-cases.js';
