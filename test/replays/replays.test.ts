/**
 * Stored replays, the regression net of whole games: each file in test/replays/saves/ is a saved
 * game (the `regola-save/1` format a `--save` or the studio writes): rules, players, seed, variant
 * and moves, with the outcome and the hash of the final state. Every one must replay move for move
 * to the same state, byte for byte, and the same outcome. A change of the rules or the engine that
 * changes any of these games fails here; when the change is meant, UPDATE_GOLDEN=1 records the
 * games again (random bots from the same seeds) — read the diff of the outcomes before keeping it.
 * The log cites where in the source each rule is, so even an edited comment above a rule moves it.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { Match, randomMove, readSavedGame, type GameDefinition } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

const savesDir = fileURLToPath(new URL('./saves/', import.meta.url));
const update = process.env.UPDATE_GOLDEN === '1';

/** The games recorded: a rules file, a player count and a seed each (the file's name says them). */
const recorded: { rules: string; players: number; seed: number; variant?: string }[] = [
  { rules: 'mortadella.rules', players: 4, seed: 11 },
  { rules: 'mortadella.rules', players: 7, seed: 12 },
  { rules: 'notav.rules', players: 4, seed: 21 },
  { rules: 'risiko.rules', players: 3, seed: 31 },
  { rules: '1984.rules', players: 6, seed: 41 },
  { rules: 'percorsi.rules', players: 2, seed: 51 },
  { rules: 'examples/connect-four.rules', players: 2, seed: 61 },
  { rules: 'examples/otto.rules', players: 3, seed: 71 },
  { rules: 'examples/isole.rules', players: 3, seed: 81 },
  { rules: 'examples/chiama.rules', players: 3, seed: 91 },
];

const fileName = (game: (typeof recorded)[number]) =>
  `${game.rules.replace(/^examples\//, '').replace(/\.rules$/, '')}-${game.players}p-seed${game.seed}.json`;

/** A game played by the random bot from `seed` to its end (or to a bound of moves), saved. */
function record(definition: GameDefinition, game: (typeof recorded)[number]) {
  const started = Match.start(definition, { players: game.players, seed: game.seed, variant: game.variant ?? null });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const match = started.match;
  const random = { state: game.seed };
  for (let moves = 0; !match.outcome && moves < 4000; moves++) {
    const result = match.apply(randomMove(match.legalMoves(), random));
    if (!result.ok) throw new Error(result.diagnostic.message);
  }
  return { rules: game.rules, ...match.save() };
}

describe('stored replays', () => {
  it('every stored replay is one of the recorded games', () => {
    expect(readdirSync(savesDir).filter((f) => f.endsWith('.json')).sort()).toEqual(recorded.map(fileName).sort());
  });

  for (const game of recorded) {
    it(`${game.rules}, ${game.players} players, seed ${game.seed}: the same moves give the same state and outcome`, () => {
      const definition = loadDefinition(game.rules);
      const path = join(savesDir, fileName(game));
      if (update) writeFileSync(path, `${JSON.stringify(record(definition, game))}\n`);
      const stored = JSON.parse(readFileSync(path, 'utf8')) as { rules: string } & Record<string, unknown>;
      expect(stored.rules).toBe(game.rules);
      const { rules: _rules, ...save } = stored;
      const read = readSavedGame(save);
      if (!read.ok) throw new Error(read.problems.join('; '));
      const restored = Match.restore(definition, read.saved);
      if (!restored.ok) throw new Error(restored.diagnostic.message);
      expect(restored.match.moves.length).toBe(read.saved.moves.length);
      expect(restored.match.outcome).toEqual(read.saved.outcome);
      expect(restored.match.hash()).toBe(read.saved.stateHash);
      expect(restored.hashMatches).toBe(true);
    });
  }
});
