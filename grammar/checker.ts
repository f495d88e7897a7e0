/**
 * Name resolution and type checks over statements and expressions. It reports mistakes and
 * records what every name means (annotations), so the interpreter lowers without guessing.
 */
import * as A from './ast.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';
import type { RuleInfo, Schema } from './schema.ts';
import { checkSimultaneousBody } from './simultaneous-check.ts';
import { checkStatus } from './flow-check.ts';
import { aggregateMeasure, aggregateType } from './aggregate-check.ts';
import { plannedFunction, plannedMessage } from './planned.ts';
import { checkSelection } from './selection-check.ts';
import { gridFunctions, gridMemberNames, gridMemberOf, gridNames, isGridType, resolveGridName, type GridMember, type GridResolution } from './grid-check.ts';

/** Static types: scalars, or `list<T>`. */
export type Type = 'number' | 'bool' | 'string' | 'player' | 'symbol' | 'die' | 'role' | 'team' | 'card' | 'zone' | 'region' | 'cell' | 'tile' | 'piece' | 'none' | 'unknown' | `list<${string}>`;

export type Resolution =
  | { kind: 'local'; slot: number }
  | { kind: 'global'; index: number }
  | { kind: 'option'; index: number }
  | { kind: 'symbol'; name: string }
  | { kind: 'role'; name: string }
  | { kind: 'pool'; name: string }
  | { kind: 'seats' }
  | { kind: 'roles' }
  | { kind: 'team'; index: number }
  | { kind: 'teams' }
  /** A zone; at run time zone i is the number -(i+1), so it is never mistaken for a player. */
  | { kind: 'zone'; index: number }
  | { kind: 'zone-set'; zones: number[] }
  /** A region of a map (its index), and `regions`: every region. */
  | { kind: 'region'; index: number }
  | { kind: 'regions' }
  /** `round`: how many times play has gone round the table, 1 in the first round. */
  | { kind: 'round' }
  /** A shared pile: read as the list of its cards, top first. */
  | { kind: 'pile'; index: number }
  /** A set of cards: every card of it, in the order written, wherever each lies (`distinct seme of Carte`). */
  | { kind: 'card-set'; first: number; count: number }
  /** A bare attribute name inside `where` or a role goal: the element in `slot`, then the member. */
  | { kind: 'attribute'; slot: number; member: MemberResolution }
  | GridResolution;

export type MemberResolution =
  | { kind: 'token'; index: number }
  | { kind: 'player-var'; index: number }
  | { kind: 'role' }
  | { kind: 'face' }
  /** The number a numeric face shows (`die D6 faces 1 to 6`); 0 for a symbol face. */
  | { kind: 'value' }
  | { kind: 'mark'; bit: number }
  | { kind: 'team-of' }
  /** `p.Mano`: the cards of the player's own pile. */
  | { kind: 'player-pile'; index: number }
  /** `t.Prese`: the cards of the team's own pile. */
  | { kind: 'team-pile'; index: number }
  | { kind: 'team-property'; index: number }
  | { kind: 'team-var'; index: number }
  | { kind: 'card-name' }
  | { kind: 'card-property'; index: number }
  | { kind: 'zone-property'; index: number }
  | { kind: 'zone-var'; index: number }
  /** `t.region`: the region a territory of a map belongs to. */
  | { kind: 'zone-region' }
  | { kind: 'region-property'; index: number }
  | GridMember;

/** Where cards go or come from: a shared pile, or a player's own pile (`p.Mano`). */
export type PileReference = { kind: 'shared'; index: number } | { kind: 'player' | 'team'; index: number; owner: A.Expr };

export interface Annotations {
  names: Map<A.NameExpr, Resolution>;
  /** The place a quoted territory or region name means (`gain 1 Armata to "Beta Due"`). */
  quotedPlaces: Map<A.StringExpr, { kind: 'zone' | 'region'; index: number }>;
  members: Map<A.MemberExpr, MemberResolution>;
  types: Map<A.Expr, Type>;
  /** The local slot of each binding site: let, for each, choose, rule parameters, and the element of `where`. */
  slots: Map<A.Name | A.WhereExpr | A.LeaderExpr | A.AggregateExpr, number>;
  /** First of the hidden slots a loop keeps its place in (for each: list and position; repeat: the count left). */
  loopSlots: Map<A.Statement, number>;
  /** Slots needed by each frame: a rule, the setup, the turns, a role goal. */
  frameSizes: Map<A.Node, number>;
  /** Global bit of each die mark name. */
  markBits: Map<string, number>;
  /** What kind of value each variable holds, learnt from its initial value and what `set` gives it. */
  variableTypes: Map<string, Type>;
  piles: Map<A.Expr, PileReference>;
}

const elementType = (t: Type | undefined): Type => (t?.startsWith('list<') ? (t.slice(5, -1) as Type) : 'unknown');

/** `lists`: the arguments that must be lists. */
export const builtinFunctions: Record<string, { params: Type[]; result: (args: Type[]) => Type; doc: string; lists?: number[] }> = {
  count: { params: ['unknown'], lists: [0], result: () => 'number', doc: 'count(LIST): how many elements' },
  faces: { params: ['list<die>'], result: () => 'list<symbol>', doc: 'faces(DICE): the faces the dice show' },
  distinct: { params: ['unknown'], lists: [0], result: ([t]) => t, doc: 'distinct(LIST): each value once, first occurrence first' },
  left: { params: ['player'], result: () => 'player', doc: 'left(PLAYER): the next player clockwise still in the game' },
  right: { params: ['player'], result: () => 'player', doc: 'right(PLAYER): the previous player clockwise still in the game' },
  meetsGoal: { params: ['player'], result: () => 'bool', doc: "meetsGoal(PLAYER): whether the player's role goal holds" },
  held: { params: ['unknown', 'symbol'], result: () => 'number', doc: 'held(PLAYER, TOKEN): how many of that token the player holds' },
  top: { params: ['unknown'], result: ([t]) => elementType(t), doc: 'top(LIST): the first element (the top card of a pile), or none' },
  members: { params: ['team'], result: () => 'list<player>', doc: 'members(TEAM): the players of the team still in the game' },
  teammates: { params: ['player'], result: () => 'list<player>', doc: 'teammates(PLAYER): the other players of their team still in the game' },
  opponents: { params: ['player'], result: () => 'list<player>', doc: 'opponents(PLAYER): the players of the other teams still in the game' },
  sum: { params: ['list<number>'], result: () => 'number', doc: 'sum(NUMBERS): the numbers added up' },
  values: { params: ['list<die>'], result: () => 'list<number>', doc: 'values(DICE): the numbers the dice show' },
  take: { params: ['unknown', 'number'], lists: [0], result: ([t]) => t, doc: 'take(LIST, N): the first N elements (all of them if fewer)' },
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
  ...Object.fromEntries(Object.entries(gridFunctions).map(([name, f]) => [name, { params: f.params as Type[], result: () => f.result as Type, doc: f.doc }])),
};

