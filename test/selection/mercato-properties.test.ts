/**
 * Mercato (rules/examples/mercato.rules) played by random bots: over 1,000 games, checked against
 * a brute force written here, apart from the engine — every offered pick can be completed (and
 * every pick not offered cannot), every confirmed selection meets its condition (the costs add up
 * to at most the buyer's coins), and the bot's selections are uniform over the valid ones.
 */
import { describe, expect, it } from 'vitest';
import { applyMoveInPlace, cloneState, legalMoves, Match, randomMove, randomPlayout, startGame, stateHash, type GameState, type SelectPending } from '../../interpreter/index.ts';
import { botRandomFor } from '../../interpreter/bots/bots.ts';
import { loadDefinition } from '../support/scenario.ts';

const mercato = loadDefinition('examples/mercato.rules');
const costo = mercato.cardProperties.indexOf('costo');
const moneta = mercato.tokens.indexOf('Moneta');

const costOf = (card: number) => mercato.cards[card].properties[costo] as number;

/** Every set of candidates (as sorted indices) whose costs add up to at most `coins`, by brute force over all subsets. */
function affordable(cards: number[], coins: number): number[][] {
  const found: number[][] = [];
  for (let mask = 1; mask < 1 << cards.length; mask++) {
    const set = cards.flatMap((_, i) => ((mask >> i) & 1 ? [i] : []));
    if (set.reduce((sum, i) => sum + costOf(cards[i]), 0) <= coins) found.push(set);
  }
  return found;
}

function select(state: GameState): SelectPending | null {
  return state.pending?.kind === 'select' ? state.pending : null;
}

/** Chi-square statistic of observed counts against equal expected counts. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** Upper 0.1% points of the chi-square distribution, by degrees of freedom. */
const chiSquare999: Record<number, number> = { 3: 16.27, 4: 18.47, 5: 20.52, 6: 22.46, 7: 24.32, 8: 26.12, 9: 27.88, 10: 29.59, 11: 31.26, 12: 32.91, 15: 37.70, 19: 43.82, 30: 59.70 };

describe('Mercato over 1,000 random games', () => {
  it('offers exactly the completable picks, confirms only valid selections, and the bots choose uniformly among them', () => {
    let selections = 0;
    let picksChecked = 0;
    // Where the bot's selection falls among the valid ones (probability integral transform, 10 bins).
    const bins = new Array<number>(10).fill(0);
    let jitter = 12345;
    for (let game = 0; game < 1000; game++) {
      const players = game % 2 ? 4 : 2;
      const started = startGame(mercato, { players, seed: game + 1 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const state = started.state;
      const random = botRandomFor(game + 1);
      let opened: { valid: string[]; cards: number[] } | null = null;
      while (!state.outcome) {
        const pending = select(state);
        if (pending) {
          const cards = pending.values as number[];
          const coins = state.players[pending.player].tokens[moneta];
          const valid = affordable(cards, coins);
          if (pending.picked.length === 0) opened = { valid: valid.map((s) => s.join()), cards };
          const moves = legalMoves(state);
          const offered = new Set(moves.filter((m) => m.kind === 'pick').map((m) => pending.labels.indexOf(m.choice.slice(5))));
          for (let i = 0; i < cards.length; i++) {
            if (pending.picked.includes(i)) continue;
            const completable = valid.some((s) => s.includes(i) && pending.picked.every((p) => s.includes(p)));
            expect(offered.has(i)).toBe(completable);
            picksChecked++;
          }
          const move = randomMove(moves, random);
          if (move.kind === 'confirm') {
            const chosen = pending.picked.slice().sort((a, b) => a - b);
            expect(chosen.reduce((sum, i) => sum + costOf(cards[i]), 0)).toBeLessThanOrEqual(coins);
            const rank = opened!.valid.indexOf(chosen.join());
            expect(rank).toBeGreaterThanOrEqual(0);
            jitter = (Math.imul(jitter, 1103515245) + 12345) >>> 0;
            bins[Math.floor(((rank + jitter / 2 ** 32) / opened!.valid.length) * 10)]++;
            selections++;
          }
          applyMoveInPlace(mercato, state, move);
        } else {
          applyMoveInPlace(mercato, state, randomMove(legalMoves(state), random));
        }
      }
      expect(state.outcome.kind).not.toBe('aborted');
    }
    expect(selections).toBeGreaterThan(3000);
    expect(picksChecked).toBeGreaterThan(10000);
    expect(chiSquare(bins)).toBeLessThan(chiSquare999[9]);
  });

  it('from one position, the bot takes each valid selection equally often (chi-square), whatever order it picks in', () => {
    // The first selection of a game with at least 8 valid ones.
    let position: GameState | null = null;
    for (let seed = 1; !position; seed++) {
      const state = startGame(mercato, { players: 4, seed }).ok ? (startGame(mercato, { players: 4, seed }) as { state: GameState }).state : null;
      const random = botRandomFor(seed);
      while (state && !state.outcome && !position) {
        const pending = select(state);
        if (pending && affordable(pending.values as number[], state.players[pending.player].tokens[moneta]).length >= 8) position = cloneState(state);
        else applyMoveInPlace(mercato, state, randomMove(legalMoves(state), random));
      }
    }
    const pending = select(position)!;
    const valid = affordable(pending.values as number[], position.players[pending.player].tokens[moneta]).map((s) => s.join());
    const counts = new Array<number>(valid.length).fill(0);
    const random = botRandomFor(77);
    const runs = 400 * valid.length;
    for (let run = 0; run < runs; run++) {
      const state = cloneState(position);
      while (select(state)) {
        const before = select(state)!.picked.slice().sort((a, b) => a - b).join();
        const move = randomMove(legalMoves(state), random);
        if (move.kind === 'confirm') counts[valid.indexOf(before)]++;
        applyMoveInPlace(mercato, state, move);
      }
    }
    expect(counts.reduce((a, b) => a + b, 0)).toBe(runs);
    const df = valid.length - 1;
    const critical = chiSquare999[df] ?? df + 3.1 * Math.sqrt(2 * df);
    expect(chiSquare(counts)).toBeLessThan(critical);
  });

  it('the XState actor (Match API) replays the bots\' games, every pick and confirm, to the same state', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const players = seed % 2 ? 4 : 2;
      const game = randomPlayout(mercato, { players, seed });
      const started = Match.start(mercato, { players, seed });
      if (!started.ok) throw new Error(started.diagnostic.message);
      for (const move of game.moves) expect(started.match.apply(move)).toEqual({ ok: true });
      expect(started.match.hash()).toBe(stateHash(game.state));
      started.match.stop();
    }
  });

  it('batch mode plays the same games as with every move kept', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const players = seed % 2 ? 4 : 2;
      const kept = randomPlayout(mercato, { players, seed });
      const batch = randomPlayout(mercato, { players, seed, keepMoves: false });
      expect(batch.outcome).toEqual(kept.outcome);
      expect(batch.state.piles).toEqual(kept.state.piles);
      expect(batch.state.moveCount).toBe(kept.state.moveCount);
      expect(stateHash(randomPlayout(mercato, { players, seed }).state)).toBe(stateHash(kept.state));
    }
  });
});
