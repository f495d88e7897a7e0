/**
 * Maps (territories grouped in regions, joined by borders, each with an owner), `round`, and the
 * builtins that came with them: take, min, max, range, random. Small rules written here, and the
 * example game rules/examples/isole.rules.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex, type Diagnostic } from '../../grammar/index.ts';
import {
  applyMove, compileRules, legalMoves, startGame, viewFor, type GameDefinition, type GameState, type Value,
} from '../../interpreter/index.ts';
import { loadDefinition, rulesPath } from '../support/scenario.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

function start(definition: GameDefinition, players: number, seed = 1): GameState {
  const started = startGame(definition, { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

function global(definition: GameDefinition, state: GameState, name: string): Value {
  const index = definition.globals.findIndex((g) => g.name === name);
  if (index < 0) throw new Error(`no variable ${name}`);
  return state.globals[index];
}

/** A zone (a territory) is the number -(index + 1) inside the engine; a region is its index. */
const zoneName = (definition: GameDefinition, value: Value) => definition.zones[-(value as number) - 1].name;
const regionName = (definition: GameDefinition, value: Value) => definition.regions[value as number].name;

/** The 1-based line:col of the n-th occurrence of `needle` in `text`, counted here, not by the grammar. */
function where(text: string, needle: string, occurrence = 1): string {
  let at = -1;
  for (let k = 0; k < occurrence; k++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`'${needle}' not found`);
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1].length + 1}`;
}

function located(text: string): { at: string; severity: string; code: string; message: string; suggestion?: string }[] {
  const index = new LineIndex(text);
  return analyze(text).diagnostics.map((d: Diagnostic) => {
    const { line, column } = index.position(d.range.start);
    return { at: `${line}:${column}`, severity: d.severity, code: d.code, message: d.message, suggestion: d.suggestion };
  });
}

// A small map: two regions, five territories, a default property and an override.
const mondo = `map Mondo with punti = 1 {
  region Nord bonus 2 colore "blu" { Alfa, "Beta Due" { punti 2 }, Gamma }
  region Sud bonus 3 { Delta, Epsilon }
  border Alfa - "Beta Due", Gamma
  border Gamma - Delta
  border Delta - Epsilon
}
`;

/** The value of EXPRESSION computed at the end of the setup of a 3-player game on the map above. */
function valueAfter(setup: string, expression: string, extra = ''): { value: Value; definition: GameDefinition; state: GameState } {
  const definition = compile(`game "Mappa" { players 3 }
