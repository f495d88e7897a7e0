/**
 * Issue 16, as a user meets it on the command line: a damaged save, a save path that cannot be
 * written, escape sequences in a rules file, a game whose turns offer choices for ever. Each run is
 * a child process: the output and the exit code are what is asserted, and never a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'regola.js');
const race = join(root, 'rules', 'examples', 'race.rules');
const scratch = mkdtempSync(join(tmpdir(), 'regola-robust-'));

function regola(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [bin, ...args], { cwd: root, input, encoding: 'utf8', timeout: 120_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const noStackTrace = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

describe('regola replay of a save that is not right', () => {
  const good = join(scratch, 'good.json');
  let save: Record<string, unknown>;
  beforeAll(() => {
    const played = regola(['play', race, '--players', '2', '--seed', '3', '--save', good], '1\n'.repeat(500));
    expect(played.code).toBe(0);
    save = JSON.parse(readFileSync(good, 'utf8'));
  }, 120_000);

  const cases: [string, (s: Record<string, unknown>) => unknown, string][] = [
    ['a null move', (s) => ({ ...s, moves: [null, ...(s.moves as unknown[])] }), 'moves[0] must be an object'],
    ['an empty object as a move', (s) => ({ ...s, moves: [{}] }), "moves[0] lacks 'player'"],
    ['players as a text', (s) => ({ ...s, players: '4' }), 'players must be a whole number'],
    ['a seed that is a text', (s) => ({ ...s, seed: 'abc' }), 'seed must be a whole number'],
    ['a negative seed', (s) => ({ ...s, seed: -1 }), 'seed must be at least 0'],
    ['a fractional seed', (s) => ({ ...s, seed: 1.5 }), 'seed must be a whole number'],
    ['a seed of 1e300', (s) => ({ ...s, seed: 1e300 }), 'seed must be at most 4294967295'],
    ['an unknown field', (s) => ({ ...s, cheat: true }), "has 'cheat', which a save does not have"],
    ['an array instead of a save', () => [], 'the file must be an object'],
  ];
  for (const [what, change, message] of cases) {
    it(`${what}: says what is wrong, exit 1, no stack trace`, () => {
      const file = join(scratch, `${what.replace(/\W+/g, '-')}.json`);
      writeFileSync(file, JSON.stringify(change(save)));
      const { code, out, err } = regola(['replay', race, file]);
      expect(err).toContain('is not a Regola saved game');
      expect(err).toContain(message);
      expect(code).toBe(1);
      noStackTrace(out + err);
    });
  }

  it('a save cut short says it is not valid JSON (exit 2)', () => {
    const file = join(scratch, 'cut.json');
    writeFileSync(file, readFileSync(good, 'utf8').slice(0, 200));
    const { code, err } = regola(['replay', race, file]);
    expect(err).toContain('is not valid JSON (cut short or edited?)');
    expect(code).toBe(2);
  });

  it('a save of another game is refused, not replayed with exit 0', () => {
    const file = join(scratch, 'other.json');
    writeFileSync(file, JSON.stringify({ ...save, title: 'Il Trono di Mortadella' }));
    const { code, err } = regola(['replay', race, file]);
    expect(err).toContain("is a save of 'Il Trono di Mortadella', not of 'Corsa'");
    expect(code).toBe(1);
  });

  it('the good save still replays (exit 0)', () => {
    const { code, out } = regola(['replay', race, good]);
    expect(out).toContain('matches the save');
    expect(code).toBe(0);
  });
});

describe('regola play --save to a path that cannot be written', () => {
  it('is told before the game starts (exit 2), not after it with a stack trace', () => {
    const { code, out, err } = regola(['play', race, '--save', join(scratch, 'missing-dir', 'x.json')], '1\n'.repeat(500));
    expect(err).toContain('does not exist');
    expect(out).not.toContain('turn 1');
    expect(code).toBe(2);
    noStackTrace(err);
  });

  it('a folder as the save path is refused too', () => {
    const { code, err } = regola(['play', race, '--save', scratch], '1\n');
    expect(err).toContain('it is a folder');
    expect(code).toBe(2);
  });
});

describe('regola play prints a rules file\'s text with its control characters escaped', () => {
  it('an ESC sequence in a log text never reaches the terminal raw', () => {
    const file = join(scratch, 'colours.rules');
    writeFileSync(file, `game "Colori\u001b[31m" { players 2 }
tokens Oro
turns {
  log "rosso \u001b[31m e basta\u0007"
  choose { option "vinci\u001b[2J" { win current } option "altro" { gain 1 Oro } }
}
`);
    const { code, out } = regola(['play', file, '--players', '2'], '1\n');
    expect(code).toBe(0);
    expect(out).not.toContain('\u001b');
    expect(out).not.toContain('\u0007');
    expect(out).toContain('rosso \\x1b[31m e basta\\x07');
    expect(out).toContain('vinci\\x1b[2J');
  });
});

describe('regola simulate of a turn that offers choices for ever', () => {
  it('ends, and counts the game as aborted with the reason', () => {
    const file = join(scratch, 'endless.rules');
    writeFileSync(file, `game "Sempre" { players 2 }
tokens Oro
turns { while true { choose { option "a" { gain 1 Oro } option "b" { gain 1 Oro } } } }
`);
    const { code, out } = regola(['simulate', file, '--games', '1', '--max-rounds', '1']);
    expect(code).toBe(0);
    expect(out).toContain('aborted: 1 (stopped by the simulation: 10000 decisions in one turn: 1)');
  });
});
