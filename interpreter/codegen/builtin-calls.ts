/**
 * The code generator's half of the table of builtin functions: for each name of the grammar's
 * builtin table, the source of a call of it, or `notWritten` (its closure runs). Typed over the
 * same names as the stepper's half (lowering/builtin-calls.ts), the arity the grammar's; the
 * values are those of runtime/builtin-values.ts, which both call. Each writer writes the arguments
 * it evaluates in order (`args`), as the closure compiles them: the tables' indices follow that order.
 */
import type { Annotations, AST, BuiltinName } from '../../grammar/index.ts';
import type { GameDefinition } from '../program/program.ts';
import { regionsOfMap } from '../runtime/builtin-values.ts';
import { code, lines, type Code } from './code.ts';
import { notWritten } from './builtin-members.ts';
import { onlyGrid, stepOnGrid } from './grid.ts';
import { index, Unsupported, type Tables } from './tables.ts';

/** A call being written. */
export interface CallSite {
  node: AST.CallExpr;
  a: Annotations;
  definition: GameDefinition;
  tables: Tables;
  /** An argument written in the caller's function. */
  write(e: AST.Expr): Code;
  /** An argument written for a function of its own (where a goal's `T` is not). */
  writeOwn(e: AST.Expr): Code;
  /** The program's function of the roles' goals, or null when their closures run (goals.ts). */
  goals(): Code | null;
}

type CallWriting = ((site: CallSite) => Code) | typeof notWritten;

/** Every argument written, in order. */
const args = ({ node, write }: CallSite): Code[] => node.args.map(write);

export const callWritings: { readonly [K in BuiltinName]: CallWriting } = {
  count: (site) => { const [x] = args(site); return code`H.count(${x})`; },
  faces: (site) => { const [x] = args(site); return code`H.faces(s, ${x})`; },
  distinct: (site) => {
    // `distinct(faces(L))`: the faces' list is only looked through, no list of them built.
    const inner = site.node.args[0];
    if (inner.kind === 'call' && inner.callee.text === 'faces' && inner.args.length === 1) return code`H.distinctFaces(s, ${site.writeOwn(inner.args[0])})`;
    const [x] = args(site);
    return code`H.distinct(${x})`;
  },
  left: (site) => { const [x] = args(site); return code`H.neighbour(s, H.playerIndex(${x}), 1)`; },
  right: (site) => { const [x] = args(site); return code`H.neighbour(s, H.playerIndex(${x}), -1)`; },
  meetsGoal: (site) => {
    const [x] = args(site);
    const goals = site.goals();
    return goals === null ? code`H.meetsGoal(s, D, H.playerIndex(${x}))` : code`${goals}(s, H.playerIndex(${x}))`;
  },
  // A function of its own: the token's name first, then the holder only when the token is known (as the closure does).
  held: ({ node, tables, writeOwn }) => {
    const holder = writeOwn(node.args[0]);
    const token = writeOwn(node.args[1]);
    const name = tables.function((fn) => lines([
      code`function ${fn}(s, f, L) {`,
      code`  const t = D.tokens.indexOf(${token});`,
      code`  return t < 0 ? 0 : H.holdings(s, H.holderIndex(${holder}))[t];`,
      code`}`,
    ]));
    return code`${name}(s, f, L)`;
  },
  top: (site) => { const [x] = args(site); return code`H.top(${x})`; },
  bottom: (site) => { const [x] = args(site); return code`H.bottom(${x})`; },
  members: (site) => { const [x] = args(site); return code`H.teamMembers(s, D, ${x})`; },
  teammates: (site) => { const [x] = args(site); return code`H.teammates(s, D, ${x})`; },
  opponents: (site) => { const [x] = args(site); return code`H.opponents(s, D, ${x})`; },
  sum: (site) => { const [x] = args(site); return code`H.sum(${x})`; },
  values: (site) => { const [x] = args(site); return code`H.values(s, ${x})`; },
  take: (site) => { const [x, y] = args(site); return code`H.take(${x}, ${y})`; },
  item: (site) => { const [x, y] = args(site); return code`H.item(${x}, ${y})`; },
  min: (site) => { const [x, y] = args(site); return code`Math.min(${x}, ${y})`; },
  max: (site) => { const [x, y] = args(site); return code`Math.max(${x}, ${y})`; },
  range: (site) => { const [x, y] = args(site); return code`H.range(${x}, ${y})`; },
  random: (site) => { const [x] = args(site); return code`H.random(s, ${x})`; },
  pairsWon: notWritten,
  neighbours: (site) => { const [x] = args(site); return code`H.neighbours(D, ${x})`; },
  territories: (site) => { const [x] = args(site); return code`H.territories(D, ${x})`; },
  // The checker made sure a map is named: its regions are a constant list.
  regions: ({ node, definition, tables }) => {
    const map = node.args[0];
    if (map.kind !== 'name') throw new Unsupported("the function 'regions' is left to its closure");
    return tables.constant(regionsOfMap(definition, map.name));
  },
  owns: (site) => { const [x, y] = args(site); return code`H.owns(s, D, ${x}, ${y})`; },
  // The closure never evaluates its first argument (the grid's name, or the first grid).
  cell: ({ node, a, write }) => {
    const named = node.args[0].kind === 'name' ? a.names.get(node.args[0]) : undefined;
    return code`H.cellIn(D, ${index(named?.kind === 'grid' ? named.index : 0)}, ${write(node.args[1])}, ${write(node.args[2])})`;
  },
  tile: notWritten,
  tiles: notWritten,
  adjacent: ({ node, write }) => code`H.adjacent(D, H.cellOf(D, ${write(node.args[0])}))`,
  diagonal: ({ node, write }) => code`H.diagonal(D, H.cellOf(D, ${write(node.args[0])}))`,
  // On a single grid written out (stepOnGrid); the arguments checked in the closure's order.
  step: (site) => {
    const grid = onlyGrid(site.definition);
    if (grid) return stepOnGrid(grid, site.definition.totalCells, site.node.args, site.a, site.write);
    const [cell, rows, columns] = args(site);
    return code`H.step(D, H.cellOf(D, ${cell}), ${rows}, ${columns})`;
  },
  bordering: notWritten,
  reachable: notWritten,
  pieces: ({ node, write }) => code`H.piecesOf(s, ${write(node.args[0])})`,
};
