// SPDX-License-Identifier: Apache-2.0
// The kubetrain command line.
export {};
