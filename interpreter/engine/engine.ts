/**
 * The lean stepper: start a game, list the legal moves, apply one. It is the single source of
 * the game's behaviour; the XState machine (machine.ts) and the bots both drive it.
 * `advance` mutates the state it is given; `applyMove` leaves its input untouched.
 */
import { codes, diagnostic, type Diagnostic } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import {
  gameOverPhase, playerName, setupPhase, type DieState, type Frame, type GameDefinition, type GameState, type Instruction, type LegalMove, type Move, type PieceState, type Program, type Value,
} from '../program/program.ts';
import { finish, log, neighbour, randomInt } from '../runtime/runtime.ts';
import { newBoard, type Layout } from '../runtime/grids.ts';
import { interrupt, openMove, refreshOpenMoves, resume } from '../runtime/any-time.ts';
import { copyBlock, focus, pendingOf, switchToRunnable, waitingPlayers } from '../runtime/simultaneous.ts';
import { internalFailure, stepLimit, stopAtFailure, stopAtStepLimit } from '../runtime/run-failure.ts';
import { runStarts, Scratch, scratchOf } from '../runtime/scratch.ts';
import { matchGenerator, matchSeed } from '../runtime/seeds.ts';
import { choiceDone, frameDone, newFrame } from '../runtime/frames.ts';
import { beginTurn, nextSeat, passToNextSeat } from '../runtime/turn-order.ts';
import { selectedValues, selectionChoice, selectionChoiceCount, selectionMoves, selectionRefusal } from '../runtime/selection.ts';

export interface StartOptions {
  players: number;
  seed?: number;
  variant?: string | null;
  /** A series of games: the tiles as the previous game left them (grids declared with `carry layout`). */
  layout?: Layout;
  /** Batch mode for bots: no log and no choice labels (drive it with choiceCount / applyChoiceIndex). */
  quiet?: boolean;
  /**
   * For analysis: a `choose` with a single candidate (one cell, one open option) waits for that
   * move like any other choice. Off by default: such a choice is made at once, as the rules read.
   */
  stopAtForcedMoves?: boolean;
}

// Plain data, declared beside the state (program.ts) so selection.ts can name them without importing the engine.
export type { LegalMove, Move } from '../program/program.ts';

export { internalFailure, stepLimit };

export type StartResult = { ok: true; state: GameState } | { ok: false; diagnostic: Diagnostic };

export function startGame(definition: GameDefinition, options: StartOptions): StartResult {
  const started = newGame(definition, options);
  if (started.ok) advance(definition, started.state);
  return started;
}

/** A start for a random playout: `beforeFirstTurn`, stopped where the first turn would begin, its setup's `steps` counted. */
export type PlayoutStartResult = StartResult & { steps: number; beforeFirstTurn: boolean };

/**
 * A game started as `startGame` starts it, stopped before its first turn begins (`steps`: those
 * the setup counted, which the first turn goes on counting from), so that generated code runs
 * that turn from its start (batch-api.ts, random playouts). When the setup itself stops at a
 * choice or ends the game, the state is `startGame`'s, and `beforeFirstTurn` is false.
 */
export function startBeforeFirstTurn(definition: GameDefinition, options: StartOptions): PlayoutStartResult {
  const started = newGame(definition, options);
  if (!started.ok) return { ...started, steps: 0, beforeFirstTurn: false };
  const steps = advanceFrom(definition, started.state, 0, true);
  return steps >= 0 ? { ok: true, state: started.state, steps, beforeFirstTurn: true } : { ok: true, state: started.state, steps: 0, beforeFirstTurn: false };
}

