/** Copies of a state: for undo, for `applyMove`, and for searches, which copy before every move they try. */
import { scratchKey, type Frame, type GameState, type PieceState, type Value } from '../program/program.ts';
import { copyBlock } from '../runtime/simultaneous.ts';
import { scratchOf } from '../runtime/scratch.ts';

/**
 * A copy that shares nothing mutable with the original. Log entries are never changed once
 * written, and piece records never but for their variables (a piece that moves gets a new record:
 * grids.ts `replacePiece`), so the copy shares them, the records of pieces without variables too:
 * undo history stays cheap however long the game, and a copy of a board such as Connect Four's
 * copies the list of its pieces, not each piece.
 * Searches copy a state before every move they try (docs/api.md), so this is written for speed:
 * one shallow copy of the whole object (keys in the same order, so the copy's hash is the
 * original's), then the mutable parts replaced by copies, loops without closures. A state with
 * startGame's keys alone (start.ts) (and a board) is copied as startGame's literal (sameShape); any other by
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
  // The copy shares the state's scratch (scratch.ts); one read back from JSON, or cloned, gets its own first.
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
  if (state.playedBy) copy.playedBy = state.playedBy.slice();
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
    && state.shownTo === undefined && state.playedBy === undefined && state.turnLimit === undefined && state.limitReached === undefined;
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
    [scratchKey]: s[scratchKey],
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
