// SPDX-License-Identifier: Apache-2.0
// The worker thread in which readObjects parses a YAML document nested deeper than the main
// thread's stack follows: the document comes as workerData, its data goes back flat.
import { parentPort, workerData } from 'node:worker_threads';
import { ParseFailure, flatten, parseYamlDocument } from './parse-yaml.js';
import type { WorkerAnswer } from './parse-yaml.js';
import type { DocumentText } from './split-documents.js';

const value = parseYamlDocument(workerData as DocumentText);
const answer: WorkerAnswer =
  value instanceof ParseFailure ? { failure: value.message } : { data: flatten(value) };
parentPort?.postMessage(answer);
