// SPDX-License-Identifier: Apache-2.0
// `make generate`: regenerates every generated file of the repository (JobSet fragments, CRDs, foreign
// types). The JobSet fragments come first, because the CRDs embed them.
import { dirname, join } from 'node:path';
import { generateJobSetFiles } from './gen-api.js';
import { writeForeignTypes } from './gen-foreign-types.js';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
await generateJobSetFiles();
// Imported after the fragments are written: the API schemas read them when their module loads.
const { generateCrds } = await import('./gen-crds.js');
generateCrds(root);
writeForeignTypes();
