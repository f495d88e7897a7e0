/**
 * The catalogue's declarations (constructs.ts): for each kind, the ways of writing it, its parts,
 * the name it declares and its items. A snippet's placeholder defaults make a declaration that parses.
 */
import type * as A from './ast.ts';
import type { DeclarationCatalogue, Form } from './construct-types.ts';

const form = (words: string, snippet: string, description: string, naming?: readonly string[]): Form => ({ words, snippet, description, ...(naming ? { naming } : {}) });
const values = (properties: readonly A.Property[]) => properties.map((p) => p.value);
const propertyNames = (properties: readonly A.Property[]) => properties.map((p) => p.name);
const zoneNames = (zones: readonly A.ZoneItem[]) => zones.flatMap((z) => [z.name, ...propertyNames(z.properties)]);
const zoneValues = (zones: readonly A.ZoneItem[]) => zones.flatMap((z) => values(z.properties));

export const declarationCatalogue: DeclarationCatalogue = {
  game: {
    forms: [form('game', 'game "${1:Title}" {\n\tplayers ${2:2} to ${3:4}\n}', 'the game: title and number of players', ['game', 'source'])],
    named: (d) => d.title, names: (d) => [d.title, d.length?.unit],
  },
  tokens: {
    forms: [form('tokens', 'tokens ${1:Name}', 'kinds of tokens the players hold', ['tokens'])],
    names: (d) => d.names,
  },
  die: {
    forms: [form('die', 'die ${1:Name} faces ${2:1 to 6}', 'a kind of die and its faces', ['die'])],
    named: (d) => d.name, names: (d) => [d.name, ...d.faces.map((f) => f.name)],
  },
  dice: {
    forms: [
      form('dice', 'dice ${1:Name}: ${2:1} ${3:Die}', 'a set of dice of one kind', ['dice', 'marks']),
      form('player dice', 'player dice ${1:Name}: ${2:5} ${3:Die} hidden', "a set of dice for each player, hidden under the player's cup until revealed", ['dice', 'marks']),
    ],
    named: (d) => d.name, names: (d) => [d.name, d.dieType, ...d.marks],
  },
  roles: {
    forms: [form('roles', 'roles secret {\n\t${1:Role}\n}', 'the roles dealt to the players')],
    names: (d) => d.roles.map((r) => r.name), expressions: (d) => d.roles.flatMap((r) => [r.when, r.goal]), items: (d) => d.roles,
  },
  var: {
    forms: [
      form('var', 'var ${1:name} = ${2:0}', 'a variable of the game', ['var']),
      form('player var', 'player var ${1:name} = ${2:0}', 'a variable every player has', ['var']),
      form('team var', 'team var ${1:name} = ${2:0}', 'a variable every team has', ['var']),
      form('zone var', 'zone var ${1:name} = ${2:0}', 'a variable every zone (or territory) has', ['var']),
      form('piece var', 'piece var ${1:name} = ${2:0}', 'a variable every piece has', ['var']),
      form('hidden var', 'hidden var ${1:name} = ${2:0}', 'a variable no player sees (only the referee, until the game ends)', ['var']),
      form('secret player var', 'secret player var ${1:name} = ${2:0}', 'a value per player, each seeing only their own (until the game ends)', ['var']),
    ],
    named: (d) => d.name, names: (d) => [d.name], expressions: (d) => [d.init],
  },
  option: {
    forms: [form('option', 'option ${1:name} = ${2:true}', 'a setting a variant can change', ['option'])],
    named: (d) => d.name, names: (d) => [d.name], expressions: (d) => [d.value],
  },
  variant: {
    forms: [form('variant', 'variant ${1:Name} { ${2:setting} = ${3:false} }', 'a named set of option values', ['variant'])],
    named: (d) => d.name, names: (d) => [d.name, ...d.settings.map((s) => s.name)], expressions: (d) => d.settings.map((s) => s.value),
  },
  setup: {
    forms: [form('setup', 'setup {\n\t$0\n}', 'what happens once, before the first turn')],
    blocks: (d) => [d.body],
  },
  turns: {
    forms: [form('turns', 'turns clockwise {\n\t$0\n}', 'what happens in every turn')],
    blocks: (d) => [d.body],
  },
  rule: {
    forms: [form('rule', 'rule ${1:Name}(${2:p}) {\n\t$0\n}', 'a named piece of rules, used with do', ['rule'])],
    named: (d) => d.name, names: (d) => [d.name, ...d.params], blocks: (d) => [d.body],
  },
  teams: {
    forms: [form('teams', 'teams public seated alternately {\n\t${1:Rossi}\n\t${2:Blu}\n}', 'teams, the seats alternating between them')],
    names: (d) => d.teams.flatMap((t) => [t.name, ...propertyNames(t.properties)]), expressions: (d) => d.teams.flatMap((t) => values(t.properties)),
  },
  cards: {
    forms: [form('cards', 'cards ${1:Name} with ${2:valore} = ${3:0} {\n\t${4:2} ${5:Card} { ${2:valore} ${6:1} }\n}', 'a set of cards with their properties and copies')],
    named: (d) => d.name,
    names: (d) => [
      d.name, ...propertyNames(d.defaults), ...d.cards.flatMap((c) => [c.name, ...propertyNames(c.properties)]),
      ...(d.products ?? []).flatMap((p) => [...p.coordinates.map((c) => c.name), ...p.properties.flatMap((q) => [q.name, q.table?.by])]),
    ],
    expressions: (d) => [
      ...values(d.defaults), ...d.cards.flatMap((c) => values(c.properties)),
      ...(d.products ?? []).flatMap((p) => [...p.coordinates.flatMap((c) => c.values), ...p.properties.flatMap((q) => [q.value, ...q.table?.values ?? []])]),
    ],
  },
  pile: {
    forms: [
      form('pile', 'pile ${1:Mazzo} of ${2:Cards} hidden', 'a pile of cards (a deck, a discard, the table)'),
      form('player pile', 'player pile ${1:Mano} secret', 'a pile every player has (a hand)'),
      form('team pile', 'team pile ${1:Prese} public', "a pile every team has (a team's tricks)"),
    ],
    named: (d) => d.name, names: (d) => [d.name, d.of, d.refill, ...(d.sortedBy ?? [])],
  },
  zones: {
    forms: [form('zones', 'zones ${1:Luoghi} {\n\t${2:Zone}\n}', 'places on the table that hold tokens')],
    named: (d) => d.name, names: (d) => [d.name, ...propertyNames(d.defaults), ...zoneNames(d.zones)], expressions: (d) => [...values(d.defaults), ...zoneValues(d.zones)],
  },
  map: {
    forms: [form('map', 'map ${1:Mondo} {\n\tregion ${2:Nord} bonus ${3:2} { ${4:A}, ${5:B} }\n\tborder ${4:A} - ${5:B}\n}', 'territories in regions, joined by borders')],
    named: (d) => d.name,
    names: (d) => [
      d.name, ...propertyNames(d.defaults), ...d.regions.flatMap((r) => [r.name, ...propertyNames(r.properties), ...zoneNames(r.territories)]),
      ...d.borders.flatMap((b) => [b.from, ...b.to]),
    ],
    expressions: (d) => [...values(d.defaults), ...d.regions.flatMap((r) => [...values(r.properties), ...zoneValues(r.territories)])],
  },
  grid: {
    forms: [form('grid', 'grid ${1:Scacchiera}: ${2:8} by ${3:8} cells', 'a board of squares, or of tiles made of squares')],
    named: (d) => d.name, names: (d) => [d.name, ...d.tiles.flatMap((t) => [t.name, ...t.cells])], expressions: (d) => d.tiles.map((t) => t.when),
    items: (d) => d.tiles,
  },
  pieces: {
    forms: [form('pieces', 'pieces ${1:Pedina}: ${2:6} per player', 'pieces each player owns, off the board until placed')],
    named: (d) => d.name, names: (d) => [d.name],
  },
  thresholds: {
    forms: [form('thresholds', 'thresholds ${1:Token} {\n\t${2:3} "${3:status}"\n}', 'statuses a player has by holding at least so many of a token')],
    names: (d) => [d.token],
  },
  'any-time': {
    forms: [form('at any time', 'at any time by ${1:p} in ${2:players} {\n\toption "${3:label}" { $0 }\n}', 'moves open whenever anyone is to choose')],
    names: (d) => [d.variable], expressions: (d) => [d.players], clauses: (d) => d.options,
  },
  'at-turn-limit': {
    forms: [form('at turn limit', 'at turn limit {\n\t$0\n}', 'what happens when the turn limit is reached')],
    blocks: (d) => [d.body],
  },
  look: {
    forms: [form('look', 'look ${1:Name} colour "${2:#d4a017}"', 'how things show on the table: a colour, a label', ['colour'])],
    names: (d) => d.names,
  },
  estimate: {
    forms: [form('estimate', 'estimate ${1:0}', 'how well a player stands, for bots that cut an imagined game short')],
    names: (d) => [d.player], expressions: (d) => [d.score],
  },
  define: {
    forms: [form('define', 'define ${1:Name}(${2:p}) = ${3:0}', 'a named value, used as Name(…) in expressions', ['define'])],
    named: (d) => d.name, names: (d) => [d.name, ...d.params], expressions: (d) => [d.value],
  },
};
