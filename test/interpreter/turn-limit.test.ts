/**
 * `turn limit N [to M] [hidden]` and `at turn limit { … }` (docs/language.md §2 and §12.1):
 * the limit drawn at the start, what runs when it is reached, what the players see of it.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, startGame, viewFor, type GameDefinition } from '../../interpreter/index.ts';
import { randomPlayout } from '../../interpreter/bots/bots.ts';
import { stateHash } from '../../interpreter/program/hash.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { determinize, hiddenPriors } from '../../interpreter/bots/index.ts';

function compiled(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('; '));
  return definition;
}

const game = (limit: string, atLimit = 'win highest of players by Punto "più punti"') => `game "Tempo" { players 2 to 3 turn limit ${limit} }
tokens Punto reserve 500
var fine = 0
turns {
  choose n from [1, 2, 3] by current prompt "Quanti?"
  gain n Punto
}
at turn limit {
  set fine = turn
  ${atLimit}
}
`;

describe('at turn limit', () => {
  it('runs once the limit is reached, instead of the next turn, and its win ends the game', () => {
    const definition = compiled(game('7'));
    for (let seed = 1; seed <= 10; seed++) {
      const { state } = randomPlayout(withStepper(definition), { players: 3, seed, keepMoves: true });
      expect(state.turn).toBe(7);
      expect(state.globals[0]).toBe(7);
      expect(state.outcome).toMatchObject({ kind: 'win', reason: 'più punti' });
      const best = Math.max(...state.players.map((p) => p.tokens[0]));
      expect(state.outcome!.winners).toEqual(state.players.flatMap((p, i) => (p.tokens[0] === best ? [i] : [])));
      expect(state.log.map((l) => l.text)).toContain('the turn limit of 7 is reached');
    }
  });

  it('when it ends nothing, the match stops there as before', () => {
    const { state } = randomPlayout(compiled(game('5', 'log "niente"')), { players: 2, seed: 1, keepMoves: true });
    expect(state.outcome).toMatchObject({ kind: 'aborted', reason: 'the turn limit of 5 was reached' });
    expect(state.globals[0]).toBe(5);
  });

  it('plays the same games on the stepper and in generated code', () => {
    const definition = compiled(game('6 to 12'));
    for (let seed = 1; seed <= 30; seed++) {
      const options = { players: 2 + (seed % 2), seed, keepMoves: false };
      expect(stateHash(randomPlayout(withGeneratedCode(definition), options).state), `seed ${seed}`)
        .toBe(stateHash(randomPlayout(withStepper(definition), options).state));
    }
  });
});

describe('turn limit N to M', () => {
  it('draws the limit at the start, from N to M, the same for the same seed', () => {
    const definition = compiled(game('6 to 9'));
    const limits = new Set<number>();
    for (let seed = 1; seed <= 60; seed++) {
      const started = startGame(definition, { players: 2, seed });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const limit = started.state.turnLimit!;
      expect(limit).toBeGreaterThanOrEqual(6);
      expect(limit).toBeLessThanOrEqual(9);
      limits.add(limit);
      expect(randomPlayout(definition, { players: 2, seed, keepMoves: false }).state.turn).toBe(limit);
    }
    expect([...limits].sort()).toEqual([6, 7, 8, 9]);
  });

  it('a fixed limit draws nothing: the state has no trace of it (saves keep their hashes)', () => {
    const started = startGame(compiled(game('6')), { players: 2, seed: 1 });
    expect(started.ok && 'turnLimit' in started.state).toBe(false);
  });

  it('hidden: the players see no limit until the game is over; the referee does', () => {
    const definition = compiled(game('6 to 9 hidden'));
    const started = startGame(definition, { players: 2, seed: 3 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    expect(viewFor(definition, started.state, 0).turnLimit).toBeNull();
    expect(viewFor(definition, started.state, 'referee').turnLimit).toBe(started.state.turnLimit);
    const over = randomPlayout(definition, { players: 2, seed: 3, keepMoves: true }).state;
    expect(viewFor(definition, over, 0).turnLimit).toBe(started.state.turnLimit);
    // Not hidden: shown from the start; a bare turn limit (a safety bound) is not shown.
    const shown = compiled(game('6 to 9'));
    const open = startGame(shown, { players: 2, seed: 3 });
    expect(open.ok && viewFor(shown, open.state, 0).turnLimit).toBe(open.ok && open.state.turnLimit);
    const bare = compiled('game "G" { players 2 turn limit 30 }\nturns { end turn }\n');
    const plain = startGame(bare, { players: 2, seed: 1 });
    expect(plain.ok && viewFor(bare, plain.state, 0).turnLimit).toBeNull();
  });

  it('a search bot does not peek at a hidden limit: it draws it again, from this turn on', () => {
    const definition = compiled(game('6 to 12 hidden'));
    const states = [3, 5].map((seed) => {
      const started = startGame(definition, { players: 2, seed, quiet: true });
      if (!started.ok) throw new Error(started.diagnostic.message);
      return started.state;
    });
    // Two starts that differ in their limits only, as the players see them.
    expect(states[0].turnLimit).not.toBe(states[1].turnLimit);
    const [a, b] = states.map((s) => ({ ...s, rng: 0, seed: 0 }));
    expect(viewFor(definition, a, 0)).toEqual(viewFor(definition, b, 0));
    const priors = hiddenPriors(definition, 2, null);
    const drawn = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const limitA = determinize(definition, a, 0, { state: seed }, priors).turnLimit!;
      expect(determinize(definition, b, 0, { state: seed }, priors).turnLimit).toBe(limitA);
      expect(limitA).toBeGreaterThanOrEqual(6);
      expect(limitA).toBeLessThanOrEqual(12);
      drawn.add(limitA);
    }
    expect(drawn.size).toBeGreaterThan(3);
  });

  it('what the checker reports: a reversed range, two blocks, end turn inside', () => {
    const codes = (text: string) => analyze(text).diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(codes(game('80 to 60'))).toEqual(['number/invalid: the turn limit is drawn from 80 to 60: the second number must not be smaller than the first']);
    expect(codes(`${game('9')}at turn limit { end game }\n`)).toEqual(['name/duplicate: there is already an at turn limit block; merge the two']);
    expect(codes(game('9', 'end turn')).map((c) => c.split(':')[0])).toEqual(['flow/end-turn-outside-turns']);
  });
});
