/**
 * The declarations of a checked game as run-time data: the definition's tables of dice, tokens,
 * variables, places, cards, piles, options, variants and roles, every user name kept in an array
 * by index. Statements are lowered elsewhere (compile-emitter.ts and the compile-* families); this
 * part runs once per compile and makes the expression compiler they all share.
 */
import type { Analysis, AST } from '../../grammar/index.ts';
import { createExpressionCompiler, type ExpressionCompiler } from './compile-expression.ts';
import { goalExpressions } from './expression-sources.ts';
import { lowerGrids } from './compile-grid.ts';
import { lowerLooks } from '../program/look.ts';
import { lowerEstimate } from './compile-estimate.ts';
import { lowerDistance } from './compile-distance.ts';
import { Defines } from './compile-define.ts';
import { kindOf } from '../runtime/format-value.ts';
import { interned } from '../program/interned.ts';
import { zoneValue, type Evaluate, type Frame, type GameDefinition, type GameState, type PoolDefinition, type Value } from '../program/program.ts';

export interface DeclaredGame {
  /** Everything but the programs, which compile.ts lowers next. */
  definition: GameDefinition;
  expressions: ExpressionCompiler;
  compile: (node: AST.Expr) => Evaluate;
}

/** The definition's declared parts; `citation` numbers a rulebook citation in `citations`. */
export function declareGame(analysis: Analysis, citations: string[], citation: (text: string | undefined) => number): DeclaredGame {
  const { schema, annotations } = analysis;
  // The faces, tokens and roles a state holds and the programs compare, interned (interned.ts).
  // A player's set (`player dice Coppa: 5 D6`) holds its dice for every seat the game may have, seat after seat.
  let totalDice = 0;
  const pools = [...schema.pools.values()].map((p): PoolDefinition => {
    const first = totalDice;
    totalDice += p.perPlayer ? p.count * schema.maxPlayers : p.count;
    return {
      name: p.name, first, count: totalDice - first, faces: p.faces.map(interned), dieName: p.dieType,
      ...(p.perPlayer ? { perSeat: p.count } : {}), ...(p.hidden ? { hidden: true } : {}),
    };
  });
  const definition: GameDefinition = {
    title: schema.game?.title.text ?? 'untitled',
    minPlayers: schema.minPlayers,
    maxPlayers: schema.maxPlayers,
    allowedPlayers: schema.allowedPlayers,
    turnLimit: schema.turnLimit,
    turnLimitMax: schema.turnLimitMax,
    turnLimitHidden: schema.turnLimitHidden,
    limitProgram: -1,
    statedLength: schema.statedLength && {
      limit: schema.statedLength.limit, unit: schema.statedLength.unit,
      variable: schema.statedLength.variable === undefined ? -1 : schema.globals.get(schema.statedLength.variable)!.index,
      text: `${schema.statedLength.limit} ${schema.statedLength.variable ?? schema.statedLength.unit}`,
    },
    direction: schema.turns?.direction === 'counterclockwise' ? -1 : 1,
    tokens: schema.tokens.map(interned),
    tokenReserve: schema.tokens.map((t) => schema.tokenReserve.get(t) ?? null),
    pools,
    totalDice,
    marks: [...annotations.markBits.keys()],
    roles: [],
    teams: [],
    teamProperties: schema.teamProperties,
    teamVars: [],
    cards: [],
    cardProperties: schema.cardProperties,
    cardPropertyKinds: [],
    piles: [],
    zones: [],
    zoneProperties: schema.zoneProperties,
    regions: [],
    regionProperties: schema.regionProperties,
    maps: [],
    zoneVars: [],
    globals: [],
    playerVars: [],
    options: [],
    variants: new Map(),
    programs: [],
    batchPrograms: batchProgramsOf,
    batchLowering: null,
    setupProgram: -1,
    turnProgram: -1,
    phases: [],
    citations,
    grids: [], totalCells: 0, totalTiles: 0, pieceKinds: [],
    pieceVars: [],
    statuses: [...schema.statuses.values()].map((s) => ({ name: s.name, token: schema.tokens.indexOf(s.token), count: s.count, forbid: s.forbid })),
    anyTime: [],
    looks: lowerLooks(analysis.ast, schema),
    defines: null,
    memo: new Map(),
  };
  const expressions = createExpressionCompiler(definition, annotations);
  const compile = (node: AST.Expr) => expressions.compile(node);
  // Before any expression is compiled: a variable's initial value may call a define.
  if (schema.defines.size > 0) definition.defines = new Defines(schema.defines, annotations.frameSizes, compile);
  Object.assign(definition, lowerGrids(schema, compile));
  definition.estimate = lowerEstimate(analysis.ast, annotations, compile);
  const constant = (node: AST.Expr): Value => compile(node)({} as GameState, { program: -1, pc: 0, locals: [] });

  const variableKind = (name: string, init: AST.Expr) => kindOf(annotations.variableTypes.get(name) ?? annotations.types.get(init));
  const variables = (table: Map<string, { name: string; decl: AST.VarDecl }>) =>
    [...table.values()].map((g) => ({
      name: g.name, init: compile(g.decl.init), kind: variableKind(g.name, g.decl.init), ...(g.decl.hidden ? { hidden: true } : {}), ...(g.decl.secret ? { secret: true } : {}),
    }));
  /** The value of each named property: the item's own, else its set's default, else none. */
  const propertyValues = (names: string[], own: AST.Property[], defaults: AST.Property[] = []) => names.map((name) => {
    const property = own.find((p) => p.name.text === name) ?? defaults.find((d) => d.name.text === name);
    return property ? safeConstant(() => constant(property.value)) : null;
  });
  definition.globals = variables(schema.globals);
  definition.playerVars = variables(schema.playerVars);
  definition.teamVars = variables(schema.teamVars);
  definition.zoneVars = variables(schema.zoneVars);
  definition.pieceVars = variables(schema.pieceVars);
  // Places first: a card's or a region's property may name a territory or a region ("Africa del Nord").
  for (const set of schema.zoneSets.values()) {
    for (const zone of set.items) {
      const info = schema.zones.get(zone.name.text);
      if (info?.item !== zone) continue;
      definition.zones.push({
        name: zone.name.text, properties: propertyValues(schema.zoneProperties, zone.properties, set.defaults),
        region: info.region ?? null, neighbours: info.neighbours.map((n) => zoneValue(schema.zones.get(n)!.index)),
      });
    }
  }
  const zoneOf = (name: string) => zoneValue(schema.zones.get(name)!.index);
  definition.regions = [...schema.regions.values()].map((region) => ({
    name: region.name, map: region.map, properties: propertyValues(schema.regionProperties, region.item.properties),
    territories: region.territories.map(zoneOf),
  }));
  definition.maps = [...schema.zoneSets].filter(([, set]) => set.isMap).map(([name, set]) => ({ name, territories: set.zones.map(zoneOf) }));
  definition.teams = [...schema.teams.values()].map((team) => ({ name: team.name, properties: propertyValues(schema.teamProperties, team.item.properties) }));
  // A property's kind is the first one known among the values written for it, defaults first.
  definition.cardPropertyKinds = schema.cardProperties.map((name) => {
    const written = [...schema.cardSets.values()].flatMap((set) => [...set.decl.defaults, ...set.decl.cards.flatMap((c) => c.properties)])
      .filter((p) => p.name.text === name).map((p) => kindOf(annotations.types.get(p.value)));
    return written.find((kind) => kind !== 'unknown' && kind !== 'none') ?? 'unknown';
  });
  for (const set of schema.cardSets.values()) {
    for (const card of set.decl.cards) {
      const properties = propertyValues(schema.cardProperties, card.properties, set.decl.defaults);
      const copies = Number.isFinite(card.copies?.value) ? Math.max(0, Math.min(card.copies!.value, 1000)) : 1;
      for (let i = 0; i < copies; i++) definition.cards.push({ name: card.name.text, set: set.name, properties });
    }
  }
  // Who played each card is kept only where the rules ask for it (`c.player`).
  const readsPlayer = [...annotations.members.values()].some((m) => m.kind === 'card-player')
    || [...annotations.names.values()].some((r) => r.kind === 'attribute' && r.member.kind === 'card-player');
  if (readsPlayer) definition.cardPlayers = true;
  definition.piles = [...schema.piles.values()].map((pile) => {
    const set = pile.decl.of ? schema.cardSets.get(pile.decl.of.text) : undefined;
    return {
      name: pile.name, perPlayer: pile.decl.perPlayer, ...(pile.decl.perTeam ? { perTeam: true } : {}), visibility: pile.decl.visibility,
      initial: set ? Array.from({ length: set.count }, (_, i) => set.firstCard + i) : [],
      refill: pile.decl.refill ? schema.piles.get(pile.decl.refill.text)?.index ?? -1 : -1,
      ...(pile.decl.sortedBy ? { sortRank: sortRank(definition, pile.decl.sortedBy.map((key) => key.text)) } : {}),
    };
  });
  definition.options = [...schema.options.values()].map((o) => ({ name: o.name, value: safeConstant(() => constant(o.decl.value)) }));
  for (const [name, variant] of schema.variants) {
    definition.variants.set(name, variant.settings.map((s) => ({
      index: schema.options.get(s.name.text)!.index, value: safeConstant(() => constant(s.value)),
    })));
  }
  for (const role of schema.roles.values()) {
    const size = annotations.frameSizes.get(role.item) ?? 1;
    const when = role.item.when ? compile(role.item.when) : null;
    const goal = role.item.goal ? compile(role.item.goal) : null;
    definition.roles.push({
      name: interned(role.name),
      visibility: role.visibility,
      eligible: when ? (state) => Boolean(when(state, { program: -1, pc: 0, locals: new Array(size).fill(null) })) : null,
      // A goal never pauses for a choice, so one scratch frame per role is enough.
      goal: goal ? goalExpressions.set(((frame: Frame) => (state: GameState, holder: number) => {
        frame.locals[0] = holder;
        return Boolean(goal(state, frame));
      })({ program: -1, pc: 0, locals: new Array(size).fill(null) }), goal, size) : null,
      cite: citation(role.item.cite),
    });
  }
  definition.distance = lowerDistance({
    file: analysis.ast, annotations, compile,
    roles: [...schema.roles.values()].map((r) => ({ name: interned(r.name), goal: r.item.goal, frameSize: annotations.frameSizes.get(r.item) ?? 1 })),
  });
  return { definition, expressions, compile };
}

