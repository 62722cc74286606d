// SPDX-License-Identifier: Apache-2.0
// `--enable-v1-kinds`: which Training Operator v1 kinds the manager serves. Default none, so that an
// install without the v1 CRDs, or next to upstream's v1 operator, runs no second controller for them.
import { V1KindNames, type V1KindName } from '@kubetrain/api/core';

/** The v1 kinds this controller serves. */
export const SUPPORTED_V1_KINDS: readonly V1KindName[] = [
  V1KindNames.PyTorchJob,
  V1KindNames.TFJob,
  V1KindNames.XGBoostJob,
  V1KindNames.PaddleJob,
  V1KindNames.JAXJob,
  V1KindNames.MPIJob,
];

/** A `--enable-v1-kinds` value naming no kind this controller serves. */
export class UnknownV1KindError extends Error {
  constructor(kind: string) {
    super(
      `--enable-v1-kinds: ${JSON.stringify(kind)} is not a v1 kind kubetrain serves; supported: ${SUPPORTED_V1_KINDS.join(', ')}, or all`,
    );
    this.name = 'UnknownV1KindError';
  }
}

/** Parses `--enable-v1-kinds` (`PyTorchJob,TFJob`, or `all`); throws {@link UnknownV1KindError}. */
export function parseV1Kinds(text: string | undefined): V1KindName[] {
  if (text === undefined || text.trim() === '') return [];
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 1 && names[0] === 'all') return [...SUPPORTED_V1_KINDS];
  for (const n of names) if (!SUPPORTED_V1_KINDS.includes(n as V1KindName)) throw new UnknownV1KindError(n);
  return [...new Set(names)] as V1KindName[];
}
