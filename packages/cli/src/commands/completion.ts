// SPDX-License-Identifier: Apache-2.0
// `kubetrain completion bash|zsh`: a completion script for the command tree, from commander's own
// description of it (commands and their long options), so it cannot drift from the parser.

import type { Command } from 'commander';
import { ExitCode, UsageError } from '../io.js';
import type { Io } from '../io.js';

/** The shells `completion` writes a script for. */
const Shells = ['bash', 'zsh'] as const;

/** Each subcommand with its long options (`--watch`, ...). */
export function commandWords(program: Command): Map<string, string[]> {
  const words = new Map<string, string[]>();
  for (const command of program.commands) {
    if (command.name() === 'help') continue;
    words.set(
      command.name(),
      command.options.map((o) => o.long).filter((l): l is string => l !== undefined),
    );
  }
  return words;
}

/** The bash script: `complete -F _kubetrain kubetrain` over commands, then the command's options. */
export function bashScript(words: Map<string, string[]>): string {
  const cases = [...words]
    .map(([name, options]) => `    ${name}) opts="${[...options, '--help'].join(' ')}" ;;`)
    .join('\n');
  return `# bash completion for kubetrain; source it: source <(kubetrain completion bash)
_kubetrain() {
  local cur=\${COMP_WORDS[COMP_CWORD]} cmd=\${COMP_WORDS[1]} opts
  if [[ \${COMP_CWORD} -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${[...words.keys()].join(' ')}" -- "$cur"))
    return
  fi
  case "$cmd" in
${cases}
    *) opts="" ;;
  esac
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "$opts" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -F _kubetrain kubetrain
`;
}

/** The zsh script: bash's through bashcompinit (zsh's own reader of bash completions). */
export function zshScript(words: Map<string, string[]>): string {
  return `#compdef kubetrain
# zsh completion for kubetrain; source it: source <(kubetrain completion zsh)
autoload -U +X bashcompinit && bashcompinit
${bashScript(words).split('\n').slice(1).join('\n')}`;
}

/** Prints the script of `shell`; another shell is a usage error. */
export function completionCommand(shell: string, program: Command, io: Io): number {
  const words = commandWords(program);
  if (shell === 'bash') io.stdout(bashScript(words));
  else if (shell === 'zsh') io.stdout(zshScript(words));
  else throw new UsageError(`no completion for shell "${shell}": use ${Shells.join(' or ')}`);
  return ExitCode.Ok;
}
