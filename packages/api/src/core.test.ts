// SPDX-License-Identifier: Apache-2.0
// `@kubetrain/api/core` exists so that a controller that only reconciles loads no schema stack: these
// tests import each entry in a fresh node (with tsx, as the workspace runs) and list the heavy packages
// its module graph reached, from a resolve hook that sees every module node resolves.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import * as core from './core.js';
import * as api from './index.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The packages of the validation stack: schemas (typebox), the JSON Schema checker (ajv) and CEL. */
const HEAVY = ['@bufbuild/cel', '@sinclair/typebox', 'ajv', 'ajv-formats'];

/** Runs in the child: records every resolved URL, imports `ENTRY`, prints the heavy packages reached. */
const PROBE = `
import { registerHooks } from 'node:module';
const urls = new Set();
registerHooks({ resolve: (specifier, context, next) => { const r = next(specifier, context); urls.add(r.url); return r; } });
await import(process.env.ENTRY);
const heavy = JSON.parse(process.env.HEAVY);
const reached = heavy.filter((name) => [...urls].some((url) => url.includes('/node_modules/' + name + '/')));
process.stdout.write(JSON.stringify({ modules: urls.size, reached }));
`;

/** The heavy packages that importing `entry` (resolved from the folder `from`) loads. */
function heavyPackagesOf(entry: string, from: string): { modules: number; reached: string[] } {
  const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', PROBE], {
    cwd: ROOT + from,
    env: { ...process.env, ENTRY: entry, HEAVY: JSON.stringify(HEAVY) },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(`importing ${entry} failed: ${child.stderr}`);
  return JSON.parse(child.stdout) as { modules: number; reached: string[] };
}

describe('the module graph of', () => {
  const cases: { entry: string; from: string; reaches: string[] }[] = [
    // The probe sees them: the full index loads all of them.
    { entry: '@kubetrain/api', from: 'packages/api', reaches: HEAVY },
    { entry: '@kubetrain/api/core', from: 'packages/api', reaches: [] },
    // The packages on the manager's reconcile path import the API from core.
    { entry: '@kubetrain/runtime', from: 'packages/runtime', reaches: [] },
    { entry: '@kubetrain/controller', from: 'packages/controller', reaches: [] },
  ];

  it.each(cases)('$entry reaches $reaches', ({ entry, from, reaches }) => {
    const { modules, reached } = heavyPackagesOf(entry, from);
    expect(modules).toBeGreaterThan(1);
    expect(reached).toEqual(reaches);
  });
});

describe('@kubetrain/api', () => {
  it('exports every value of @kubetrain/api/core, the same object', () => {
    for (const [name, value] of Object.entries(core))
      expect({ name, value: api[name as keyof typeof api] }).toEqual({ name, value });
  });
});