/** The state before its setup runs. */
function newGame(definition: GameDefinition, options: StartOptions): StartResult {
  const seats = options.players;
  const range = { start: 0, end: 0 };
  const allowed = definition.allowedPlayers;
  if (!Number.isInteger(seats) || seats < definition.minPlayers || seats > definition.maxPlayers || (allowed && !allowed.includes(seats))) {
    const counts = allowed ? allowed.join(', ') : `${definition.minPlayers} to ${definition.maxPlayers}`;
    return { ok: false, diagnostic: diagnostic(codes.playersOutOfRange, `${definition.title} is for ${counts} players, not ${options.players}`, range) };
  }
  const variant = options.variant ?? null;
  if (variant !== null && !definition.variants.has(variant)) {
    const known = [...definition.variants.keys()];
    return { ok: false, diagnostic: diagnostic(codes.variantUnknown,
      `there is no variant '${variant}'${known.length ? `; the variants are ${known.join(', ')}` : ''}`, range) };
  }
  const seed = matchSeed(options.seed);
  const state: GameState = {
    seats, seed, variant, quiet: options.quiet ?? false, rng: matchGenerator(seed),
    options: definition.options.map((o) => o.value),
    globals: [],
    players: [],
    reserve: definition.tokenReserve.slice(),
    dice: newDice(definition),
    roleDeck: [],
    teamVars: [],
    zones: [],
    piles: [],
    pileBase: [],
    revealed: definition.cards.map(() => false),
    placedBy: definition.cards.map(() => -1),
    current: -1,
    turn: 0,
    round: 0,
    firstSeat: -1,
    turnOver: false,
    phase: setupPhase,
    stack: [],
    pending: null,
    outcome: null,
    error: null,
    log: [],
    moveCount: 0,
    scratch: new Scratch(),
  };
  // Only set when asked, so that every other state (and its hash) is as before.
  if (options.stopAtForcedMoves) state.stopAtForced = true;
  // `turn limit 60 to 80`: drawn first, before anything else the match draws by lot.
  if (definition.turnLimitMax > definition.turnLimit) state.turnLimit = definition.turnLimit + randomInt(state, definition.turnLimitMax - definition.turnLimit + 1);
  for (const setting of variant ? definition.variants.get(variant)! : []) state.options[setting.index] = setting.value;
  const scratch: Frame = { program: -1, pc: 0, locals: [] };
  try {
    state.globals = definition.globals.map((g) => g.init(state, scratch));
    for (let p = 0; p < seats; p++) {
      // Teams are seated alternately: P1 the first team, P2 the second, …
      const team = definition.teams.length ? p % definition.teams.length : null;
      state.players.push({ tokens: definition.tokens.map(() => 0), vars: [], role: null, active: true, team });
    }
    for (const player of state.players) player.vars = definition.playerVars.map((v) => v.init(state, scratch));
    state.teamVars = definition.teams.map(() => definition.teamVars.map((v) => v.init(state, scratch)));
    state.zones = definition.zones.map(() => ({ tokens: definition.tokens.map(() => 0), vars: definition.zoneVars.map((v) => v.init(state, scratch)) }));
    for (const pile of definition.piles) {
      state.pileBase.push(state.piles.length);
      const slots = pile.perPlayer ? seats : pile.perTeam ? definition.teams.length : 1;
      for (let k = 0; k < slots; k++) state.piles.push(pile.perPlayer || pile.perTeam ? [] : pile.initial.slice());
    }
    for (const pile of definition.piles) if (pile.visibility === 'public') for (const card of pile.initial) state.revealed[card] = true;
    if (definition.grids.length || definition.pieceKinds.length) {
      const board = state.board = newBoard(definition, state, seats, definition.grids.some((g) => g.carryLayout) ? options.layout : undefined);
      for (const piece of board.pieces) piece.vars = definition.pieceVars.map((v) => v.init(state, scratch));
    }
  } catch (error) {
    return { ok: false, diagnostic: diagnostic(codes.runError, error instanceof RuleError ? error.message : internalFailure, range) };
  }
  if (definition.setupProgram >= 0) state.stack.push(frameFor(state, programsOf(definition, state), definition.setupProgram));
  return { ok: true, state };
}

/**
 * Every die at its pool's first face, unmarked. Loops, not `Array.from` and `find` with arrows:
 * a random playout starts a game this way for every seed (a game whose setup draws by lot).
 */
