/**
 * The kinds of expressions: literals, names and members (names-check.ts), calls of the built-in
 * functions, lists, operators, `where`, `sum of`/`leader of` and the other aggregates, and
 * conditions (which must be true or false). The kind found for each expression is recorded.
 */
import type * as A from './ast.ts';
import { closest } from './diagnostics.ts';
import * as m from './messages.ts';
import type { MessageFunction } from './messages.ts';
import { checkStatus } from './flow-check.ts';
import { aggregateMeasure, aggregateType } from './aggregate-check.ts';
import { checkAmbiguousAggregate } from './ambiguous-aggregate-check.ts';
import { plannedFunction } from './planned.ts';
import { checkDefineCall } from './define-check.ts';
import { gridFunctions, type GridFunction } from './grid-check.ts';
import { describeType, elementOf, isList, listOf, Scope, type CheckState, type ExprContext, type Type } from './check-state.ts';
import type { NameChecks } from './names-check.ts';

const elementType = (t: Type | undefined): Type => (t?.startsWith('list<') ? (t.slice(5, -1) as Type) : 'unknown');

/** A builtin function's signature; `lists`: the arguments that must be lists. */
export interface BuiltinSignature { params: Type[]; result: (args: Type[]) => Type; doc: string; lists?: number[] }

/** The board functions (grid-check.ts) as builtins, each name kept in the type. */
function asBuiltins<T extends Record<string, GridFunction>>(functions: T): { [K in keyof T]: BuiltinSignature } {
  const entries = Object.entries(functions).map(([name, f]) => [name, { params: f.params as Type[], result: () => f.result as Type, doc: f.doc }]);
  return Object.fromEntries(entries) as { [K in keyof T]: BuiltinSignature };
}

const builtinTable = {
  count: { params: ['unknown'], lists: [0], result: () => 'number', doc: 'count(LIST): how many elements' },
  faces: { params: ['list<die>'], result: () => 'list<symbol>', doc: 'faces(DICE): the faces the dice show' },
  distinct: { params: ['unknown'], lists: [0], result: ([t]) => t, doc: 'distinct(LIST): each value once, first occurrence first' },
  left: { params: ['player'], result: () => 'player', doc: 'left(PLAYER): the next player clockwise still in the game' },
  right: { params: ['player'], result: () => 'player', doc: 'right(PLAYER): the previous player clockwise still in the game' },
  meetsGoal: { params: ['player'], result: () => 'bool', doc: "meetsGoal(PLAYER): whether the player's role goal holds" },
  held: { params: ['unknown', 'symbol'], result: () => 'number', doc: 'held(PLAYER, TOKEN): how many of that token the player holds' },
  top: { params: ['unknown'], result: ([t]) => elementType(t), doc: 'top(LIST): the first element (the top card of a pile), or none' },
  bottom: { params: ['unknown'], result: ([t]) => elementType(t), doc: 'bottom(LIST): the last element (the bottom card of a pile: the first played into a trick), or none' },
  members: { params: ['team'], result: () => 'list<player>', doc: 'members(TEAM): the players of the team still in the game' },
  teammates: { params: ['player'], result: () => 'list<player>', doc: 'teammates(PLAYER): the other players of their team still in the game' },
  opponents: { params: ['player'], result: () => 'list<player>', doc: 'opponents(PLAYER): the players of the other teams still in the game' },
  sum: { params: ['list<number>'], result: () => 'number', doc: 'sum(NUMBERS): the numbers added up' },
  values: { params: ['list<die>'], result: () => 'list<number>', doc: 'values(DICE): the numbers the dice show' },
  take: { params: ['unknown', 'number'], lists: [0], result: ([t]) => t, doc: 'take(LIST, N): the first N elements (all of them if fewer)' },
  item: { params: ['unknown', 'number'], lists: [0], result: ([t]) => elementType(t), doc: 'item(LIST, N): the N-th element, counting from 1, or none when the list has no N-th' },
  min: { params: ['number', 'number'], result: () => 'number', doc: 'min(A, B): the smaller number' },
  max: { params: ['number', 'number'], result: () => 'number', doc: 'max(A, B): the larger number' },
  range: { params: ['number', 'number'], result: () => 'list<number>', doc: 'range(FROM, TO): the whole numbers from FROM to TO, both included (empty if TO < FROM)' },
  random: { params: ['unknown'], lists: [0], result: ([t]) => elementType(t), doc: "random(LIST): one element drawn by lot with the match's generator, or none from an empty list" },
  pairsWon: {
    params: ['unknown', 'unknown'], lists: [0, 1], result: () => 'number',
    doc: 'pairsWon(A, B): dice (or numbers) of each side sorted highest first and compared in pairs: how many pairs A wins; a tie goes to B',
  },
  neighbours: { params: ['zone'], result: () => 'list<zone>', doc: 'neighbours(TERRITORY): the territories it borders on its map' },
  territories: { params: ['region'], result: () => 'list<zone>', doc: "territories(REGION): the region's territories" },
  regions: { params: ['unknown'], result: () => 'list<region>', doc: 'regions(MAP): the regions of one map, in the order written' },
  owns: { params: ['player', 'region'], result: () => 'bool', doc: 'owns(PLAYER, REGION): whether the player owns every territory of the region' },
  ...asBuiltins(gridFunctions),
} satisfies Record<string, BuiltinSignature>;

