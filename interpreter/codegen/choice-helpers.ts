/**
 * The choices of generated code in batch mode (`H.…`, merged into helpers.ts): no labels, no log.
 * A choice with nothing to decide is made at once, as its closure makes it; a random playout's bot
 * may answer the others at once (playout.ts), every decision counted and drawn as the bot loop
 * would; otherwise the pending choice is set and the frame stops, to be decided by the engine.
 */
import type { Frame, GameState, Instruction, Value, ValueKind } from '../program/program.ts';
import { asList } from '../runtime/values.ts';
import { choiceTargets, choiceValues, spareChoice } from '../runtime/frames.ts';
import { playoutPick } from '../runtime/playout.ts';

/** Batch mode's choices have no labels: one empty list serves them all (nothing adds to it). */
const noLabels: string[] = [];
/** The values of the choice being made (`candidates` below). */
const candidates: Value[] = [];
/** `choosePicks`' picks while a playout's bot makes them. */
const picks: number[] = [];

export const choiceHelpers = {
  /** After a statement that may stop the frame: whether it did (a choice, a call, a return, the end of the turn or the game). */
  stopped(s: GameState, stack: Frame[], depth: number): boolean {
    return s.pending !== null || s.outcome !== null || s.stack !== stack || stack.length !== depth || s.turnOver;
  },
  /**
   * `choose x from L`. The only value, or none, is taken into `slot` at once (-1); a playout's bot
   * may answer at once: the value taken, its index returned; otherwise the pending choice is set
   * and -2 returned (the frame stops).
   */
  chooseValue(s: GameState, L: Value[], from: Value, player: number, slot: number, prompt: string, valueKind: ValueKind, instruction: Instruction): number {
    const values = asList(from);
    const answered = answerAtOnce(s, L, values, values.length, player, slot, instruction.at);
    return answered !== unanswered ? answered : pendValue(s, values, player, slot, prompt, valueKind, instruction);
  },
  /**
   * Where the values of a choice are put by generated code that lists them (a filter, `players`,
   * a list written in the rules): the first `n` items are the values, the rest stale. Filled and
   * read in one statement, nothing in between; kept from choice to choice, never emptied.
   */
  candidates,
  /**
   * `chooseValue` of the first `n` `candidates`: the same answers, but the list of the values is
   * built (into the state's reused list) only when the choice is left pending.
   */
  chooseCounted(s: GameState, L: Value[], values: Value[], n: number, player: number, slot: number, prompt: string, valueKind: ValueKind, instruction: Instruction): number {
    const answered = answerAtOnce(s, L, values, n, player, slot, instruction.at);
    return answered !== unanswered ? answered : pendCounted(s, values, n, player, slot, prompt, valueKind, instruction);
  },
  /**
   * `choose N xs from L`, picked one by one and confirmed (N + 1 decisions). Nothing to decide
   * (a player out, N candidates or fewer): taken at once (-1). A playout's bot may make every
   * decision at once (0); where it stops before the end (a limit), the picks made so far stay in
   * the pending choice, as the engine would hold them. Otherwise the choice is set pending (-2).
   */
  choosePicks(s: GameState, L: Value[], from: Value, player: number, slot: number, need: number, prompt: string, valueKind: ValueKind, instruction: Instruction): number {
    const values = asList(from);
    if (!s.players[player].active) { L[slot] = []; return -1; }
    if (values.length <= need) { L[slot] = values; return -1; }
    // The picks so far: one list serves every call (nothing runs in between), copied into a choice left pending.
    const picked = picks;
    while (picked.length > 0) picked.pop();
    for (;;) {
      const left = picked.length < need ? values.length - picked.length : 1;
      const pick = playoutPick(s, left, player, instruction.at);
      if (pick < 0) break;
      if (picked.length === need) {
        const chosen = new Array<Value>(need);
        for (let i = 0; i < need; i++) chosen[i] = values[picked[i]];
        L[slot] = chosen;
        return 0;
      }
      picked.push(unpickedAt(picked, values.length, pick));
    }
    return pendPicks(s, values, player, slot, need, picked, prompt, valueKind, instruction);
  },
  /**
   * `choose { option … }`, the open options' targets found: where to go (the only open option, or
   * `end` when none is), -1 when the player must choose (the pending choice set), or, when a
   * playout's bot answered at once, -2 - the target.
   */
  chooseOption(s: GameState, player: number, open: number[], end: number, prompt: string, instruction: Instruction): number {
    if (open.length === 0) return end;
    if (open.length === 1 && !s.stopAtForced) return open[0];
    const pick = playoutPick(s, open.length, player, instruction.at, 2, open);
    if (pick >= 0) return -2 - open[pick];
    return pendOption(s, player, open, prompt, instruction);
  },
  /**
   * `chooseOption` with the open options as bits of `open` (bit i: `targets[i]`, 31 options at
   * most): the list of their targets is built only when the choice is left pending, not when it
   * is made at once (the only open option, or a playout's bot's answer).
   */
  chooseOpen(s: GameState, player: number, open: number, targets: number[], end: number, prompt: string, instruction: Instruction): number {
    if (open === 0) return end;
    let count = 0;
    for (let bits = open; bits !== 0; bits &= bits - 1) count++;
    if (count === 1 && !s.stopAtForced) return targets[31 - Math.clz32(open)];
    const pick = playoutPick(s, count, player, instruction.at, 3, targets, open);
    if (pick >= 0) {
      let bits = open;
      for (let k = 0; k < pick; k++) bits &= bits - 1;
      return -2 - targets[31 - Math.clz32(bits & -bits)];
    }
    return pendOpen(s, player, open, targets, prompt, instruction);
  },
};