function newDice(definition: GameDefinition): DieState[] {
  const dice: DieState[] = [];
  for (let die = 0; die < definition.totalDice; die++) dice.push({ face: firstFace(definition, die), marks: 0 });
  return dice;
}

function firstFace(definition: GameDefinition, die: number): string {
  for (const pool of definition.pools) if (die >= pool.first && die < pool.first + pool.count) return pool.faces[0] ?? '';
  return '';
}

/** Batch mode runs the programs with their calls inlined; a logged match keeps a frame per call. */
function programsOf(definition: GameDefinition, state: GameState): Program[] {
  return state.quiet ? definition.batchPrograms() : definition.programs;
}

function frameFor(state: GameState, programs: Program[], program: number): Frame {
  return newFrame(state, program, programs[program].frameSize);
}

/**
 * Runs instructions until a player must choose or the game ends. `steps`: those already counted
 * towards the step limit since the last decision (a start stopped before its first turn).
 */
export function advance(definition: GameDefinition, state: GameState, steps = 0): void {
  advanceFrom(definition, state, steps, false);
}

/**
 * `advance`, or with `beforeFirstTurn` stopped where the first turn would begin: then the steps
 * counted, or -1 when it stopped earlier (a choice of the setup, the game over).
 */
function advanceFrom(definition: GameDefinition, state: GameState, steps: number, beforeFirstTurn: boolean): number {
  // What the state's scratch may keep from one run to the next (scratch.ts).
  runStarts(state);
  const counted = run(definition, state, steps, beforeFirstTurn);
  if (beforeFirstTurn && state.turn === 0 && state.stack.length === 0 && state.pending === null && state.outcome === null) return counted;
  refreshOpenMoves(definition, state);
  return -1;
}

/** `beforeFirstTurn`: stops, returning the steps counted, where the first turn would begin. */
function run(definition: GameDefinition, state: GameState, steps: number, beforeFirstTurn: boolean): number {
  const programs = programsOf(definition, state);
  // Each program written out as one JavaScript function, when the definition was handed generated
  // code (codegen/) and this match asks for it; a null one, or none at all, the stepper below runs.
  const back = definition.generatedCode;
  const generated = back !== undefined && (state.quiet || back.kind === 'generated') ? back.programs(definition, programs) : null;
  while (state.outcome === null) {
    // In a simultaneous block, a thread paused at a choice makes way for one that has not reached its first.
    if (state.pending !== null) {
      if (state.simultaneous && switchToRunnable(state)) continue;
      return steps;
    }
    const stack = state.stack;
    const depth = stack.length;
    if (depth === 0) {
      if (state.interrupted) { resume(state); continue; }
      if (beforeFirstTurn && state.turn === 0) return steps;
      startNextTurn(definition, state, programs);
      continue;
    }
    const frame = stack[depth - 1];
    // Out of the game: the turn ends once control is back in the turn itself, out of every rule it
    // called. Within a rule inlined into the turn, it goes one instruction at a time to see when.
    let stepping = false;
    if (state.turnOver && frame.program === definition.turnProgram) {
      if (!programs[frame.program].instructions[frame.pc]?.insideCall) {
        state.stack = [];
        continue;
      }
      stepping = true;
    }
    const code = stepping || generated === null ? null : generated[frame.program];
    if (code) {
      // The same loop as below, written out for this program: it returns the steps counted, or -1 once the game stopped.
      steps = code(state, frame, stack, depth, steps);
      if (steps < 0) return steps;
      continue;
    }
    const instructions = programs[frame.program].instructions;
    let instruction: Instruction | undefined;
    try {
      // Run this frame until it pauses, calls a rule, returns, or the turn or game ends.
      for (;;) {
        if (frame.pc >= instructions.length) { stack.pop(); frameDone(state, frame); break; }
        instruction = instructions[frame.pc];
        if (instruction.counted && ++steps > stepLimit) {
          stopAtStepLimit(state, instruction);
          return steps;
        }
        if (instruction.target >= 0) {
          const test = instruction.test;
          frame.pc = test !== null && test(state, frame) ? frame.pc + 1 : instruction.target;
          if (stepping) break;
          continue;
        }
        instruction.run(state, frame);
        if (stepping || instruction.yields && (state.pending !== null || state.outcome !== null || state.stack !== stack || stack.length !== depth || state.turnOver)) break;
      }
    } catch (error) {
      stopAtFailure(state, instruction, error);
      return steps;
    }
  }
  return steps;
}

