// SPDX-License-Identifier: Apache-2.0
// Test builders and golden-file helpers shared by the packages' tests.
export {};