tokens Armata
${mondo}${extra}
var risultato = none
setup {
${setup}
  set risultato = ${expression}
}
turns { end game "fine" }
`);
  const state = start(definition, 3);
  expect(state.error).toBeNull();
  return { value: global(definition, state, 'risultato'), definition, state };
}

describe('a map: parsing and checking', () => {
  it('a clean map checks clean; its territories are zones, in the order written', () => {
    const text = `game "Mappa" { players 3 }\ntokens Armata\n${mondo}turns { end game "fine" }\n`;
    expect(analyze(text).diagnostics).toEqual([]);
    const definition = compile(text);
    expect(definition.zones.map((z) => z.name)).toEqual(['Alfa', 'Beta Due', 'Gamma', 'Delta', 'Epsilon']);
    expect(definition.regions.map((r) => r.name)).toEqual(['Nord', 'Sud']);
  });

  it("the map's name is the list of its territories", () => {
    const { value, definition } = valueAfter('', 'Mondo');
    expect((value as Value[]).map((t) => zoneName(definition, t))).toEqual(['Alfa', 'Beta Due', 'Gamma', 'Delta', 'Epsilon']);
  });

  it('a border naming an unknown territory is name/unknown at that name, with did-you-mean', () => {
    const text = `game "M" { players 2 }\n${mondo.replace('border Delta - Epsilon', 'border Delta - Epsilno')}turns { }\n`;
    const found = located(text).filter((d) => d.code === 'name/unknown');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ at: where(text, 'Epsilno'), severity: 'error', suggestion: 'Epsilon' });
    expect(found[0].message).toContain("'Epsilno' is not a territory of the map 'Mondo'");
  });

  it('a zone that is not on the map cannot border one of its territories', () => {
    const text = `game "M" { players 2 }\nzones Posti { Colle }\n${mondo.replace('border Delta - Epsilon', 'border Delta - Epsilon, Colle')}turns { }\n`;
    const found = located(text).filter((d) => d.severity === 'error');
    expect(found.map((d) => [d.code, d.at])).toEqual([['name/unknown', where(text, 'Colle', 2)]]);
  });

  it('a territory bordering itself is a map/border error', () => {
    const text = `game "M" { players 2 }\n${mondo.replace('border Gamma - Delta', 'border Gamma - Delta, Gamma')}turns { }\n`;
    const found = located(text).filter((d) => d.code === 'map/border');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ at: where(text, 'Gamma', 4), severity: 'error' });
    expect(found[0].message).toContain("'Gamma' cannot border itself");
    expect(compileRules(text).definition).toBeNull();
  });

  it('a border written twice, either way round, is a map/border warning and the game still builds', () => {
    const text = `game "M" { players 2 }\n${mondo.replace('border Delta - Epsilon', 'border Delta - Epsilon\n  border Epsilon - Delta')}turns { }\n`;
    const found = located(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ at: where(text, 'Delta', 4), severity: 'warning', code: 'map/border' });
    expect(found[0].message).toContain("'Epsilon' and 'Delta' is already written");
    const definition = compile(text);
    // The repeated line adds nothing: Epsilon still has one neighbour.
    expect(definition.zones[4].neighbours.map((n) => zoneName(definition, n))).toEqual(['Delta']);
  });

  it('a territory with no border is a map/border warning at its name', () => {
    const text = `game "M" { players 2 }\n${mondo.replace('border Delta - Epsilon', '')}turns { }\n`;
    const found = located(text);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ at: where(text, 'Epsilon'), severity: 'warning', code: 'map/border' });
    expect(found[0].message).toContain("'Epsilon' borders no other territory");
    expect(compileRules(text).definition).not.toBeNull();
  });

  it('a map of a single territory needs no border', () => {
    expect(analyze('game "M" { players 2 }\nmap Isola { region Tutto { Sola } }\nturns { }\n').diagnostics).toEqual([]);
  });

  it('a region with no territories is number/invalid at its name', () => {
    const text = `game "M" { players 2 }\n${mondo.replace('border Gamma', 'region Vuota bonus 1 { }\n  border Gamma')}turns { }\n`;
    const found = located(text);
    expect(found.map((d) => [d.code, d.severity, d.at])).toEqual([['number/invalid', 'error', where(text, 'Vuota')]]);
    expect(found[0].message).toContain("'Vuota' has no territories");
  });

  it('territory and region names are declared names: a second Alfa or Nord is name/duplicate', () => {
    const text = 'game "M" { players 2 }\nmap M { region Nord { Alfa, Beta } region Sud { Alfa, Gamma } region Nord { Delta } border Alfa - Beta, Gamma }\nturns { }\n';
    const found = located(text).filter((d) => d.code === 'name/duplicate');
    expect(found.map((d) => d.at)).toEqual([where(text, 'Alfa', 2), where(text, 'Nord', 2)]);
  });

  it('neighbours needs a territory and territories a region; a misspelt t.region has a suggestion', () => {
    const text = `game "M" { players 2 }\n${mondo}turns { let a = neighbours(Nord)  let b = territories(Alfa)  let c = Alfa.regione }\n`;
    const found = located(text);
    expect(found.map((d) => [d.code, d.at])).toEqual([
      ['type/mismatch', where(text, 'Nord)')], ['type/mismatch', where(text, 'Alfa)')], ['name/unknown-attribute', where(text, 'regione')],
    ]);
    expect(found[2].suggestion).toBe('region');
  });
});

describe('territories, regions and borders', () => {
  it('borders go both ways: neighbours lists what the border lines say, from either end', () => {
    const { value, definition } = valueAfter('', '[neighbours(Alfa), neighbours("Beta Due"), neighbours(Gamma), neighbours(Delta), neighbours(Epsilon)]');
    const names = (value as Value[][]).map((list) => list.map((t) => zoneName(definition, t)).sort());
    expect(names).toEqual([['Beta Due', 'Gamma'], ['Alfa'], ['Alfa', 'Delta'], ['Epsilon', 'Gamma'], ['Delta']]);
  });

  it('on the Isole map, every neighbour relation is symmetric and matches the border lines of the file', () => {
    const text = readFileSync(rulesPath('examples/isole.rules'), 'utf8');
    // The border lines read here with a regular expression, apart from the grammar.
    const expected = new Map<string, Set<string>>();
    const add = (a: string, b: string) => { if (!expected.has(a)) expected.set(a, new Set()); expected.get(a)!.add(b); };
    const unquote = (s: string) => s.trim().replace(/^"|"$/g, '');
    for (const [, from, to] of text.matchAll(/^\s*border\s+("[^"]+"|\S+)\s+-\s+(.+)$/gm)) {
      for (const other of to.split(',').map(unquote)) { add(unquote(from), other); add(other, unquote(from)); }
    }
    const definition = loadDefinition('examples/isole.rules');
    expect(definition.zones.length).toBe(7);
    for (const [index, zone] of definition.zones.entries()) {
      const neighbours = zone.neighbours.map((n) => zoneName(definition, n));
      expect(new Set(neighbours), zone.name).toEqual(expected.get(zone.name));
      for (const n of zone.neighbours) expect(definition.zones[-n - 1].neighbours, `${zone.name} ↔ ${zoneName(definition, n)}`).toContain(-(index + 1));
    }
  });

  it('regions: the list of all of them, each territory knows its region, each region its territories', () => {
    const { value, definition } = valueAfter('', '[regions, [Alfa.region, Delta.region, "Beta Due".region], territories(Sud), territories("Nord")]');
    const [all, of, sud, nord] = value as Value[][];
    expect(all.map((r) => regionName(definition, r))).toEqual(['Nord', 'Sud']);
    expect(of.map((r) => regionName(definition, r))).toEqual(['Nord', 'Sud', 'Nord']);
    expect(sud.map((t) => zoneName(definition, t))).toEqual(['Delta', 'Epsilon']);
    expect(nord.map((t) => zoneName(definition, t))).toEqual(['Alfa', 'Beta Due', 'Gamma']);
  });

  it('region properties are read with r.NAME; a region without the property reads none', () => {
    expect(valueAfter('', '[Nord.bonus, Sud.bonus, "Nord".colore, Sud.colore, Delta.region.bonus]').value).toEqual([2, 3, 'blu', null, 3]);
  });

  it('a territory property has the map default unless the territory sets its own', () => {
    expect(valueAfter('', '[Alfa.punti, "Beta Due".punti, Epsilon.punti]').value).toEqual([1, 2, 1]);
  });

  it('owns(p, r): every territory of the region is the player\'s; regions(MAP): the regions of one map', () => {
    const setup = `for each t in Mondo { set t.owner = top(players) }
  set Epsilon.owner = left(top(players))`;
    const { value, definition } = valueAfter(setup, '[owns(top(players), Nord), owns(top(players), Sud), owns(left(top(players)), Sud), regions(Mondo), regions(Isole)]',
      'map Isole { region Atollo { Uno, Due } border Uno - Due }\n');
    const [nord, sud, other, mondoRegions, isoleRegions] = value as [boolean, boolean, boolean, Value[], Value[]];
    expect([nord, sud, other]).toEqual([true, false, false]);
    expect(mondoRegions.map((r) => regionName(definition, r))).toEqual(['Nord', 'Sud']);
    expect(isoleRegions.map((r) => regionName(definition, r))).toEqual(['Atollo']);
  });

  it('regions(…) needs the name of a map', () => {
    const found = located(`game "M" { players 2 }\n${mondo}turns { if count(regions(Nord)) > 0 { end game } }\n`);
    expect(found.map((d) => [d.code, d.message])).toEqual([['type/mismatch', 'regions(…) needs the name of a map (Mondo)']]);
  });

  it('a bonus summed over the regions a player holds entirely', () => {
    const setup = `for each t in Mondo { set t.owner = top(players) }
  set Epsilon.owner = left(top(players))
  let n = 0
  for each r in regions { if count(territories(r) where owner != top(players)) == 0 { set n = n + r.bonus } }`;
    expect(valueAfter(`${setup}\n  set risultato = n`, 'risultato').value).toBe(2);
  });

  it('every territory has an owner: none at the start, a player once set', () => {
    const { value, definition, state } = valueAfter('set Gamma.owner = left(top(players))', '[count(Mondo where owner == none), Gamma.owner]');
    expect(value).toEqual([4, 1]);
    const gamma = viewFor(definition, state, 0).zones.find((z) => z.name === 'Gamma')!;
    expect(gamma.variables).toEqual([{ name: 'owner', value: 'P2' }]);
    expect(viewFor(definition, state, 0).zones.find((z) => z.name === 'Alfa')!.variables).toEqual([{ name: 'owner', value: null }]);
  });

  it('territories hold tokens like zones: gain, discard, steal between territories, t.Armata', () => {
    const setup = `gain 5 Armata to Alfa
  gain 2 Armata to "Beta Due"
  steal 3 Armata from Alfa to "Beta Due"
  discard 1 Armata from "Beta Due"`;
    expect(valueAfter(setup, '[Alfa.Armata, "Beta Due".Armata, held("Beta Due", Armata), count(Mondo where Armata > 0)]').value).toEqual([2, 4, 4, 2]);
  });

  it('a territory may have zone vars besides owner', () => {
    expect(valueAfter('set Delta.fortezza = true', '[Delta.fortezza, Alfa.fortezza]', 'zone var fortezza = false\n').value).toEqual([true, false]);
  });

  it('a quoted name is the place it names, like a bare one', () => {
    const { value } = valueAfter('', '["Alfa" == Alfa, "Nord" == Nord, "Beta Due" in neighbours(Alfa), Nord in regions]');
    expect(value).toEqual([true, true, true, true]);
  });
});

describe('list properties, and names shared by a place and a card', () => {
  it('cards, teams, zones and regions may have lists of plain values, quoted place names included', () => {
    const extra = `cards Carte with regioni = [] { Obiettivo { regioni [Nord, "Sud"] } Altra }
