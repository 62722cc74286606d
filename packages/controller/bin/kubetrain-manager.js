#!/usr/bin/env node
// SPDX-License-Identifier: Apache-2.0
// The installed `kubetrain-manager` command: loads tsx (the workspace runs TypeScript sources
// directly) and starts src/main.ts.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
