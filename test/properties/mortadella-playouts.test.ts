/**
 * Property tests over 1,000 seeded random playouts of Il Trono di Mortadella (2 to 7 players),
 * and the differential test: the XState actor behind the Match API replays each game to the
 * same log and the same state hash as the lean stepper the bots use.
 */
import { describe, expect, it } from 'vitest';
import {
  applyMoveInPlace, legalMoves, Match, randomMove, randomPlayout, startGame, stateHash, type GameState,
} from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

const definition = loadDefinition('mortadella.rules');
const games = 1000;
const playersOf = (seed: number) => 2 + (seed % 6);
const reserveOf = (token: number) => definition.tokenReserve[token] as number;

function invariants(state: GameState): string | null {
  for (let t = 0; t < definition.tokens.length; t++) {
    let held = 0;
    for (const player of state.players) {
      if (player.tokens[t] < 0) return `negative ${definition.tokens[t]}`;
      held += player.tokens[t];
    }
    if (state.reserve[t]! < 0) return `negative reserve of ${definition.tokens[t]}`;
    if (held + state.reserve[t]! !== reserveOf(t)) return `${definition.tokens[t]} not conserved: ${held} held + ${state.reserve[t]} in reserve`;
  }
  return null;
}

interface Played { seed: number; players: number; moves: { player: number; choice: string }[]; hash: string; log: string[]; state: GameState }

function play(seed: number, checkEveryMove: boolean): Played {
  const players = playersOf(seed);
  const started = startGame(definition, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = { state: seed * 2654435761 >>> 0 || 1 };
  const moves: Played['moves'] = [];
  while (!state.outcome) {
    const move = randomMove(legalMoves(state), random);
    moves.push({ player: move.player, choice: move.choice });
    applyMoveInPlace(definition, state, move);
    if (checkEveryMove) {
      const broken = invariants(state);
      if (broken) throw new Error(`seed ${seed}, move ${moves.length}: ${broken}`);
    }
  }
  return { seed, players, moves, hash: stateHash(state), log: state.log.map((e) => e.text), state };
}

const played = Array.from({ length: games }, (_, i) => play(i + 1, i < 200));

describe(`${games} random playouts of Il Trono di Mortadella`, () => {
  it('every game ends with a winner or the stated turn limit, never with an error', () => {
    const endings = new Map<string, number>();
    for (const game of played) {
      expect(game.state.error, `seed ${game.seed}`).toBeNull();
      const outcome = game.state.outcome!;
      if (outcome.kind === 'aborted') expect(outcome.reason).toMatch(/turn limit/);
      else expect(outcome.kind).toBe('win');
      endings.set(outcome.reason, (endings.get(outcome.reason) ?? 0) + 1);
    }
    // Role goals are reached in random play, not only eliminations.
    expect(endings.get('condizioni di vittoria del ruolo') ?? 0).toBeGreaterThan(50);
  });

  it('no count is ever negative and every token is conserved (reserve plus holdings = 40)', () => {
    for (const game of played) expect(invariants(game.state), `seed ${game.seed}`).toBeNull();
  });

  it('every player count from 2 to 7 is played, and winners are players still in the game', () => {
    const counts = new Set(played.map((g) => g.players));
    expect([...counts].sort()).toEqual([2, 3, 4, 5, 6, 7]);
    for (const game of played) {
      for (const winner of game.state.outcome!.winners) expect(game.state.players[winner].active).toBe(true);
    }
  });

  it('the same seed and moves give the same game, byte for byte', () => {
    for (const game of played.slice(0, 100)) {
      const again = play(game.seed, false);
      expect(again.hash).toBe(game.hash);
      expect(JSON.stringify(again.state)).toBe(JSON.stringify(game.state));
    }
  });

  it('the XState actor (Match API) replays every game to the same log and state hash as the lean stepper', () => {
    let phaseMismatches = 0;
    for (const game of played) {
      const started = Match.start(definition, { players: game.players, seed: game.seed });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      for (const move of game.moves) {
        const result = match.apply(move);
        if (!result.ok) throw new Error(`seed ${game.seed}: ${result.diagnostic.message}`);
        // The machine's state follows the engine's phase after every event.
        if (match.machineState !== (match.state.outcome ? 'game over' : match.state.phase)) phaseMismatches++;
      }
      expect(match.hash(), `seed ${game.seed}`).toBe(game.hash);
      expect(match.state.log.map((e) => e.text)).toEqual(game.log);
      match.stop();
    }
    expect(phaseMismatches).toBe(0);
  });
});

describe('batch mode', () => {
  it('plays the same games as the logged mode, without a log', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const players = playersOf(seed);
      const quiet = randomPlayout(definition, { players, seed, keepMoves: false });
      const logged = randomPlayout(definition, { players, seed, keepMoves: true });
      expect(quiet.state.log).toEqual([]);
      expect(quiet.outcome).toEqual(logged.outcome);
      expect(quiet.state.moveCount).toBe(logged.state.moveCount);
      expect(quiet.state.players).toEqual(logged.state.players);
      expect(quiet.state.turn).toBe(logged.state.turn);
    }
  });
});