pile Mazzo of Carte public
teams public seated alternately { Rossi { numeri [1, 2, 3] } Blu { numeri [] } }
zones Posti with vicini = [] { Colle { vicini [Alfa, "Beta Due"] } Fiume }
`;
    const { value } = valueAfter('',
      '[Sud in top(Mazzo).regioni, "Sud" in top(Mazzo).regioni, count(top(Mazzo).regioni), sum(Rossi.numeri), count(Blu.numeri), "Beta Due" in Colle.vicini, Gamma in Colle.vicini]', extra);
    expect(value).toEqual([true, true, 2, 6, 0, true, false]);
  });

  it('a quoted place in a property may be written before the place itself: a later zone, a region', () => {
    const extra = `zones Posti with vicino = none { Colle { vicino "Ultimo Fiume" } "Ultimo Fiume" { vicino ["Nord", Sud] } }
`;
    const { value, definition } = valueAfter('', '[Colle.vicino, "Ultimo Fiume".vicino]', extra);
    const [colle, fiume] = value as [Value, Value[]];
    expect(zoneName(definition, colle)).toBe('Ultimo Fiume');
    expect(fiume.map((r) => regionName(definition, r))).toEqual(['Nord', 'Sud']);
  });

  it('a list property holds plain values only, not calculations', () => {
    const text = `game "M" { players 2 }\ncards Carte with valori = [] { Uno { valori [1 + 2] } }\nturns { }\n`;
    expect(located(text).map((d) => [d.code, d.at])).toEqual([['option/not-constant', where(text, '[1 + 2]')]]);
  });

  it('a name that is a territory and a card means the territory, except compared with a card name', () => {
    const extra = `cards Territori { Alfa  "Beta Due"  Jolly }
