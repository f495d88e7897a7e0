/**
 * An independent check of rules/mortadella.rules: the hand-written TypeScript Mortadella in
 * bench/ (written from the rulebook, with the same dice and bot generators) must play the same
 * games, seed for seed: same winner, same number of turns, same number of decisions.
 */
import { describe, expect, it } from 'vitest';
import { randomPlayout } from '../../interpreter/index.ts';
import { playRandomGame } from '../../bench/handwritten-mortadella.ts';
import { loadDefinition } from '../support/scenario.ts';

const definition = loadDefinition('mortadella.rules');

describe('the .rules file and the hand-written implementation play the same game', () => {
  for (const players of [2, 3, 4, 5, 6, 7]) {
    it(`${players} players, 150 seeds`, () => {
      const differences: string[] = [];
      for (let seed = 1; seed <= 150; seed++) {
        const interpreted = randomPlayout(definition, { players, seed, keepMoves: false });
        const handWritten = playRandomGame(players, seed);
        const winner = interpreted.outcome.winners[0] ?? null;
        if (winner !== handWritten.winner || interpreted.state.turn !== handWritten.turns || interpreted.state.moveCount !== handWritten.decisions) {
          differences.push(`seed ${seed}: rules ${winner}/${interpreted.state.turn}/${interpreted.state.moveCount}, hand-written ${handWritten.winner}/${handWritten.turns}/${handWritten.decisions}`);
        }
      }
      expect(differences).toEqual([]);
    });
  }
});
