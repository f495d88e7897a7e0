/**
 * Filters over board lists written as loops that visit only the items that can pass (expression.ts
 * writes the rest of a filter's function, and counts a cell holding at most one piece without it):
 * a kind's pieces, a cell's pieces from the index of occupancy.ts, one row (or column) of a grid. Whatever the loop skips would have failed the
 * condition without evaluating anything that can fail or draw a number, and the filter's variable
 * is left where the whole loop would leave it: locals are part of the state and of its hash.
 */
import { code, empty, type Code } from './code.ts';
import type { AST, Annotations, MemberResolution } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import { index, local, number, type Tables } from './tables.ts';
import { piecesOfCell, rereadable } from './grid.ts';

/**
 * A filter's loop over a board list: its head (`item` bound in the body), what follows it (written
 * however the loop ended), whether `top` may stop at the first match, what its items are, and for
 * a grid's line the row (or column) every item is on.
 */
export interface BoardLoop {
  head: Code[]; after: Code; stopEarly: boolean; items: 'pieces' | 'cells';
  line?: { member: 'cell-row' | 'cell-column'; value: number };
  /** A cell's pieces: the cell, when reading it again changes nothing and cannot fail (a local, a global). */
  rereadableCell?: Code;
}

/**
 * The loop of a filter over a board list, or null for another list; `top`: the filter is `top(…)`.
 * Pieces of a kind: every piece, those of other kinds skipped; under a harmless condition that
 * asks for the owner's pieces off the board, only those, from the index. A player's pieces on the
 * board (`pieces(p)`): every piece, the others skipped. Pieces on a cell: from the
 * index, lowest number first (the list `piecesOn` would give). A grid's cells, the counts of pieces
 * read once; under a condition that first tests the row (or column) against a number, only that
 * row's cells, since the others fail that first test and evaluate nothing else.
 */
export function boardLoop(node: AST.WhereExpr, slot: number, a: Annotations, definition: GameDefinition, top: boolean,
  write: (e: AST.Expr) => Code, slotRead: (i: number) => Code): BoardLoop | null {
  const r = node.list.kind === 'name' ? a.names.get(node.list) : undefined;
  if (r?.kind === 'piece-kind') {
    const kind = index(r.index);
    const stopEarly = harmless(node.condition, a, slot);
    // The whole loop leaves the variable on the kind's last piece (if it has any).
    const last = code`  { const last = H.lastOfKind(s, ${kind}); if (last !== null) ${local(slot)} = last; }`;
    const owner = stopEarly ? offBoardOwner(node.condition, a, slot) : null;
    if (owner !== null) {
      return {
        head: [
          code`  const owner = ${write(owner)};`,
          code`  for (let i = H.firstOffBoard(s, D, ${kind}, owner); i >= 0; i = H.nextOffBoard(s, i)) {`,
          code`    const item = i;`,
        ],
        after: last,
        stopEarly,
        items: 'pieces',
      };
    }
    return {
      head: [
        code`  const P = s.board ? s.board.pieces : H.noPieces;`,
        code`  for (let i = 0; i < P.length; i++) {`,
        code`    if (P[i].kind !== ${kind}) continue;`,
        code`    const item = i;`,
      ],
      // Stopped at the first match: the variable is put where the whole loop would have left it.
      after: stopEarly && top ? code`  if (found) ${local(slot)} = H.lastOfKind(s, ${kind});` : empty,
      stopEarly,
      items: 'pieces',
    };
  }
  if (r?.kind === 'grid') {
    const grid = definition.grids[r.index];
    const found = firstLineTest(node.condition, a, slot);
    const line = found && Number.isInteger(found.value) ? found : undefined;
    const last = grid.cellBase + grid.rows * grid.columns - 1;
    const size = line?.member === 'cell-row' ? grid.rows : grid.columns;
    const [first, count, stride] = !line ? [grid.cellBase, grid.rows * grid.columns, 1]
      : line.value < 1 || line.value > size ? [0, 0, 0]
      : line.member === 'cell-row' ? [grid.cellBase + (line.value - 1) * grid.columns, grid.columns, 1]
      : [grid.cellBase + line.value - 1, grid.rows, grid.columns];
    return {
      head: [
        // Pieces on each cell, from the index taken where the run started (program.ts): the
        // condition cannot move pieces.
        code`  const counts = OC;`,
        code`  for (let k = 0; k < ${index(count)}; k++) {`,
        code`    const item = ${index(first)} + k * ${index(stride)};`,
      ],
      after: code`  ${local(slot)} = ${index(last)};`,
      stopEarly: false,
      items: 'cells',
      line,
    };
  }
  if (node.list.kind === 'call' && node.list.callee.text === 'pieces' && node.list.args.length === 1) {
    return {
      head: [
        code`  const owner = ${write(node.list.args[0])};`,
        code`  const P = s.board && typeof owner === 'number' ? s.board.pieces : H.noPieces;`,
        code`  for (let i = 0; i < P.length; i++) {`,
        code`    if (P[i].owner !== owner || P[i].cell < 0) continue;`,
        code`    const item = i;`,
      ],
      after: empty,
      stopEarly: false,
      items: 'pieces',
    };
  }
  const cell = piecesOfCell(node.list, a, write, slotRead);
  if (cell === null) return null;
  // `pieces` in a filter over cells is that filter's local.
  const rereadableCell = node.list.kind === 'name' || (node.list.kind === 'member' && rereadable(node.list.object, a)) ? cell : undefined;
  return {
    rereadableCell,
    head: [
      code`  const c = ${cell}; const n = H.onCellCount(s, D, c);`,
      // -1: not a cell of the index (none); the list as the closure reads it.
      code`  const items = n < 0 ? H.piecesOn(s, D, c) : null;`,
      code`  const m = items === null ? n : items.length;`,
      code`  let at = items === null && m > 0 ? H.firstOn(s, c) : -1;`,
      code`  for (let k = 0; k < m; k++) {`,
      code`    const item = items !== null ? items[k] : k === 0 ? at : (at = H.nextOn(s, c, at));`,
    ],
    after: empty,
    stopEarly: false,
    items: 'pieces',
  };
}

