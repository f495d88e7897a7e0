/**
 * The decisions a search branches on, and random play to the end of a game, for batch and logged
 * states alike (batch states carry no labels, so choices are numbered, not named).
 *
 * A search needs each distinct choice once: a selection under a condition offers the random bot
 * each candidate as many times as the valid selections it leads to (`choiceCount`), which would
 * only split a node's visits. `choices` counts each distinct pick, confirm and move open at any
 * time once; `playChoice` plays the k-th of them.
 */
import type { BotRandom } from '../runtime/bot-random.ts';
import { playOnRandomly } from './bots.ts';
import { applyChoiceIndex, choiceCount, legalMoves, type Move } from '../engine/engine.ts';
import type { GameDefinition, GameState, Outcome } from '../program/program.ts';
import { botWeights, selectionChoiceCount } from '../runtime/selection.ts';

/** How many distinct choices the player to act has now. */
export function choices(state: GameState): number {
  const pending = state.pending;
  if (!pending || state.outcome) return 0;
  if (pending.kind !== 'select') return choiceCount(state);
  const weights = botWeights(pending);
  let count = weights.confirm > 0 ? 1 : 0;
  for (const w of weights.picks) if (w > 0) count++;
  return count + (choiceCount(state) - selectionChoiceCount(pending));
}

/** Plays the k-th distinct choice of the player to act (in place). */
export function playChoice(definition: GameDefinition, state: GameState, k: number): void {
  applyChoiceIndex(definition, state, engineIndex(state, k));
}

/** The index `applyChoiceIndex` takes for the k-th distinct choice. */
export function engineIndex(state: GameState, k: number): number {
  const pending = state.pending!;
  if (pending.kind !== 'select') return k;
  const weights = botWeights(pending);
  let offset = 0;
  let seen = 0;
  for (const w of weights.picks) {
    if (w <= 0) continue;
    if (seen++ === k) return offset;
    offset += w;
  }
  if (weights.confirm > 0 && seen++ === k) return offset;
  // A move open at any time: after every weighted choice of the selection.
  return selectionChoiceCount(pending) + (k - seen);
}

/** The k-th distinct choice as a named move, for a logged game (a Match). */
export function moveOf(state: GameState, k: number): Move {
  const pending = state.pending!;
  const player = pending.player;
  const open = (state.openMoves ?? []).filter((m) => m.player === player);
  let own: string[];
  if (pending.kind === 'select') {
    const weights = botWeights(pending);
    own = weights.picks.flatMap((w, i) => (w > 0 ? [`pick ${pending.labels[i]}`] : []));
    if (weights.confirm > 0) own.push('confirm');
  } else {
    own = legalMoves(state, player).filter((m) => m.kind !== 'unpick' && m.kind !== 'any-time').map((m) => m.choice);
  }
  const choice = k < own.length ? own[k] : open[k - own.length]?.label;
  if (choice === undefined) throw new Error(`no choice ${k} for ${player}`);
  return { player, choice };
}

/** Limits a game played on by bots stops at, as `randomPlayout` does. */
export interface PlayLimits {
  /** Stop at the first choice of round `maxRounds + 1`; Infinity for none. */
  maxRounds: number;
}

/** Plays on at random to the end (or a limit), in place: the random bot's moves, as in `randomPlayout` (the same loop). */
export function playOutRandomly(definition: GameDefinition, state: GameState, random: BotRandom, limits: PlayLimits): Outcome {
  playOnRandomly(definition, state, random, limits.maxRounds);
  return state.outcome!;
}

/**
 * What an ending is worth to `player`: 1 for a win (a team's win counts for every member), ½ for a
 * game without a winner (a draw, or one stopped by a limit), 0 for a loss.
 */
export function reward(outcome: Outcome, player: number): number {
  if (outcome.kind === 'win' && outcome.winners.length > 0) return outcome.winners.includes(player) ? 1 : 0;
  return 0.5;
}
