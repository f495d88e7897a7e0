/**
 * What each kind of declaration adds to the schema, one small function per kind in one table
 * (typed over every kind, so a new declaration without its entry does not compile). Each claims
 * its names, so one name used for two things is reported where it is written the second time.
 */
import type * as A from './ast.ts';
import * as m from './messages.ts';
import type { ChecksByKind } from './check-registry.ts';
import { addThresholds } from './flow-check.ts';
import { gridInfo, pieceKindInfo } from './grid-schema.ts';
import { addMap } from './map-schema.ts';
import { addPropertyNames, defaultTurnLimit, undeclaredProperties, type SchemaBuilder } from './schema-builder.ts';
import type { VarInfo } from './schema-types.ts';

/** The most players a game may be for: every count up to it is offered in menus and checked at the table. */
export const maxPlayerCount = 100;
const finite = (value: number | undefined, fallback: number) => (value !== undefined && Number.isFinite(value) ? value : fallback);

function positive({ report }: SchemaBuilder, node: A.NumberNode | undefined, what: string, minimum = 1): void {
  // NaN: a number lost to a syntax error, already reported.
  if (node && Number.isFinite(node.value) && node.value < minimum) report(m.atLeast(what, minimum, node.value), node.range);
}

/** `game "…" { players 2 to 4  turn limit 60 }`: the player counts and the turn limit. */
function game(decl: A.GameDecl, builder: SchemaBuilder): void {
  const { schema, report } = builder;
  if (schema.game) {
    report(m.gameDuplicate(), decl.range);
    return;
  }
  schema.game = decl;
  positive(builder, decl.minPlayers, 'the number of players');
  positive(builder, decl.turnLimit, 'the turn limit');
  schema.minPlayers = finite(decl.minPlayers?.value, 1);
  schema.maxPlayers = finite(decl.maxPlayers?.value, schema.minPlayers);
  if (decl.allowedPlayers) {
    schema.allowedPlayers = decl.allowedPlayers.map((n) => n.value).filter(Number.isFinite);
    schema.minPlayers = Math.min(...schema.allowedPlayers);
    schema.maxPlayers = Math.max(...schema.allowedPlayers);
    decl.allowedPlayers.forEach((n) => positive(builder, n, 'the number of players'));
  }
  schema.turnLimit = finite(decl.turnLimit?.value, defaultTurnLimit);
  schema.turnLimitMax = finite(decl.turnLimitMax?.value, schema.turnLimit);
  schema.turnLimitHidden = decl.turnLimitHidden === true;
  if (decl.turnLimitMax && schema.turnLimitMax < schema.turnLimit) {
    report(m.turnLimitRange(schema.turnLimit, schema.turnLimitMax), decl.turnLimitMax.range);
    schema.turnLimitMax = schema.turnLimit;
  }
  for (const node of [decl.minPlayers, decl.maxPlayers, ...(decl.allowedPlayers ?? [])]) {
    if (node && node.value > maxPlayerCount) report(m.tooManyPlayers(maxPlayerCount, node.value), node.range);
  }
  // Nothing after the checker sees a count it could not seat.
  schema.minPlayers = Math.min(schema.minPlayers, maxPlayerCount);
  schema.maxPlayers = Math.min(schema.maxPlayers, maxPlayerCount);
  if (schema.allowedPlayers) schema.allowedPlayers = schema.allowedPlayers.filter((n) => n <= maxPlayerCount);
  if (decl.maxPlayers && decl.minPlayers && decl.maxPlayers.value < decl.minPlayers.value) {
    report(m.playerRangeEmpty(decl.minPlayers.value, decl.maxPlayers.value), decl.maxPlayers.range);
  }
}

function tokens(decl: A.TokensDecl, builder: SchemaBuilder): void {
  const { schema, names } = builder;
  if (decl.reserve && decl.reserve.value < 0) positive(builder, decl.reserve, 'a reserve', 0);
  for (const name of decl.names) {
    if (!names.claim(name, 'a token', false)) continue;
    schema.tokens.push(name.text);
    schema.symbols.add(name.text);
    schema.tokenReserve.set(name.text, decl.reserve ? decl.reserve.value : null);
    schema.tokenCitations.set(name.text, decl.cite);
  }
}

