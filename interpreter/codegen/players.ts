/**
 * `players` and `others` walked seat by seat instead of built as a list, where only their items
 * are wanted (a filter's loop, a choice's values): the seats in turn order from the current player
 * (seat order in the setup, before anyone plays), those out of the game skipped, as `playersFrom`
 * (runtime.ts) lists them.
 */
import type { AST } from '../../grammar/index.ts';
import { code, type Code } from './code.ts';
import type { GameDefinition, GameState, Value } from '../program/program.ts';

/** Which of the two lists `node` is, or null. */
export function seatList(node: AST.Expr): 'players' | 'others' | null {
  return node.kind === 'players' || node.kind === 'others' ? node.kind : null;
}

/**
 * The head of a loop over `players` or `others` binding each seat to `item` (the body and the
 * closing brace follow), or null for another list. Expressions change no seat, so the seats
 * tested while the loop runs are the ones the list would have held.
 */
export function seatLoop(node: AST.Expr): Code[] | null {
  const list = seatList(node);
  if (list === null) return null;
  return [
    code`  const seats = s.seats; const from = s.current < 0 ? 0 : s.current; const step = s.current < 0 ? 1 : D.direction;`,
    code`  for (let k = 0; k < seats; k++) {`,
    code`    const item = (((from + step * k) % seats) + seats) % seats;`,
    list === 'players' ? code`    if (!s.players[item].active) continue;` : code`    if (!s.players[item].active || item === s.current) continue;`,
  ];
}

/** `players` (or `others`) put into `into` from its start, their number returned: the values of a choice (`H.candidates`). */
export function seatsCounted(s: GameState, d: GameDefinition, into: Value[], others: boolean): number {
  const seats = s.seats;
  const from = s.current < 0 ? 0 : s.current;
  const step = s.current < 0 ? 1 : d.direction;
  let n = 0;
  for (let k = 0; k < seats; k++) {
    const seat = (((from + step * k) % seats) + seats) % seats;
    if (s.players[seat].active && !(others && seat === s.current)) into[n++] = seat;
  }
  return n;
}
