/**
 * Property tests over seeded random games of rules/1984.rules at 5 to 9 players. The test's bots
 * declare victory rarely (helpers.ts), so games go through whole days; the engine's own random bot
 * (which may declare at every decision) is played too. After every decision: the 90 cards (72
 * dystopia, 9 factions, 9 traits) each lie in exactly one pile, no token count is negative and
 * Big Brother tokens are conserved, and no player's view shows another player's hand, thought pile,
 * draft packet, faction, face-down opinion or, during a simultaneous phase, their answer.
 */
import { describe, expect, it } from 'vitest';
import { Match, randomPlayout, stateHash, viewFor, type GameState, type Move } from '../../interpreter/index.ts';
import { bb, botRandom, def, factionOf, pileIndex, playOn, rareDeclarer, start } from './helpers.ts';

const COUNTS = [5, 6, 7, 8, 9];
const privatePiles = ['Fazione', 'Pensieri', 'Mano', 'Pacchetto', 'InArrivo', 'Fascicolo'];

function broken(state: GameState): string | null {
  const cards = state.piles.flat();
  if (def.cards.length !== 90) return `${def.cards.length} cards declared instead of 90`;
  if (cards.length !== 90) return `${cards.length} cards in the piles instead of 90`;
  if (new Set(cards).size !== 90) return 'a card lies in two piles';
  let total = state.reserve[bb]!;
  if (total < 0) return 'negative reserve';
  for (const player of state.players) {
    if (player.tokens[bb] < 0) return 'a negative token count';
    total += player.tokens[bb];
  }
  if (total !== 25) return `${total} Big Brother tokens instead of 25`;
  return null;
}

/** What `viewer` may not see of `seat`'s things, as found in viewer's view; null when nothing leaks. */
function leak(state: GameState, viewer: number): string | null {
  const view = viewFor(def, state, viewer);
  for (let seat = 0; seat < state.seats; seat++) {
    if (seat === viewer) continue;
    const piles = view.players[seat].piles;
    for (const name of privatePiles) {
      const pile = piles.find((p) => p.name === name)!;
      if (pile.cards.some((c) => c !== null)) return `P${viewer + 1} sees P${seat + 1}'s ${name}`;
    }
    const opinions = state.piles[state.pileBase[pileIndex('Opinioni')] + seat];
    const shown = piles.find((p) => p.name === 'Opinioni')!.cards;
    opinions.forEach((card, i) => {
      if (!state.revealed[card] && state.placedBy[card] >= 0 && shown[i] !== null) throw new Error(`P${viewer + 1} sees P${seat + 1}'s face-down opinion`);
    });
  }
  if (view.pending && view.pending.seat !== viewer && view.pending.choices !== null) return `P${viewer + 1} sees another's choices`;
  if (state.simultaneous) {
    for (const [i, entry] of state.log.entries()) {
      if (entry.sealedFor === undefined || entry.sealedFor === viewer) continue;
      if (view.log[i].text === entry.text) return `P${viewer + 1} reads P${entry.sealedFor + 1}'s answer: ${entry.text}`;
    }
    for (let seat = 0; seat < state.seats; seat++) {
      if (seat === viewer) continue;
      const seen = view.players[seat].variables.find((v) => v.name === 'sera')!.value;
      if (seen !== null) return `P${viewer + 1} sees P${seat + 1}'s evening answer`;
    }
  }
  // Only the looker of a Psicopolizia (or the Saggio) sees a faction card, and only their own file.
  for (const line of view.log) {
    if (/Fratellanza|IngSoc/.test(line.text) && !state.outcome && !line.text.includes(`P${viewer + 1}`)) return `P${viewer + 1} reads a faction in the log: ${line.text}`;
  }
  return null;
}

describe('random games of 1984', () => {
  it('at 5 to 9 players, 150 games each: every game ends, cards and tokens conserved after every decision', () => {
    for (const players of COUNTS) {
      const endings = new Map<string, number>();
      for (let seed = 1; seed <= 150; seed++) {
        const state = start(players, seed);
        const random = botRandom(seed);
        expect(broken(state)).toBeNull();
        playOn(state, (s) => rareDeclarer(s, random), 20000, (s) => {
          const problem = broken(s);
          if (problem) throw new Error(`${players} players, seed ${seed}: ${problem}`);
        });
        expect(state.error, `seed ${seed}`).toBeNull();
        expect(state.outcome?.kind, `${players} players, seed ${seed}`).toBe('win');
        // The winner holds the faction the reason names.
        const winner = state.outcome!.winners[0];
        expect(state.outcome!.reason.endsWith(factionOf(state, winner))).toBe(true);
        endings.set(state.outcome!.reason, (endings.get(state.outcome!.reason) ?? 0) + 1);
      }
      // Games reach the end of the thought piles as well as declarations.
      expect(endings.get('nessuno può più prendere carte: vince IngSoc') ?? 0).toBeGreaterThan(0);
    }
  }, 120_000);

  it('no view shows what belongs to another player, checked after every decision (10 games at each count)', () => {
    for (const players of COUNTS) {
      for (let seed = 1001; seed <= 1010; seed++) {
        const state = start(players, seed);
        const random = botRandom(seed);
        playOn(state, (s) => rareDeclarer(s, random), 20000, (s) => {
          if (s.outcome) return;
          for (let viewer = 0; viewer < players; viewer++) {
            const problem = leak(s, viewer);
            if (problem) throw new Error(`${players} players, seed ${seed}: ${problem}`);
          }
        });
        expect(state.outcome?.kind).toBe('win');
      }
    }
  }, 120_000);

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