pile Mazzo of Territori public
`;
    const { value } = valueAfter('gain 3 Armata to Alfa',
      '[Alfa.Armata, count(Mazzo where name == Alfa), count(Mazzo where name != Alfa), top(Mazzo).name == Alfa, count(Mazzo where name == "Beta Due"), Alfa in Mondo]', extra);
    expect(value).toEqual([3, 1, 2, true, 1, true]);
  });

  it('so does a name that is a region and a card (an objective card named after a continent)', () => {
    const extra = `cards Obiettivi { Nord  Sud  Sud }
pile Mazzo of Obiettivi public
`;
    const { value } = valueAfter('', '[Nord.bonus, count(Mazzo where name == Sud), count(Mazzo where name != "Nord"), count(territories(Nord))]', extra);
    expect(value).toEqual([2, 2, 2, 3]);
  });
});

describe('round', () => {
  const giri = (direction: string) => compile(`game "Giri" { players 2 to 5 }
var giro = 0
var nelSetup = -1
setup { set nelSetup = round }
turns ${direction} {
  set giro = round
  choose { option "passa" { end turn } option "esci" { eliminate current "esce" } }
}`);

  /** Plays `choices` in order and writes, for each turn, who played in which round: "P1:1 P2:1 …". */
  function trace(definition: GameDefinition, state: GameState, choices: string[]): string {
    const seen: string[] = [];
    for (const choice of choices) {
      expect(viewFor(definition, state, 'referee').round).toBe(global(definition, state, 'giro'));
      seen.push(`P${state.current + 1}:${global(definition, state, 'giro')}`);
      const result = applyMove(definition, state, { player: state.pending!.player, choice });
      if (!result.ok) throw new Error(result.diagnostic.message);
      state = result.state;
    }
    return seen.join(' ');
  }

  it('is 0 during the setup and 1 during the first round of turns', () => {
    const definition = giri('clockwise');
    const state = start(definition, 3);
    expect(global(definition, state, 'nelSetup')).toBe(0);
    expect(global(definition, state, 'giro')).toBe(1);
  });

  it('goes up by 1 each time play comes back to the first player', () => {
    const definition = giri('clockwise');
    expect(trace(definition, start(definition, 3), Array(7).fill('passa'))).toBe('P1:1 P2:1 P3:1 P1:2 P2:2 P3:2 P1:3');
  });

  it('an eliminated player is skipped and the rounds go on', () => {
    const definition = giri('clockwise');
    const choices = ['passa', 'passa', 'passa', 'passa', 'passa', 'passa', 'esci', 'passa', 'passa', 'passa', 'passa', 'passa'];
    expect(trace(definition, start(definition, 4), choices)).toBe('P1:1 P2:1 P3:1 P4:1 P1:2 P2:2 P3:2 P4:2 P1:3 P2:3 P4:3 P1:4');
  });

  it("when the first player is out, a new round still begins as play passes that player's seat", () => {
    const definition = giri('clockwise');
    const choices = ['esci', 'passa', 'passa', 'passa', 'passa', 'passa', 'passa', 'passa'];
    expect(trace(definition, start(definition, 4), choices)).toBe('P1:1 P2:1 P3:1 P4:1 P2:2 P3:2 P4:2 P2:3');
  });

  it('counterclockwise, a round is P1, P4, P3, P2; P4 leaving does not change that', () => {
    const definition = giri('counterclockwise');
    const choices = ['passa', 'passa', 'passa', 'passa', 'passa', 'esci', 'passa', 'passa', 'passa'];
    expect(trace(definition, start(definition, 4), choices)).toBe('P1:1 P4:1 P3:1 P2:1 P1:2 P4:2 P3:2 P2:2 P1:3');
  });

  it('counts from the player the setup chose to start', () => {
    const definition = compile(`game "Giri" { players 4 }