/** The name of a builtin function: both back ends keep a table over these (interpreter/lowering, interpreter/codegen). */
export type BuiltinName = keyof typeof builtinTable;

export const builtinFunctions: Readonly<Record<string, BuiltinSignature>> = builtinTable;

/** Whether `name` is a builtin function (and not a member of every object, such as `toString`). */
export function isBuiltin(name: string): name is BuiltinName {
  return Object.hasOwn(builtinTable, name);
}

/** How many arguments the builtin takes. */
export function builtinArity(name: BuiltinName): number {
  return builtinTable[name].params.length;
}

export type ExpressionChecks = ReturnType<typeof expressionChecks>;

export function expressionChecks(state: CheckState, { memberOf, memberNames, resolveName }: NameChecks) {
  const { schema, annotations, diagnostics, pairsWonUnsure } = state;

  function expr(node: A.Expr, context: ExprContext): Type {
    const type = exprType(node, context);
    annotations.types.set(node, type);
    return type;
  }

  /** `message`: the catalogue's message for this place (m.expectedNumber, …), given `what` is wanted and what was found. */
  function expect(node: A.Expr, context: ExprContext, wanted: Type, message: MessageFunction<[string, string]>, what: string): Type {
    const type = expr(node, context);
    if (type !== 'unknown' && wanted !== 'unknown' && type !== wanted && !(wanted === 'player' && type === 'none')) {
      state.report(message(what, describeType(type)), node.range);
    }
    return type;
  }

  /**
   * The context inside `where`, `sum of …`, `leader of …`: the element in a slot of its own, `it` and
   * its bare attributes, and its name when one is given (`where t: …`, `sum of c in L by …`), so a
   * `where` nested inside can still reach it.
   */
  function elementContext(node: A.WhereExpr | A.LeaderExpr | A.AggregateExpr, element: A.Name | undefined, listType: Type, context: ExprContext): ExprContext {
    const slot = context.scope.frame.size++;
    annotations.slots.set(node, slot);
    let scope = context.scope;
    if (element) {
      scope = new Scope(context.scope, context.scope.frame);
      scope.alias(element.text, slot, elementOf(listType));
      annotations.slots.set(element, slot);
    }
    return { scope, element: { slot, type: elementOf(listType) } };
  }

  function exprType(node: A.Expr, context: ExprContext): Type {
    switch (node.kind) {
      case 'number': return 'number';
      case 'bool': return 'bool';
      case 'none': return 'none';
      // A quoted name that is a declared symbol or role means it: gain 1 "Pane dolce".
      case 'string': {
        const zone = schema.zones.get(node.value);
        if (zone) { annotations.quotedPlaces.set(node, { kind: 'zone', index: zone.index }); return 'zone'; }
        const region = schema.regions.get(node.value);
        if (region) { annotations.quotedPlaces.set(node, { kind: 'region', index: region.index }); return 'region'; }
        return schema.symbols.has(node.value) ? 'symbol' : schema.roles.has(node.value) ? 'role' : 'string';
      }
      case 'current': return 'player';
      case 'players': case 'others': return 'list<player>';
      case 'error': return 'unknown';
      case 'name': return resolveName(node, context);
      case 'member': {
        const objectType = expr(node.object, context);
        const member = memberOf(objectType, node.property.text);
        if (!member) {
          const hint = closest(node.property.text, memberNames(objectType));
          state.report(m.noSuchAttribute(describeType(objectType), node.property.text), node.property.range, hint);
          return 'unknown';
        }
        annotations.members.set(node, member.resolution);
        return member.type;
      }
      case 'call': {
        // A define of the file (a Map: '__proto__' is a name like any other).
        const define = schema.defines.get(node.callee.text);
        if (define && !Object.hasOwn(builtinFunctions, node.callee.text)) return checkDefineCall(state, node, define, context, expr);
        // Own properties only: 'toString' or 'constructor' are names, not functions.
        const builtin = Object.hasOwn(builtinFunctions, node.callee.text) ? builtinFunctions[node.callee.text] : undefined;
        const planned = builtin ? undefined : plannedFunction(node.callee.text);
        if (planned) {
          state.report(m.planned(planned.form, planned.anchor, planned.today), node.callee.range);
          node.args.forEach((arg) => expr(arg, context));
          return 'unknown';
        }
        if (!builtin) {
          // In a file not read to its end, the function may be a define in the part not read.
          if (state.complete) state.report(m.functionUnknown(node.callee.text), node.callee.range,
            closest(node.callee.text, [...Object.keys(builtinFunctions), ...schema.defines.keys()]));
          node.args.forEach((arg) => expr(arg, context));
          return 'unknown';
        }
        if (node.args.length !== builtin.params.length) {
          state.report(m.functionArguments(node.callee.text, builtin.params.length, node.args.length), node.range);
        }
        const types = node.args.map((arg, i) => {
          const wanted = builtin.params[i] ?? 'unknown';
          const before = diagnostics.length;
          const type = expr(arg, context);
          if (node.callee.text === 'pairsWon' && (type === 'unknown' || type === 'list<unknown>')) {
            // Decided once every `set` is seen: a variable's kind is learnt from what it is given.
            if (diagnostics.length === before && state.muted === 0) pairsWonUnsure.push({ arg, type, local: arg.kind === 'name' ? context.scope.lookup(arg.name) : undefined });
          } else if (builtin.lists?.includes(i) && type !== 'unknown' && !isList(type)) {
            state.report(m.functionNeedsList(node.callee.text, describeType(type)), arg.range);
          } else if (node.callee.text === 'pairsWon' && !['unknown', 'list<die>', 'list<number>', 'list<unknown>'].includes(type)) {
            state.report(m.pairsWonKind(describeType(type)), arg.range);
          } else if (wanted !== 'unknown' && type !== 'unknown' && type !== wanted) {
            state.report(m.functionArgumentKind(node.callee.text, describeType(wanted), describeType(type)), arg.range);
          }
          return type;
        });
        // regions(Mondo): a map, named (its territories as a list would not say which map).
        if (node.callee.text === 'regions' && node.args[0] && !(node.args[0].kind === 'name' && schema.zoneSets.get(node.args[0].name)?.isMap)) {
          const maps = [...schema.zoneSets].filter(([, set]) => set.isMap).map(([name]) => name);
          state.report(m.regionsOfMap(maps), node.args[0].range,
            node.args[0].kind === 'name' ? closest(node.args[0].name, maps) : undefined);
        }
        // cell(Campo, 3, 4): the grid is named, so the engine knows which board to look on.
        if ((gridFunctions as Record<string, GridFunction>)[node.callee.text]?.grid && node.args[0] && (node.args[0].kind !== 'name' || annotations.names.get(node.args[0])?.kind !== 'grid')) {
          state.report(m.gridFirst(node.callee.text, [...schema.grids.keys()]), node.args[0].range);
        }
        // A missing argument (`take()`, or one lost to a syntax error) is a value of unknown kind.
        return builtin.result(builtin.params.map((_, i) => types[i] ?? 'unknown')) ?? 'unknown';
      }
      case 'list': {
        const types = node.items.map((item) => expr(item, context));
        const first = types.find((t) => t !== 'unknown');
        return listOf(first ?? 'unknown');
      }
      case 'unary':
        if (node.operator === 'not') { condition(node.operand, context); return 'bool'; }
        expect(node.operand, context, 'number', m.expectedNumber, 'a number');
        return 'number';
      case 'binary': return binary(node, context);
      case 'conditional': {
        condition(node.condition, context);
        return sameKind(node, expr(node.then, context), expr(node.otherwise, context));
      }
      case 'aggregate': case 'leader': {
        const listType = expr(node.list, context);
        const what = node.kind === 'leader' ? 'leader' : node.operator;
        if (listType !== 'unknown' && !isList(listType)) {
          state.report(m.aggregateList(what, describeType(listType)), node.list.range);
        }
        const inner = elementContext(node, node.element, listType, context);
        if (node.kind === 'aggregate') checkAmbiguousAggregate(state, node);
        const measure = aggregateMeasure(what);
        if (measure === 'condition') condition(node.score, inner);
        else if (measure === 'number') expect(node.score, inner, 'number', m.expectedNumber, 'a number (the score)');
        const scoreType = measure === 'value' ? expr(node.score, inner) : 'number';
        if (node.kind === 'leader' && node.margin) expect(node.margin, context, 'number', m.expectedNumber, 'a number (the margin)');
        return aggregateType(what, listType, scoreType) as Type;
      }
      case 'where': {
        const listType = expr(node.list, context);
        if (listType !== 'unknown' && !isList(listType)) {
          state.report(m.whereList(describeType(listType)), node.list.range);
        }
        condition(node.condition, elementContext(node, node.element, listType, context));
        return listType;
      }
    }
  }

  /**
   * A name that is a place (a zone or a region) and a card's name too is the card's name when compared
   * with one: `c.name == Trivella`, `c.name == "Beta Due"`.
   */
  function asCardName(side: A.Expr, otherType: Type, type: Type): Type {
    if (otherType !== 'symbol' || (type !== 'zone' && type !== 'region')) return type;
    if (side.kind === 'name' && schema.symbols.has(side.name)) {
      annotations.names.set(side, { kind: 'symbol', name: side.name });
    } else if (side.kind === 'string' && schema.symbols.has(side.value)) {
      annotations.quotedPlaces.delete(side);
    } else {
      return type;
    }
    annotations.types.set(side, 'symbol');
    return 'symbol';
  }

  function binary(node: A.BinaryExpr, context: ExprContext): Type {
    let left = expr(node.left, context);
    let right = expr(node.right, context);
    if (node.operator === '==' || node.operator === '!=') {
      left = asCardName(node.left, right, left);
      right = asCardName(node.right, left, right);
    }
    switch (node.operator) {
      case 'and': case 'or':
        // Each side is a condition of its own: `Vino and not risolto` does not mean `face == Vino and …`.
        conditionType(left, node.left, node.operator);
        conditionType(right, node.right, node.operator);
        return 'bool';
      case '+': case '-': case '*': case '/': case 'mod':
        for (const [side, type] of [[node.left, left], [node.right, right]] as const) {
          if (type !== 'unknown' && type !== 'number') state.report(m.arithmeticNumbers(node.operator, describeType(type)), side.range);
        }
        return 'number';
      case '<': case '<=': case '>': case '>=':
        for (const [side, type] of [[node.left, left], [node.right, right]] as const) {
          if (type !== 'unknown' && type !== 'number') state.report(m.comparisonNumbers(node.operator, describeType(type)), side.range);
        }
        return 'bool';
      case 'in':
        if (right !== 'unknown' && !isList(right)) state.report(m.inList(describeType(right)), node.right.range);
        checkRoleLiterals(left, node.right);
        return 'bool';
      case 'is':
        if (left !== 'unknown' && left !== 'player') state.report(m.isPlayer(describeType(left)), node.left.range);
        // Reported once, not again for each pass over a define (define-check.ts).
        checkStatus(node, schema.statuses, state.muted ? [] : diagnostics);
        return 'bool';
      case '==': case '!=':
        if ((left === 'symbol' && right === 'number') || (left === 'number' && right === 'symbol')) {
          state.report(m.faceNotNumber(), node.range);
        }
        checkRoleLiterals(left, node.right);
        checkRoleLiterals(right, node.left);
        return 'bool';
    }
  }

  /**
   * The kind of `if C then A else B`: A's and B's, which must be one kind; `none` goes with any
   * kind (`if … then current else none`), and a list of unknown elements with any list.
   */
  function sameKind(node: A.ConditionalExpr, then: Type, otherwise: Type): Type {
    if (then === otherwise || otherwise === 'unknown' || otherwise === 'none') return then;
    if (then === 'unknown' || then === 'none') return otherwise;
    if (isList(then) && isList(otherwise)) {
      if (otherwise === 'list<unknown>') return then;
      if (then === 'list<unknown>') return otherwise;
    }
    state.report(m.conditionalKinds(describeType(then), describeType(otherwise)), node.otherwise.range);
    return 'unknown';
  }

  /** A role compared with a quoted name: the name must be a role, or the comparison is always false. */
  function checkRoleLiterals(type: Type, other: A.Expr) {
    if (type !== 'role' && type !== 'list<role>') return;
    const literals = other.kind === 'string' ? [other] : other.kind === 'list' ? other.items.filter((i) => i.kind === 'string') : [];
    for (const literal of literals as A.StringExpr[]) {
      if (!schema.roles.has(literal.value)) {
        state.report(m.roleUnknown(literal.value), literal.range, closest(literal.value, schema.roles.keys()));
      }
    }
  }

  /** A condition must be true or false: a list (even an empty one) or a number is a mistake. */
  function condition(node: A.Expr, context: ExprContext) {
    conditionType(expr(node, context), node);
  }
  function conditionType(type: Type, node: A.Expr, operator?: string) {
    if (type !== 'bool' && type !== 'unknown' && type !== 'none') {
      const hint = isList(type) ? ': to ask whether it has elements, write count(…) > 0'
        : type === 'symbol' && operator ? `: to compare a die's face, write face == ${node.kind === 'name' ? node.name : 'NAME'}` : '';
      state.report(m.expectedCondition(describeType(type), operator, hint), node.range);
    }
  }

  function player(node: A.Expr | undefined, scope: Scope) {
    if (node) expect(node, { scope }, 'player', m.expectedPlayer, 'a player');
  }

  return { expr, expect, condition, conditionType, player };
}
