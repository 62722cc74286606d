// SPDX-License-Identifier: Apache-2.0
// `make generate`: regenerates every generated file of the repository.
import { generateJobSetFiles } from './gen-api.js';

await generateJobSetFiles();
