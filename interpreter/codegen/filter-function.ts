/**
 * The function a filter (`L where C`) is written as, its list's loop and its condition written by
 * expression.ts: what it does with each item that passes (a list, a count, the first one, a
 * choice's candidates), and where it leaves the filter's variable — where the whole loop over the
 * list would, since locals are part of the state and of its hash. And a count of a cell's pieces
 * made without that function where the cell holds one piece or none.
 */
import { code, join, lines, split, type Code } from './code.ts';
import type { AST, Annotations } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import type { BoardLoop } from './grid-filters.ts';
import { poolDice, type FilterUse } from './pools.ts';
import { seatLoop } from './players.ts';
import { index, local, type Tables } from './tables.ts';

/** A call in generated source: a name or a closing bracket right before an opening parenthesis. */
const callInSource = /[\w$\]]\(/;

/**
 * Adds the filter's function to `tables` and returns its name. The condition reads the item from
 * `item`, the same value as the variable. A condition that calls nothing and reads no other slot
 * can neither fail nor see the variable otherwise: then the variable is set once, after the loop,
 * to the last item (`last`), not at every item. A loop over a grid's cells sets it after the loop
 * anyway (grid-filters.ts): there `some` (a count compared with 0 or 1) stops at the first item
 * found, skipping only what changes nothing.
 */
export function writeFilterFunction(tables: Tables, as: FilterUse, slot: number, loop: readonly Code[], board: BoardLoop | null, condition: Code): Code {
  const own = join(split(condition, local(slot)), code`item`);
  const once = !own.includes('L[') && !callInSource.test(own);
  const tracked = once && board?.items !== 'cells';
  const counting = as === 'count' || as === 'some';
  const start = as === 'filter' ? code`  const r = [];` : counting ? code`  let r = 0;` : as === 'into' ? code`  let n = 0;` : code`  let r = null; let found = false;`;
  const take = as === 'filter' ? code`r.push(item)` : as === 'into' ? code`r[n++] = item`
    : counting ? (as === 'some' && once && board?.items === 'cells' ? code`{ r = 1; break; }` : code`r++`)
    : board?.stopEarly ? code`{ r = item; found = true; break; }` : code`{ if (!found) { r = item; found = true; } }`;
  return tables.function((fn) => lines([
    as === 'into' ? code`function ${fn}(s, f, L, r) {` : code`function ${fn}(s, f, L) {`,
    start,
    ...(tracked ? [code`  let last = ${local(slot)};`] : []),
    ...loop,
    ...(once ? (tracked ? [code`    last = item;`] : []) : [code`    ${local(slot)} = item;`]),
    code`    if (${own}) ${take};`,
    code`  }`,
    ...(tracked ? [code`  ${local(slot)} = last;`] : []),
    // A loop that skips items or stops early says where the whole loop would have left the variable.
    ...(board?.after ? [board.after] : []),
    as === 'into' ? code`  return n;` : code`  return r;`,
    code`}`,
  ]));
}

/**
 * `count(c.pieces where C)` of a cell read from a local or a global (`cell`; `cells`: the
 * definition's total): a cell holding one piece (or none) is counted here, without the filter's
 * function `name`: its piece bound to the variable, the condition evaluated once, as the loop
 * would. The piece is read from the index's arrays (`OC`, `OF`: program.ts), and by the condition
 * from the temporary it is in as well as the variable (written just before: the same value).
 */
export function soleCount(tables: Tables, cells: number, slot: number, cell: Code, condition: Code, name: Code): Code {
  const sole = tables.temporary();
  return code`(${sole} = ${cell} >>> 0 === ${cell} && ${cell} < ${index(cells)} ? (OC[${cell}] === 1 ? OF[${cell}] : OC[${cell}] === 0 ? -1 : -2) : -2, ${sole} >= 0 ? (${local(slot)} = ${sole}, (${join(split(condition, local(slot)), sole)}) ? 1 : 0) : ${sole} === -1 ? 0 : ${name}(s, f, L))`;
}

/**
 * The head of a loop over a list known without building it (`players`, `others`, a pool's
 * dice), binding each item to `item` as a loop over the built list would; null for another list.
 */
export function listLoop(definition: GameDefinition, node: AST.Expr, a: Annotations): Code[] | null {
  const seats = seatLoop(node);
  if (seats !== null) return seats;
  const r = node.kind === 'name' ? a.names.get(node) : undefined;
  if (r?.kind !== 'pool') return null;
  const { first, end } = poolDice(definition, r.name);
  return [code`  for (let item = ${index(first)}; item < ${index(end)}; item++) {`];
}
