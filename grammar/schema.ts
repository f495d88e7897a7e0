/**
 * The declarations of a game gathered into one table: what names exist and what they are.
 * Duplicate names and bad numbers are reported here; statements are checked by the checker (checker.ts).
 */
import * as A from './ast.ts';
import { walk } from './walk.ts';
import { closest, codes, diagnostic, type Diagnostic } from './diagnostics.ts';
import { plannedMessage } from './planned.ts';
import { addThresholds, checkThresholds, type StatusInfo } from './flow-check.ts';
import { gridInfo, pieceKindInfo, type GridInfo, type PieceKindInfo } from './grid-schema.ts';

export interface PoolInfo { name: string; index: number; count: number; dieType: string; faces: string[]; marks: string[]; firstDie: number; decl: A.DiceDecl }
export interface RoleInfo { name: string; index: number; item: A.RoleItem; visibility: 'secret' | 'public' }
export interface VarInfo { name: string; index: number; decl: A.VarDecl }
export interface OptionInfo { name: string; index: number; decl: A.OptionDecl }
export interface RuleInfo { name: string; index: number; decl: A.RuleDecl }
export interface DefineInfo { name: string; index: number; decl: A.DefineDecl }
export interface TeamInfo { name: string; index: number; item: A.TeamItem }
export interface CardSetInfo { name: string; index: number; decl: A.CardsDecl; firstCard: number; count: number }
export interface PileInfo { name: string; index: number; decl: A.PileDecl }
export interface ZoneInfo {
  name: string; index: number; item: A.ZoneItem; set: string;
  /** On a map: the index of the territory's region, and the territories it borders (both ways), in the order written. */
  region?: number;
  neighbours: string[];
}
export interface RegionInfo { name: string; index: number; item: A.RegionItem; map: string; territories: string[] }

export interface Schema {
  game?: A.GameDecl;
  minPlayers: number;
  maxPlayers: number;
  /** The player counts allowed, when the game lists them (`players 4, 6, 8`). */
  allowedPlayers: number[] | null;
  turnLimit: number;
  /** `turn limit 60 to 80`: the largest limit drawn (the same as turnLimit when nothing is drawn); `hidden`: kept from the players. */
  turnLimitMax: number;
  turnLimitHidden: boolean;
  /** `at turn limit { … }`: what happens when the limit is reached. */
  atTurnLimit?: A.AtTurnLimitDecl;
  /** `length up to N …`: how long a game may honestly last; simulations stop a game past it. */
  statedLength: { limit: number; unit: 'rounds' | 'turns' | 'variable'; variable?: string } | null;
  tokens: string[];
  /** Every symbol: token kinds and die faces share one namespace (a Popolo face gives a Popolo token). */
  symbols: Set<string>;
  dieTypes: Map<string, { faces: string[]; decl: A.DieDecl }>;
  pools: Map<string, PoolInfo>;
  totalDice: number;
  roles: Map<string, RoleInfo>;
  rolesDecl?: A.RolesDecl;
  globals: Map<string, VarInfo>;
  playerVars: Map<string, VarInfo>;
  options: Map<string, OptionInfo>;
  variants: Map<string, A.VariantDecl>;
  rules: Map<string, RuleInfo>;
  /** Named computed values (`define`), called in expressions like functions. */
  defines: Map<string, DefineInfo>;
  setup?: A.SetupDecl;
  turns?: A.TurnsDecl;
  tokenReserve: Map<string, number | null>;
  tokenCitations: Map<string, string | undefined>;
  teamsDecl?: A.TeamsDecl;
  teams: Map<string, TeamInfo>;
  teamVars: Map<string, VarInfo>;
  /** Every property name a team has, in first-seen order (a team lacking one reads none). */
  teamProperties: string[];
  cardSets: Map<string, CardSetInfo>;
  /** Every property name a card has, across all sets, in first-seen order. */
  cardProperties: string[];
  totalCards: number;
  piles: Map<string, PileInfo>;
  zones: Map<string, ZoneInfo>;
  /** Each `zones` set and each map: its zones' names (the set is the list of its zones), their items and defaults. */
  zoneSets: Map<string, { defaults: A.Property[]; items: A.ZoneItem[]; zones: string[]; isMap: boolean }>;
  /** The regions of every map, in the order written; a region is the number of its index at run time. */
  regions: Map<string, RegionInfo>;
  /** Every property name a region has, in first-seen order (a region lacking one reads none). */
  regionProperties: string[];
  zoneVars: Map<string, VarInfo>;
  zoneProperties: string[];
  grids: Map<string, GridInfo>;
  pieceKinds: Map<string, PieceKindInfo>;
  pieceVars: Map<string, VarInfo>;
  /** Statuses from thresholds of tokens (`1 "Ministero della Verità"`), by name. */
  statuses: Map<string, StatusInfo>;
  anyTime: A.AnyTimeDecl[];
}

