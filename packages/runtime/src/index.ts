// SPDX-License-Identifier: Apache-2.0
// The pure rendering engine: runtimes, plugins, builders and status.
export {};
