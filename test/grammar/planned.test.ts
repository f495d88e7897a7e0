/**
 * Every form docs/language.md §15 plans (except team piles and `choose up to`/`choose any`, which
 * are being built) is reported as `language/planned` with its section — once, where it is written —
 * and nothing misleading is reported beside it: the rest of the file is read as if it were not there.
 */
import { describe, expect, it } from 'vitest';
import { analyze, LineIndex } from '../../grammar/index.ts';

const prelude = `game "G" { players 2 to 4 }
tokens Oro, Armata reserve 100
cards Carte with valore = 0 { 3 Uno { valore 1 } 2 Due { valore 2 } }
pile Mazzo of Carte hidden
pile Scarti public
player pile Mano secret
zones Luoghi { Colle Fiume }
`;

/** The diagnostics of a file: planned ones with their section and the words they point at. */
function report(text: string): string[] {
  const lines = new LineIndex(text);
  return analyze(text).diagnostics.map((d) => {
    const { line } = lines.position(d.range.start);
    const section = /§(15\.\d+)/.exec(d.message)?.[1];
    return `${line} ${d.code}${section ? ` §${section}` : ''} ${JSON.stringify(text.slice(d.range.start, d.range.end))}`;
  });
}

const declarations = (text: string) => report(`${prelude}${text}\nturns { end game }\n`);
const statements = (text: string) => report(`${prelude}turns {\n${text}\nend game\n}\n`);

describe('planned declarations', () => {
  it('limit … discarding to (§15.2)', () => {
    expect(declarations('player pile Riserva secret limit 3 discarding to Scarti')).toEqual(['8 language/planned §15.2 "limit 3 discarding to Scarti"']);
  });
  it('reserve N per player (§15.3)', () => {
    expect(declarations('tokens Carro reserve 40 per player')).toEqual(['8 language/planned §15.3 "per player"']);
  });
  it('hexagonal grids and cell var (§15.8)', () => {
    expect(declarations('grid Esagoni: 5 by 5 hexes\ncell var segno = false')).toEqual([
      '8 language/planned §15.8 "hexes"', '9 language/planned §15.8 "cell var segno = false"',
    ]);
  });
  it('rounds (§15.12): a block in place of turns', () => {
    expect(report(`${prelude}rounds {\n  phase "Giorno" { gain 1 Oro }\n}\nturns { end game }\n`)).toEqual(['8 language/planned §15.12 "rounds {\\n  phase \\"Giorno\\" { gain 1 Oro }\\n}"']);
  });
  it('secret teams (§15.4) and deal teams', () => {
    expect(report(`game "G" { players 4 }\nteams secret seated alternately { Rossi Blu }\nsetup { deal teams { Rossi: 2 Blu: rest } }\nturns { end game }\n`)).toEqual([
      '2 language/planned §15.4 "secret"', '3 language/planned §15.4 "deal teams { Rossi: 2 Blu: rest }"',
    ]);
  });
  it('teams not seated alternately (§15.4)', () => {
    expect(report(`game "G" { players 4 }\nteams public { Rossi Blu }\nturns { end game }\n`)).toEqual(['2 language/planned §15.4 "teams public { Rossi Blu }"']);
  });
  it('team var … team (§15.15); secret player var is built', () => {
    expect(report(`game "G" { players 4 }\nteams public seated alternately { Rossi Blu }\nsecret player var segreto = 0\nteam var noto = 0 team\nturns { end game }\n`)).toEqual([
      '4 language/planned §15.15 "team"',
    ]);
  });
});

describe('planned statements and expressions', () => {
  it('remove of cards (§15.2); remove of pieces is built', () => {
    expect(statements('remove top(Mazzo)')).toEqual(['9 language/planned §15.2 "remove top(Mazzo)"']);
  });
  it('place … on and move of tokens between zones (§15.3)', () => {
    expect(statements('place 3 Armata on Colle from current\nmove 2 Armata from Colle to Fiume')).toEqual([
      '9 language/planned §15.3 "place 3 Armata on Colle from current"', '10 language/planned §15.3 "move 2 Armata from Colle to Fiume"',
    ]);
  });
  it('pairs won by … against … (§15.6): the rest of the statement is read', () => {
    expect(statements('let a = [6, 2]\nlet b = [5]\nlet vinte = pairs won by a against b ties to first\nif vinte > 0 { gain 1 Oro }'))
      .toEqual(['11 language/planned §15.6 "pairs won by a against b ties to first"']);
  });
  it('line(…) (§15.8)', () => {
    expect(statements('let x = line(current, 0, 1)')).toEqual(['9 language/planned §15.8 "line"']);
  });
  it('draft (§15.10)', () => {
    expect(statements('draft 3 from Mazzo to Mano passing right')).toEqual(['9 language/planned §15.10 "draft 3 from Mazzo to Mano passing right"']);
  });
  it('the message names the form, the section, and what to write today', () => {
    const [diagnostic] = analyze(`${prelude}turns {\nmove 2 Armata from Colle to Fiume\n}\n`).diagnostics;
    expect(diagnostic.message).toBe('`move N TOKEN from … to …` is planned (docs/language.md §15.3), not built yet; today: steal N TOKEN from ZONE to ZONE');
  });
});

describe('built forms that look alike are not taken for planned ones', () => {
  it('deal roles, move … to, reveal, draw … from … to, end turn, turn limit N, for each with draw … from', () => {
    expect(report(`game "G" { players 2 turn limit 50 }
cards Carte { 3 Uno }
pile Mazzo of Carte hidden
pile Tavolo public
player pile Mano secret
player var segreto = 0
roles secret { Re }
turns {
  deal roles
  for each p in players { draw 1 from Mazzo to p.Mano }
  move top(current.Mano) to Tavolo
  reveal Tavolo
  if count(Mazzo) == 0 { end game }
  end turn
}
`)).toEqual([]);
  });
  it('names that are planned words elsewhere (place, draft, rounds, define, hexes, pairs) stay plain names', () => {
    expect(report(`game "G" { players 2 }
var place = 0
var draft = 1
var rounds = 2
var pairs = 3
turns { let define = place + draft + rounds + pairs  if define > 5 { end game } }
`)).toEqual([]);
  });
});
