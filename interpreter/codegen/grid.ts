/**
 * Boards written out (expression.ts and statement.ts call these): a grid's cells as a constant
 * list, a cell's row and column, its pieces counted or looped over through the index of
 * occupancy.ts instead of a list of every piece, `step`, a piece's attributes, and `move` of pieces
 * in batch mode. Meanings and errors are those of grids.ts / compile-grid.ts (grid-helpers.ts).
 */
import type { AST, Annotations, MemberResolution, Resolution } from '../../grammar/index.ts';
import type { GameDefinition } from '../program.ts';
import { index, local, type Tables, Unsupported } from './tables.ts';

/** A grid (its cells) or a kind of pieces named in the rules, or null for another name. */
export function boardName(definition: GameDefinition, tables: Tables, r: Resolution): string | null {
  if (r.kind === 'grid') {
    const grid = definition.grids[r.index];
    // The closure returns one list for every call, read only: so does this.
    return tables.constant(Array.from({ length: grid.rows * grid.columns }, (_, i) => grid.cellBase + i));
  }
  if (r.kind === 'piece-kind') return `H.piecesOfKind(s, ${index(r.index)})`;
  return null;
}

/** An attribute of a cell or a piece, of the value `v` (source of a value computed once), or null. */
export function boardMember(member: MemberResolution, v: string): string | null {
  switch (member.kind) {
    case 'cell-row': return `H.cellRow(D, ${v})`;
    case 'cell-column': return `H.cellColumn(D, ${v})`;
    case 'cell-colour': return `H.cellColour(s, ${v})`;
    case 'cell-pieces': return `H.piecesOn(s, D, ${v})`;
    case 'piece-owner': return `H.pieceOwner(s, ${v})`;
    case 'piece-cell': return `H.pieceCell(s, ${v})`;
    case 'piece-captured': return `H.pieceCaptured(s, ${v})`;
    case 'piece-kind': return `H.pieceKindName(s, D, ${v})`;
    case 'piece-var': return `H.pieceVar(s, ${v}, ${index(member.index)})`;
    default: return null;
  }
}

/** The cell whose pieces `node` reads (`c.pieces`, or `pieces` in a filter over cells), as source; or null. */
export function piecesOfCell(node: AST.Expr, a: Annotations, write: (e: AST.Expr) => string, slotRead: (slot: number) => string): string | null {
  if (node.kind === 'member') {
    return a.members.get(node)?.kind === 'cell-pieces' ? write(node.object) : null;
  }
  if (node.kind === 'name') {
    const r = a.names.get(node);
    return r?.kind === 'attribute' && r.member.kind === 'cell-pieces' ? slotRead(r.slot) : null;
  }
  return null;
}

/** A builtin of boards: `step`, `cell`, `adjacent`, `diagonal` (arguments evaluated and checked in the closure's order); or null. */
export function boardCall(node: AST.CallExpr, a: Annotations, write: (e: AST.Expr) => string): string | null {
  const args = node.args;
  switch (node.callee.text) {
    case 'step':
      if (args.length !== 3) throw new Unsupported('a call with another number of arguments');
      return `H.step(D, H.cellOf(D, ${write(args[0])}), ${write(args[1])}, ${write(args[2])})`;
    case 'adjacent': case 'diagonal':
      if (args.length !== 1) throw new Unsupported('a call with another number of arguments');
      return `H.${node.callee.text}(D, H.cellOf(D, ${write(args[0])}))`;
    case 'cell': {
      if (args.length !== 3) throw new Unsupported('a call with another number of arguments');
      const named = args[0].kind === 'name' ? a.names.get(args[0]) : undefined;
      // The closure never evaluates its first argument (the grid's name, or the first grid).
      return `H.cellIn(D, ${index(named?.kind === 'grid' ? named.index : 0)}, ${write(args[1])}, ${write(args[2])})`;
    }
    default: return null;
  }
}

/** A filter's loop over a board list: its head (`item` bound in the body), what follows it, whether `top` may stop at the first match. */
export interface BoardLoop { head: string[]; after: string; stopEarly: boolean; pieces: boolean }

/**
 * The loop of a filter over a board list, or null for another list. Pieces of a kind: every piece,
 * those of other kinds skipped. Pieces on a cell: from the index, lowest number first (the list
 * `piecesOn` would give). A grid's cells under a condition that first tests the row (or column)
 * against a number: only that row's cells, since the others fail that first test and evaluate
 * nothing else; the filter's variable is left on the grid's last cell, as the whole loop leaves it.
 */
