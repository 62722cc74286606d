// SPDX-License-Identifier: Apache-2.0
// Printing objects as multi-document YAML.

import { stringify } from 'yaml';

/**
 * The objects as one multi-document YAML stream (`---` between documents), keys in the objects'
 * own order, long strings unfolded, and strings such as `yes` or `on` quoted so that YAML 1.1
 * readers (Go's) read them back as strings.
 */
export function toYamlStream(objects: readonly object[]): string {
  return objects.map((o) => stringify(o, { version: '1.1', lineWidth: 0 })).join('---\n');
}
