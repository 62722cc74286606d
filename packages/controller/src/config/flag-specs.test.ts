// SPDX-License-Identifier: Apache-2.0
import { FLAG_SPECS, usage } from './flag-specs.js';
import { FlagError, parseFlags } from './flags.js';

class HelpShown extends Error {
  constructor(readonly text: string) {
    super('help');
  }
}

const showHelp = (text: string): never => {
  throw new HelpShown(text);
};

describe('--help', () => {
  it.each([
    ['--help', ['--help']],
    ['-h', ['-h']],
    ['after other flags', ['--config=/c.yaml', '--help']],
  ])('%s shows the usage', (_name, argv) => {
    let shown: unknown;
    try {
      parseFlags(argv, showHelp);
    } catch (error) {
      shown = error;
    }
    expect(shown).toBeInstanceOf(HelpShown);
    expect((shown as HelpShown).text).toBe(usage());
  });

  it('a bad flag beside --help is still a FlagError (exit code 2)', () => {
    expect(() => parseFlags(['--help', '--no-such-flag'], showHelp)).toThrow(FlagError);
  });

  it('the usage names every flag the parser accepts', () => {
    const text = usage();
    expect(text.startsWith('Usage: kubetrain-manager [flags]\n')).toBe(true);
    for (const f of FLAG_SPECS) expect(text).toContain(`--${f.name}`);
    const unknown: string[] = [];
    for (const f of FLAG_SPECS.filter((s) => s.name !== 'help')) {
      try {
        parseFlags(f.type === 'boolean' ? [`--${f.name}`] : [`--${f.name}=json`], showHelp);
      } catch (error) {
        if (/Unknown option/.test((error as Error).message)) unknown.push(f.name);
      }
    }
    expect(unknown).toEqual([]);
  });
});

describe('--gang-scheduler-name', () => {
  it.each([
    { argv: [], want: undefined },
    { argv: ['--gang-scheduler-name='], want: undefined },
    { argv: ['--gang-scheduler-name=volcano'], want: { plugin: 'volcano', schedulerName: 'volcano' } },
    {
      argv: ['--gang-scheduler-name', 'scheduler-plugins-scheduler'],
      want: { plugin: 'scheduler-plugins', schedulerName: 'scheduler-plugins-scheduler' },
    },
  ])('$argv', ({ argv, want }) => {
    expect(parseFlags(argv, showHelp).gangScheduling).toEqual(want);
  });
});

describe('--status-coalesce-window', () => {
  it.each([
    { argv: [], want: undefined },
    { argv: ['--status-coalesce-window=0'], want: 0 },
    { argv: ['--status-coalesce-window=2s'], want: 2000 },
    { argv: ['--status-coalesce-window', '1m30s'], want: 90_000 },
  ])('$argv', ({ argv, want }) => {
    expect(parseFlags(argv, showHelp).statusCoalesceWindowMs).toEqual(want);
  });

  it.each([
    ['--status-coalesce-window=5', '--status-coalesce-window: time: invalid duration "5"'],
    ['--status-coalesce-window=-1s', '--status-coalesce-window: must be 0 or more; got "-1s"'],
  ])('%s is refused', (flag, message) => {
    expect(() => parseFlags([flag], showHelp)).toThrow(new FlagError(message));
  });
});

describe('--lifecycle-events', () => {
  it.each([
    { argv: [], want: false },
    { argv: ['--lifecycle-events'], want: true },
  ])('$argv', ({ argv, want }) => {
    expect(parseFlags(argv, showHelp).lifecycleEvents).toBe(want);
  });

  it('takes no value', () => {
    expect(() => parseFlags(['--lifecycle-events=true'], showHelp)).toThrow(FlagError);
  });
});
