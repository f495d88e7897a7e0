/**
 * Every seed the interpreter derives, and every generator it starts from a seed, in one place:
 * replays, saves and simulation reports depend on these formulas byte for byte (test/replays).
 * The generators' steps are beside them: the match's in runtime.ts (`nextRandom`), the bots' in
 * bot-random.ts (`advanceBot`).
 */
import type { BotRandom } from './bot-random.ts';

/** A match's seed as its state keeps it (32 bits; 1 when none is given). */
export function matchSeed(seed: number | undefined): number {
  return (seed ?? 1) >>> 0;
}

/**
 * The match's generator (`state.rng`) before anything is drawn: a start that drew nothing by lot
 * has this and its seed as its only traces of the seed (batch-api.ts serves one start to every seed).
 */
export function matchGenerator(seed: number): number {
  return seed ^ 0x9e3779b9;
}

/** The bots' generator for a game of `seed`: seeded apart from the match's dice (never 0, xorshift's fixed point). */
export function botRandomFor(seed: number): BotRandom {
  return { state: (seed * 2654435761) >>> 0 || 1 };
}

/** The seed of game `game` of a run of many (a simulation, a tournament): so a run is reproducible game by game, whoever plays it. */
export function runGameSeed(seed: number, game: number): number {
  return (seed + game * 7919) >>> 0;
}
