/**
 * The runnable examples of docs/api.md (docs/examples/): they run as scripts, and what they count
 * is right. Tic-tac-toe has 255,168 games; walking them all is a benchmark (`npm run bench --
 * perft`), so the test walks the ones after a first mark in the centre (25,872, a tenth of them)
 * and the lines of play a few moves deep.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { applyChoiceIndex, legalMoves, startState } from '../../interpreter/index.ts';
import { compileTris, countGames, perft, perftUndoing } from '../../docs/examples/perft.ts';
import { compileExample, playouts, report } from '../../docs/examples/playouts.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

function runExample(file: string, ...args: string[]): string {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'docs', 'examples', file), ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

describe('docs/examples/perft.ts', () => {
  it('counts the lines of play of tic-tac-toe one to five moves deep', () => {
    expect([1, 2, 3, 4, 5].map((depth) => countGames(depth))).toEqual([9, 72, 504, 3024, 15120]);
  });

  it('counts 25,872 games after a first mark in the centre (255,168 = 4 × 27,732 corners + 4 × 29,592 edges + 25,872)', () => {
    const definition = compileTris();
    const started = startState(definition, { players: 2, seed: 1, quiet: false });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    expect(legalMoves(state)[4].choice).toBe('b2');
    applyChoiceIndex(definition, state, 4);
    expect(perft(definition, state, Infinity)).toBe(25_872);
  });

  it('counts the same games trying each move and undoing it, and leaves the state as it was', () => {
    const definition = compileTris();
    const started = startState(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    applyChoiceIndex(definition, state, 4);
    const before = JSON.stringify(state);
    expect(perftUndoing(definition, state, Infinity)).toBe(25_872);
    expect(JSON.stringify(state)).toBe(before);
  });

  it('counts the lines of play of Connect Four five moves deep both ways (7^5: no game ends sooner)', () => {
    const definition = compileExample('connect-four.rules');
    const started = startState(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    expect(perft(definition, started.state, 5)).toBe(16_807);
    expect(perftUndoing(definition, started.state, 5)).toBe(16_807);
  });

  it('runs as a script', () => {
    expect(runExample('perft.ts', '3')).toMatch(/^504 lines of play 3 moves deep in [\d.]+ s\n$/);
  });
});

describe('docs/examples/playouts.ts', () => {
  it('plays the same random games of Connect Four for the same seed, each ending in a win or a draw', () => {
    const definition = compileExample('connect-four.rules');
    const first = playouts(definition, 200, 7);
    expect(playouts(definition, 200, 7)).toEqual(first);
    expect(first.wins[0] + first.wins[1] + first.draws).toBe(200);
    expect(first.other).toBe(0);
    expect(playouts(definition, 200, 8)).not.toEqual(first);
  });

  it('reports what it played (the line the script prints)', () => {
    expect(report(50)).toMatch(/^50 random games of Connect Four in [\d.]+ s \(\d+ games\/s\): P1 won \d+, P2 won \d+, \d+ draws$/);
  });
});
