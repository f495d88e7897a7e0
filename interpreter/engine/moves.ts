/**
 * Moves: the legal ones (`legalMoves`), why one is refused (`refusal`), and playing one, by its
 * text (`applyMove`, `applyMoveInPlace`) or by index (`choiceCount`, `applyChoiceIndex`: batch
 * mode, where choices carry no labels). `decide` is the one place a decision changes the game.
 */
import { codes, diagnostic, type Diagnostic } from '../../grammar/index.ts';
import { playerName, type GameDefinition, type GameState, type LegalMove, type Move } from '../program/program.ts';
import { log } from '../runtime/runtime.ts';
import { interrupt, openMove, statusesForbidding } from '../runtime/any-time.ts';
import { focus, pendingOf, waitingPlayers } from '../runtime/simultaneous.ts';
import { choiceDone } from '../runtime/frames.ts';
import { selectedValues, selectionChoice, selectionChoiceCount, selectionMoves, selectionRefusal } from '../runtime/selection.ts';
import { advance, programsOf } from './run.ts';
import { cloneState } from './copies.ts';

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

/**
 * Why a move cannot be played now, or null when it can. A move open at any time that the player's
 * statuses close is refused saying which ones, in turn or not.
 */
export function refusal(definition: GameDefinition, state: GameState, move: Move): Diagnostic | null {
  const refused = refusalOfChoice(state, move);
  if (!refused || refused.code === codes.moveGameOver) return refused;
  const statuses = statusesForbidding(definition, state, move.player, move.choice);
  if (statuses.length === 0) return refused;
  const held = statuses.map((s) => `${s.name} (${s.count} ${definition.tokens[s.token]} or more)`);
  const which = held.length === 1 ? `the status ${held[0]}` : `the statuses ${held.slice(0, -1).join(', ')} and ${held.at(-1)}`;
  return diagnostic(codes.moveForbiddenByStatus, `${playerName(move.player)} may not take '${move.choice}': ${which} forbids it`, refused.range);
}

/** Why a move is not one of the choices open now (statuses aside), or null when it is. */
function refusalOfChoice(state: GameState, move: Move): Diagnostic | null {
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
  noteSealedAnswer(state, move);
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
 * In a logged game's simultaneous block, keeps what each player's view is replayed from: the game
 * before the first answer, and every move since with whether all may see it (view.ts).
 */
function noteSealedAnswer(state: GameState, move: Move): void {
  const block = state.simultaneous ?? state.interrupted?.simultaneous;
  if (!block || state.quiet) return;
  block.opening ??= cloneState(state);
  const anyTime = !state.simultaneous || (openMove(state, move.player, move.choice) !== undefined && !pendingOf(state, move.player)?.labels.includes(move.choice));
  block.answers.push({ move, public: anyTime });
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
  const refused = refusal(definition, state, move);
  if (refused) return { ok: false, diagnostic: refused };
  const next = cloneState(state);
  applyMoveInPlace(definition, next, move);
  return { ok: true, state: next };
}
