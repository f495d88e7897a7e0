/**
 * Boards written out (expression.ts, statement.ts and the table of builtins call these): a grid's
 * cells as a constant list, its pieces counted or looped over through the index of occupancy.ts
 * instead of a list of every piece, `step` on a single grid, and `move` of pieces in batch mode
 * (filters over board lists: grid-filters.ts; members and calls: builtin-members.ts,
 * builtin-calls.ts). Meanings and errors are those of grids.ts / compile-grid.ts (grid-helpers.ts).
 */
import { code, join, type Code } from './code.ts';
import type { AST, Annotations, Resolution } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import { index, number, type Tables } from './tables.ts';

/** A grid (its cells) or a kind of pieces named in the rules, or null for another name. */
export function boardName(definition: GameDefinition, tables: Tables, r: Resolution): Code | null {
  if (r.kind === 'grid') {
    const grid = definition.grids[r.index];
    // The closure returns one list for every call, read only: so does this.
    return tables.constant(Array.from({ length: grid.rows * grid.columns }, (_, i) => grid.cellBase + i));
  }
  if (r.kind === 'piece-kind') return code`H.piecesOfKind(s, ${index(r.index)})`;
  return null;
}

/** The only grid of the definition, or null when it has none or several (then a cell's grid is looked up at run time). */
export function onlyGrid(definition: GameDefinition): GameDefinition['grids'][number] | null {
  return definition.grids.length === 1 ? definition.grids[0] : null;
}

/** The cell whose pieces `node` reads (`c.pieces`, or `pieces` in a filter over cells), as source; or null. */
export function piecesOfCell(node: AST.Expr, a: Annotations, write: (e: AST.Expr) => Code, slotRead: (slot: number) => Code): Code | null {
  if (node.kind === 'member') {
    return a.members.get(node)?.kind === 'cell-pieces' ? write(node.object) : null;
  }
  if (node.kind === 'name') {
    const r = a.names.get(node);
    return r?.kind === 'attribute' && r.member.kind === 'cell-pieces' ? slotRead(r.slot) : null;
  }
  return null;
}

/**
 * `step(c, dr, dc)` on the only grid of a definition (from cell 0). When each argument is a value
 * that reading again changes nothing and cannot fail (a number, a local, a global), the common case
 * is arithmetic in the caller's expression instead of three calls (V8 leaves small helpers uninlined
 * in large generated functions): a whole cell of the grid and whole steps give the cell that far
 * away, or none off the grid. Anything else (none, a step of 1.5, a value that is not a cell) takes
 * the helpers, which check the cell before reading the steps and take the steps whole, as the closure does.
 */
export function stepOnGrid(grid: GameDefinition['grids'][number], cells: number, args: AST.Expr[], a: Annotations,
  write: (e: AST.Expr) => Code): Code {
  // Every argument is written (and compiled) in order, as the closure compiles them.
  const [cell, dr, dc] = args.map(write);
  const [rows, columns] = [index(grid.rows), index(grid.columns)];
  // The steps taken whole after the cell's check; a number written in the rules, here.
  const steps = [args[1], args[2]].map((e, i) => {
    const value = literal(e);
    return value === null ? code`H.whole(${i === 0 ? dr : dc})` : number(Math.trunc(value));
  });
  const helpers = code`H.stepIn(H.cellOf(D, ${cell}), ${steps[0]}, ${steps[1]}, ${rows}, ${columns})`;
  if (!args.every((e) => rereadable(e, a))) return helpers;
  // A number written in the rules is known whole; one outside 32 bits is checked like a variable (and goes to the helpers).
  const [rowStep, columnStep] = [args[1], args[2]].map((e, i) => {
    const value = literal(e);
    const whole = value === null ? null : Math.trunc(value);
    return { source: whole === null ? (i === 0 ? dr : dc) : number(whole), known: whole !== null && (whole | 0) === whole };
  });
  // `c >>> 0 === c`: a whole number from 0 (none, -1, 1.5, a text fail it).
  const whole = [code`${cell} >>> 0 === ${cell}`, code`${cell} < ${index(cells)}`,
    ...[rowStep, columnStep].filter((x) => !x.known).map((x) => code`(${x.source} | 0) === ${x.source}`)];
  // Row and column from 0, plus the step, within the grid: `>>> 0` makes a negative sum too large.
  const inside = [
    code`((${cell} / ${columns} | 0) + ${rowStep.source}) >>> 0 < ${rows}`,
    code`(${cell} % ${columns} + ${columnStep.source}) >>> 0 < ${columns}`,
  ];
  return code`(${join(whole, code` && `)} ? (${join(inside, code` && `)} ? ${cell} + (${rowStep.source} * ${columns} + ${columnStep.source}) : null) : ${helpers})`;
}

/** A number written in the rules (`2`, `-1`), or null. */
function literal(e: AST.Expr): number | null {
  if (e.kind === 'number') return e.value;
  if (e.kind === 'unary' && e.operator === '-' && e.operand.kind === 'number') return -e.operand.value;
  return null;
}

/** Whether evaluating `e` again gives the same value, fails nowhere and changes nothing: a number, a local or a global. */
export function rereadable(e: AST.Expr, a: Annotations): boolean {
  if (literal(e) !== null) return true;
  const r = e.kind === 'name' ? a.names.get(e) : undefined;
  return r?.kind === 'local' || r?.kind === 'global';
}

/** `move x to c` of pieces, in batch mode: the cell read and checked first, then the pieces (as the closure). */
export function movePieces(node: AST.MoveCardsStmt, a: Annotations, write: (e: AST.Expr) => Code): Code | null {
  const moved = a.types.get(node.cards);
  if (moved !== 'piece' && moved !== 'list<piece>') return null;
  return code`H.movePieces(s, H.cellTarget(D, ${write(node.to)}), ${write(node.cards)});`;
}