/** `die D6 faces 1 to 6`, `die Dado faces Popolo, 2 Torre`: its faces, in order, at most a thousand. */
function die(decl: A.DieDecl, builder: SchemaBuilder): void {
  const { schema, report } = builder;
  builder.names.claim(decl.name, 'a die');
  const faces: string[] = [];
  for (const face of decl.faces) {
    if (face.upTo && face.number) {
      if (face.upTo.value < face.number.value) report(m.faceRangeEmpty(face.number.value, face.upTo.value), face.range);
      if (face.upTo.value - face.number.value >= 1000) report(m.tooManyFaces(), face.range);
      for (let n = face.number.value; n <= face.upTo.value && faces.length < 1000; n++) faces.push(String(n));
    } else if (face.name) {
      positive(builder, face.copies, 'the number of faces showing a symbol');
      for (let i = 0; i < Math.min(face.copies?.value ?? 1, 1000); i++) faces.push(face.name.text);
      schema.symbols.add(face.name.text);
    } else if (face.number) {
      faces.push(String(face.number.value));
    }
  }
  if (faces.length < 2 && decl.faces.length > 0) report(m.tooFewFaces(decl.name.text, faces.length), decl.name.range);
  schema.dieTypes.set(decl.name.text, { faces, decl });
}

function dice(decl: A.DiceDecl, builder: SchemaBuilder): void {
  const { schema, report } = builder;
  builder.names.claim(decl.name, 'a set of dice');
  positive(builder, decl.count, 'the number of dice');
  const marks = decl.marks.map((mark) => mark.text);
  for (let i = 0; i < decl.marks.length; i++) {
    if (marks.indexOf(marks[i]) !== i) report(m.markTwice(marks[i]), decl.marks[i].range);
  }
  if (decl.count.value > 100) report(m.tooManyDice(decl.count.value), decl.count.range);
  const count = Number.isFinite(decl.count.value) ? Math.max(0, Math.min(decl.count.value, 100)) : 0;
  schema.pools.set(decl.name.text, {
    name: decl.name.text, index: schema.pools.size, count, dieType: decl.dieType.text, faces: [], marks,
    firstDie: schema.totalDice, decl, perPlayer: decl.perPlayer === true, hidden: decl.hidden === true,
  });
  if (decl.hidden && !decl.perPlayer) report(m.hiddenDiceOwner(decl.name.text), decl.hiddenRange ?? decl.range, 'player');
  schema.totalDice += count;
}

function roles(decl: A.RolesDecl, { schema, names, report }: SchemaBuilder): void {
  if (schema.rolesDecl) {
    report(m.rolesDuplicate(), decl.range);
    return;
  }
  schema.rolesDecl = decl;
  for (const item of decl.roles) {
    if (!names.claim(item.name, 'a role')) continue;
    schema.roles.set(item.name.text, { name: item.name.text, index: schema.roles.size, item, visibility: item.visibility ?? decl.visibility });
  }
}

/** `var x = 0`, `player var`, `team var`, `zone var`, `piece var`: each kind in its own table. */
function variable(decl: A.VarDecl, { schema, names }: SchemaBuilder): void {
  const [table, what]: [Map<string, VarInfo>, string] = decl.perPlayer ? [schema.playerVars, 'a player variable']
    : decl.perTeam ? [schema.teamVars, 'a team variable'] : decl.perZone ? [schema.zoneVars, 'a zone variable']
      : decl.perPiece ? [schema.pieceVars, 'a piece variable'] : [schema.globals, 'a variable'];
  if (names.claim(decl.name, what)) table.set(decl.name.text, { name: decl.name.text, index: table.size, decl });
}

function teams(decl: A.TeamsDecl, { schema, names, report }: SchemaBuilder): void {
  if (schema.teamsDecl) {
    report(m.teamsDuplicate(), decl.range);
    return;
  }
  schema.teamsDecl = decl;
  if (!decl.alternately) report(m.planned('teams dealt in secret (without seated alternately)', 'deal-teams', 'teams public seated alternately { … }'), decl.range);
  for (const item of decl.teams) {
    if (!names.claim(item.name, 'a team')) continue;
    schema.teams.set(item.name.text, { name: item.name.text, index: schema.teams.size, item });
    addPropertyNames(schema.teamProperties, item.properties);
  }
  if (schema.teams.size < 2) report(m.tooFewTeams(), decl.range);
}