/** `programs`: the ones `run` runs (batch mode's or the logged match's). */
function startNextTurn(definition: GameDefinition, state: GameState, programs: Program[]): void {
  if (definition.turnProgram < 0) {
    finish(state, 'draw', [], 'the game has no turns', -1, 0);
    return;
  }
  const limit = state.turnLimit ?? definition.turnLimit;
  if (state.turn >= limit) {
    // `at turn limit { … }` runs once, instead of the next turn; if it ends nothing, the game stops.
    if (definition.limitProgram >= 0 && state.limitReached === undefined) {
      state.limitReached = true;
      state.turnOver = false;
      if (!state.quiet) log(state, { player: null, kind: 'turn', text: `the turn limit of ${limit} is reached`, cite: -1, at: 0 });
      state.stack.push(frameFor(state, programs, definition.limitProgram));
      return;
    }
    finish(state, 'aborted', [], `the turn limit of ${limit} was reached`, -1, 0);
    return;
  }
  // The first turn goes to the player the setup chose (or seat 0); then clockwise — unless the
  // rules said who plays next (`next turn to P`; if P is out, the next player still in after P).
  const previous = state.current;
  const named = state.nextTurn;
  // `delete` only when set: it is a call into the runtime even for a missing key, every turn.
  if (named !== undefined) delete state.nextTurn;
  if (state.turn === 0) {
    state.current = named !== undefined ? namedOrAfter(definition, state, named)
      : state.current < 0 || !state.players[state.current].active ? neighbour(state, state.seats - 1, 1) : state.current;
    state.firstSeat = state.current;
    state.round = 1;
  } else if (named === undefined && state.players[nextSeat(definition, state, previous)].active) {
    // The usual turn, to the next seat: a new round when that seat is the first. Generated code
    // starts this one itself where it can (turn-order.ts nextTurnInFrame).
    passToNextSeat(definition, state);
  } else {
    state.current = named !== undefined ? namedOrAfter(definition, state, named) : neighbour(state, state.current, definition.direction);
    // A new round when play passes the first seat again (whether or not that player is still in).
    if (placeAtTable(definition, state, state.current) <= placeAtTable(definition, state, previous)) state.round++;
  }
  beginTurn(definition, state);
  if (!state.quiet) log(state, { player: state.current, kind: 'turn', text: `turn ${state.turn}: ${playerName(state.current)}`, cite: -1, at: 0 });
  state.stack.push(frameFor(state, programs, definition.turnProgram));
}

// Module functions, not arrows made each turn: tsx (esbuild's keepNames) names every arrow it
// makes, work a random playout would pay at every turn.
function namedOrAfter(definition: GameDefinition, state: GameState, seat: number): number {
  return state.players[seat].active ? seat : neighbour(state, seat, definition.direction);
}

/** A seat's place in the turn order counted from the first seat. */
function placeAtTable(definition: GameDefinition, state: GameState, seat: number): number {
  return (((seat - state.firstSeat) * definition.direction) % state.seats + state.seats) % state.seats;
}

export function legalMoves(state: GameState, player?: number): LegalMove[] {
  const pending = player === undefined ? state.pending : pendingOf(state, player);
  const anyTime = anyTimeMoves(state, player ?? state.pending?.player);
  if (!pending || state.outcome) return anyTime;
  return [...choiceMoves(pending), ...anyTime];
}

/** The moves open at any time to `player` now (taken in turn or not). */
function anyTimeMoves(state: GameState, player: number | undefined): LegalMove[] {
  if (!state.openMoves?.length || player === undefined || state.outcome) return [];
  return state.openMoves.filter((m) => m.player === player).map((m) => ({ player, choice: m.label, kind: 'any-time' as const }));
}