/** `answerAtOnce` left the choice to the engine. */
const unanswered = -2;

/**
 * A choice of one of the first `n` of `values` made without the engine: the only value, or none,
 * taken into `slot` (-1), unless the state stops at forced moves (as the closure); or a playout's
 * bot's answer taken (its index). Otherwise `unanswered`.
 */
function answerAtOnce(s: GameState, L: Value[], values: Value[], n: number, player: number, slot: number, at: number): number {
  if (!s.players[player].active || n === 0 || (n === 1 && !s.stopAtForced)) {
    L[slot] = s.players[player].active && n > 0 ? values[0] : null;
    return -1;
  }
  const pick = playoutPick(s, n, player, at, 1, values);
  if (pick < 0) return unanswered;
  L[slot] = values[pick];
  return pick;
}

/** A choice of a value left pending for the engine: -2. */
function pendValue(s: GameState, values: Value[], player: number, slot: number, prompt: string, valueKind: ValueKind, instruction: Instruction): number {
  const spare = spareChoice(s, 'value');
  if (spare === null) {
    s.pending = { kind: 'value', player, prompt, labels: noLabels, values, valueKind, slot, cite: instruction.cite, at: instruction.at };
    return -2;
  }
  // The state's last answered choice filled in again, every field in its order (frames.ts).
  spare.player = player; spare.prompt = prompt; spare.values = values; spare.valueKind = valueKind;
  spare.slot = slot; spare.cite = instruction.cite; spare.at = instruction.at;
  s.pending = spare;
  return -2;
}

/*
 * The choices left pending, in functions of their own: a random playout never leaves one, and the
 * helpers above are inlined into generated code by their whole size (see helpers.ts).
 */

/** `chooseCounted`'s choice left pending: the list of its values built (the state's reused list), -2. */
function pendCounted(s: GameState, values: Value[], n: number, player: number, slot: number, prompt: string, valueKind: ValueKind, instruction: Instruction): number {
  const list = choiceValues(s) as Value[];
  for (let i = 0; i < n; i++) list.push(values[i]);
  return pendValue(s, list, player, slot, prompt, valueKind, instruction);
}

/** `choosePicks`' choice left pending, with the picks made so far: -2. */
function pendPicks(s: GameState, values: Value[], player: number, slot: number, need: number, picked: number[], prompt: string, valueKind: ValueKind, instruction: Instruction): number {
  s.pending = { kind: 'pick', player, prompt, labels: [], values, valueKind, slot, need, picked: picked.slice(), cite: instruction.cite, at: instruction.at };
  return -2;
}

/** `chooseOpen`'s choice left pending: the list of the open options' targets built, -1. */
function pendOpen(s: GameState, player: number, open: number, targets: number[], prompt: string, instruction: Instruction): number {
  const list = choiceTargets(s);
  for (let i = 0; i < targets.length; i++) if ((open & (1 << i)) !== 0) list.push(targets[i]);
  return pendOption(s, player, list, prompt, instruction);
}

/** A choice of options left pending for the engine: -1. */
function pendOption(s: GameState, player: number, open: number[], prompt: string, instruction: Instruction): number {
  const spare = spareChoice(s, 'option');
  if (spare === null) {
    s.pending = { kind: 'option', player, prompt, labels: noLabels, targets: open, cite: instruction.cite, at: instruction.at };
    return -1;
  }
  spare.player = player; spare.prompt = prompt; spare.targets = open; spare.cite = instruction.cite; spare.at = instruction.at;
  s.pending = spare;
  return -1;
}

/**
 * The `index`-th candidate not picked yet, as applyChoiceIndex counts them: `index` moved past
 * each pick at or below it, the picks taken in increasing order (a few of them: looked through
 * again for each, no sorted copy).
 */
function unpickedAt(picked: number[], candidates: number, index: number): number {
  let item = index;
  let below = -1;
  for (;;) {
    // The smallest pick above `below`, if it is at or below `item`: one more candidate to skip.
    let next = candidates;
    for (let i = 0; i < picked.length; i++) if (picked[i] > below && picked[i] < next) next = picked[i];
    if (next > item || next === candidates) return item < candidates ? item : -1;
    item++;
    below = next;
  }
}
