// SPDX-License-Identifier: Apache-2.0
// Rendered objects as the YAML the golden files hold.

import { stringify } from 'yaml';

/** Objects as YAML, one document per object, long lines kept whole. */
export function toYaml(objects: readonly object[]): string {
  return objects.map((o) => stringify(o, { lineWidth: 0 })).join('---\n');
}