function choiceMoves(pending: NonNullable<GameState['pending']>): LegalMove[] {
  const p = pending.player;
  if (pending.kind === 'select') return selectionMoves(pending);
  if (pending.kind !== 'pick') return pending.labels.map((label) => ({ player: p, choice: label, kind: 'choose' as const }));
  const moves: LegalMove[] = [];
  if (pending.picked.length < pending.need) {
    pending.labels.forEach((label, i) => { if (!pending.picked.includes(i)) moves.push({ player: p, choice: `pick ${label}`, kind: 'pick' }); });
  } else {
    moves.push({ player: p, choice: 'confirm', kind: 'confirm' });
  }
  for (const i of pending.picked) moves.push({ player: p, choice: `unpick ${pending.labels[i]}`, kind: 'unpick' });
  return moves;
}

/** Why a move cannot be played now, or null when it can. */
export function refusal(state: GameState, move: Move): Diagnostic | null {
  const at = { start: state.pending?.at ?? 0, end: state.pending?.at ?? 0 };
  if (state.outcome) return diagnostic(codes.moveGameOver, 'the game is over: no more moves', at);
  if (openMove(state, move.player, move.choice)) return null;
  if (!state.pending) return diagnostic(codes.moveIllegal, 'nobody has a choice to make right now', at);
  const pending = pendingOf(state, move.player);
  if (!pending) {
    const waiting = waitingPlayers(state);
    const whose = waiting.length > 1
      ? `${waiting.map(playerName).join(', ')} are choosing at once, not ${playerName(move.player)}`
      : `it is ${playerName(state.pending.player)}'s choice (${state.pending.prompt}), not ${playerName(move.player)}'s`;
    return diagnostic(codes.moveNotYourTurn, whose, at);
  }
  // A plain choice's answer is legal when it is one of its labels: no list of moves built (a replay
  // of every move on each keystroke spent a quarter of its time here).
  if (pending.kind !== 'pick' && pending.kind !== 'select' && pending.labels.includes(move.choice)) return null;
  if (pending.kind === 'select') {
    const refused = selectionRefusal(pending, move.choice, at);
    if (refused) return refused;
  }
  const moves = legalMoves(state, move.player);
  if (!moves.some((m) => m.choice === move.choice)) {
    return diagnostic(codes.moveIllegal, `'${move.choice}' is not a legal choice for ${pending.prompt}; the choices are: ${moves.map((m) => m.choice).join(' | ')}`, at);
  }
  return null;
}

/** Applies a legal move to `state` in place. Call `refusal` first: this assumes the move is legal. */
export function applyMoveInPlace(definition: GameDefinition, state: GameState, move: Move): void {
  const open = openMove(state, move.player, move.choice);
  if (open && !pendingOf(state, move.player)?.labels.includes(move.choice)) return takeOpenMove(definition, state, open.option, move.player);
  if (state.simultaneous) focus(state, move.player);
  const pending = state.pending!;
  if (pending.kind !== 'pick' && pending.kind !== 'select') return decide(definition, state, pending.labels.indexOf(move.choice));
  if (move.choice === 'confirm') return decide(definition, state, -1);
  if (move.choice.startsWith('pick ')) return decide(definition, state, pending.labels.indexOf(move.choice.slice(5)));
  return decide(definition, state, pending.labels.indexOf(move.choice.slice(7)), true);
}

/**
 * How many choices a bot may make now (taking back a pick excluded). Works in batch mode,
 * where no labels are built.
 */
export function choiceCount(state: GameState): number {
  const pending = state.pending;
  if (!pending) return 0;
  return pendingCount(pending) + openMoveCount(state, pending.player);
}

/** How many moves open at any time `player` has (openMovesOf's length, without the list: asked at every decision). */
function openMoveCount(state: GameState, player: number): number {
  const open = state.openMoves;
  if (!open || open.length === 0) return 0;
  let count = 0;
  for (let i = 0; i < open.length; i++) if (open[i].player === player) count++;
  return count;
}

