/**
 * What a name means: a local, a declared thing (variable, option, zone, symbol, role, pile, grid…),
 * or an attribute of a value's kind (`p.Vino`, `d.face`, `c.seme`, `t.region`). Unknown names get
 * the closest declared one as a suggestion. Every resolution is recorded for the interpreter.
 */
import type * as A from './ast.ts';
import { closest } from './diagnostics.ts';
import * as m from './messages.ts';
import { gridMemberNames, gridMemberOf, gridNames, isGridType, resolveGridName } from './grid-check.ts';
import type { CheckState, ExprContext, MemberResolution, Resolution, Type } from './check-state.ts';

export type NameChecks = ReturnType<typeof nameChecks>;

export function nameChecks(state: CheckState) {
  const { schema, annotations, report } = state;

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
      // `player` is a keyword, so no property of the cards is called so.
      if (property === 'player') return { resolution: { kind: 'card-player' }, type: 'player' };
    }
    if (type === 'player') {
      if (property === 'team' && schema.teamsDecl) return { resolution: { kind: 'team-of' }, type: 'team' };
      const pile = schema.piles.get(property);
      if (pile?.decl.perPlayer) return { resolution: { kind: 'player-pile', index: pile.index }, type: 'list<card>' };
      const pool = schema.pools.get(property);
      if (pool?.perPlayer) return { resolution: { kind: 'player-dice', name: property, pool: pool.index }, type: 'list<die>' };
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
      ...[...schema.piles.values()].filter((p) => p.decl.perPlayer).map((p) => p.name), ...[...schema.pools.values()].filter((p) => p.perPlayer).map((p) => p.name)];
    if (type === 'die') return ['face', 'value', ...annotations.markBits.keys()];
    if (type === 'card') return ['name', 'player', ...schema.cardProperties];
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
    const pool = schema.pools.get(node.name);
    if (pool) return record(pool.perPlayer ? { kind: 'table-dice', name: node.name, pool: pool.index } : { kind: 'pool', name: node.name }, 'list<die>');
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
    if (node.name === 'turn') return record({ kind: 'turn' }, 'number');
    if (node.name === 'regions' && schema.regions.size > 0) return record({ kind: 'regions' }, 'list<region>');
    if (node.name === 'roles') return record({ kind: 'roles' }, 'list<role>');
    const candidates = [
      ...context.scope.all(), ...(context.element ? memberNames(context.element.type) : []), ...schema.globals.keys(),
      ...schema.options.keys(), ...schema.symbols, ...schema.roles.keys(), ...schema.pools.keys(), 'seats', 'roles', 'round',
      ...schema.teams.keys(), ...schema.piles.keys(), ...schema.cardSets.keys(), ...schema.zones.keys(), ...schema.zoneSets.keys(), ...schema.regions.keys(), ...gridNames(schema),
    ];
    const define = schema.defines.get(node.name);
    if (define) {
      // Meant as a use: the define is not also reported as never used.
      if (state.muted === 0 && !state.defineCalls.has(node.name)) state.defineCalls.set(node.name, []);
      report(m.defineWithoutParentheses(node.name, define.decl.params.map((p) => p.text)), node.range);
      return 'unknown';
    }
    report(m.notDeclared(node.name), node.range, closest(node.name, candidates));
    return 'unknown';
  }

  return { memberOf, memberNames, typeOfInit, resolveName };
}
