/**
 * The engine as a program that searches uses it (docs/api.md): a start state built once per
 * definition and copied, moves by index, copies to undo with, and moves tried and undone without
 * copying the board. Everything here drives the lean stepper (engine.ts) in batch mode; nothing
 * goes through XState or the Match class.
 */
import { cloneState, cloneStateSharingBoard, startBeforeFirstTurn, startGame, type PlayoutStartResult, type StartOptions, type StartResult } from './engine.ts';
import type { GameDefinition, GameState } from '../program/program.ts';
import { indexCopy } from '../runtime/occupancy.ts';
import { markJournal, rollBack, type JournalMark } from '../runtime/board-journal.ts';
import { matchGenerator, matchSeed } from '../runtime/seeds.ts';

/**
 * Start states already built, per definition and per start options (and per kind: the start at
 * its first decision, or a playout's, before its first turn). A definition is immutable once
 * compiled, so a start state made from it can be copied as often as wanted; only a few option
 * sets are kept per definition (a search starts from one or two). Null: a seed asked for once,
 * whose start was handed out without a copy kept.
 */
const starts = new WeakMap<GameDefinition, Map<string, Kept | null>>();
const keptPerDefinition = 16;

/** A start kept: the state, and the steps its setup counted when it stopped before the first turn. */
interface Kept { state: GameState; steps: number; beforeFirstTurn: boolean }

/**
 * A new game, ready for the first decision: a copy of the start state built the first time these
 * options were asked for this definition (the setup and the moves it makes by itself are not run
 * again). When that setup drew nothing by lot (no shuffle, no die, no tile laid at random), the
 * same start serves every seed, with the seed put in; else each seed has its own start, kept from
 * the second time it is asked for. The state is the caller's to change; it is the state
 * `startGame` would make, byte for byte. Batch mode unless `quiet: false` is given.
 */
export function startState(definition: GameDefinition, options: StartOptions): StartResult {
  const start = keptStart(definition, options, false);
  return start.ok ? { ok: true, state: start.state } : start;
}

/**
 * A random playout's new game (bots.ts): as `startState`, but stopped before the first turn
 * begins when the setup leaves no choice waiting (`beforeFirstTurn`; `advance` from `steps` then
 * plays on), so that generated code runs the first turn from its start as it runs every other,
 * instead of resuming it at its first choice. Kept and copied as `startState` keeps its starts.
 */
export function playoutStart(definition: GameDefinition, options: StartOptions): PlayoutStartResult {
  return keptStart(definition, options, true);
}

function keptStart(definition: GameDefinition, options: StartOptions, beforeFirstTurn: boolean): PlayoutStartResult {
  const quiet = options.quiet ?? true;
  // A layout carried from another game is not kept: it changes from one call to the next.
  if (options.layout) return build(definition, { ...options, quiet }, beforeFirstTurn);
  const seed = matchSeed(options.seed);
  // The variant's name last, so that no name can make two keys alike.
  const settings = `${beforeFirstTurn ? 'p' : 's'}${options.players} ${quiet ? 1 : 0}${options.stopAtForcedMoves ? 1 : 0} ${options.variant === undefined || options.variant === null ? '-' : `=${options.variant}`}`;
  let kept = starts.get(definition);
  if (!kept) starts.set(definition, (kept = new Map()));
  const anySeed = kept.get(settings);
  if (anySeed) {
    const copy = copyOfStart(definition, anySeed.state);
    copy.seed = seed;
    copy.rng = matchGenerator(seed);
    return { ok: true, state: copy, steps: anySeed.steps, beforeFirstTurn: anySeed.beforeFirstTurn };
  }
  const key = `${seed} ${settings}`;
  let start = kept.get(key);
  if (!start) {
    const started = build(definition, { ...options, quiet }, beforeFirstTurn);
    if (!started.ok) return started;
    const drewNothing = started.state.rng === matchGenerator(seed);
    // A start drawn by lot serves its own seed alone: it is kept the second time that seed is
    // asked for, not the first (a playout asks for each seed once: a copy would be wasted).
    if (!drewNothing && !kept.has(key)) {
      keep(kept, key, null);
      return started;
    }
    start = started;
    keep(kept, drewNothing ? settings : key, start);
  }
  return { ok: true, state: copyOfStart(definition, start.state), steps: start.steps, beforeFirstTurn: start.beforeFirstTurn };
}

/** A start built: at its first decision, or before its first turn (`beforeFirstTurn`, where the setup leaves no choice waiting). */
function build(definition: GameDefinition, options: StartOptions, beforeFirstTurn: boolean): PlayoutStartResult {
  if (beforeFirstTurn) return startBeforeFirstTurn(definition, options);
  const started = startGame(definition, options);
  return started.ok ? { ok: true, state: started.state, steps: 0, beforeFirstTurn: false } : { ...started, steps: 0, beforeFirstTurn: false };
}

/** A copy of a kept start, with the board's occupancy index carried over (occupancy.ts): the game played next is most often this copy. */
function copyOfStart(definition: GameDefinition, start: GameState): GameState {
  const copy = cloneState(start);
  if (start.board && copy.board) indexCopy(start, copy, definition.totalCells);
  return copy;
}

/** Keeps `start` (or null: a seed asked for once) under `key`, the oldest forgotten past the limit. */
function keep(kept: Map<string, Kept | null>, key: string, start: Kept | null): void {
  if (kept.size >= keptPerDefinition) kept.delete(kept.keys().next().value!);
  kept.set(key, start);
}

/**
 * A copy that shares nothing mutable with `state`: keep one before a move to take the move back
 * (docs/api.md gives the cost of a copy; `startMove` takes moves back without copying the board).
 */
export const copyState: (state: GameState) => GameState = cloneState;

/** A move being tried (`startMove`): `state` is what to play it on; `undoMove` takes it back. */
export interface MoveTrial {
  readonly state: GameState;
  /** Where the board's journal stood (null: a game without a board, whose copy is all there is to drop). */
  readonly mark: JournalMark | null;
}

/**
 * To try a move from `state` and take it back, without copying the board: play on the trial's
 * `state`, a copy of `state` that keeps its board itself, then `undoMove`, which puts the board
 * back as `state` had it. Until then `state`'s board is the trial's: read `state` again only once
 * the trial is undone. Trials nest, a search's way (undo the last started first); the
 * board's pieces, their variables and the tiles' turns are changed in place and each change
 * journaled (board-journal.ts), and the index of pieces by cell stays built. The rest of the
 * state (players, variables, the frames of the rules running, the choice waiting: tens of
 * values) is copied, as `copyState` copies it.
 */
export function startMove(state: GameState): MoveTrial {
  return { state: cloneStateSharingBoard(state), mark: state.board ? markJournal(state) : null };
}

/**
 * Takes a trial's moves back: the board as the state it started from had it. The trials started
 * after it on that board are taken back with it; undoing one of them afterwards, or this one
 * twice, is refused (an Error), as is a trial whose board has been journaled for another since.
 */
export function undoMove(trial: MoveTrial): void {
  if (trial.mark) rollBack(trial.mark);
}

/** The seat that must decide now, or -1 when nobody does (the game is over). */
export function toMove(state: GameState): number {
  return state.outcome === null && state.pending ? state.pending.player : -1;
}

/** Whether the game has ended (`state.outcome` says how). */
export function isOver(state: GameState): boolean {
  return state.outcome !== null;
}
