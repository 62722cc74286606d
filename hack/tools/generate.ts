// SPDX-License-Identifier: Apache-2.0
// `make generate`: regenerates every generated file of the repository (JobSet and core Kubernetes fragments,
// the v2 and v1 CRDs, foreign types). The fragments come first, because the CRDs embed them.
import { dirname, join } from 'node:path';
import { generateJobSetFiles, generateV1Files } from './gen-api.js';
import { writeForeignTypes } from './gen-foreign-types.js';

const root = join(dirname(new URL(import.meta.url).pathname), '..', '..');
await generateJobSetFiles();
await generateV1Files();
// Imported after the fragments are written: the API schemas read them when their module loads.
const { generateCrds } = await import('./gen-crds.js');
generateCrds(root);
writeForeignTypes();