/**
 * `count(c.pieces)` as source, or null for another count: the cell of the innermost filter being
 * written (`innermost`, its slot), while it loops over a grid's line, is a cell of the board, so its
 * count is read from the counts that filter's function read once (a filter nested in it is a function of its own).
 * Another cell read from a local or a global (`rereadable`) has its count read from the index's
 * counts (`OC`, program.ts) when it is a cell (`cells`: the definition's total).
 */
export function pieceCount(node: AST.Expr, a: Annotations, write: (e: AST.Expr) => Code, loops: ReadonlyMap<number, BoardLoop>, innermost: number | undefined,
  cells: number, tables: Tables): Code | null {
  const r = node.kind === 'name' ? a.names.get(node) : node.kind === 'member' && node.object.kind === 'name' ? a.names.get(node.object) : undefined;
  const own = r?.kind === 'attribute' ? r.member.kind === 'cell-pieces' && r.slot
    : r?.kind === 'local' && node.kind === 'member' && a.members.get(node)?.kind === 'cell-pieces' ? r.slot : false;
  if (own !== false && own === innermost && loops.get(own)?.items === 'cells') return code`counts[${local(own)}]`;
  const cell = piecesOfCell(node, a, write, local);
  if (cell === null) return null;
  if (node.kind !== 'member' || !rereadable(node.object, a) || cells === 0) return code`H.pieceCount(s, D, ${cell})`;
  tables.boardIndex = true;
  return code`(${cell} >>> 0 === ${cell} && ${cell} < ${number(cells)} ? OC[${cell}] : H.pieceCount(s, D, ${cell}))`;
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

/** The terms of an `and` chain, in order. */
function terms(node: AST.Expr): AST.Expr[] {
  return node.kind === 'binary' && node.operator === 'and' ? [...terms(node.left), ...terms(node.right)] : [node];
}

/** Whether `node` is the attribute `member` of the filter's own item. */
function ownAttribute(node: AST.Expr, a: Annotations, slot: number, member: MemberResolution['kind']): boolean {
  const r = node.kind === 'name' ? a.names.get(node) : undefined;
  return r?.kind === 'attribute' && r.slot === slot && r.member.kind === member;
}

/**
 * The owner in a condition whose `and` chain has both `owner == X` and `cell == none` (either way
 * round), X being `current`, a number, a global or a local other than the filter's variable (the
 * loop changes none of them); or null. Only pieces of that owner off the board can pass it.
 */
function offBoardOwner(condition: AST.Expr, a: Annotations, slot: number): AST.Expr | null {
  const chain = terms(condition);
  const offBoard = chain.some((t) => t.kind === 'binary' && t.operator === '=='
    && ((t.right.kind === 'none' && ownAttribute(t.left, a, slot, 'piece-cell')) || (t.left.kind === 'none' && ownAttribute(t.right, a, slot, 'piece-cell'))));
  if (!offBoard) return null;
  for (const t of chain) {
    if (t.kind !== 'binary' || t.operator !== '==') continue;
    const other = ownAttribute(t.left, a, slot, 'piece-owner') ? t.right : ownAttribute(t.right, a, slot, 'piece-owner') ? t.left : null;
    if (other === null) continue;
    if (other.kind === 'current' || other.kind === 'number') return other;
    const r = other.kind === 'name' ? a.names.get(other) : undefined;
    if (r?.kind === 'global' || (r?.kind === 'local' && r.slot !== slot)) return other;
  }
  return null;
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
      return ['and', 'or', code`==`, code`!=`, '<', code`<=`, '>', code`>=`].includes(node.operator) && harmless(node.left, a, slot) && harmless(node.right, a, slot);
    case 'name': {
      const r = a.names.get(node);
      if (r?.kind === 'local' || r?.kind === 'global') return true;
      return r?.kind === 'attribute' && r.slot === slot && ['piece-owner', 'piece-cell', 'piece-captured', 'piece-kind'].includes(r.member.kind);
    }
    default: return false;
  }
}

/**
 * An attribute of the item in a filter's variable while the filter loops over a board list.
 * Pieces (a kind's, a cell's): the item is a piece number the loop took from the board, so
 * `pieceOf`'s checks (none, not a piece) cannot fail and are left out. Cells of a grid's line:
 * the row (or column) is the line's. Null for another attribute.
 */
export function loopMember(loop: BoardLoop, member: MemberResolution, slot: number): Code | null {
  if (loop.items === 'cells') return loop.line?.member === member.kind ? number(loop.line.value) : null;
  const piece = code`s.board.pieces[${local(slot)}]`;
  switch (member.kind) {
    case 'piece-owner': return code`${piece}.owner`;
    case 'piece-cell': return code`H.cellOrNone(${piece}.cell)`;
    case 'piece-captured': return code`${piece}.captured`;
    case 'piece-var': return code`${piece}.vars[${index(member.index)}]`;
    default: return null;
  }
}