interface Local { slot: number; type: Type }

class Scope {
  private readonly names = new Map<string, Local>();
  constructor(readonly parent: Scope | undefined, readonly frame: { size: number }) {}
  define(name: string, type: Type): number {
    const slot = this.frame.size++;
    this.names.set(name, { slot, type });
    return slot;
  }
  /** A name for a slot that already exists (the element of `where t: …`). */
  alias(name: string, slot: number, type: Type): void {
    this.names.set(name, { slot, type });
  }
  lookup(name: string): Local | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }
  all(): string[] {
    return [...this.names.keys(), ...(this.parent?.all() ?? [])];
  }
}

interface ExprContext { scope: Scope; element?: { slot: number; type: Type } }

const elementOf = (type: Type): Type => (type.startsWith('list<') ? (type.slice(5, -1) as Type) : 'unknown');
const listOf = (type: Type): Type => `list<${type}>`;
const isList = (type: Type) => type.startsWith('list<');

/** `complete` false: the file was cut short; a rule called but not found may be in the unread part. */
export function check(file: A.RulesFile, schema: Schema, diagnostics: Diagnostic[], complete = true): Annotations {
  return checkOnce(file, schema, diagnostics, complete).annotations;
}

/** The kind of value every call passes for each parameter, or unknown when calls differ. */
function parameterKinds(params: A.Name[], passed: Type[][]): Type[] {
  return params.map((_, i) => {
    const kinds = new Set(passed.map((args) => args[i]).filter((t): t is Type => t !== undefined && t !== 'unknown' && t !== 'none' && t !== 'list<unknown>'));
    return kinds.size === 1 ? [...kinds][0] : 'unknown';
  });
}

/** The rules called (by `do`) anywhere inside a node. */
function rulesCalled(node: unknown): Set<string> {
  const names = new Set<string>();
  A.eachNode(node, (n) => { if (n.kind === 'do') names.add((n as A.DoStmt).rule.text); });
  return names;
}

/**
 * The rules in the order to check them: every rule after the rules that call it, so its
 * parameters' kinds are known from all its calls when it is checked (rules calling each other in
 * a circle keep the order they are written in, and learn from the calls checked before them).
 */
function callOrder(schema: Schema): RuleInfo[] {
  const rules = [...schema.rules.values()];
  const callees = new Map(rules.map((rule) => [rule.name, [...rulesCalled(rule.decl.body)].filter((name) => schema.rules.has(name))]));
  const callers = new Map(rules.map((rule) => [rule.name, 0]));
  for (const names of callees.values()) for (const name of names) callers.set(name, callers.get(name)! + 1);
  const order: RuleInfo[] = [];
  const ready = rules.filter((rule) => callers.get(rule.name) === 0);
  // A queue read by position, and a set of the rules placed: linear in the rules and the calls.
  for (let next = 0; next < ready.length; next++) {
    const rule = ready[next];
    order.push(rule);
    for (const name of callees.get(rule.name)!) {
      callers.set(name, callers.get(name)! - 1);
      if (callers.get(name) === 0) ready.push(schema.rules.get(name)!);
    }
  }
  const placed = new Set(order);
  for (const rule of rules) if (!placed.has(rule)) order.push(rule);
  return order;
}

