/**
 * Property tests over seeded random games of rules/1984.rules at 5 to 9 players. The test's bots
 * declare victory rarely (helpers.ts), so games go through whole days; the engine's own random bot
 * (which may declare at every decision) is played too. After every decision of 1,000 games at each
 * player count: the 90 cards (72 dystopia, 9 factions, 9 traits) each lie in exactly one pile, no
 * token count is negative and Big Brother tokens are conserved, and nothing another player may not
 * see is shown to anybody (see `sealed`). The full view of every player is also drawn after every
 * decision of 20 games at each count and searched for another player's hand, thought pile, draft
 * packet, faction, face-down opinion or, during a simultaneous phase, their answer. The checks are
 * in invariants.ts. GAMES_1984=50 runs fewer games per count, for a quick look while editing.
 */
import { describe, expect, it } from 'vitest';
import { Match, randomPlayout, stateHash, type GameState, type Move } from '../../interpreter/index.ts';
import { botRandom, def, factionOf, playOn, rareDeclarer, start } from './helpers.ts';
import { broken, leak, nothingSeen, sealed } from './invariants.ts';

const COUNTS = [5, 6, 7, 8, 9];
const GAMES = Number(process.env.GAMES_1984 ?? 1000);
/** One game of the test's bots, with `check` run on the start and after every decision. */
function playGame(players: number, seed: number, check?: (state: GameState, seed: number) => void): GameState {
  const state = start(players, seed);
  const random = botRandom(seed);
  check?.(state, seed);
  playOn(state, (s) => rareDeclarer(s, random), 20000, (s) => check?.(s, seed));
  return state;
}

describe('random games of 1984', () => {
  it.each(COUNTS)(`%i players, ${GAMES} games: every game ends; cards, tokens and secrets kept after every decision`, (players) => {
    const endings = new Map<string, number>();
    for (let seed = 1; seed <= GAMES; seed++) {
      const memory = nothingSeen();
      const state = playGame(players, seed, (s) => {
        const problem = broken(s) ?? sealed(s, memory);
        if (problem) throw new Error(`${players} players, seed ${seed}, decision ${s.moveCount}: ${problem}`);
      });
      expect(state.error, `seed ${seed}`).toBeNull();
      expect(state.outcome?.kind, `${players} players, seed ${seed}`).toBe('win');
      // The winners hold the faction the reason names, and they are the whole faction.
      const faction = state.outcome!.reason.split('vince ')[1];
      expect(state.outcome!.winners.map((w) => factionOf(state, w)).every((f) => f === faction), `seed ${seed}`).toBe(true);
      expect(state.outcome!.winners, `seed ${seed}`).toHaveLength(Array.from({ length: players }, (_, p) => factionOf(state, p)).filter((f) => f === faction).length);
      endings.set(state.outcome!.reason, (endings.get(state.outcome!.reason) ?? 0) + 1);
    }
    // Games reach the end of the thought piles as well as declarations, right and wrong.
    expect(endings.get('nessuno può più prendere carte: vince IngSoc') ?? 0).toBeGreaterThan(0);
    expect([...endings.keys()].filter((r) => r.startsWith('dichiarazione sbagliata')).length).toBeGreaterThan(0);
  }, 180_000);

  it('no view shows what belongs to another player, every view drawn after every decision (20 games at each count)', () => {
    for (const players of COUNTS) {
      for (let seed = 1001; seed <= 1020; seed++) {
        let from = 0;
        const state = playGame(players, seed, (s) => {
          if (s.outcome) return;
          for (let viewer = 0; viewer < players; viewer++) {
            const problem = leak(s, viewer, from);
            if (problem) throw new Error(`${players} players, seed ${seed}: ${problem}`);
          }
          from = s.log.length;
        });
        expect(state.outcome?.kind).toBe('win');
      }
    }
  }, 180_000);

  it('the XState actor (Match API) replays whole games to the same state hash, and batch mode plays the same games as the logged mode', () => {
    for (const players of COUNTS) {
      for (let seed = 1; seed <= 3; seed++) {
        // A long game (bots that seldom declare): every phase, simultaneous blocks and moves open at any time.
        const state = start(players, seed);
        const random = botRandom(seed);
        const moves: Move[] = [];
        playOn(state, (s) => { const move = rareDeclarer(s, random); moves.push({ player: move.player, choice: move.choice }); return move; });
        const started = Match.start(def, { players, seed });
        if (!started.ok) throw new Error(started.diagnostic.message);
        for (const move of moves) expect(started.match.apply(move), `${players} players, seed ${seed}`).toEqual({ ok: true });
        expect(started.match.hash(), `${players} players, seed ${seed}`).toBe(stateHash(state));
        expect(started.match.machineState).toBe('game over');
        started.match.stop();
        const logged = randomPlayout(def, { players, seed, keepMoves: true });
        const batch = randomPlayout(def, { players, seed, keepMoves: false });
        expect(batch.outcome).toEqual(logged.outcome);
        expect(batch.state.moveCount).toBe(logged.state.moveCount);
      }
    }
  }, 120_000);

  it("the engine's random bots (declaring at any decision) end every game with a faction's win", () => {
    for (const players of COUNTS) {
      for (let seed = 1; seed <= 100; seed++) {
        const { state } = randomPlayout(def, { players, seed, keepMoves: false });
        expect(state.error).toBeNull();
        expect(state.outcome?.kind).toBe('win');
        expect(broken(state)).toBeNull();
      }
    }
  });
});
