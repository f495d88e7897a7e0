/**
 * Property tests over generated and mutated `.rules` texts (issue 16), bounded so that `npm test`
 * stays fast: a few hundred inputs with fixed fast-check seeds, so every run sees the same inputs
 * and a failure is reproducible. `npm run fuzz -- --inputs N` runs the same properties for long,
 * and writes what fails, minimised, to test/fuzz/corpus/, which the last test here replays.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, Match, randomPlayout } from '../../interpreter/index.ts';
import { corpusDir, examine, examineSave, mutatedSeed, randomText, seedGames, tokenSoup } from './harness.ts';

const quick = { playouts: 0, maxRounds: 1 };
const played = { playouts: 1, maxRounds: 2 };
const property = (arbitrary: fc.Arbitrary<string>, options: typeof quick) =>
  fc.property(arbitrary, (text) => { expect(examine(text, options)).toEqual([]); });

describe('fuzz: any text through lex, parse, check and compile', () => {
  it('random bytes: no exception, ranges in the text, the same diagnostics twice, no JavaScript message', () => {
    fc.assert(property(randomText, quick), { seed: 16, numRuns: 150 });
  });

  it('token soups of the language\'s own words', () => {
    fc.assert(property(tokenSoup, quick), { seed: 17, numRuns: 150 });
  });

  it('the seed games with a few edits', () => {
    fc.assert(property(mutatedSeed, quick), { seed: 18, numRuns: 40 });
  });
});

describe('fuzz: short playouts of mutated seed games', () => {
  it('batch, logged stepper and Match actor: no exception, run errors positioned, winners are players, every game ends', () => {
    fc.assert(property(mutatedSeed, played), { seed: 19, numRuns: 12 });
  });
});

describe('fuzz: save files through replay', () => {
  const { definition } = compileRules(seedGames.find((g) => g.name.endsWith('race.rules'))!.text);
  const moves = randomPlayout(definition!, { players: 2, seed: 1, keepMoves: true }).moves;
  const started = Match.start(definition!, { players: 2, seed: 1 });
  if (!started.ok) throw new Error(started.diagnostic.message);
  for (const move of moves) started.match.apply(move);
  const save = started.match.save() as unknown as Record<string, unknown>;
  const value = fc.oneof(fc.constant(null), fc.integer(), fc.double(), fc.string(), fc.constant({}), fc.constant([]), fc.boolean());
  const damaged = fc.record({ key: fc.constantFrom(...Object.keys(save), 'extra'), value, move: fc.nat({ max: moves.length }) })
    .map(({ key, value, move }) => key === 'moves'
      ? { ...save, moves: [...moves.slice(0, move), value, ...moves.slice(move + 1)] }
      : { ...save, [key]: value });

  it('a damaged save is refused with reasons or replayed, never a throw or a JavaScript message', () => {
    fc.assert(fc.property(damaged, (data) => { expect(examineSave(definition!, data)).toEqual([]); }), { seed: 20, numRuns: 200 });
  });
});

describe('fuzz: the regression corpus (test/fuzz/corpus/, written by npm run fuzz)', () => {
  const files = readdirSync(corpusDir).filter((f) => f.endsWith('.rules')).sort();
  it('holds at least the seeds of past failures', () => {
    expect(files.length).toBeGreaterThan(0);
  });
  for (const file of files) {
    it(file, () => {
      expect(examine(readFileSync(join(corpusDir, file), 'utf8'), played)).toEqual([]);
    });
  }
});
