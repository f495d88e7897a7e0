/**
 * Boards written out (expression.ts and statement.ts call these): a grid's cells as a constant
 * list, a cell's row and column, its pieces counted or looped over through the index of
 * occupancy.ts instead of a list of every piece, `step`, a piece's attributes, and `move` of pieces
 * in batch mode (filters over board lists: grid-filters.ts). Meanings and errors are those of
 * grids.ts / compile-grid.ts (grid-helpers.ts).
 */
import { code, empty, join, lines, type Code } from './code.ts';
import type { AST, Annotations, MemberResolution, Resolution } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import { index, number, type Tables, Unsupported } from './tables.ts';

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
function onlyGrid(definition: GameDefinition): GameDefinition['grids'][number] | null {
  return definition.grids.length === 1 ? definition.grids[0] : null;
}

/**
 * An attribute of a cell or a piece, of the value `v` (source of a value computed once), or null.
 * With a single grid, starting at cell 0, its number of columns is written in.
 */
export function boardMember(definition: GameDefinition, member: MemberResolution, v: Code): Code | null {
  const grid = onlyGrid(definition);
  switch (member.kind) {
    case 'cell-row': return grid ? code`H.rowIn(${v}, ${index(grid.columns)})` : code`H.cellRow(D, ${v})`;
    case 'cell-column': return grid ? code`H.columnIn(${v}, ${index(grid.columns)})` : code`H.cellColumn(D, ${v})`;
    case 'cell-colour': return code`H.cellColour(s, ${v})`;
    case 'cell-pieces': return code`H.piecesOn(s, D, ${v})`;
    case 'piece-owner': return code`H.pieceOwner(s, ${v})`;
    case 'piece-cell': return code`H.pieceCell(s, ${v})`;
    case 'piece-captured': return code`H.pieceCaptured(s, ${v})`;
    case 'piece-kind': return code`H.pieceKindName(s, D, ${v})`;
    case 'piece-var': return code`H.pieceVar(s, ${v}, ${index(member.index)})`;
    default: return null;
  }
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
 * A builtin of boards: `step`, `cell`, `adjacent`, `diagonal`, `pieces` (arguments evaluated and checked in
 * the closure's order); or null. `step` on a single grid is written out (stepOnGrid).
 */
export function boardCall(definition: GameDefinition, node: AST.CallExpr, a: Annotations, write: (e: AST.Expr) => Code): Code | null {
  const args = node.args;
  switch (node.callee.text) {
    case 'step': {
      if (args.length !== 3) throw new Unsupported('a call with another number of arguments');
      const grid = onlyGrid(definition);
      if (!grid) return code`H.step(D, H.cellOf(D, ${write(args[0])}), ${write(args[1])}, ${write(args[2])})`;
      return stepOnGrid(grid, definition.totalCells, args, a, write);
    }
    case 'adjacent': case 'diagonal':
      if (args.length !== 1) throw new Unsupported('a call with another number of arguments');
      return node.callee.text === 'adjacent' ? code`H.adjacent(D, H.cellOf(D, ${write(args[0])}))` : code`H.diagonal(D, H.cellOf(D, ${write(args[0])}))`;
    case 'cell': {
      if (args.length !== 3) throw new Unsupported('a call with another number of arguments');
      const named = args[0].kind === 'name' ? a.names.get(args[0]) : undefined;
      // The closure never evaluates its first argument (the grid's name, or the first grid).
      return code`H.cellIn(D, ${index(named?.kind === 'grid' ? named.index : 0)}, ${write(args[1])}, ${write(args[2])})`;
    }
    case 'pieces':
      if (args.length !== 1) throw new Unsupported('a call with another number of arguments');
      return code`H.piecesOf(s, ${write(args[0])})`;
    default: return null;
  }
}

/**
 * `step(c, dr, dc)` on the only grid of a definition (from cell 0). When each argument is a value
 * that reading again changes nothing and cannot fail (a number, a local, a global), the common case
 * is arithmetic in the caller's expression instead of three calls (V8 leaves small helpers uninlined
 * in large generated functions): a whole cell of the grid and whole steps give the cell that far
 * away, or none off the grid. Anything else (none, a step of 1.5, a value that is not a cell) takes
 * the helpers, which check the cell before reading the steps and take the steps whole, as the closure does.
 */
function stepOnGrid(grid: GameDefinition['grids'][number], cells: number, args: AST.Expr[], a: Annotations,
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