die D6 faces 1 to 6
dice Dado: 1 D6
var giro = 0
setup { first player by rolling Dado highest sum(values(Dado)) }
turns {
  set giro = round
  choose { option "passa" { end turn } option "esci" { eliminate current "esce" } }
}`);
    // A seed whose roll lets a player other than P1 start (found by trying, then checked below).
    let state = start(definition, 4, 1);
    for (let seed = 2; state.current === 0; seed++) state = start(definition, 4, seed);
    const first = state.current;
    const expected = Array.from({ length: 6 }, (_, k) => `P${((first + k) % 4) + 1}:${k < 4 ? 1 : 2}`).join(' ');
    expect(trace(definition, state, Array(6).fill('passa'))).toBe(expected);
  });

  it('a variable named round hides the built-in one', () => {
    const definition = compile(`game "Giri" { players 2 }
var round = 7
var visto = 0
turns { set visto = round  set round = round + 1  choose { option "passa" { end turn } option "altro" { end turn } } }`);
    let state = start(definition, 2);
    expect(global(definition, state, 'visto')).toBe(7);
    const next = applyMove(definition, state, { player: 0, choice: 'passa' });
    if (!next.ok) throw new Error(next.diagnostic.message);
    state = next.state;
    expect(global(definition, state, 'visto')).toBe(8);
    expect(state.round).toBe(1);
  });

  it('so does a local value named round', () => {
    const definition = compile(`game "Giri" { players 2 }
