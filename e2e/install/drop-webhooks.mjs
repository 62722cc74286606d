#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// A Helm post-renderer for the install suite: drops the chart's two webhook configurations, which
// are cluster-wide with fixed names and would send every TrainJob write of the shared cluster to a
// Service whose pods do not run (kwok nodes). They are checked by a server-side dry-run instead.
import { readFileSync } from 'node:fs';
import { parseAllDocuments, stringify } from 'yaml';

const DROPPED = new Set(['MutatingWebhookConfiguration', 'ValidatingWebhookConfiguration']);
const objects = parseAllDocuments(readFileSync(0, 'utf8'))
  .map((d) => d.toJS())
  .filter((o) => o !== null && typeof o === 'object' && !DROPPED.has(o.kind));
process.stdout.write(objects.map((o) => stringify(o)).join('---\n'));