/** Everything that has a name at the top level, to catch one name used for two things. */
class NameRegistry {
  private readonly seen = new Map<string, { what: string; range: A.Range }>();
  constructor(private readonly diagnostics: Diagnostic[]) {}
  claim(name: A.Name, what: string, allowSameKind = false): boolean {
    if (!name.text) return false;
    const previous = this.seen.get(name.text);
    if (previous && !(allowSameKind && previous.what === what)) {
      this.diagnostics.push(diagnostic(codes.nameDuplicate,
        `'${name.text}' is already declared as ${previous.what}; give this one another name`, name.range));
      return false;
    }
    if (!previous) this.seen.set(name.text, { what, range: name.range });
    return true;
  }
  has(name: string): boolean {
    return this.seen.has(name);
  }
}

const defaultTurnLimit = 1000;
/** The most players a game may be for: every count up to it is offered in menus and checked at the table. */
export const maxPlayerCount = 100;
const finite = (value: number | undefined, fallback: number) => (value !== undefined && Number.isFinite(value) ? value : fallback);

/** `complete` false: the file was cut short, so a missing block may just be unread; say nothing of it. */
export function buildSchema(file: A.RulesFile, diagnostics: Diagnostic[], complete = true): Schema {
  const schema: Schema = {
    minPlayers: 1, maxPlayers: 1, allowedPlayers: null, turnLimit: defaultTurnLimit, turnLimitMax: defaultTurnLimit, turnLimitHidden: false, statedLength: null, tokens: [], symbols: new Set(), dieTypes: new Map(),
    pools: new Map(), totalDice: 0, roles: new Map(), globals: new Map(), playerVars: new Map(), options: new Map(),
    variants: new Map(), rules: new Map(), defines: new Map(), tokenReserve: new Map(), tokenCitations: new Map(),
    teams: new Map(), teamVars: new Map(), teamProperties: [], cardSets: new Map(), cardProperties: [], totalCards: 0, piles: new Map(),
    zones: new Map(), zoneSets: new Map(), zoneVars: new Map(), zoneProperties: [], regions: new Map(), regionProperties: [],
    grids: new Map(), pieceKinds: new Map(), pieceVars: new Map(), statuses: new Map(), anyTime: [],
  };
  const names = new NameRegistry(diagnostics);
  /** A card or a zone may only set properties its set declares (with their defaults, after `with`). */
  const undeclaredProperties = (owners: string, defaults: A.Property[], properties: A.Property[]) => {
    for (const property of properties) {
      if (defaults.some((d) => d.name.text === property.name.text)) continue;
      diagnostics.push(diagnostic(codes.nameUnknownAttribute,
        `${owners} have no property '${property.name.text}': declare it after 'with' with its default`, property.name.range,
        { suggestion: closest(property.name.text, defaults.map((d) => d.name.text)) }));
    }
  };
  const positive = (node: A.NumberNode | undefined, what: string, minimum = 1) => {
    // NaN: a number lost to a syntax error, already reported.
    if (node && Number.isFinite(node.value) && node.value < minimum) {
      diagnostics.push(diagnostic(codes.numberInvalid, `${what} must be at least ${minimum}, not ${node.value}`, node.range));
    }
  };

  /** A map's territories are zones of a set named after the map; its regions group them; borders join them. */
  const addMap = (decl: A.MapDecl) => {
    if (!names.claim(decl.name, 'a map')) return;
    for (const property of decl.defaults) if (!schema.zoneProperties.includes(property.name.text)) schema.zoneProperties.push(property.name.text);
    const members: string[] = [];
    const items: A.ZoneItem[] = [];
    for (const region of decl.regions) {
      if (!names.claim(region.name, 'a region')) continue;
      const info: RegionInfo = { name: region.name.text, index: schema.regions.size, item: region, map: decl.name.text, territories: [] };
      schema.regions.set(region.name.text, info);
      for (const property of region.properties) if (!schema.regionProperties.includes(property.name.text)) schema.regionProperties.push(property.name.text);
      for (const item of region.territories) {
        if (!names.claim(item.name, 'a territory')) continue;
        schema.zones.set(item.name.text, { name: item.name.text, index: schema.zones.size, item, set: decl.name.text, region: info.index, neighbours: [] });
        members.push(item.name.text);
        items.push(item);
        info.territories.push(item.name.text);
        undeclaredProperties(`the territories of '${decl.name.text}'`, decl.defaults, item.properties);
      }
      if (region.territories.length === 0) diagnostics.push(diagnostic(codes.numberInvalid, `the region '${region.name.text}' has no territories`, region.name.range));
    }
    schema.zoneSets.set(decl.name.text, { defaults: decl.defaults, items, zones: members, isMap: true });
    const territory = (name: A.Name) => {
      const found = schema.zones.get(name.text);
      if (found?.set === decl.name.text) return found;
      diagnostics.push(diagnostic(codes.nameUnknown, `'${name.text}' is not a territory of the map '${decl.name.text}': list it in one of its regions`, name.range,
        { suggestion: closest(name.text, members) }));
      return undefined;
    };
    for (const border of decl.borders) {
      const from = territory(border.from);
      for (const name of border.to) {
        const to = territory(name);
        if (!from || !to) continue;
        if (from === to) {
          diagnostics.push(diagnostic(codes.mapBorder, `'${from.name}' cannot border itself`, name.range));
        } else if (from.neighbours.includes(to.name)) {
          diagnostics.push({ ...diagnostic(codes.mapBorder, `the border between '${from.name}' and '${to.name}' is already written`, name.range), severity: 'warning' });
        } else {
          from.neighbours.push(to.name);
          to.neighbours.push(from.name);
        }
      }
    }
    for (const name of members) {
      const zone = schema.zones.get(name)!;
      if (zone.neighbours.length === 0 && members.length > 1) {
        diagnostics.push({ ...diagnostic(codes.mapBorder, `the territory '${name}' borders no other territory: add a border line for it`, zone.item.name.range), severity: 'warning' });
      }
    }
  };

  for (const decl of file.declarations) {
    switch (decl.kind) {
      case 'game':
        if (schema.game) {
          diagnostics.push(diagnostic(codes.gameDuplicate, 'a file describes one game: there is already a game block', decl.range));
          break;
        }
        schema.game = decl;
        positive(decl.minPlayers, 'the number of players');
        positive(decl.turnLimit, 'the turn limit');
        schema.minPlayers = finite(decl.minPlayers?.value, 1);
        schema.maxPlayers = finite(decl.maxPlayers?.value, schema.minPlayers);
        if (decl.allowedPlayers) {
          schema.allowedPlayers = decl.allowedPlayers.map((n) => n.value).filter(Number.isFinite);
          schema.minPlayers = Math.min(...schema.allowedPlayers);
          schema.maxPlayers = Math.max(...schema.allowedPlayers);
          decl.allowedPlayers.forEach((n) => positive(n, 'the number of players'));
        }
        schema.turnLimit = finite(decl.turnLimit?.value, defaultTurnLimit);
        schema.turnLimitMax = finite(decl.turnLimitMax?.value, schema.turnLimit);
        schema.turnLimitHidden = decl.turnLimitHidden === true;
        if (decl.turnLimitMax && schema.turnLimitMax < schema.turnLimit) {
          diagnostics.push(diagnostic(codes.numberInvalid, `the turn limit is drawn from ${schema.turnLimit} to ${schema.turnLimitMax}: the second number must not be smaller than the first`, decl.turnLimitMax.range));
          schema.turnLimitMax = schema.turnLimit;
        }
        for (const node of [decl.minPlayers, decl.maxPlayers, ...(decl.allowedPlayers ?? [])]) {
          if (node && node.value > maxPlayerCount) {
            diagnostics.push(diagnostic(codes.numberInvalid, `a game can be for at most ${maxPlayerCount} players, not ${node.value}`, node.range));
          }
        }
        // Nothing after the checker sees a count it could not seat.
        schema.minPlayers = Math.min(schema.minPlayers, maxPlayerCount);
        schema.maxPlayers = Math.min(schema.maxPlayers, maxPlayerCount);
        if (schema.allowedPlayers) schema.allowedPlayers = schema.allowedPlayers.filter((n) => n <= maxPlayerCount);
        if (decl.maxPlayers && decl.minPlayers && decl.maxPlayers.value < decl.minPlayers.value) {
          diagnostics.push(diagnostic(codes.numberInvalid,
            `the player range ${decl.minPlayers.value} to ${decl.maxPlayers.value} is empty: the larger number goes second`, decl.maxPlayers.range));
        }
        break;
      case 'tokens':
        if (decl.reserve && decl.reserve.value < 0) positive(decl.reserve, 'a reserve', 0);
        for (const name of decl.names) {
          if (!names.claim(name, 'a token', false)) continue;
          schema.tokens.push(name.text);
          schema.symbols.add(name.text);
          schema.tokenReserve.set(name.text, decl.reserve ? decl.reserve.value : null);
          schema.tokenCitations.set(name.text, decl.cite);
        }
        break;
      case 'die': {
        names.claim(decl.name, 'a die');
        const faces: string[] = [];
        for (const face of decl.faces) {
          if (face.upTo && face.number) {
            if (face.upTo.value < face.number.value) {
              diagnostics.push(diagnostic(codes.numberInvalid, `the face range ${face.number.value} to ${face.upTo.value} is empty`, face.range));
            }
            if (face.upTo.value - face.number.value >= 1000) diagnostics.push(diagnostic(codes.numberInvalid, 'a die can have at most 1000 faces', face.range));
            for (let n = face.number.value; n <= face.upTo.value && faces.length < 1000; n++) faces.push(String(n));
          } else if (face.name) {
            positive(face.copies, 'the number of faces showing a symbol');
            for (let i = 0; i < Math.min(face.copies?.value ?? 1, 1000); i++) faces.push(face.name.text);
            schema.symbols.add(face.name.text);
          } else if (face.number) {
            faces.push(String(face.number.value));
          }
        }
        if (faces.length < 2 && decl.faces.length > 0) {
          diagnostics.push(diagnostic(codes.numberInvalid, `a die needs at least two faces; '${decl.name.text}' has ${faces.length}`, decl.name.range));
        }
        schema.dieTypes.set(decl.name.text, { faces, decl });
        break;
      }
      case 'dice': {
        names.claim(decl.name, 'a set of dice');
        positive(decl.count, 'the number of dice');
        const marks = decl.marks.map((mark) => mark.text);
        for (let i = 0; i < decl.marks.length; i++) {
          if (marks.indexOf(marks[i]) !== i) {
            diagnostics.push(diagnostic(codes.nameDuplicate, `the mark '${marks[i]}' is listed twice`, decl.marks[i].range));
          }
        }
        if (decl.count.value > 100) diagnostics.push(diagnostic(codes.numberInvalid, `a set of dice can have at most 100 dice, not ${decl.count.value}`, decl.count.range));
        const count = Number.isFinite(decl.count.value) ? Math.max(0, Math.min(decl.count.value, 100)) : 0;
        schema.pools.set(decl.name.text, {
          name: decl.name.text, index: schema.pools.size, count, dieType: decl.dieType.text, faces: [], marks,
          firstDie: schema.totalDice, decl,
        });
        schema.totalDice += count;
        break;
      }
      case 'roles':
        if (schema.rolesDecl) {
          diagnostics.push(diagnostic(codes.nameDuplicate, 'the roles are already declared; list every role in one roles block', decl.range));
          break;
        }
        schema.rolesDecl = decl;
        for (const item of decl.roles) {
          if (!names.claim(item.name, 'a role')) continue;
          schema.roles.set(item.name.text, {
            name: item.name.text, index: schema.roles.size, item, visibility: item.visibility ?? decl.visibility,
          });
        }
        break;
      case 'var': {
        const table = decl.perPlayer ? schema.playerVars : decl.perTeam ? schema.teamVars : decl.perZone ? schema.zoneVars : decl.perPiece ? schema.pieceVars : schema.globals;
        const what = decl.perPlayer ? 'a player variable' : decl.perTeam ? 'a team variable' : decl.perZone ? 'a zone variable' : decl.perPiece ? 'a piece variable' : 'a variable';
        if (names.claim(decl.name, what)) {
          table.set(decl.name.text, { name: decl.name.text, index: table.size, decl });
        }
        break;
      }
      case 'option':
        if (names.claim(decl.name, 'an option')) schema.options.set(decl.name.text, { name: decl.name.text, index: schema.options.size, decl });
        break;
      case 'variant':
        if (names.claim(decl.name, 'a variant')) schema.variants.set(decl.name.text, decl);
        break;
      case 'setup':
        if (schema.setup) diagnostics.push(diagnostic(codes.nameDuplicate, 'there is already a setup block; merge the two', decl.range));
        else schema.setup = decl;
        break;
      case 'at-turn-limit':
        if (schema.atTurnLimit) diagnostics.push(diagnostic(codes.nameDuplicate, 'there is already an at turn limit block; merge the two', decl.range));
        else schema.atTurnLimit = decl;
        break;
      case 'turns':
        if (schema.turns) diagnostics.push(diagnostic(codes.nameDuplicate, 'there is already a turns block; a game has one flow of turns', decl.range));
        else schema.turns = decl;
        break;
      case 'rule':
        if (names.claim(decl.name, 'a rule')) schema.rules.set(decl.name.text, { name: decl.name.text, index: schema.rules.size, decl });
        break;
      case 'define':
        if (names.claim(decl.name, 'a define')) schema.defines.set(decl.name.text, { name: decl.name.text, index: schema.defines.size, decl });
        break;
      case 'teams':
        if (schema.teamsDecl) {
          diagnostics.push(diagnostic(codes.nameDuplicate, 'the teams are already declared; list every team in one teams block', decl.range));
          break;
        }
        schema.teamsDecl = decl;
        if (!decl.alternately) {
          diagnostics.push(diagnostic(codes.planned, plannedMessage('teams dealt in secret (without seated alternately)', 'deal-teams', 'teams public seated alternately { … }'), decl.range));
        }
        for (const item of decl.teams) {
          if (!names.claim(item.name, 'a team')) continue;
          schema.teams.set(item.name.text, { name: item.name.text, index: schema.teams.size, item });
          for (const property of item.properties) if (!schema.teamProperties.includes(property.name.text)) schema.teamProperties.push(property.name.text);
        }
        if (schema.teams.size < 2) diagnostics.push(diagnostic(codes.numberInvalid, 'a game with teams needs at least two of them', decl.range));
        break;
      case 'cards': {
        if (!names.claim(decl.name, 'a set of cards')) break;
        let count = 0;
        for (const property of decl.defaults) if (!schema.cardProperties.includes(property.name.text)) schema.cardProperties.push(property.name.text);
        // The names in the lists of a product of cards (`each seme in [Denari, …]`) are symbols, like card names.
        for (const symbol of decl.symbols ?? []) if (!schema.tokens.includes(symbol)) schema.symbols.add(symbol);
        for (const card of decl.cards) {
          positive(card.copies, 'the number of copies of a card');
          count += Math.max(0, Math.min(finite(card.copies?.value, 1), 1000));
          // A card's name is a symbol, so rules can compare it: c.name == Sindaco.
          if (!schema.tokens.includes(card.name.text)) schema.symbols.add(card.name.text);
          undeclaredProperties(`the cards of '${decl.name.text}'`, decl.defaults, card.properties);
        }
        schema.cardSets.set(decl.name.text, { name: decl.name.text, index: schema.cardSets.size, decl, firstCard: schema.totalCards, count });
        schema.totalCards += count;
        break;
      }
      case 'zones': {
        if (!names.claim(decl.name, 'a set of zones')) break;
        for (const property of decl.defaults) if (!schema.zoneProperties.includes(property.name.text)) schema.zoneProperties.push(property.name.text);
        const members: string[] = [];
        for (const item of decl.zones) {
          if (!names.claim(item.name, 'a zone')) continue;
          schema.zones.set(item.name.text, { name: item.name.text, index: schema.zones.size, item, set: decl.name.text, neighbours: [] });
          members.push(item.name.text);
          undeclaredProperties(`the zones of '${decl.name.text}'`, decl.defaults, item.properties);
        }
        schema.zoneSets.set(decl.name.text, { defaults: decl.defaults, items: decl.zones, zones: members, isMap: false });
        break;
      }
      case 'map': addMap(decl); break;
      case 'grid': {
        const grid = gridInfo(decl, schema.grids.size, (name, what) => names.claim(name, what), schema.symbols, diagnostics);
        if (grid) schema.grids.set(grid.name, grid);
        break;
      }
      case 'thresholds': addThresholds(decl, schema.statuses, diagnostics); break;
      case 'any-time': schema.anyTime.push(decl); break;
      case 'pieces': {
        const kind = pieceKindInfo(decl, schema.pieceKinds.size, (name, what) => names.claim(name, what), diagnostics);
        if (kind) schema.pieceKinds.set(kind.name, kind);
        break;
      }
      case 'pile':
        if (names.claim(decl.name, decl.perPlayer ? 'a player pile' : decl.perTeam ? 'a team pile' : 'a pile')) schema.piles.set(decl.name.text, { name: decl.name.text, index: schema.piles.size, decl });
        break;
    }
  }

  if (schema.game?.length) schema.statedLength = statedLength(schema.game.length, schema, diagnostics);

  // `dealer`: a player the rules can move (`set dealer = left(dealer)`), there when the rules use
  // the word and declare nothing by that name.
  if (!names.has('dealer') && usesName(file, 'dealer')) {
    const range = file.range;
    const decl: A.VarDecl = { kind: 'var', perPlayer: false, name: { text: 'dealer', quoted: false, range }, init: { kind: 'none', range }, range };
    schema.globals.set('dealer', { name: 'dealer', index: schema.globals.size, decl });
  }

  // Every territory of a map has an owner (a player, or none until someone takes it).
  const firstMap = file.declarations.find((d): d is A.MapDecl => d.kind === 'map');
  if (firstMap && !schema.zoneVars.has('owner')) {
    const range = firstMap.name.range;
    const decl: A.VarDecl = { kind: 'var', perPlayer: false, perZone: true, name: { text: 'owner', quoted: false, range }, init: { kind: 'none', range }, range };
    schema.zoneVars.set('owner', { name: 'owner', index: schema.zoneVars.size, decl });
  }

  const allMarks = new Set([...schema.pools.values()].flatMap((p) => p.marks));
  if (allMarks.size > 30) {
    diagnostics.push(diagnostic(codes.numberInvalid, `the dice have ${allMarks.size} different marks; at most 30 are possible`, [...schema.pools.values()][0].decl.range));
  }
  for (const pool of schema.pools.values()) {
    const dieType = schema.dieTypes.get(pool.dieType);
    if (!dieType) {
      diagnostics.push(diagnostic(codes.nameUnknown, `there is no die called '${pool.dieType}'`, pool.decl.dieType.range,
        { suggestion: closest(pool.dieType, schema.dieTypes.keys()) }));
    } else {
      pool.faces = dieType.faces;
    }
  }
  for (const pile of schema.piles.values()) {
    const of = pile.decl.of;
    if (of && !schema.cardSets.has(of.text)) {
      diagnostics.push(diagnostic(codes.nameUnknown, `there are no cards called '${of.text}'`, of.range, { suggestion: closest(of.text, schema.cardSets.keys()) }));
    }
    if (of && (pile.decl.perPlayer || pile.decl.perTeam)) {
      diagnostics.push(diagnostic(codes.numberInvalid, `a ${pile.decl.perTeam ? 'team' : 'player'} pile starts empty: deal or draw cards into it instead of 'of'`, of.range));
    }
    if (pile.decl.perTeam && !schema.teamsDecl) {
      diagnostics.push(diagnostic(codes.nameUnknown, `'${pile.name}' is a team pile, but the game has no teams: declare them with teams public seated alternately { … }`, pile.decl.range));
    }
    const refill = pile.decl.refill;
    if (refill) {
      const from = schema.piles.get(refill.text);
      const shared = [...schema.piles.values()].filter((p) => !p.decl.perPlayer && !p.decl.perTeam && p !== pile).map((p) => p.name);
      if (pile.decl.perPlayer || pile.decl.perTeam) {
        diagnostics.push(diagnostic(codes.typeExpectedPile, `a ${pile.decl.perTeam ? 'team' : 'player'} pile is not drawn from as a deck: 'refill from' is for a pile everybody draws from`, refill.range));
      } else if (!from) {
        diagnostics.push(diagnostic(codes.nameUnknown, `there is no pile called '${refill.text}'`, refill.range, { suggestion: closest(refill.text, shared) }));
      } else if (from === pile) {
        diagnostics.push(diagnostic(codes.typeExpectedPile, `'${pile.name}' cannot refill from itself: name the pile its cards come back from (a discard pile)`, refill.range));
      } else if (from.decl.perPlayer || from.decl.perTeam) {
        diagnostics.push(diagnostic(codes.typeExpectedPile, `'${refill.text}' is a ${from.decl.perTeam ? 'team' : 'player'} pile, one per ${from.decl.perTeam ? 'team' : 'player'}: a pile refills from a shared pile`, refill.range, { suggestion: closest(refill.text, shared) }));
      }
    }
  }
  checkThresholds(file, schema.tokens, diagnostics);
  for (const variant of schema.variants.values()) {
    for (const setting of variant.settings) {
      if (!schema.options.has(setting.name.text)) {
        diagnostics.push(diagnostic(codes.nameUnknown, `a variant can only change a declared option; there is no option '${setting.name.text}'`,
          setting.name.range, { suggestion: closest(setting.name.text, schema.options.keys()) }));
      }
    }
  }
  if (!schema.game && complete) {
    diagnostics.push(diagnostic(codes.gameMissing, "the file has no game block: start it with game \"Name\" { players 2 to 4 }", { start: 0, end: 0 }));
  }
  if (!schema.turns && file.declarations.length > 0 && complete) {
    diagnostics.push(diagnostic(codes.turnsMissing, 'the game has no turns block, so nobody ever plays: add turns clockwise { … }', { start: 0, end: 0 }));
  }
  return schema;
}