var visto = 0
turns { let round = 40  set visto = round  end game "fine" }`);
    expect(global(definition, start(definition, 2), 'visto')).toBe(40);
  });
});

describe('take, min, max, range, random', () => {
  const value = (expression: string, seed = 1): Value => {
    const definition = compile(`game "B" { players 3 }\nvar risultato = none\nsetup { set risultato = ${expression} }\nturns { end game "fine" }`);
    const state = start(definition, 3, seed);
    expect(state.error).toBeNull();
    return global(definition, state, 'risultato');
  };

  it('take gives the first N elements, all of them if there are fewer, none for 0 or less', () => {
    expect(value('[take([5, 6, 7], 2), take([5, 6, 7], 9), take([5, 6, 7], 0), take([5, 6, 7], -1), take([], 2)]'))
      .toEqual([[5, 6], [5, 6, 7], [], [], []]);
  });

  it('take of dice keeps the first dice of the set, in order', () => {
    const definition = compile(`game "B" { players 2 }\ndie D6 faces 1 to 6\ndice Dadi: 3 D6\nvar risultato = none
setup { set risultato = count(take(Dadi, 2)) }\nturns { end game "fine" }`);
    expect(global(definition, start(definition, 2), 'risultato')).toBe(2);
  });

  it('min and max of two numbers', () => {
    expect(value('[min(3, -2), max(3, -2), min(4, 4), max(0, 0)]')).toEqual([-2, 3, 4, 0]);
  });

  it('range counts from FROM to TO, both included; empty when TO is below FROM', () => {
    expect(value('[range(3, 6), range(-1, 1), range(4, 4), range(6, 3)]')).toEqual([[3, 4, 5, 6], [-1, 0, 1], [4], []]);
    expect(value('count(range(1, 10000))')).toBe(10_000);
  });

  it('a range of more than 10,000 numbers stops the match with run/error, in the setup or in a turn', () => {
    const inSetup = compile('game "B" { players 2 }\nvar n = 0\nsetup { set n = count(range(1, 10001)) }\nturns { end game "fine" }');
    const started = startGame(inSetup, { players: 2, seed: 1 });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    expect(started.state.error?.code).toBe('run/error');
    expect(started.state.error?.message).toContain('more than 10000 numbers');
    expect(started.state.outcome?.kind).toBe('aborted');

    const inTurn = compile(`game "B" { players 2 }\nvar n = 0
