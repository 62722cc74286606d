// SPDX-License-Identifier: Apache-2.0
// The namespace of objects that name none, in a module of its own so that `--help` loads nothing else.

/** The namespace of objects that name none, as kubectl's default context would give them. */
export const DEFAULT_NAMESPACE = 'default';