function pendingCount(pending: NonNullable<GameState['pending']>): number {
  if (pending.kind === 'option') return pending.targets.length;
  if (pending.kind === 'value') return pending.values.length;
  if (pending.kind === 'select') return selectionChoiceCount(pending);
  return pending.picked.length < pending.need ? pending.values.length - pending.picked.length : 1;
}

function openMovesOf(state: GameState, player: number): NonNullable<GameState['openMoves']> {
  return state.openMoves?.length ? state.openMoves.filter((m) => m.player === player) : [];
}

/** A move open at any time: its block runs now, then the waiting choice is asked again. */
function takeOpenMove(definition: GameDefinition, state: GameState, option: number, player: number): void {
  state.moveCount++;
  interrupt(definition, state, programsOf(definition, state), option, player);
  advance(definition, state);
}

/** Plays the `index`-th of the `choiceCount` choices, in the order `legalMoves` lists them. */
export function applyChoiceIndex(definition: GameDefinition, state: GameState, index: number): void {
  const pending = state.pending!;
  const base = pendingCount(pending);
  if (index >= base) return takeOpenMove(definition, state, openMovesOf(state, pending.player)[index - base].option, pending.player);
  if (pending.kind === 'select') return decide(definition, state, selectionChoice(pending, index));
  if (pending.kind !== 'pick') return decide(definition, state, index);
  if (pending.picked.length >= pending.need) return decide(definition, state, -1);
  let remaining = index;
  for (let item = 0; item < pending.values.length; item++) {
    if (pending.picked.includes(item)) continue;
    if (remaining-- === 0) return decide(definition, state, item);
  }
}

/** The one place a decision changes the game: `item` indexes the pending choice (-1 confirms a pick). */
function decide(definition: GameDefinition, state: GameState, item: number, unpick = false): void {
  const pending = state.pending!;
  const frame = state.stack[state.stack.length - 1];
  state.moveCount++;
  if ((pending.kind === 'pick' || pending.kind === 'select') && item >= 0) {
    // Building the selection changes nothing else, so it can be taken back until confirmed.
    if (unpick) pending.picked = pending.picked.filter((i) => i !== item);
    else pending.picked.push(item);
    return;
  }
  if (!state.quiet) {
    const said = pending.kind === 'select' ? selectedValues({ ...pending, values: pending.labels }).join(', ') || 'nothing'
      : pending.kind === 'pick' ? pending.picked.map((i) => pending.labels[i]).join(', ') : pending.labels[item];
    // Which card one picks from a hand is the chooser's secret.
    const secret = pending.kind !== 'option' && pending.valueKind === 'card';
    log(state, {
      player: pending.player, kind: 'choice', text: `${playerName(pending.player)}: ${said} (${pending.prompt})`,
      publicText: secret ? `${playerName(pending.player)} chooses (${pending.prompt})` : undefined, cite: pending.cite, at: pending.at,
    });
  }
  if (pending.kind === 'option') {
    frame.pc = pending.targets[item];
  } else {
    frame.locals[pending.slot] = pending.kind === 'select' ? selectedValues(pending)
      : pending.kind === 'pick' ? pending.picked.map((i) => pending.values[i]) : pending.values[item];
    frame.pc++;
  }
  state.pending = null;
  // Batch mode fills this record in again at the state's next choice (frames.ts).
  if (pending.kind === 'value' || pending.kind === 'option') choiceDone(state, pending);
  advance(definition, state);
}

export type ApplyResult = { ok: true; state: GameState } | { ok: false; diagnostic: Diagnostic };

/** Pure: returns a new state, or the reason the move is refused (the input is never changed). */
export function applyMove(definition: GameDefinition, state: GameState, move: Move): ApplyResult {
  const refused = refusal(state, move);
  if (refused) return { ok: false, diagnostic: refused };
  const next = cloneState(state);
  applyMoveInPlace(definition, next, move);
  return { ok: true, state: next };
}