turns { choose k from [10, 1000000000] by current prompt "Quanti?"  set n = count(range(1, k))  end game "fine" }`);
    const small = applyMove(inTurn, start(inTurn, 2), { player: 0, choice: '10' });
    expect(small.ok && small.state.error).toBeNull();
    const huge = applyMove(inTurn, start(inTurn, 2), { player: 0, choice: '1000000000' });
    expect(huge.ok).toBe(true);
    if (!huge.ok) return;
    expect(huge.state.error?.code).toBe('run/error');
    expect(huge.state.outcome?.kind).toBe('aborted');
    expect(legalMoves(huge.state)).toEqual([]);
  });

  it('random draws one element of the list; the same seed draws the same, other seeds differ', () => {
    const draws = Array.from({ length: 20 }, (_, k) => value('random(range(1, 10000))', k + 1));
    for (const draw of draws) {
      expect(draw).toBeGreaterThanOrEqual(1);
      expect(draw).toBeLessThanOrEqual(10_000);
    }
    expect(new Set(draws).size).toBeGreaterThan(15);
    expect(Array.from({ length: 20 }, (_, k) => value('random(range(1, 10000))', k + 1))).toEqual(draws);
  });

  it('random of players is a player; random of an empty list is none', () => {
    for (let seed = 1; seed <= 10; seed++) expect([0, 1, 2]).toContain(value('random(players)', seed));
    expect(value('random([])')).toBeNull();
  });

  it('random uses the match generator: the dice rolled after it depend on it, and replays repeat both', () => {
    const play = (draw: boolean, seed: number) => {
      const definition = compile(`game "B" { players 2 }\ndie D6 faces 1 to 6\ndice Dadi: 8 D6\nvar x = none\nvar tiro = none
setup { ${draw ? 'set x = random(range(1, 6))' : ''} roll Dadi  set tiro = values(Dadi) }\nturns { end game "fine" }`);
      return global(definition, start(definition, 2, seed), 'tiro');
    };
    expect(play(true, 5)).toEqual(play(true, 5));
    expect(play(true, 5)).not.toEqual(play(false, 5));
  });

  it('the checker: take and random need a list', () => {
    const text = 'game "B" { players 2 }\nturns { let a = take(3, 1)  let b = random(4) }\n';
    expect(located(text).map((d) => [d.code, d.at])).toEqual([['type/expected-list', where(text, '3, 1')], ['type/expected-list', where(text, '4)')]]);
  });
});

describe('the Isole example', () => {
  const definition = loadDefinition('examples/isole.rules');
  const armata = definition.tokens.indexOf('Armata');
  const owner = definition.zoneVars.findIndex((v) => v.name === 'owner');

  it('checks clean', () => {
    expect(analyze(readFileSync(rulesPath('examples/isole.rules'), 'utf8')).diagnostics).toEqual([]);
  });

  it('200 seeded games end without error; every island always has an owner still in play and at least one army', () => {
    const reasons = new Set<string>();
    for (let seed = 1; seed <= 200; seed++) {
      const players = 2 + (seed % 2);
      let state = start(definition, players, seed);
      // A tiny generator of our own for the players' picks, seeded apart from the game's dice.
      let bot = seed * 7919;
      for (let moves = 0; !state.outcome; moves++) {
        expect(moves, `seed ${seed}: the game goes on too long`).toBeLessThan(20_000);
        for (const zone of state.zones) {
          const holder = zone.vars[owner] as number;
          expect(holder, `seed ${seed}`).toBeGreaterThanOrEqual(0);
          expect(state.players[holder].active, `seed ${seed}: P${holder + 1} owns an island but is out`).toBe(true);
          expect(zone.tokens[armata], `seed ${seed}`).toBeGreaterThanOrEqual(1);
        }
        const legal = legalMoves(state);
        bot = (bot * 1103515245 + 12345) % 2147483648;
        const result = applyMove(definition, state, legal[bot % legal.length]);
        if (!result.ok) throw new Error(result.diagnostic.message);
        state = result.state;
      }
      expect(state.error, `seed ${seed}`).toBeNull();
      const outcome = state.outcome!;
      expect(outcome.kind, `seed ${seed}`).toBe('win');
      reasons.add(outcome.reason);
      const [winner] = outcome.winners;
      if (outcome.reason === 'tutte le isole') {
        for (const zone of state.zones) expect(zone.vars[owner]).toBe(winner);
      } else {
        // Scored once the 15 rounds (the option giri) are over, at the start of the 16th.
        expect(outcome.reason).toBe('più punti allo scadere dei giri');
        expect(state.round).toBe(16);
      }
    }
    expect([...reasons].sort()).toEqual(['più punti allo scadere dei giri', 'tutte le isole']);
  });
});
