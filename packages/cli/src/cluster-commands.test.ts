// SPDX-License-Identifier: Apache-2.0
// Every error a user can cause without a working cluster: one line, no stack trace, the exit code.
// (Refusals of a real API server, not found and RBAC, are checked in e2e/cli.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeUnreachableKubeconfig } from '../test/kubeconfig.js';
import { runInProcess } from '../test/run-in-process.js';

const here = import.meta.dirname;
const dir = mkdtempSync(join(tmpdir(), 'kubetrain-cli-'));
const unreachable = writeUnreachableKubeconfig(dir);

const runCli = (argv: string[]) =>
  runInProcess(argv, { cwd: here, runtimesDir: join(here, 'testdata', 'runtimes') });

interface ErrorCase {
  argv: string[];
  code: number;
  /** The whole of stderr's first line, or a pattern for it. */
  line: string | RegExp;
}

describe('cluster commands: errors a user can cause', () => {
  const k = ['--kubeconfig', unreachable];
  const cases: Record<string, ErrorCase> = {
    'no cluster reachable': {
      argv: ['get', ...k],
      code: 2,
      line: /^error: cannot reach the cluster at https:\/\/127\.0\.0\.1:1: .*(ECONNREFUSED|connect)/,
    },
    'no cluster reachable for describe': {
      argv: ['describe', 'x', ...k],
      code: 2,
      line: /^error: cannot reach the cluster at https:\/\/127\.0\.0\.1:1: /,
    },
    'a kubeconfig that does not exist': {
      argv: ['get', '--kubeconfig', join(dir, 'nope')],
      code: 2,
      line: `error: kubeconfig ${join(dir, 'nope')}: no such file`,
    },
    'a context the kubeconfig does not have': {
      argv: ['get', ...k, '--context', 'other'],
      code: 2,
      line: /^error: context "other" (is not usable in|not found in) the kubeconfig/,
    },
    'an unknown output format': {
      argv: ['get', ...k, '-o', 'xml'],
      code: 2,
      line: 'error: unknown output format "xml": use one of table, wide, json, yaml, name',
    },
    'wait without --for': {
      argv: ['wait', 'x', ...k],
      code: 2,
      line: "error: required option '--for <state>' not specified",
    },
    'wait for a state that is not final': {
      argv: ['wait', 'x', '--for=Running', ...k],
      code: 2,
      line: 'error: --for must be Complete or Failed, not "Running"',
    },
    'a timeout that is not a duration': {
      argv: ['wait', 'x', '--for=Complete', '--timeout', 'soon', ...k],
      code: 2,
      line: /^error: option '--timeout <duration>' argument 'soon' is invalid\. invalid duration "soon"/,
    },
    'a node count that is not a number': {
      argv: ['submit', '--runtime', 'r', '--nodes', 'two', ...k],
      code: 2,
      line: "error: option '--nodes <n>' argument 'two' is invalid. must be a whole number",
    },
    'submit --follow with a timeout that is not a duration': {
      argv: ['submit', '--runtime', 'r', '--follow', '--timeout', '5x', ...k],
      code: 2,
      line: /^error: option '--timeout <duration>' argument '5x' is invalid\. invalid duration "5x"/,
    },
    'submit --follow with no cluster reachable': {
      argv: ['submit', '--runtime', 'r', '--follow', ...k],
      code: 2,
      line: /^error: cannot reach the cluster at https:\/\/127\.0\.0\.1:1: /,
    },
    'submit with neither a file nor a runtime': {
      argv: ['submit', ...k],
      code: 2,
      line: 'error: submit needs -f FILE or --runtime NAME',
    },
    'submit of a file that is not YAML': {
      argv: ['submit', '-f', 'testdata/broken.yaml', ...k],
      code: 2,
      line: /^error: testdata\/broken\.yaml: /,
    },
    'submit of a missing file': {
      argv: ['submit', '-f', 'testdata/nope.yaml', ...k],
      code: 2,
      line: 'error: testdata/nope.yaml: no such file or folder',
    },
    'submit -f together with job flags': {
      argv: ['submit', '-f', 'testdata/trainjob.yaml', '--nodes', '2', ...k],
      code: 2,
      line: 'error: -f cannot be combined with --nodes',
    },
    'a shell without completion': {
      argv: ['completion', 'fish'],
      code: 2,
      line: 'error: no completion for shell "fish": use bash or zsh',
    },
    'logs with a rank that is not a number': {
      argv: ['logs', 'x', '--rank', '-1', ...k],
      code: 2,
      line: /^error: option '--rank <n>' argument '-1' is invalid/,
    },
  };
  for (const [name, tc] of Object.entries(cases)) {
    it(name, async () => {
      const got = await runCli(tc.argv);
      expect(got.code).toBe(tc.code);
      const [first] = got.stderr.split('\n');
      if (typeof tc.line === 'string') expect(first).toBe(tc.line);
      else expect(first).toMatch(tc.line);
      expect(got.stderr).not.toMatch(/^\s+at /m);
      expect(got.stdout).toBe('');
    });
  }

  it('completion bash prints a script naming every cluster command', async () => {
    const got = await runCli(['completion', 'bash']);
    expect(got.code).toBe(0);
    for (const command of [
      'submit',
      'get',
      'describe',
      'wait',
      'suspend',
      'resume',
      'delete',
      'runtimes',
      'logs',
      'render',
    ])
      expect(got.stdout).toMatch(new RegExp(`^ {4}${command}\\) opts="`, 'm'));
  });
});
