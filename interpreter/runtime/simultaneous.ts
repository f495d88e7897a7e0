/**
 * Simultaneous decisions at run time. `simultaneously for each p in L { body }` gives every listed
 * player a thread: a copy of the frame running the block, with its own stack and its own open
 * choice. All threads run up to their first choice, so every waiting player has legal moves at once;
 * a move runs its player's thread on; the block closes when every thread is done. Until then each
 * player sees the game as it was before the first answer with only their own answers played on it
 * (engine/view.ts replays them from `opening`).
 */
import type { Frame, GameDefinition, GameState, Pending, SimultaneousBlock } from '../program/program.ts';
import { pileOfSlot, slotOfCard } from './cards.ts';

/** Opens the block at frame `frame` (its top instruction is the block's); `after`: where `frame` goes on once it closes. */
export function openBlock(state: GameState, frame: Frame, players: number[], slot: number, after: number): void {
  const waiting = players.filter((p) => state.players[p]?.active);
  const bodyStart = frame.pc + 1;
  frame.pc = after;
  if (waiting.length === 0) return;
  const block: SimultaneousBlock = {
    threads: waiting.map((player) => {
      const locals = frame.locals.slice();
      locals[slot] = player;
      return { player, stack: [{ program: frame.program, pc: bodyStart, locals }], pending: null, done: false };
    }),
    running: 0,
    main: state.stack,
    answers: [],
    cards: [],
    logStart: state.log.length,
  };
  state.simultaneous = block;
  state.stack = block.threads[0].stack;
  block.threads[0].stack = [];
}

/** The running thread's body is over: run the next one, wait for a choice, or close the block. */
export function endThread(definition: GameDefinition, state: GameState): void {
  const block = state.simultaneous!;
  block.threads[block.running].done = true;
  state.stack = [];
  state.pending = null;
  if (runNext(state) === 'done') closeBlock(definition, state);
}

/**
 * After the running thread paused at a choice: switch to a thread that has not reached its first
 * choice yet (true), or else to the first waiting one (false: every player still in the block waits).
 */
export function switchToRunnable(state: GameState): boolean {
  return runNext(state) === 'run';
}

/** Moves the running thread's stack and choice back into the block, and brings thread `index`'s out. */
function run(state: GameState, block: SimultaneousBlock, index: number): void {
  const current = block.threads[block.running];
  if (!current.done) { current.stack = state.stack; current.pending = state.pending; }
  const next = block.threads[index];
  state.stack = next.stack;
  state.pending = next.pending;
  next.stack = [];
  next.pending = null;
  block.running = index;
}

/** 'run': a thread that has not reached a choice runs now; 'wait': every thread left waits for its player; 'done'. */
function runNext(state: GameState): 'run' | 'wait' | 'done' {
  // Loops rather than findIndex with arrows: this runs at every answer in a block.
  const block = state.simultaneous!;
  const threads = block.threads;
  for (let i = 0; i < threads.length; i++) {
    const t = threads[i];
    if (!t.done && i !== block.running && t.pending === null) { run(state, block, i); return 'run'; }
  }
  for (let i = 0; i < threads.length; i++) {
    const t = threads[i];
    if (t.done || (i === block.running ? state.pending === null : t.pending === null)) continue;
    if (i !== block.running) run(state, block, i);
    return 'wait';
  }
  return 'done';
}

/** The thread of `player` still going in the block, or -1. */
function threadOf(block: SimultaneousBlock, player: number): number {
  const threads = block.threads;
  for (let i = 0; i < threads.length; i++) if (threads[i].player === player && !threads[i].done) return i;
  return -1;
}

/** Makes `player`'s thread the running one, so their move applies to it. */
export function focus(state: GameState, player: number): void {
  const block = state.simultaneous;
  if (!block) return;
  const index = threadOf(block, player);
  if (index >= 0 && index !== block.running) run(state, block, index);
}

/** The open choice of a player in the block, or null. */
export function pendingOf(state: GameState, player: number): Pending | null {
  const block = state.simultaneous;
  if (!block) return state.pending && state.pending.player === player ? state.pending : null;
  const index = threadOf(block, player);
  if (index < 0) return null;
  return index === block.running ? state.pending : block.threads[index].pending;
}

/** The players with an open choice in the block, in its order. */
export function waitingPlayers(state: GameState): number[] {
  const block = state.simultaneous;
  if (!block) return state.pending ? [state.pending.player] : [];
  return block.threads.filter((t, i) => !t.done && (i === block.running ? state.pending !== null : t.pending !== null)).map((t) => t.player);
}

/** Every answer is in: cards put on public piles are shown, log lines are read by all, the main stack goes on. */
function closeBlock(definition: GameDefinition, state: GameState): void {
  const block = state.simultaneous!;
  for (const card of block.cards) {
    const slot = slotOfCard(state, card);
    if (slot < 0) continue;
    const pile = pileOfSlot(definition, state, slot);
    if (pile.visibility === 'public') { state.revealed[card] = true; state.placedBy[card] = -1; }
    else if (pile.owner === state.placedBy[card]) state.placedBy[card] = -1;
  }
  // Every line since the block opened (a move taken at any time in between left its own lines open).
  for (let i = block.logStart; i < state.log.length; i++) {
    if (state.log[i].sealedFor === undefined) continue;
    const { sealedFor: _, ...open } = state.log[i];
    state.log[i] = open;
  }
  state.stack = block.main;
  delete state.simultaneous;
}

/** A deep copy of a block (for cloneState). */
export function copyBlock(block: SimultaneousBlock, copyFrame: (f: Frame) => Frame, copyPending: (p: Pending) => Pending): SimultaneousBlock {
  return {
    threads: block.threads.map((t) => ({ player: t.player, stack: t.stack.map(copyFrame), pending: t.pending && copyPending(t.pending), done: t.done })),
    running: block.running,
    main: block.main.map(copyFrame),
    answers: block.answers.slice(),
    cards: block.cards.slice(),
    logStart: block.logStart,
    // Last, where the first answer put it: a copy's keys keep the original's order (and hash).
    ...(block.opening ? { opening: block.opening } : {}),
  };
}