export function boardLoop(node: AST.WhereExpr, slot: number, a: Annotations, definition: GameDefinition, write: (e: AST.Expr) => string, slotRead: (i: number) => string): BoardLoop | null {
  const r = node.list.kind === 'name' ? a.names.get(node.list) : undefined;
  if (r?.kind === 'piece-kind') {
    const stopEarly = harmless(node.condition, a, slot);
    return {
      head: [
        '  const P = s.board ? s.board.pieces : H.noPieces;',
        '  for (let i = 0; i < P.length; i++) {',
        `    if (P[i].kind !== ${index(r.index)}) continue;`,
        '    const item = i;',
      ],
      // Stopped at the first match: the variable is left where the whole loop would leave it.
      after: stopEarly ? `  if (found) ${local(slot)} = H.lastOfKind(s, ${index(r.index)});` : '',
      stopEarly,
      pieces: true,
    };
  }
  if (r?.kind === 'grid') {
    const grid = definition.grids[r.index];
    const line = firstLineTest(node.condition, a, slot);
    if (!line || !Number.isInteger(line.value)) return null;
    const last = grid.cellBase + grid.rows * grid.columns - 1;
    const size = line.member === 'cell-row' ? grid.rows : grid.columns;
    const [first, count, stride] = line.value < 1 || line.value > size ? [0, 0, 0]
      : line.member === 'cell-row' ? [grid.cellBase + (line.value - 1) * grid.columns, grid.columns, 1]
      : [grid.cellBase + line.value - 1, grid.rows, grid.columns];
    return {
      head: [`  for (let k = 0; k < ${index(count)}; k++) {`, `    const item = ${index(first)} + k * ${index(stride)};`],
      after: `  ${local(slot)} = ${index(last)};`,
      stopEarly: false,
      pieces: false,
    };
  }
  const cell = piecesOfCell(node.list, a, write, slotRead);
  if (cell === null) return null;
  return {
    head: [
      `  const c = ${cell}; const n = H.onCellCount(s, D, c);`,
      // -1: not a cell of the index (none); the list as the closure reads it.
      '  const items = n < 0 ? H.piecesOn(s, D, c) : null;',
      '  const m = items === null ? n : items.length;',
      '  let at = items === null && m > 0 ? H.firstOn(c) : -1;',
      '  for (let k = 0; k < m; k++) {',
      '    const item = items !== null ? items[k] : k === 0 ? at : (at = H.nextOn(s, c, at));',
    ],
    after: '',
    stopEarly: false,
    pieces: true,
  };
}

/** `row == N` (or `column == N`) on the filter's cell, first of an `and` chain (or alone). */
function firstLineTest(node: AST.Expr, a: Annotations, slot: number): { member: 'cell-row' | 'cell-column'; value: number } | null {
  let first = node;
  while (first.kind === 'binary' && first.operator === 'and') first = first.left;
  if (first.kind !== 'binary' || first.operator !== '==') return null;
  const [attribute, constant] = first.right.kind === 'number' ? [first.left, first.right] : [first.right, first.left];
  if (constant.kind !== 'number' || attribute.kind !== 'name') return null;
  const resolved = a.names.get(attribute);
  if (resolved?.kind !== 'attribute' || resolved.slot !== slot) return null;
  const member = resolved.member.kind;
  return member === 'cell-row' || member === 'cell-column' ? { member, value: constant.value } : null;
}

/**
 * Whether a condition on a piece of a kind can neither fail nor draw a random number, so that
 * `top` may stop at the first match: comparisons, `and`/`or`/`not`, numbers, `none`, `current`,
 * locals and globals, and the owner, cell, capture and kind of the piece itself.
 */
function harmless(node: AST.Expr, a: Annotations, slot: number): boolean {
  switch (node.kind) {
    case 'number': case 'bool': case 'none': case 'current': return true;
    case 'unary': return node.operator === 'not' && harmless(node.operand, a, slot);
    case 'binary':
      return ['and', 'or', '==', '!=', '<', '<=', '>', '>='].includes(node.operator) && harmless(node.left, a, slot) && harmless(node.right, a, slot);
    case 'name': {
      const r = a.names.get(node);
      if (r?.kind === 'local' || r?.kind === 'global') return true;
      return r?.kind === 'attribute' && r.slot === slot && ['piece-owner', 'piece-cell', 'piece-captured', 'piece-kind'].includes(r.member.kind);
    }
    default: return false;
  }
}

/** `move x to c` of pieces, in batch mode: the cell read and checked first, then the pieces (as the closure). */
export function movePieces(node: AST.MoveCardsStmt, a: Annotations, write: (e: AST.Expr) => string): string | null {
  const moved = a.types.get(node.cards);
  if (moved !== 'piece' && moved !== 'list<piece>') return null;
  return `H.movePieces(s, H.cellTarget(D, ${write(node.to)}), ${write(node.cards)});`;
}

/**
 * An attribute of the piece in a filter's variable while the filter loops over pieces (a kind's,
 * a cell's): the item is a piece number the loop took from the board, so `pieceOf`'s checks
 * (none, not a piece) cannot fail and are left out. Null for another attribute.
 */
export function loopPieceMember(member: MemberResolution, slot: number): string | null {
  const piece = `s.board.pieces[${local(slot)}]`;
  switch (member.kind) {
    case 'piece-owner': return `${piece}.owner`;
    case 'piece-cell': return `H.cellOrNone(${piece}.cell)`;
    case 'piece-captured': return `${piece}.captured`;
    default: return null;
  }
}
