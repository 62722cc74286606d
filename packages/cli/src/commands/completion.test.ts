// SPDX-License-Identifier: Apache-2.0
import { spawnSync } from 'node:child_process';
import { Command } from 'commander';
import { bashScript, commandWords, zshScript } from './completion.js';

const program = new Command('kubetrain');
program.command('get').option('-w, --watch').option('-o, --output <f>');
program.command('logs').option('--rank <n>');

/** What bash completes for the words typed so far, by running the script in bash. */
function complete(script: string, line: string[]): string[] {
  const words = line.map((w) => `'${w}'`).join(' ');
  const run = `${script}\nCOMP_WORDS=(${words}); COMP_CWORD=${line.length - 1}; _kubetrain; printf '%s\\n' "\${COMPREPLY[@]}"`;
  const out = spawnSync('bash', ['-c', run], { encoding: 'utf8' });
  return out.stdout.split('\n').filter((l) => l !== '');
}

describe('completion', () => {
  it('lists the commands and their long options', () => {
    expect(Object.fromEntries(commandWords(program))).toEqual({
      get: ['--watch', '--output'],
      logs: ['--rank'],
    });
  });

  const cases: Record<string, [string[], string[]]> = {
    'the commands': [
      ['kubetrain', ''],
      ['get', 'logs'],
    ],
    'a command by prefix': [['kubetrain', 'lo'], ['logs']],
    "a command's options": [
      ['kubetrain', 'get', '--'],
      ['--watch', '--output', '--help'],
    ],
    'an option by prefix': [['kubetrain', 'logs', '--r'], ['--rank']],
  };
  for (const [name, [line, want]] of Object.entries(cases))
    it(`bash completes ${name}`, () =>
      expect(complete(bashScript(commandWords(program)), line)).toEqual(want));

  it('zsh loads the same function through bashcompinit', () => {
    const script = zshScript(commandWords(program));
    expect(script.startsWith('#compdef kubetrain\n')).toBe(true);
    expect(script).toContain('autoload -U +X bashcompinit && bashcompinit\n');
    expect(script).toContain('complete -F _kubetrain kubetrain\n');
  });
});