/**
 * A copy that shares nothing mutable with the original. Log entries are never changed once
 * written, and piece records never but for their variables (a piece that moves gets a new record:
 * grids.ts `replacePiece`), so the copy shares them, the records of pieces without variables too:
 * undo history stays cheap however long the game, and a copy of a board such as Connect Four's
 * copies the list of its pieces, not each piece.
 * Searches copy a state before every move they try (docs/api.md), so this is written for speed:
 * one shallow copy of the whole object (keys in the same order, so the copy's hash is the
 * original's), then the mutable parts replaced by copies, loops without closures. A state with
 * startGame's keys alone (and a board) is copied as startGame's literal (sameShape); any other by
 * spread, whose copies V8 gives hidden classes of their own.
 */
export function cloneState(state: GameState): GameState {
  return copyOf(state, false);
}

/** The same copy, but keeping the original's board itself: the moves played on it change that board in place (batch-api.ts startMove). */
export function cloneStateSharingBoard(state: GameState): GameState {
  return copyOf(state, true);
}

function copyOf(state: GameState, shareBoard: boolean): GameState {
  // The copy shares the state's scratch (scratch.ts); one read back from JSON gets its own first.
  scratchOf(state);
  const copy: GameState = plainShape(state) ? sameShape(state) : { ...state };
  copy.options = state.options.slice();
  copy.globals = copyValues(state.globals);
  const players = new Array(state.players.length);
  for (let i = 0; i < players.length; i++) {
    const p = state.players[i];
    players[i] = { tokens: p.tokens.slice(), vars: copyValues(p.vars), role: p.role, active: p.active, team: p.team };
  }
  copy.players = players;
  if (state.teamVars.length) copy.teamVars = state.teamVars.map(copyValues);
  if (state.zones.length) copy.zones = state.zones.map((z) => ({ tokens: z.tokens.slice(), vars: copyValues(z.vars) }));
  if (state.piles.length) copy.piles = state.piles.map((pile) => pile.slice());
  copy.revealed = state.revealed.slice();
  copy.placedBy = state.placedBy.slice();
  if (state.shownTo) copy.shownTo = state.shownTo.slice();
  copy.reserve = state.reserve.slice();
  if (state.dice.length) copy.dice = state.dice.map((d) => ({ face: d.face, marks: d.marks }));
  copy.roleDeck = state.roleDeck.slice();
  copy.stack = copyFrames(state.stack);
  copy.pending = state.pending && copyPending(state.pending);
  copy.outcome = state.outcome && { ...state.outcome, winners: state.outcome.winners.slice() };
  copy.error = state.error && { ...state.error };
  copy.log = state.log.slice();
  if (state.simultaneous) copy.simultaneous = copyBlock(state.simultaneous, copyFrame, copyPending);
  if (state.openMoves) copy.openMoves = state.openMoves.slice();
  if (state.interrupted) {
    copy.interrupted = {
      stack: state.interrupted.stack.map(copyFrame), pending: state.interrupted.pending && copyPending(state.interrupted.pending),
      ...(state.interrupted.simultaneous ? { simultaneous: copyBlock(state.interrupted.simultaneous, copyFrame, copyPending) } : {}),
    };
  }
  if (state.board && !shareBoard) {
    const board = state.board;
    // The piece records are shared where pieces have no variables (a changed piece gets a new
    // record: grids.ts replacePiece); with variables, which are set in place, each is copied. The
    // tiles' lists are shared: a turn of a tile makes new ones (grids.ts rotateTile).
    const pieces = board.pieces;
    copy.board = {
      tileKinds: board.tileKinds, tileTurns: board.tileTurns, colours: board.colours,
      pieces: pieces.length > 0 && pieces[0].vars.length > 0 ? copyPieces(pieces) : pieces.slice(),
    };
  }
  return copy;
}

/**
 * Whether `state` has no key but startGame's literal's and the board: every state is made by
 * startGame (or read from the JSON of one), so these come in startGame's order. The keys added
 * later are the optional ones of GameState.
 */
