/**
 * What the schema can settle only once every declaration is in: the names the rules get without
 * declaring them (`dealer`, a territory's `owner`), the die of each set of dice, what piles refill
 * from, the options variants change, the stated length, and the blocks a game cannot do without.
 * Each is a pass of its own, run in isolation (schema.ts).
 */
import * as A from './ast.ts';
import { closest } from './diagnostics.ts';
import * as m from './messages.ts';
import { walk } from './walk.ts';
import { checkThresholds } from './flow-check.ts';
import type { PileInfo, Schema } from './schema-types.ts';
import type { SchemaBuilder } from './schema-builder.ts';

type Pass = (file: A.RulesFile, builder: SchemaBuilder) => void;

function usesName(file: A.RulesFile, name: string): boolean {
  let found = false;
  walk(file, { expression: (node) => { if (!found && node.kind === 'name' && node.name === name) found = true; } });
  return found;
}

/** `length up to 40 mani`: in rounds, in turns, or counted by a number variable of the rules. */
function statedLength(length: A.StatedLength, schema: Schema, report: SchemaBuilder['report']): Schema['statedLength'] {
  for (const word of length.misspelt) report(m.lengthWord(word.expected, word.found), word.range, word.expected);
  if (!Number.isFinite(length.limit.value) || length.limit.value < 1) {
    report(m.lengthAtLeastOne(), length.limit.range);
    return null;
  }
  const unit = length.unit.text;
  if (unit === 'rounds' || unit === 'turns') return { limit: length.limit.value, unit };
  const variable = schema.globals.get(unit);
  const init = variable?.decl.init;
  if (variable && (init?.kind === 'number' || (init?.kind === 'unary' && init.operator === '-'))) {
    return { limit: length.limit.value, unit: 'variable', variable: unit };
  }
  report(m.lengthUnit(unit, variable !== undefined), length.unit.range, closest(unit, ['rounds', 'turns', ...schema.globals.keys()]));
  return null;
}

const length: Pass = (_file, { schema, report }) => {
  if (schema.game?.length) schema.statedLength = statedLength(schema.game.length, schema, report);
};

/** `dealer`: a player the rules can move (`set dealer = left(dealer)`), there when the rules use the word and declare nothing by that name. */
const dealer: Pass = (file, { schema, names }) => {
  if (names.has('dealer') || !usesName(file, 'dealer')) return;
  const range = file.range;
  const decl: A.VarDecl = { kind: 'var', perPlayer: false, name: { text: 'dealer', quoted: false, range }, init: { kind: 'none', range }, range };
  schema.globals.set('dealer', { name: 'dealer', index: schema.globals.size, decl });
};

/** Every territory of a map has an owner (a player, or none until someone takes it). */
const owner: Pass = (file, { schema }) => {
  const firstMap = file.declarations.find((d): d is A.MapDecl => d.kind === 'map');
  if (!firstMap || schema.zoneVars.has('owner')) return;
  const range = firstMap.name.range;
  const decl: A.VarDecl = { kind: 'var', perPlayer: false, perZone: true, name: { text: 'owner', quoted: false, range }, init: { kind: 'none', range }, range };
  schema.zoneVars.set('owner', { name: 'owner', index: schema.zoneVars.size, decl });
};

const dice: Pass = (_file, { schema, report }) => {
  const allMarks = new Set([...schema.pools.values()].flatMap((p) => p.marks));
  if (allMarks.size > 30) report(m.tooManyMarks(allMarks.size), [...schema.pools.values()][0].decl.range);
  for (const pool of schema.pools.values()) {
    const dieType = schema.dieTypes.get(pool.dieType);
    if (!dieType) report(m.dieUnknown(pool.dieType), pool.decl.dieType.range, closest(pool.dieType, schema.dieTypes.keys()));
    else pool.faces = dieType.faces;
  }
};

const ownerOf = (pile: PileInfo) => (pile.decl.perTeam ? 'team' : 'player');

/** `pile Mazzo of Carte refill from Scarti`: the cards it starts with, and the shared pile it refills from. */
function pile(pile: PileInfo, { schema, report }: SchemaBuilder): void {
  const of = pile.decl.of;
  const own = pile.decl.perPlayer || pile.decl.perTeam;
  if (of && !schema.cardSets.has(of.text)) report(m.cardsUnknown(of.text), of.range, closest(of.text, schema.cardSets.keys()));
  if (of && own) report(m.ownPileStartsEmpty(ownerOf(pile)), of.range);
  if (pile.decl.perTeam && !schema.teamsDecl) report(m.teamPileWithoutTeams(pile.name), pile.decl.range);
  // `sorted by`: properties of the cards, or their name.
  const sortable = ['name', ...schema.cardProperties];
  for (const key of pile.decl.sortedBy ?? []) {
    if (!sortable.includes(key.text)) report(m.sortKeyUnknown(key.text, sortable), key.range, closest(key.text, sortable));
  }
  const refill = pile.decl.refill;
  if (!refill) return;
  const from = schema.piles.get(refill.text);
  const shared = [...schema.piles.values()].filter((p) => !p.decl.perPlayer && !p.decl.perTeam && p !== pile).map((p) => p.name);
  if (own) report(m.ownPileRefills(ownerOf(pile)), refill.range);
  else if (!from) report(m.pileUnknown(refill.text), refill.range, closest(refill.text, shared));
  else if (from === pile) report(m.pileRefillsItself(pile.name), refill.range);
  else if (from.decl.perPlayer || from.decl.perTeam) report(m.refillFromOwnPile(refill.text, ownerOf(from)), refill.range, closest(refill.text, shared));
}

const piles: Pass = (_file, builder) => { for (const info of builder.schema.piles.values()) pile(info, builder); };

const thresholds: Pass = (file, { schema, diagnostics }) => checkThresholds(file, schema.tokens, diagnostics);

const variants: Pass = (_file, { schema, report }) => {
  for (const variant of schema.variants.values()) {
    for (const setting of variant.settings) {
      if (!schema.options.has(setting.name.text)) report(m.variantOptionUnknown(setting.name.text), setting.name.range, closest(setting.name.text, schema.options.keys()));
    }
  }
};

/** A file cut short may have its game and turns blocks in the part not read. */
const required: Pass = (file, { schema, complete, report }) => {
  if (!schema.game && complete) report(m.gameMissing(), { start: 0, end: 0 });
  if (!schema.turns && file.declarations.length > 0 && complete) report(m.turnsMissing(), { start: 0, end: 0 });
};

/** In this order: the length reads the variables before `dealer` and `owner` join them. */
export const schemaReferences: [string, Pass][] = [
  ["the game's stated length", length], ["the rules' dealer", dealer], ["the territories' owner", owner], ['the dice', dice], ['the piles', piles],
  ['the thresholds', thresholds], ['the variants', variants], ['the game and turns blocks', required],
];
