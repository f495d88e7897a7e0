/**
 * The stepper's half of the table of builtin functions: for each name of the grammar's builtin
 * table, the closure a call of it becomes. The code generator's half (codegen/builtin-calls.ts) is
 * typed over the same names, so a builtin missing from either does not compile. What the values
 * are is runtime/builtin-values.ts's, shared by both.
 */
import type { Annotations, AST, BuiltinName } from '../../grammar/index.ts';
import { holdings, type Evaluate, type Frame, type GameDefinition, type GameState } from '../program/program.ts';
import { boardCall } from '../runtime/grids.ts';
import { neighbour } from '../runtime/runtime.ts';
import { asList, faceValue, holderIndex, playerIndex } from '../runtime/values.ts';
import * as value from '../runtime/builtin-values.ts';

/** A call being lowered: its node, its arguments compiled in order (`arg(i)`: none past the last). */
export interface CallSite {
  node: AST.CallExpr;
  definition: GameDefinition;
  annotations: Annotations;
  args: Evaluate[];
  arg(i: number): Evaluate;
}

type CallEvaluation = (site: CallSite) => Evaluate;

/** A builtin of boards: grids.ts makes its closure, the first argument naming the grid where one is named. */
const board = (name: BuiltinName): CallEvaluation => ({ node, definition, annotations, args }) => {
  const first = node.args[0];
  const named = first?.kind === 'name' ? annotations.names.get(first) : undefined;
  return boardCall(definition, name, args, named?.kind === 'grid' ? named.index : 0)!;
};

export const callEvaluations: { readonly [K in BuiltinName]: CallEvaluation } = {
  count: ({ arg }) => { const list = arg(0); return (s, f) => value.count(list(s, f)); },
  faces: ({ arg }) => { const list = arg(0); return (s, f) => value.faces(s, list(s, f)); },
  distinct: ({ arg }) => { const list = arg(0); return (s, f) => value.distinct(list(s, f)); },
  left: ({ arg }) => { const p = arg(0); return (s, f) => neighbour(s, playerIndex(p(s, f)), 1); },
  right: ({ arg }) => { const p = arg(0); return (s, f) => neighbour(s, playerIndex(p(s, f)), -1); },
  meetsGoal: ({ arg, definition }) => { const p = arg(0); return (s, f) => value.meetsGoal(s, definition, playerIndex(p(s, f))); },
  // The token's name first, then the holder only when the token is known.
  held: ({ arg, definition }) => {
    const [holder, name] = [arg(0), arg(1)];
    return (s, f) => {
      const token = definition.tokens.indexOf(name(s, f) as string);
      return token < 0 ? 0 : holdings(s, holderIndex(holder(s, f)))[token];
    };
  },
  top: ({ arg }) => { const list = arg(0); return (s, f) => value.top(list(s, f)); },
  bottom: ({ arg }) => { const list = arg(0); return (s, f) => value.bottom(list(s, f)); },
  members: ({ arg, definition }) => { const team = arg(0); return (s, f) => value.teamMembers(s, definition, team(s, f)); },
  teammates: ({ arg, definition }) => { const p = arg(0); return (s, f) => value.teammates(s, definition, p(s, f)); },
  opponents: ({ arg, definition }) => { const p = arg(0); return (s, f) => value.opponents(s, definition, p(s, f)); },
  sum: ({ arg }) => { const list = arg(0); return (s, f) => value.sum(list(s, f)); },
  values: ({ arg }) => { const list = arg(0); return (s, f) => value.values(s, list(s, f)); },
  take: ({ arg }) => { const [list, n] = [arg(0), arg(1)]; return (s, f) => value.take(list(s, f), n(s, f)); },
  item: ({ arg }) => { const [list, n] = [arg(0), arg(1)]; return (s, f) => value.itemOf(list(s, f), n(s, f)); },
  min: ({ arg }) => { const [a, b] = [arg(0), arg(1)]; return (s, f) => Math.min(a(s, f) as number, b(s, f) as number); },
  max: ({ arg }) => { const [a, b] = [arg(0), arg(1)]; return (s, f) => Math.max(a(s, f) as number, b(s, f) as number); },
  range: ({ arg }) => { const [from, to] = [arg(0), arg(1)]; return (s, f) => value.range(from(s, f), to(s, f)); },
  random: ({ arg }) => { const list = arg(0); return (s, f) => value.random(s, list(s, f)); },
  pairsWon: ({ node, annotations, arg }) => {
    // Dice count by the number they show; the checker lets plain numbers through too.
    const numbers = (e: AST.Expr, read: Evaluate) => annotations.types.get(e) === 'list<die>'
      ? (s: GameState, f: Frame) => asList(read(s, f)).map((die) => faceValue(s.dice[die as number].face))
      : (s: GameState, f: Frame) => asList(read(s, f)) as number[];
    const a = numbers(node.args[0], arg(0));
    const b = numbers(node.args[1], arg(1));
    return (s, f) => value.pairsWon(a(s, f), b(s, f));
  },
  neighbours: ({ arg, definition }) => { const zone = arg(0); return (s, f) => value.neighbours(definition, zone(s, f)); },
  territories: ({ arg, definition }) => { const region = arg(0); return (s, f) => value.territories(definition, region(s, f)); },
  // The checker made sure a map is named: its regions are a constant list.
  regions: ({ node, definition }) => {
    const regions = node.args[0]?.kind === 'name' ? value.regionsOfMap(definition, node.args[0].name) : [];
    return () => regions;
  },
  owns: ({ arg, definition }) => {
    const [player, region] = [arg(0), arg(1)];
    return (s, f) => value.ownsRegion(s, definition, playerIndex(player(s, f)), region(s, f));
  },
  cell: board('cell'),
  tile: board('tile'),
  tiles: board('tiles'),
  adjacent: board('adjacent'),
  diagonal: board('diagonal'),
  step: board('step'),
  bordering: board('bordering'),
  reachable: board('reachable'),
  pieces: board('pieces'),
};