function cards(decl: A.CardsDecl, builder: SchemaBuilder): void {
  const { schema } = builder;
  if (!builder.names.claim(decl.name, 'a set of cards')) return;
  let count = 0;
  addPropertyNames(schema.cardProperties, decl.defaults);
  // The names in the lists of a product of cards (`each seme in [Denari, …]`) are symbols, like card names.
  for (const symbol of decl.symbols ?? []) if (!schema.tokens.includes(symbol)) schema.symbols.add(symbol);
  for (const card of decl.cards) {
    positive(builder, card.copies, 'the number of copies of a card');
    count += Math.max(0, Math.min(finite(card.copies?.value, 1), 1000));
    // A card's name is a symbol, so rules can compare it: c.name == Sindaco.
    if (!schema.tokens.includes(card.name.text)) schema.symbols.add(card.name.text);
    undeclaredProperties(builder, `the cards of '${decl.name.text}'`, decl.defaults, card.properties);
  }
  schema.cardSets.set(decl.name.text, { name: decl.name.text, index: schema.cardSets.size, decl, firstCard: schema.totalCards, count });
  schema.totalCards += count;
}

function zones(decl: A.ZonesDecl, builder: SchemaBuilder): void {
  const { schema, names } = builder;
  if (!names.claim(decl.name, 'a set of zones')) return;
  addPropertyNames(schema.zoneProperties, decl.defaults);
  const members: string[] = [];
  for (const item of decl.zones) {
    if (!names.claim(item.name, 'a zone')) continue;
    schema.zones.set(item.name.text, { name: item.name.text, index: schema.zones.size, item, set: decl.name.text, neighbours: [] });
    members.push(item.name.text);
    undeclaredProperties(builder, `the zones of '${decl.name.text}'`, decl.defaults, item.properties);
  }
  schema.zoneSets.set(decl.name.text, { defaults: decl.defaults, items: decl.zones, zones: members, isMap: false });
}

/** A block a game has once: the second is reported, the first kept. */
function once<D extends A.SetupDecl | A.TurnsDecl | A.AtTurnLimitDecl>(field: 'setup' | 'turns' | 'atTurnLimit', duplicate: () => m.Message) {
  return (decl: D, { schema, report }: SchemaBuilder): void => {
    if (schema[field]) report(duplicate(), decl.range);
    else (schema as Record<typeof field, unknown>)[field] = decl;
  };
}

export const declarationChecks: ChecksByKind<A.Declaration, SchemaBuilder, void> = {
  game, tokens, die, dice, roles, var: variable, teams, cards, zones,
  option: (decl, { schema, names }) => {
    if (names.claim(decl.name, 'an option')) schema.options.set(decl.name.text, { name: decl.name.text, index: schema.options.size, decl });
  },
  variant: (decl, { schema, names }) => { if (names.claim(decl.name, 'a variant')) schema.variants.set(decl.name.text, decl); },
  setup: once('setup', m.setupDuplicate),
  'at-turn-limit': once('atTurnLimit', m.atTurnLimitDuplicate),
  turns: once('turns', m.turnsDuplicate),
  rule: (decl, { schema, names }) => {
    if (names.claim(decl.name, 'a rule')) schema.rules.set(decl.name.text, { name: decl.name.text, index: schema.rules.size, decl });
  },
  define: (decl, { schema, names }) => {
    if (names.claim(decl.name, 'a define')) schema.defines.set(decl.name.text, { name: decl.name.text, index: schema.defines.size, decl });
  },
  map: addMap,
  grid: (decl, { schema, names, diagnostics }) => {
    const grid = gridInfo(decl, schema.grids.size, (name, what) => names.claim(name, what), schema.symbols, diagnostics);
    if (grid) schema.grids.set(grid.name, grid);
  },
  pieces: (decl, { schema, names, diagnostics }) => {
    const kind = pieceKindInfo(decl, schema.pieceKinds.size, (name, what) => names.claim(name, what), diagnostics);
    if (kind) schema.pieceKinds.set(kind.name, kind);
  },
  thresholds: (decl, { schema, diagnostics }) => addThresholds(decl, schema.statuses, diagnostics),
  'any-time': (decl, { schema }) => { schema.anyTime.push(decl); },
  pile: (decl, { schema, names }) => {
    if (names.claim(decl.name, decl.perPlayer ? 'a player pile' : decl.perTeam ? 'a team pile' : 'a pile')) {
      schema.piles.set(decl.name.text, { name: decl.name.text, index: schema.piles.size, decl });
    }
  },
  // Checked after the schema, against it (look-check.ts, estimate-check.ts).
  look: () => {},
  estimate: () => {},
};
