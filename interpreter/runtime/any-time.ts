/**
 * Statuses and moves open at any time. A status (from `thresholds`) is held while a player has at
 * least so many of a token, and closes the options it forbids. A move open at any time ("in un
 * qualunque momento … può dichiarare la vittoria") is offered to each allowed player whenever the
 * game waits for a choice, in turn or not; taking it runs its block, then the waiting choice is
 * asked again. The moves open are worked out each time the game pauses and kept in the state, so
 * listing legal moves needs nothing but the state.
 */
import type { Frame, GameDefinition, GameState, Program } from '../program/program.ts';
import { playerName } from '../program/program.ts';
import { log } from './runtime.ts';
import { reopenSelections } from './selection.ts';

/** The statuses a player holds now. */
export function statusesOf(definition: GameDefinition, tokens: number[]): string[] {
  return definition.statuses.filter((s) => tokens[s.token] >= s.count).map((s) => s.name);
}

/** The option labels closed to a player by their statuses, or null when none is. */
export function forbiddenLabels(definition: GameDefinition, state: GameState, player: number): Set<string> | null {
  let closed: Set<string> | null = null;
  for (const status of definition.statuses) {
    if (status.forbid.length === 0 || state.players[player].tokens[status.token] < status.count) continue;
    closed ??= new Set();
    for (const label of status.forbid) closed.add(label);
  }
  return closed;
}

/**
 * Each move open at any time and each player it is offered to now, statuses aside: the game waits
 * for a choice (not during the setup, nor while such a move is carried out), the player is among
 * the move's players, still in the game, and the move's condition holds for them.
 */
function offered(definition: GameDefinition, state: GameState, visit: (option: number, player: number) => void): void {
  if (!state.pending || state.outcome || state.interrupted || state.turn <= 0) return;
  definition.anyTime.forEach((move, option) => {
    const frame: Frame = { program: move.program, pc: 0, locals: new Array(move.frameSize).fill(null) };
    for (const player of move.players(state, frame) as number[]) {
      if (!state.players[player]?.active) continue;
      frame.locals[move.slot] = player;
      if (move.condition && !move.condition(state, frame)) continue;
      visit(option, player);
    }
  });
}

/** Works out the moves open at any time, now that the game waits (none during the setup, or while one is carried out). */
export function refreshOpenMoves(definition: GameDefinition, state: GameState): void {
  if (definition.anyTime.length === 0) return;
  const open: NonNullable<GameState['openMoves']> = [];
  offered(definition, state, (option, player) => {
    const label = definition.anyTime[option].label;
    if (!forbiddenLabels(definition, state, player)?.has(label)) open.push({ player, option, label });
  });
  state.openMoves = open;
}

/**
 * The statuses of `player` that close the move open at any time labelled `label`, which would be
 * offered to them now but for those statuses; empty when none does.
 */
export function statusesForbidding(definition: GameDefinition, state: GameState, player: number, label: string): GameDefinition['statuses'] {
  let offeredNow = false;
  offered(definition, state, (option, who) => { if (who === player && definition.anyTime[option].label === label) offeredNow = true; });
  if (!offeredNow) return [];
  return definition.statuses.filter((s) => s.forbid.includes(label) && state.players[player].tokens[s.token] >= s.count);
}

/** The open move of `player` with this label, if any. */
export function openMove(state: GameState, player: number, label: string): { option: number } | undefined {
  return state.openMoves?.find((m) => m.player === player && m.label === label);
}

/** Sets aside what was waiting, and starts the move's block for `player`. */
export function interrupt(definition: GameDefinition, state: GameState, programs: Program[], option: number, player: number): void {
  const move = definition.anyTime[option];
  state.interrupted = { stack: state.stack, pending: state.pending, ...(state.simultaneous ? { simultaneous: state.simultaneous } : {}) };
  delete state.simultaneous;
  state.pending = null;
  state.openMoves = [];
  const frame: Frame = { program: move.program, pc: 0, locals: new Array(programs[move.program].frameSize).fill(null) };
  frame.locals[move.slot] = player;
  state.stack = [frame];
  if (!state.quiet) log(state, { player, kind: 'choice', text: `${playerName(player)}: ${move.label} (a move open at any time)`, cite: move.cite, at: 0 });
}

/** The move's block is over: the choice that was waiting is asked again. */
export function resume(state: GameState): void {
  const before = state.interrupted!;
  state.stack = before.stack;
  state.pending = before.pending;
  if (before.simultaneous) state.simultaneous = before.simultaneous;
  delete state.interrupted;
  reopenSelections(state);
}
