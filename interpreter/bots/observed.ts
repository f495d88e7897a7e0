/**
 * What one player has observed of a game so far: for every decision since the start, who made it,
 * the decision itself when the player may know it, and the player's view after it. A search bot
 * keeps only imagined worlds that give the same observations (worlds.ts).
 *
 * A decision is known to the player when the engine's log shows it to them: their own, an option
 * taken, a value, place or player chosen, a move open at any time. Which card another player chose
 * is their secret (moves.ts logs it as "P2 chooses"), so it is not kept. Answers in a simultaneous
 * block are shown when it closes, so they count as known too; the caller gives a block still open
 * only up to its opening and the player's own answers (sealed.ts). The views compared leave the
 * log out (a batch game writes none; the decisions it records are kept above) and are not taken
 * inside an open block, where a batch game's state would show answers still sealed.
 */
import { choiceCount, cloneState, applyChoiceIndex, applyMoveInPlace, legalMoves, type Move } from '../engine/engine.ts';
import { viewFor } from '../engine/view.ts';
import { openMove } from '../runtime/any-time.ts';
import { focus, pendingOf } from '../runtime/simultaneous.ts';
import { selectionChoice } from '../runtime/selection.ts';
import type { GameDefinition, GameState } from '../program/program.ts';
import { seenCards, type SeenCards } from './card-swaps.ts';
import { seenDice, type SeenDice } from './dice-swaps.ts';

/**
 * The game's past: the state it started in (startGame's), read only through what a player's view
 * shows, and every decision since — by number in batch mode (`applyChoiceIndex`, the player's own
 * choice in a simultaneous block), by name in a logged game (`applyMoveInPlace`).
 */
export interface History { start: GameState; moves: readonly Step[] }
export type Step = Move | { player: number; index: number };

export interface Observation {
  player: number;
  /** The decision as the observer knows it (`decisionKey`), or null when it is another player's secret. */
  seen: string | null;
  /** The observer's view after it, or null inside an open simultaneous block. */
  view: string | null;
  /** The cards the observer saw on each pile then (card-swaps.ts), or null with `view`. */
  cards: SeenCards | null;
  /** The faces the observer saw of dice under cups then (dice-swaps.ts), or null with `view` or without cups. */
  dice: SeenDice;
}

/** A decision in the pending choice: one of its items, the confirm of a pick, or a move open at any time. */
type Decision = { item: number } | { confirm: true } | { open: number };

/** The observer's observations of `history`, and the state it leads to. */
export function observe(definition: GameDefinition, history: History, viewer: number): { observations: Observation[]; end: GameState } {
  const state = cloneState(history.start);
  const observations: Observation[] = [];
  for (const move of history.moves) {
    const player = move.player;
    if (state.simultaneous) focus(state, player);
    const seen = decisionKey(state, decisionOf(state, move), viewer, player);
    play(definition, state, move);
    const view = seenView(definition, state, viewer);
    observations.push({ player, seen, view, cards: view === null ? null : seenCards(definition, state, viewer), dice: view === null ? null : seenDice(definition, state, viewer) });
  }
  return { observations, end: state };
}

/** The observer's view without the log, or null inside an open block (see above). */
export function seenView(definition: GameDefinition, state: GameState, viewer: number): string | null {
  if (!state.outcome && (state.simultaneous || state.interrupted?.simultaneous)) return null;
  return fingerprint(definition, state, viewer);
}

export function fingerprint(definition: GameDefinition, state: GameState, viewer: number): string {
  return JSON.stringify({ ...viewFor(definition, state, viewer), log: [] });
}

export function play(definition: GameDefinition, state: GameState, move: Step): void {
  if ('choice' in move) return applyMoveInPlace(definition, state, move);
  if (state.simultaneous) focus(state, move.player);
  applyChoiceIndex(definition, state, move.index);
}

/**
 * The decisions open to `player` now, each as the move to play (a number in batch mode, a named
 * move in a logged game) with its key as `viewer` knows it. A logged game is played by name so
 * that a block keeps its opening and answers (moves.ts), which the views inside it are built from.
 */
export function decisionsOf(state: GameState, player: number, viewer: number): { move: Step; seen: string | null }[] {
  if (state.simultaneous) focus(state, player);
  if (state.quiet) {
    const count = choiceCount(state);
    return Array.from({ length: count }, (_, index) => ({ move: { player, index }, seen: decisionKey(state, decisionOf(state, { player, index }), viewer, player) }));
  }
  return legalMoves(state, player).filter((m) => m.kind !== 'unpick').map((m) => {
    const move = { player: m.player, choice: m.choice };
    return { move, seen: decisionKey(state, decisionOf(state, move), viewer, player) };
  });
}

/** What a move decides in `state` (before it is played; in a block, with its player's thread running). */
function decisionOf(state: GameState, step: Step): Decision {
  if ('choice' in step) {
    const move = step;
    const pending = pendingOf(state, move.player);
    const open = openMove(state, move.player, move.choice);
    if (open && !pending?.labels.includes(move.choice)) return { open: open.option };
    if (move.choice === 'confirm' && (pending!.kind === 'pick' || pending!.kind === 'select')) return { confirm: true };
    const label = move.choice.startsWith('pick ') && (pending!.kind === 'pick' || pending!.kind === 'select') ? move.choice.slice(5) : move.choice;
    return { item: pending!.labels.indexOf(label) };
  }
  const pending = state.pending!;
  const own = state.openMoves?.filter((m) => m.player === pending.player) ?? [];
  const base = choiceCount(state) - own.length;
  const move = step.index;
  if (move >= base) return { open: own[move - base].option };
  if (pending.kind === 'select') {
    const item = selectionChoice(pending, move);
    return item < 0 ? { confirm: true } : { item };
  }
  if (pending.kind !== 'pick') return { item: move };
  if (pending.picked.length >= pending.need) return { confirm: true };
  let remaining = move;
  for (let item = 0; item < pending.values.length; item++) {
    if (pending.picked.includes(item)) continue;
    if (remaining-- === 0) return { item };
  }
  return { confirm: true };
}

/**
 * A decision as `viewer` knows it: the same key in two states means the same decision (an option
 * by where its body starts, a value by itself), or null when it is another player's choice of cards.
 */
function decisionKey(state: GameState, decision: Decision, viewer: number, player: number): string | null {
  if ('open' in decision) return `open ${decision.open}`;
  const pending = pendingOf(state, player)!;
  if (pending.kind === 'option') return 'item' in decision ? `option ${pending.targets[decision.item]}` : null;
  if (pending.valueKind === 'card' && player !== viewer) return null;
  if ('confirm' in decision) return 'confirm';
  return `value ${JSON.stringify(pending.values[decision.item])}`;
}