function checkOnce(file: A.RulesFile, schema: Schema, diagnostics: Diagnostic[], complete: boolean):
  { annotations: Annotations; calls: Map<string, Type[][]> } {
  /** The kinds of the arguments of every `do`, per rule. */
  const calls = new Map<string, Type[][]>();
  const annotations: Annotations = {
    names: new Map(), members: new Map(), types: new Map(), slots: new Map(), loopSlots: new Map(), frameSizes: new Map(), markBits: new Map(), variableTypes: new Map(), piles: new Map(),
    quotedPlaces: new Map(),
  };
  for (const pool of schema.pools.values()) {
    for (const mark of pool.marks) if (!annotations.markBits.has(mark)) annotations.markBits.set(mark, annotations.markBits.size);
  }
  const called = new Set<string>();
  /** The arguments of pairsWon whose kind was not known where they were checked. */
  const pairsWonUnsure: { arg: A.Expr; type: Type; local?: Local }[] = [];
  /** What `set` gave a local value (`let a = []` … `set a = take(Attacco, n)`). */
  const localsLearnt = new Map<Local, Type>();
  const error = (code: Parameters<typeof diagnostic>[0], message: string, range: A.Range, suggestion?: string) =>
    diagnostics.push(diagnostic(code, message, range, suggestion ? { suggestion } : {}));
  const warn = (code: Parameters<typeof diagnostic>[0], message: string, range: A.Range) =>
    diagnostics.push({ ...diagnostic(code, message, range), severity: 'warning' });

  // ---- members of a value ---------------------------------------------------------------------
  function memberOf(type: Type, property: string): { resolution: MemberResolution; type: Type } | undefined {
    // A rule parameter has no declared type: its attributes are known by name (token, variable, role, face, mark).
    if (type === 'unknown') return memberOf('player', property) ?? memberOf('die', property) ?? memberOf('card', property) ?? memberOf('team', property) ?? memberOf('zone', property) ?? memberOf('region', property) ?? boardMember(type, property);
    if (isGridType(type)) return boardMember(type, property);
    if (type === 'region') {
      const index = schema.regionProperties.indexOf(property);
      if (index >= 0) return { resolution: { kind: 'region-property', index }, type: regionPropertyType(property) };
    }
    if (type === 'zone') {
      if (property === 'region' && schema.regions.size > 0 && !schema.zoneProperties.includes('region')) return { resolution: { kind: 'zone-region' }, type: 'region' };
      const token = schema.tokens.indexOf(property);
      if (token >= 0) return { resolution: { kind: 'token', index: token }, type: 'number' };
      const variable = schema.zoneVars.get(property);
      if (variable) return { resolution: { kind: 'zone-var', index: variable.index }, type: annotations.variableTypes.get(property) ?? typeOfInit(variable.decl.init) };
      const index = schema.zoneProperties.indexOf(property);
      if (index >= 0) return { resolution: { kind: 'zone-property', index }, type: 'unknown' };
    }
    if (type === 'team') {
      const pile = schema.piles.get(property);
      if (pile?.decl.perTeam) return { resolution: { kind: 'team-pile', index: pile.index }, type: 'list<card>' };
      const variable = schema.teamVars.get(property);
      if (variable) return { resolution: { kind: 'team-var', index: variable.index }, type: typeOfInit(variable.decl.init) };
      const index = schema.teamProperties.indexOf(property);
      if (index >= 0) return { resolution: { kind: 'team-property', index }, type: 'unknown' };
    }
    if (type === 'card') {
      if (property === 'name') return { resolution: { kind: 'card-name' }, type: 'symbol' };
      const index = schema.cardProperties.indexOf(property);
      if (index >= 0) return { resolution: { kind: 'card-property', index }, type: cardPropertyType(property) };
    }
    if (type === 'player') {
      if (property === 'team' && schema.teamsDecl) return { resolution: { kind: 'team-of' }, type: 'team' };
      const pile = schema.piles.get(property);
      if (pile?.decl.perPlayer) return { resolution: { kind: 'player-pile', index: pile.index }, type: 'list<card>' };
      const token = schema.tokens.indexOf(property);
      if (token >= 0) return { resolution: { kind: 'token', index: token }, type: 'number' };
      const variable = schema.playerVars.get(property);
      if (variable) return { resolution: { kind: 'player-var', index: variable.index }, type: typeOfInit(variable.decl.init) };
      if (property === 'role') return { resolution: { kind: 'role' }, type: 'role' };
    }
    if (type === 'die') {
      if (property === 'face') return { resolution: { kind: 'face' }, type: 'symbol' };
      if (property === 'value') return { resolution: { kind: 'value' }, type: 'number' };
      const bit = annotations.markBits.get(property);
      if (bit !== undefined) return { resolution: { kind: 'mark', bit }, type: 'bool' };
    }
    return undefined;
  }
  function boardMember(type: Type, property: string): { resolution: MemberResolution; type: Type } | undefined {
    const found = gridMemberOf(schema, type, property, (decl) => annotations.variableTypes.get(decl.name.text) ?? typeOfInit(decl.init));
    return found && { resolution: found.resolution, type: found.type as Type };
  }
  function regionPropertyType(property: string): Type {
    const values = [...schema.regions.values()].flatMap((r) => r.item.properties.filter((p) => p.name.text === property).map((p) => p.value));
    return values.length > 0 && values.every((v) => v.kind === 'number') ? 'number' : 'unknown';
  }
  function cardPropertyType(property: string): Type {
    for (const set of schema.cardSets.values()) {
      const declared = set.decl.defaults.find((d) => d.name.text === property);
      if (declared) return declared.value.kind === 'number' || (declared.value.kind === 'unary' && declared.value.operator === '-') ? 'number' : declared.value.kind === 'bool' ? 'bool' : 'unknown';
    }
    return 'unknown';
  }

  function memberNames(type: Type): string[] {
    if (type === 'player') return [...schema.tokens, ...schema.playerVars.keys(), 'role', ...(schema.teamsDecl ? ['team'] : []),
      ...[...schema.piles.values()].filter((p) => p.decl.perPlayer).map((p) => p.name)];
    if (type === 'die') return ['face', 'value', ...annotations.markBits.keys()];
    if (type === 'card') return ['name', ...schema.cardProperties];
    if (type === 'team') return [...schema.teamProperties, ...schema.teamVars.keys(), ...[...schema.piles.values()].filter((p) => p.decl.perTeam).map((p) => p.name)];
    if (type === 'zone') return [...schema.tokens, ...schema.zoneVars.keys(), ...schema.zoneProperties, ...(schema.regions.size ? ['region'] : [])];
    if (type === 'region') return schema.regionProperties;
    if (isGridType(type)) return gridMemberNames(schema, type);
    if (type === 'unknown') return [...memberNames('player'), ...memberNames('die'), ...memberNames('card'), ...memberNames('team'), ...memberNames('zone'), ...memberNames('region'), ...memberNames('piece'), ...memberNames('cell'), ...memberNames('tile')];
    return [];
  }
  function typeOfInit(init: A.Expr): Type {
    switch (init.kind) {
      case 'number': return 'number';
      case 'bool': return 'bool';
      case 'string': return 'string';
      case 'none': return 'unknown';
      // `var aperti = Siti`: the kind the initial value was found to have (checked before the rules).
      default: return annotations.types.get(init) ?? 'unknown';
    }
  }

  // ---- expressions ----------------------------------------------------------------------------
  function expr(node: A.Expr, context: ExprContext): Type {
    const type = exprType(node, context);
    annotations.types.set(node, type);
    return type;
  }

  function expect(node: A.Expr, context: ExprContext, wanted: Type, code: Parameters<typeof diagnostic>[0], what: string): Type {
    const type = expr(node, context);
    if (type !== 'unknown' && wanted !== 'unknown' && type !== wanted && !(wanted === 'player' && type === 'none')) {
      error(code, `expected ${what} here, but this is ${describeType(type)}`, node.range);
    }
    return type;
  }

  function resolveName(node: A.NameExpr, context: ExprContext): Type {
    const record = (resolution: Resolution, type: Type) => { annotations.names.set(node, resolution); return type; };
    const local = context.scope.lookup(node.name);
    if (local) return record({ kind: 'local', slot: local.slot }, local.type);
    if (node.name === 'it' && context.element) return record({ kind: 'local', slot: context.element.slot }, context.element.type);
    if (context.element) {
      const member = memberOf(context.element.type, node.name);
      if (member) return record({ kind: 'attribute', slot: context.element.slot, member: member.resolution }, member.type);
    }
    const global = schema.globals.get(node.name);
    if (global) return record({ kind: 'global', index: global.index }, typeOfInit(global.decl.init));
    const option = schema.options.get(node.name);
    if (option) return record({ kind: 'option', index: option.index }, typeOfInit(option.decl.value));
    // A zone's name wins over a card's of the same name (a territory card named after its territory).
    const zone = schema.zones.get(node.name);
    if (zone) return record({ kind: 'zone', index: zone.index }, 'zone');
    const region = schema.regions.get(node.name);
    if (region) return record({ kind: 'region', index: region.index }, 'region');
    if (schema.symbols.has(node.name)) return record({ kind: 'symbol', name: node.name }, 'symbol');
    if (schema.roles.has(node.name)) return record({ kind: 'role', name: node.name }, 'role');
    if (schema.pools.has(node.name)) return record({ kind: 'pool', name: node.name }, 'list<die>');
    const team = schema.teams.get(node.name);
    if (team) return record({ kind: 'team', index: team.index }, 'team');
    const pile = schema.piles.get(node.name);
    if (pile && !pile.decl.perPlayer && !pile.decl.perTeam) return record({ kind: 'pile', index: pile.index }, 'list<card>');
    const cardSet = schema.cardSets.get(node.name);
    if (cardSet) return record({ kind: 'card-set', first: cardSet.firstCard, count: cardSet.count }, 'list<card>');
    const board = resolveGridName(schema, node.name);
    if (board) return record(board.resolution, board.type as Type);
    const zoneSet = schema.zoneSets.get(node.name);
    if (zoneSet) return record({ kind: 'zone-set', zones: zoneSet.zones.map((z) => schema.zones.get(z)!.index) }, 'list<zone>');
    if (node.name === 'teams' && schema.teamsDecl) return record({ kind: 'teams' }, 'list<team>');
    if (node.name === 'seats') return record({ kind: 'seats' }, 'number');
    if (node.name === 'round') return record({ kind: 'round' }, 'number');
    if (node.name === 'regions' && schema.regions.size > 0) return record({ kind: 'regions' }, 'list<region>');
    if (node.name === 'roles') return record({ kind: 'roles' }, 'list<role>');
    const candidates = [
      ...context.scope.all(), ...(context.element ? memberNames(context.element.type) : []), ...schema.globals.keys(),
      ...schema.options.keys(), ...schema.symbols, ...schema.roles.keys(), ...schema.pools.keys(), 'seats', 'roles', 'round',
      ...schema.teams.keys(), ...schema.piles.keys(), ...schema.cardSets.keys(), ...schema.zones.keys(), ...schema.zoneSets.keys(), ...schema.regions.keys(), ...gridNames(schema),
    ];
    const hint = node.name === 'it' ? " ('it' means the element only inside where)" : '';
    error(codes.nameUnknown, `'${node.name}' is not declared${hint}`, node.range, closest(node.name, candidates));
    return 'unknown';
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
          error(codes.nameUnknownAttribute, `${describeType(objectType)} has no attribute '${node.property.text}'`, node.property.range, hint);
          return 'unknown';
        }
        annotations.members.set(node, member.resolution);
        return member.type;
      }
      case 'call': {
        // Own properties only: 'toString' or 'constructor' are names, not functions.
        const builtin = Object.hasOwn(builtinFunctions, node.callee.text) ? builtinFunctions[node.callee.text] : undefined;
        const planned = builtin ? undefined : plannedFunction(node.callee.text);
        if (planned) {
          error(codes.planned, plannedMessage(planned.form, planned.section, planned.today), node.callee.range);
          node.args.forEach((arg) => expr(arg, context));
          return 'unknown';
        }
        if (!builtin) {
          error(codes.nameUnknownFunction, `there is no function '${node.callee.text}'`, node.callee.range,
            closest(node.callee.text, Object.keys(builtinFunctions)));
          node.args.forEach((arg) => expr(arg, context));
          return 'unknown';
        }
        if (node.args.length !== builtin.params.length) {
          error(codes.argumentCount, `${node.callee.text} takes ${builtin.params.length} argument${builtin.params.length === 1 ? '' : 's'}, not ${node.args.length}`, node.range);
        }
        const types = node.args.map((arg, i) => {
          const wanted = builtin.params[i] ?? 'unknown';
          const before = diagnostics.length;
          const type = expr(arg, context);
          if (node.callee.text === 'pairsWon' && (type === 'unknown' || type === 'list<unknown>')) {
            // Decided once every `set` is seen: a variable's kind is learnt from what it is given.
            if (diagnostics.length === before) pairsWonUnsure.push({ arg, type, local: arg.kind === 'name' ? context.scope.lookup(arg.name) : undefined });
          } else if (builtin.lists?.includes(i) && type !== 'unknown' && !isList(type)) {
            error(codes.typeExpectedList, `${node.callee.text} needs a list, but this is ${describeType(type)}`, arg.range);
          } else if (node.callee.text === 'pairsWon' && !['unknown', 'list<die>', 'list<number>', 'list<unknown>'].includes(type)) {
            error(codes.typeMismatch, `pairsWon compares dice or numbers, but this is ${describeType(type)}`, arg.range);
          } else if (wanted !== 'unknown' && type !== 'unknown' && type !== wanted) {
            error(codes.typeMismatch, `${node.callee.text} needs ${describeType(wanted)} here, but this is ${describeType(type)}`, arg.range);
          }
          return type;
        });
        // cell(Campo, 3, 4): the grid is named, so the engine knows which board to look on.
        if (gridFunctions[node.callee.text]?.grid && node.args[0] && (node.args[0].kind !== 'name' || annotations.names.get(node.args[0])?.kind !== 'grid')) {
          error(codes.typeMismatch, `${node.callee.text} needs the name of a grid first${schema.grids.size ? ` (${[...schema.grids.keys()].join(', ')})` : ': declare one with grid NAME: ROWS by COLUMNS cells'}`, node.args[0].range);
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
        expect(node.operand, context, 'number', codes.typeExpectedNumber, 'a number');
        return 'number';
      case 'binary': return binary(node, context);
      case 'aggregate': case 'leader': {
        const listType = expr(node.list, context);
        const what = node.kind === 'leader' ? 'leader' : node.operator;
        if (listType !== 'unknown' && !isList(listType)) {
          error(codes.typeExpectedList, `'${what} of' goes over the elements of a list, but this is ${describeType(listType)}`, node.list.range);
        }
        const inner = elementContext(node, node.element, listType, context);
        const measure = aggregateMeasure(what);
        if (measure === 'condition') condition(node.score, inner);
        else if (measure === 'number') expect(node.score, inner, 'number', codes.typeExpectedNumber, 'a number (the score)');
        const scoreType = measure === 'value' ? expr(node.score, inner) : 'number';
        if (node.kind === 'leader' && node.margin) expect(node.margin, context, 'number', codes.typeExpectedNumber, 'a number (the margin)');
        return aggregateType(what, listType, scoreType) as Type;
      }
      case 'where': {
        const listType = expr(node.list, context);
        if (listType !== 'unknown' && !isList(listType)) {
          error(codes.typeExpectedList, `'where' filters a list, but this is ${describeType(listType)}`, node.list.range);
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
      case '+': case '-': case '*': case '/':
        for (const [side, type] of [[node.left, left], [node.right, right]] as const) {
          if (type !== 'unknown' && type !== 'number') error(codes.typeExpectedNumber, `'${node.operator}' needs numbers, but this is ${describeType(type)}`, side.range);
        }
        return 'number';
      case '<': case '<=': case '>': case '>=':
        for (const [side, type] of [[node.left, left], [node.right, right]] as const) {
          if (type !== 'unknown' && type !== 'number') error(codes.typeExpectedNumber, `'${node.operator}' compares numbers, but this is ${describeType(type)}`, side.range);
        }
        return 'bool';
      case 'in':
        if (right !== 'unknown' && !isList(right)) error(codes.typeExpectedList, `'in' needs a list on its right, but this is ${describeType(right)}`, node.right.range);
        checkRoleLiterals(left, node.right);
        return 'bool';
      case 'is':
        if (left !== 'unknown' && left !== 'player') error(codes.typeExpectedPlayer, `'is' asks whether a player has a status, but this is ${describeType(left)}`, node.left.range);
        checkStatus(node, schema.statuses, diagnostics);
        return 'bool';
      case '==': case '!=':
        if ((left === 'symbol' && right === 'number') || (left === 'number' && right === 'symbol')) {
          error(codes.typeMismatch, "a face is a name, not a number, so this is never equal: compare d.value with a number instead", node.range);
        }
        checkRoleLiterals(left, node.right);
        checkRoleLiterals(right, node.left);
        return 'bool';
    }
  }

  /** A role compared with a quoted name: the name must be a role, or the comparison is always false. */
  function checkRoleLiterals(type: Type, other: A.Expr) {
    if (type !== 'role' && type !== 'list<role>') return;
    const literals = other.kind === 'string' ? [other] : other.kind === 'list' ? other.items.filter((i) => i.kind === 'string') : [];
    for (const literal of literals as A.StringExpr[]) {
      if (!schema.roles.has(literal.value)) {
        error(codes.nameUnknownRole, `there is no role '${literal.value}'`, literal.range, closest(literal.value, schema.roles.keys()));
      }
    }
  }

  // ---- statements -----------------------------------------------------------------------------
  interface BlockContext { scope: Scope; inTurns: boolean; topOfTurns: boolean; phases: Set<string> }

  /** Returns true when the block always ends the turn or the game (so what follows is unreachable). */
  function block(node: A.Block, context: BlockContext): boolean {
    const scope = new Scope(context.scope, context.scope.frame);
    let terminated = false;
    let reported = false;
    for (const statement of node.statements) {
      if (terminated && !reported && statement.kind !== 'error' && statement.kind !== 'cite') {
        reported = true;
        if (statement.kind === 'phase') {
          error(codes.unreachable, `the phase '${statement.name.text}' can never be reached: the turn always ends before it`, statement.name.range);
        } else {
          warn(codes.unreachable, 'this statement can never run: the statement before it always ends the turn or the game', statement.range);
        }
      }
      if (statementCheck(statement, { ...context, scope, topOfTurns: context.topOfTurns })) terminated = true;
    }
    return terminated;
  }

  /** A condition must be true or false: a list (even an empty one) or a number is a mistake. */
  function condition(node: A.Expr, context: ExprContext) {
    conditionType(expr(node, context), node);
  }
  function conditionType(type: Type, node: A.Expr, operator?: string) {
    if (type !== 'bool' && type !== 'unknown' && type !== 'none') {
      const hint = isList(type) ? ': to ask whether it has elements, write count(…) > 0'
        : type === 'symbol' && operator ? `: to compare a die's face, write face == ${node.kind === 'name' ? node.name : 'NAME'}` : '';
      error(codes.typeExpectedCondition, `expected a condition (true or false)${operator ? ` on each side of '${operator}'` : ''} here, but this is ${describeType(type)}${hint}`, node.range);
    }
  }

  /** Who holds tokens: a player, or a zone (tokens placed on a site). */
  function holder(node: A.Expr | undefined, scope: Scope) {
    if (!node) return;
    const type = expr(node, { scope });
    if (type !== 'unknown' && type !== 'player' && type !== 'zone' && type !== 'none') {
      error(codes.typeExpectedPlayer, `expected a player or a zone here, but this is ${describeType(type)}`, node.range);
    }
  }

  function player(node: A.Expr | undefined, scope: Scope) {
    if (node) expect(node, { scope }, 'player', codes.typeExpectedPlayer, 'a player');
  }

  function tokenSymbol(node: A.Expr, scope: Scope) {
    const type = expr(node, { scope });
    if (type !== 'unknown' && type !== 'symbol') {
      error(codes.typeExpectedToken, `expected a token kind (${schema.tokens.join(', ') || 'none declared'}), but this is ${describeType(type)}`, node.range);
    } else if (node.kind === 'name' && annotations.names.get(node)?.kind === 'symbol' && !schema.tokens.includes(node.name)) {
      error(codes.typeExpectedToken, `'${node.name}' is a die face, not a token: only ${schema.tokens.join(', ')} can be held`, node.range);
    }
  }

  /** A pile cards can be put on or taken from: a declared pile, or a player's own (`p.Mano`). */
  function pileReference(node: A.Expr, scope: Scope) {
    // A player pile named alone: one clear message rather than "not declared".
    const owned = node.kind === 'name' && !scope.lookup(node.name) ? schema.piles.get(node.name)?.decl : undefined;
    if (owned?.perPlayer || owned?.perTeam) {
      const name = (node as A.NameExpr).name;
      error(codes.typeExpectedPile, owned.perTeam ? `'${name}' is a pile of each team: say whose, e.g. current.team.${name}` : `'${name}' is a pile of each player: say whose, e.g. current.${name}`, node.range);
      return;
    }
    const type = expr(node, { scope });
    if (node.kind === 'name') {
      const r = annotations.names.get(node);
      if (r?.kind === 'pile') { annotations.piles.set(node, { kind: 'shared', index: r.index }); return; }
    }
    if (node.kind === 'member') {
      const member = annotations.members.get(node);
      if (member?.kind === 'player-pile') { annotations.piles.set(node, { kind: 'player', index: member.index, owner: node.object }); return; }
      if (member?.kind === 'team-pile') { annotations.piles.set(node, { kind: 'team', index: member.index, owner: node.object }); return; }
    }
    if (node.kind === 'error') return;
    // Piles are named where cards move, so the engine knows which one: a variable or a rule's parameter cannot stand for one.
    const what = type === 'unknown' ? 'a value that is only known when the game runs'
      : type === 'list<card>' ? 'a list of cards (a pile given to a rule or kept in a variable is a copy of its cards: name the pile here, or pass its owner and write p.Mano)'
        : describeType(type);
    error(codes.typeExpectedPile, `expected a pile of cards here (declared with 'pile', or p.${[...schema.piles.values()].find((p) => p.decl.perPlayer)?.name ?? 'Mano'} for a player's own), but this is ${what}`, node.range);
  }

  function dice(node: A.Expr, scope: Scope) {
    const type = expr(node, { scope });
    const resolved = node.kind === 'name' ? annotations.names.get(node) : undefined;
    if (resolved?.kind === 'symbol') {
      const what = schema.tokens.includes(resolved.name) ? 'a token kind' : 'a die face';
      error(codes.typeExpectedDice, `'${resolved.name}' is ${what}, not dice: roll a set of dice declared with 'dice'`, node.range,
        closest(resolved.name, schema.pools.keys()));
    } else if (type !== 'unknown' && type !== 'die' && type !== 'list<die>') {
      error(codes.typeExpectedDice, `expected dice here, but this is ${describeType(type)}`, node.range);
    }
  }

  /** The values a text shows (`{p.daPiazzare}`): any kind of value may be shown. */
  function textValues(node: A.Templated, scope: Scope) {
    for (const part of node.parts ?? []) {
      if (typeof part === 'string') continue;
      expr(part, { scope });
      // Texts are not made when bots play in batch mode: a draw in one would change the game.
      const draw = findCall(part, 'random');
      if (draw) error(codes.typeMismatch, "a text cannot draw by lot: draw with 'let x = random(…)' first, then show {x}", draw.range);
    }
  }
  function findCall(node: unknown, name: string): A.CallExpr | undefined {
    let found: A.CallExpr | undefined;
    A.eachNode(node, (n) => { if (!found && n.kind === 'call' && (n as A.CallExpr).callee?.text === name) found = n as A.CallExpr; });
    return found;
  }

  function statementCheck(node: A.Statement, context: BlockContext): boolean {
    const { scope } = context;
    if ('parts' in node) textValues(node, scope);
    if ('detail' in node && node.detail) textValues(node.detail, scope);
    const inner = (body: A.Block, extra: Partial<BlockContext> = {}) => block(body, { ...context, topOfTurns: false, ...extra });
    switch (node.kind) {
      case 'error': case 'cite': case 'log': return false;
      case 'deal-roles':
        if (!schema.rolesDecl) error(codes.nameUnknown, 'the game declares no roles to deal: add a roles { … } block', node.range);
        return false;
      case 'phase':
        if (!context.topOfTurns) {
          error(codes.phaseOutsideTurns, 'a phase belongs directly inside the turns block', node.name.range);
        } else if (node.name.text.trim() === '' || node.name.text === 'setup' || node.name.text === 'game over') {
          error(codes.phaseName, node.name.text.trim() === '' ? 'a phase needs a name that shows: write some letters between the quotes'
            : `'${node.name.text}' is the name of the game's own ${node.name.text === 'setup' ? 'setup' : 'end'} state: call the phase something else`, node.name.range);
        } else if (context.phases.has(node.name.text)) {
          error(codes.nameDuplicate, `there is already a phase '${node.name.text}' in this turn`, node.name.range);
        }
        context.phases.add(node.name.text);
        return inner(node.body);
      case 'let': {
        const type = expr(node.value, { scope });
        annotations.slots.set(node.name, scope.define(node.name.text, type));
        return false;
      }
      case 'set': {
        const target = node.target;
        const valueType = expr(node.value, { scope });
        if (target.kind === 'name') {
          const local = scope.lookup(target.name);
          const global = schema.globals.get(target.name);
          if (local) {
            annotations.names.set(target, { kind: 'local', slot: local.slot });
            if (valueType !== 'unknown' && valueType !== 'none') localsLearnt.set(local, valueType);
          }
          else if (global) {
            annotations.names.set(target, { kind: 'global', index: global.index });
            if (valueType !== 'unknown' && valueType !== 'none') annotations.variableTypes.set(target.name, valueType);
          }
          else if (schema.options.has(target.name)) error(codes.typeNotAssignable, `'${target.name}' is an option: options are changed by variants, not by rules`, target.range);
          else error(codes.nameUnknown, `'${target.name}' is not a variable; declare it with var ${target.name} = …`, target.range,
            closest(target.name, [...scope.all(), ...schema.globals.keys()]));
        } else if (target.kind === 'member') {
          const objectType = expr(target.object, { scope });
          const member = memberOf(objectType, target.property.text);
          if (member?.resolution.kind === 'player-var' || member?.resolution.kind === 'team-var' || member?.resolution.kind === 'zone-var' || member?.resolution.kind === 'piece-var') {
            annotations.members.set(target, member.resolution);
            if (valueType !== 'unknown' && valueType !== 'none') annotations.variableTypes.set(target.property.text, valueType);
          }
          else {
            const what = member ? `'${target.property.text}' cannot be set directly (use gain, discard or mark)` : `${describeType(objectType)} has no variable '${target.property.text}'`;
            error(member ? codes.typeNotAssignable : codes.nameUnknownAttribute, what, target.property.range,
              member ? undefined : closest(target.property.text, [...schema.playerVars.keys()]));
          }
        } else {
          error(codes.typeNotAssignable, 'only a variable or a player variable can be set', target.range);
        }
        return false;
      }
      case 'gain': case 'discard':
        if (node.amount) expect(node.amount, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        tokenSymbol(node.symbol, scope);
        holder(node.player, scope);
        return false;
      case 'steal':
        expect(node.amount, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        tokenSymbol(node.symbol, scope);
        holder(node.victim, scope);
        holder(node.player, scope);
        return false;
      case 'roll': dice(node.dice, scope); return false;
      case 'mark':
        if (!annotations.markBits.has(node.mark.text)) {
          error(codes.nameUnknownMark, `there is no mark '${node.mark.text}'; declare it after 'marks' on the dice`, node.mark.range,
            closest(node.mark.text, annotations.markBits.keys()));
        }
        dice(node.dice, scope);
        return false;
      case 'choose-value': {
        const listType = expr(node.from, { scope });
        if (listType !== 'unknown' && !isList(listType)) {
          error(codes.typeExpectedList, `choose picks from a list, but this is ${describeType(listType)}`, node.from.range);
        }
        if (node.count && node.count.kind === 'number' && node.count.value < 1) {
          error(codes.numberInvalid, `a player must choose at least 1, not ${node.count.value}`, node.count.range);
        }
        player(node.by, scope);
        const type = node.count ? listType : elementOf(listType);
        annotations.slots.set(node.variable, scope.define(node.variable.text, type));
        return false;
      }
      case 'choose-selection': {
        const slot = checkSelection(node, {
          type: (e) => expr(e, { scope }),
          number: (e, what) => { expect(e, { scope }, 'number', codes.typeExpectedNumber, what); },
          condition: (e) => condition(e, { scope }),
          player: (e) => player(e, scope),
          define: (name, type) => scope.define(name.text, type as Type),
          findCall, describe: (type) => describeType(type as Type),
        }, diagnostics);
        annotations.slots.set(node.variable, slot);
        return false;
      }
      case 'choose-option': {
        player(node.by, scope);
        const labels = new Set<string>();
        let allEnd = node.options.length > 0;
        for (const option of node.options) {
          if (labels.has(option.label)) error(codes.nameDuplicate, `two options are labelled '${option.label}'`, option.labelRange ?? option.range);
          labels.add(option.label);
          if (option.condition) condition(option.condition, { scope });
          if (!inner(option.body)) allEnd = false;
        }
        return allEnd;
      }
      case 'if': {
        condition(node.condition, { scope });
        const thenEnds = inner(node.then);
        const elseEnds = node.otherwise ? inner(node.otherwise) : false;
        return thenEnds && elseEnds;
      }
      case 'for-each': {
        const listType = expr(node.list, { scope });
        if (listType !== 'unknown' && !isList(listType)) {
          error(codes.typeExpectedList, `for each walks a list, but this is ${describeType(listType)}`, node.list.range);
        }
        const loopScope = new Scope(scope, scope.frame);
        annotations.slots.set(node.variable, loopScope.define(node.variable.text, elementOf(listType)));
        // Two hidden slots hold the list and the position, so a loop can pause at a choice.
        annotations.loopSlots.set(node, loopScope.frame.size);
        loopScope.frame.size += 2;
        block(node.body, { ...context, scope: loopScope, topOfTurns: false });
        return false;
      }
      case 'simultaneous': {
        const listType = expr(node.list, { scope });
        if (listType !== 'unknown' && listType !== 'list<player>') {
          error(codes.typeMismatch, `simultaneously goes over a list of players, but this is ${describeType(listType)}`, node.list.range);
        }
        const loopScope = new Scope(scope, scope.frame);
        annotations.slots.set(node.variable, loopScope.define(node.variable.text, 'player'));
        block(node.body, { ...context, scope: loopScope, topOfTurns: false });
        checkSimultaneousBody(node, schema, diagnostics);
        return false;
      }
      case 'while':
        condition(node.condition, { scope });
        inner(node.body);
        return false;
      case 'repeat': {
        expect(node.times, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        annotations.loopSlots.set(node, scope.frame.size++);
        inner(node.body);
        return false;
      }
      case 'do': {
        const rule = schema.rules.get(node.rule.text);
        const kinds = node.args.map((arg) => expr(arg, { scope }));
        if (rule) {
          const passed = calls.get(rule.name);
          if (passed) passed.push(kinds); else calls.set(rule.name, [kinds]);
        }
        if (!rule) {
          if (complete) error(codes.nameUnknown, `there is no rule '${node.rule.text}'`, node.rule.range, closest(node.rule.text, schema.rules.keys()));
          return false;
        }
        called.add(rule.name);
        if (rule.decl.params.length !== node.args.length) {
          error(codes.argumentCount, `the rule '${rule.name}' takes ${rule.decl.params.length} argument${rule.decl.params.length === 1 ? '' : 's'}, not ${node.args.length}`, node.range);
        }
        return false;
      }
      case 'win': case 'eliminate':
        // `win squadra`: every player of a list wins together (a side dealt in secret, say).
        if (node.kind === 'win' && expr(node.player, { scope }) === 'list<player>') return true;
        player(node.player, scope);
        // `none` written out would win or put out nobody (a variable that may hold none is checked when the game runs).
        if (node.player.kind === 'none') {
          error(codes.typeExpectedPlayer, `${node.kind} needs a player, but this is always none`, node.player.range);
        }
        return node.kind === 'win';
      case 'draw-game': return true;
      case 'end-turn':
        if (!context.inTurns) error(codes.endTurnOutsideTurns, "'end turn' only means something inside the turns block or a rule: the setup has no turn to end", node.range);
        return true;
      case 'draw-role': case 'discard-role':
        if (!schema.rolesDecl) error(codes.nameUnknown, 'the game declares no roles', node.range);
        player(node.player, scope);
        return false;
      case 'next-turn':
        expect(node.player, { scope }, 'player', codes.typeMismatch, 'a player');
        return false;
      case 'first-player':
        dice(node.dice, scope);
        expect(node.score, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        return false;
      case 'shuffle': pileReference(node.pile, scope); return false;
      case 'draw-cards':
        expect(node.count, { scope }, 'number', codes.typeExpectedNumber, 'a number');
        pileReference(node.from, scope);
        pileReference(node.to, scope);
        return false;
      case 'rotate': expect(node.tile, { scope }, 'tile', codes.typeMismatch, 'a tile'); return false;
      case 'take-off': {
        const type = expr(node.pieces, { scope });
        if (!node.captured && (type === 'card' || type === 'list<card>')) {
          error(codes.planned, plannedMessage('remove CARDS', '15.2', 'move them to a pile nobody draws from'), node.range);
        } else if (type !== 'unknown' && type !== 'piece' && type !== 'list<piece>' && type !== 'none') {
          error(codes.typeMismatch, `expected a piece or a list of pieces here, but this is ${describeType(type)}`, node.pieces.range);
        }
        return false;
      }
      case 'move-cards': case 'reveal': {
        const type = expr(node.cards, { scope });
        // `move x to c`: a piece goes to a cell (capturing nothing by itself: the rules say what landing does).
        if (node.kind === 'move-cards' && (type === 'piece' || type === 'list<piece>')) {
          expect(node.to, { scope }, 'cell', codes.typeMismatch, 'a cell');
          if (node.faceDown) error(codes.typeMismatch, 'pieces stand on the board face up: face down is for cards', node.to.range);
          return false;
        }
        if (type !== 'unknown' && type !== 'card' && type !== 'list<card>' && type !== 'none') {
          error(codes.typeMismatch, `expected cards here, but this is ${describeType(type)}`, node.cards.range);
        }
        if (node.kind === 'move-cards') pileReference(node.to, scope);
        return false;
      }
      case 'win-team': {
        const type = expr(node.team, { scope });
        if (type !== 'unknown' && type !== 'team') error(codes.typeMismatch, `expected a team here, but this is ${describeType(type)}`, node.team.range);
        return true;
      }
    }
  }

  // ---- the frames -----------------------------------------------------------------------------
  const frame = (owner: A.Node, body: (scope: Scope) => void) => {
    const size = { size: 0 };
    body(new Scope(undefined, size));
    annotations.frameSizes.set(owner, size.size);
  };
  // Options are fixed before a game exists, so they hold constants only.
  const isConstant = (node: A.Expr): boolean => ['number', 'bool', 'string', 'none'].includes(node.kind)
    || (node.kind === 'unary' && node.operand.kind === 'number')
    || (node.kind === 'name' && (schema.symbols.has(node.name) || schema.roles.has(node.name) || schema.teams.has(node.name)
      || schema.zones.has(node.name) || schema.regions.has(node.name)))
    // A list of plain values: `regioni [Asia, "Nord America"]`.
    || (node.kind === 'list' && node.items.every(isConstant));
  // An unknown name is reported as such (name/unknown): calling it "a calculation" as well would only mislead.
  const constant = (node: A.Expr, check: () => void) => {
    const before = diagnostics.length;
    check();
    if (diagnostics.length > before) return;
    if (!isConstant(node)) error(codes.optionNotConstant, 'a property, an option or a variant setting must be a plain value (a number, true/false, a name, a text, or a list of them), not a calculation', node.range);
  };
  for (const variable of [...schema.globals.values(), ...schema.playerVars.values(), ...schema.teamVars.values(), ...schema.zoneVars.values(), ...schema.pieceVars.values()]) {
    frame(variable.decl, (scope) => expr(variable.decl.init, { scope }));
  }
  // Properties of cards and teams are constants, like options.
  for (const set of schema.cardSets.values()) {
    for (const property of [...set.decl.defaults, ...set.decl.cards.flatMap((c) => c.properties)]) {
      frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
    }
  }
  for (const team of schema.teams.values()) {
    for (const property of team.item.properties) frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
  }
  for (const set of schema.zoneSets.values()) {
    for (const property of [...set.defaults, ...set.items.flatMap((z) => z.properties)]) {
      frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
    }
  }
  for (const region of schema.regions.values()) {
    for (const property of region.item.properties) frame(property.value, (scope) => constant(property.value, () => expr(property.value, { scope })));
  }
  // A tile's `when` chooses the board of a variant: a condition over options, checked like one.
  for (const grid of schema.grids.values()) {
    for (const kind of grid.kinds) if (kind.when) frame(kind.when, (scope) => condition(kind.when!, { scope }));
  }
  for (const option of schema.options.values()) frame(option.decl, (scope) => constant(option.decl.value, () => expr(option.decl.value, { scope })));
  for (const variant of schema.variants.values()) {
    for (const setting of variant.settings) frame(setting.value, (scope) => constant(setting.value, () => expr(setting.value, { scope })));
  }
  for (const role of schema.roles.values()) {
    frame(role.item, (scope) => {
      const holder = scope.frame.size++;
      if (role.item.when) condition(role.item.when, { scope });
      if (role.item.goal) condition(role.item.goal, { scope, element: { slot: holder, type: 'player' } });
    });
  }
  // A move open at any time: its player is the block's name; each option's condition and body are checked like a rule's.
  for (const decl of schema.anyTime) {
    for (const option of decl.options) {
      frame(option, (scope) => {
        expect(decl.players, { scope }, 'list<player>', codes.typeMismatch, 'a list of players');
        annotations.slots.set(decl.variable, scope.define(decl.variable.text, 'player'));
        if (option.condition) condition(option.condition, { scope });
        block(option.body, { scope, inTurns: true, topOfTurns: false, phases: new Set() });
      });
    }
  }
  if (schema.setup) frame(schema.setup, (scope) => block(schema.setup!.body, { scope, inTurns: false, topOfTurns: false, phases: new Set() }));
  if (schema.turns) frame(schema.turns, (scope) => block(schema.turns!.body, { scope, inTurns: true, topOfTurns: true, phases: new Set() }));
  // A rule's parameters take the kind of value its calls pass (a player, a territory, dice): each
  // rule is checked after every rule that calls it (callOrder), so all its calls are known.
  for (const rule of callOrder(schema)) {
    const kinds = parameterKinds(rule.decl.params, calls.get(rule.name) ?? []);
    frame(rule.decl, (scope) => {
      rule.decl.params.forEach((param, i) => annotations.slots.set(param, scope.define(param.text, kinds[i])));
      block(rule.decl.body, { scope, inTurns: true, topOfTurns: false, phases: new Set() });
    });
  }
  for (const rule of schema.rules.values()) {
    if (!called.has(rule.name) && complete) warn(codes.ruleUnused, `the rule '${rule.name}' is never used (no 'do ${rule.name}')`, rule.decl.name.range);
  }
  // Dice are numbered at run time like plain numbers, so pairsWon must know which it is given, or it
  // would compare the dice by their places in their set instead of by what they show.
  for (const { arg, type, local } of pairsWonUnsure) {
    const member = arg.kind === 'member' ? annotations.members.get(arg) : undefined;
    const variable = arg.kind === 'name' && annotations.names.get(arg)?.kind === 'global' ? arg.name
      : arg.kind === 'member' && (member?.kind === 'player-var' || member?.kind === 'team-var' || member?.kind === 'zone-var') ? arg.property.text : undefined;
    const learnt = variable !== undefined ? annotations.variableTypes.get(variable)
      : local && annotations.names.get(arg as A.NameExpr)?.kind === 'local' ? localsLearnt.get(local) : undefined;
    if (learnt === 'list<die>' || learnt === 'list<number>') annotations.types.set(arg, learnt);
    else if (learnt !== undefined && learnt !== 'list<unknown>') error(codes.typeMismatch, `pairsWon compares dice or numbers, but this is ${describeType(learnt)}`, arg.range);
    else if (type === 'unknown') error(codes.typeMismatch, "pairsWon cannot tell whether this holds dice or numbers (it has no kind, like a rule's parameter): write values(…) around dice", arg.range);
  }
  return { annotations, calls };
}

export function describeType(type: Type | undefined): string {
  if (type === undefined) return 'a value';
  if (type.startsWith('list<')) return `a list of ${elementOf(type)}s`.replace('unknowns', 'values');
  return ({ number: 'a number', bool: 'a condition', string: 'a text', player: 'a player', symbol: 'a symbol', die: 'a die', role: 'a role', team: 'a team', card: 'a card', zone: 'a zone', region: 'a region', cell: 'a cell', tile: 'a tile', piece: 'a piece', none: 'none', unknown: 'a value' } as Record<string, string>)[type] ?? type;
}