function usesName(file: A.RulesFile, name: string): boolean {
  let found = false;
  walk(file, { expression: (node) => { if (!found && node.kind === 'name' && node.name === name) found = true; } });
  return found;
}

/** `length up to 40 mani`: in rounds, in turns, or counted by a number variable of the rules. */
function statedLength(length: A.StatedLength, schema: Schema, diagnostics: Diagnostic[]): Schema['statedLength'] {
  for (const word of length.misspelt) {
    diagnostics.push(diagnostic(codes.expectedWord, `expected '${word.expected}' here, not '${word.found}': length up to N rounds`, word.range, { suggestion: word.expected }));
  }
  if (!Number.isFinite(length.limit.value) || length.limit.value < 1) {
    diagnostics.push(diagnostic(codes.numberInvalid, 'a game lasts at least 1 of its unit', length.limit.range));
    return null;
  }
  const unit = length.unit.text;
  if (unit === 'rounds' || unit === 'turns') return { limit: length.limit.value, unit };
  const variable = schema.globals.get(unit);
  const init = variable?.decl.init;
  if (variable && (init?.kind === 'number' || (init?.kind === 'unary' && init.operator === '-'))) {
    return { limit: length.limit.value, unit: 'variable', variable: unit };
  }
  diagnostics.push(diagnostic(codes.nameUnknown,
    variable ? `'${unit}' must start as a number to count a game's length (var ${unit} = 0)` : `a game's length is counted in rounds, in turns, or by a number variable of the rules (var ${unit} = 0); '${unit}' is none of them`,
    length.unit.range, { suggestion: closest(unit, ['rounds', 'turns', ...schema.globals.keys()]) }));
  return null;
}