/**
 * `sorted by seme, forza`: each card's place when the cards are ordered by those properties (or
 * `name`), the first key first. Numbers go in their order; other values (suits, names) in the order
 * they first appear in the cards as declared, so suits come as the deck lists them. Ties keep the
 * cards' declared order.
 */
function sortRank(definition: GameDefinition, keys: string[]): number[] {
  const cards = definition.cards;
  const readers = keys.map((key) => {
    const index = definition.cardProperties.indexOf(key);
    return (card: number): Value => (index < 0 ? cards[card].name : cards[card].properties[index]);
  });
  const firstSeen = readers.map((read) => {
    const seen = new Map<string, number>();
    cards.forEach((_, card) => { const text = JSON.stringify(read(card)); if (!seen.has(text)) seen.set(text, seen.size); });
    return seen;
  });
  const compare = (a: number, b: number): number => {
    for (let k = 0; k < readers.length; k++) {
      const [x, y] = [readers[k](a), readers[k](b)];
      const order = typeof x === 'number' && typeof y === 'number' ? x - y
        : typeof x === 'number' ? -1 : typeof y === 'number' ? 1
        : firstSeen[k].get(JSON.stringify(x))! - firstSeen[k].get(JSON.stringify(y))!;
      if (order !== 0) return order;
    }
    return a - b;
  };
  const rank = new Array<number>(cards.length);
  cards.map((_, card) => card).sort(compare).forEach((card, place) => { rank[card] = place; });
  return rank;
}

function safeConstant(read: () => Value): Value {
  try { return read(); } catch { return null; }
}

/** A definition's batch programs (GameDefinition.batchPrograms): a method shared by every definition. */
function batchProgramsOf(this: GameDefinition) {
  return this.batchLowering ? this.batchLowering.programs() : [];
}