function plainShape(state: GameState): boolean {
  return state.stopAtForced === undefined && state.nextTurn === undefined && state.openMoves === undefined && state.simultaneous === undefined && state.interrupted === undefined
    && state.shownTo === undefined && state.turnLimit === undefined && state.limitReached === undefined;
}

/**
 * A shallow copy written as startGame's literal (the same keys in the same order, then the
 * board): such states, made by startGame or copied, share one hidden class, so the code reading
 * them (the engine, the generated programs) sees one shape. Copies by spread had others (the
 * first copy one, the next ones another, startGame's state a third), and changed their fields'
 * representations apart, which slowed every read of a state.
 */
function sameShape(s: GameState): GameState {
  const copy: GameState = {
    seats: s.seats, seed: s.seed, variant: s.variant, quiet: s.quiet, rng: s.rng, options: s.options, globals: s.globals, players: s.players,
    reserve: s.reserve, dice: s.dice, roleDeck: s.roleDeck, teamVars: s.teamVars, zones: s.zones, piles: s.piles, pileBase: s.pileBase,
    revealed: s.revealed, placedBy: s.placedBy, current: s.current, turn: s.turn, round: s.round, firstSeat: s.firstSeat, turnOver: s.turnOver,
    phase: s.phase, stack: s.stack, pending: s.pending, outcome: s.outcome, error: s.error, log: s.log, moveCount: s.moveCount,
    scratch: s.scratch,
  };
  if (s.board !== undefined) copy.board = s.board;
  return copy;
}

function copyPieces(pieces: PieceState[]): PieceState[] {
  const copies = new Array(pieces.length);
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    copies[i] = { kind: p.kind, owner: p.owner, cell: p.cell, captured: p.captured, vars: copyValues(p.vars) };
  }
  return copies;
}

function copyFrames(frames: Frame[]): Frame[] {
  const copies = new Array(frames.length);
  for (let i = 0; i < frames.length; i++) copies[i] = copyFrame(frames[i]);
  return copies;
}

/** Values are numbers, texts, booleans, null or lists of them: only lists need copying. */
function copyValues(values: Value[]): Value[] {
  const copies = values.slice();
  for (let i = 0; i < copies.length; i++) if (Array.isArray(copies[i])) copies[i] = copyValue(copies[i]);
  return copies;
}

function copyFrame(f: Frame): Frame {
  return { program: f.program, pc: f.pc, locals: copyValues(f.locals) };
}

function copyValue(value: Value): Value {
  return Array.isArray(value) ? value.map(copyValue) : value;
}

/**
 * Written out as literals, keys in the order every maker of a choice writes them (program.ts's
 * Pending), not by spread: a search copies the choice waiting at every move it tries, and a
 * spread copied it at a tenth of a tic-tac-toe perft's time.
 */
function copyPending(p: NonNullable<GameState['pending']>): NonNullable<GameState['pending']> {
  switch (p.kind) {
    case 'option': return { kind: p.kind, player: p.player, prompt: p.prompt, labels: p.labels.slice(), targets: p.targets.slice(), cite: p.cite, at: p.at };
    case 'value':
      return { kind: p.kind, player: p.player, prompt: p.prompt, labels: p.labels.slice(), values: copyValues(p.values), valueKind: p.valueKind, slot: p.slot, cite: p.cite, at: p.at };
    case 'pick':
      return {
        kind: p.kind, player: p.player, prompt: p.prompt, labels: p.labels.slice(), values: copyValues(p.values), valueKind: p.valueKind, slot: p.slot,
        need: p.need, picked: p.picked.slice(), cite: p.cite, at: p.at,
      };
    // The valid selections are never changed once found: the copy shares them. By spread: a
    // selection has many keys, and a search seldom copies one.
    case 'select': return { ...p, labels: p.labels.slice(), values: p.values.map(copyValue), picked: p.picked.slice() };
  }
}

export { gameOverPhase };
