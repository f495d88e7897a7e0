/**
 * Every form docs/planned.md plans (except team piles) is reported as `language/planned` with its
 * anchor there — once, where it is written — and nothing misleading is reported beside it: the rest
 * of the file is read as if it were not there.
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

/** The diagnostics of a file: planned ones with the anchor they cite and the words they point at. */
function report(text: string): string[] {
  const lines = new LineIndex(text);
  return analyze(text).diagnostics.map((d) => {
    const { line } = lines.position(d.range.start);
    const anchor = /docs\/planned\.md(#[a-z0-9-]+)/.exec(d.message)?.[1];
    return `${line} ${d.code}${anchor ? ` ${anchor}` : ''} ${JSON.stringify(text.slice(d.range.start, d.range.end))}`;
  });
}

const declarations = (text: string) => report(`${prelude}${text}\nturns { end game }\n`);
const statements = (text: string) => report(`${prelude}turns {\n${text}\nend game\n}\n`);

describe('planned declarations', () => {
  it('limit … discarding to: a hand limit', () => {
    expect(declarations('player pile Riserva secret limit 3 discarding to Scarti')).toEqual(['8 language/planned #hand-limit "limit 3 discarding to Scarti"']);
  });
  it('reserve N per player: a supply of each player', () => {
    expect(declarations('tokens Carro reserve 40 per player')).toEqual(['8 language/planned #per-player-reserve "per player"']);
  });
  it('hexagonal grids and cell var', () => {
    expect(declarations('grid Esagoni: 5 by 5 hexes\ncell var segno = false')).toEqual([
      '8 language/planned #hex-grids "hexes"', '9 language/planned #cell-var "cell var segno = false"',
    ]);
  });
  it('rounds: a block in place of turns', () => {
    expect(report(`${prelude}rounds {\n  phase "Giorno" { gain 1 Oro }\n}\nturns { end game }\n`)).toEqual(['8 language/planned #rounds "rounds {\\n  phase \\"Giorno\\" { gain 1 Oro }\\n}"']);
  });
  it('secret teams and deal teams', () => {
    expect(report(`game "G" { players 4 }\nteams secret seated alternately { Rossi Blu }\nsetup { deal teams { Rossi: 2 Blu: rest } }\nturns { end game }\n`)).toEqual([
      '2 language/planned #secret-teams "secret"', '3 language/planned #deal-teams "deal teams { Rossi: 2 Blu: rest }"',
    ]);
  });
  it('teams not seated alternately: dealt at random', () => {
    expect(report(`game "G" { players 4 }\nteams public { Rossi Blu }\nturns { end game }\n`)).toEqual(['2 language/planned #deal-teams "teams public { Rossi Blu }"']);
  });
  it('team var … team, seen by the team only; secret player var is built', () => {
    expect(report(`game "G" { players 4 }\nteams public seated alternately { Rossi Blu }\nsecret player var segreto = 0\nteam var noto = 0 team\nturns { end game }\n`)).toEqual([
      '4 language/planned #team-only-var "team"',
    ]);
  });
});

describe('planned statements and expressions', () => {
  it('remove of cards; remove of pieces is built', () => {
    expect(statements('remove top(Mazzo)')).toEqual(['9 language/planned #remove-cards "remove top(Mazzo)"']);
  });
  it('place … on and move of tokens between zones', () => {
    expect(statements('place 3 Armata on Colle from current\nmove 2 Armata from Colle to Fiume')).toEqual([
      '9 language/planned #place-tokens "place 3 Armata on Colle from current"', '10 language/planned #move-tokens "move 2 Armata from Colle to Fiume"',
    ]);
  });
  it('pairs won by … against …: the rest of the statement is read', () => {
    expect(statements('let a = [6, 2]\nlet b = [5]\nlet vinte = pairs won by a against b ties to first\nif vinte > 0 { gain 1 Oro }'))
      .toEqual(['11 language/planned #pairs-won-by "pairs won by a against b ties to first"']);
  });
  it('line(…), the cells in a direction', () => {
    expect(statements('let x = line(current, 0, 1)')).toEqual(['9 language/planned #lines-and-slides "line"']);
  });
  it('slide and promote: moves along a line, pieces of another kind', () => {
    expect(statements('slide top(Mazzo) until true\npromote top(Mazzo) to Regina')).toEqual([
      '9 language/planned #lines-and-slides "slide top(Mazzo) until true"', '10 language/planned #piece-properties "promote top(Mazzo) to Regina"',
    ]);
  });
  it('draft, a shorthand for simultaneous blocks', () => {
    expect(statements('draft 3 from Mazzo to Mano passing right')).toEqual(['9 language/planned #draft "draft 3 from Mazzo to Mano passing right"']);
  });
  it('the message names the form, its anchor in docs/planned.md, and what to write today', () => {
    const [diagnostic] = analyze(`${prelude}turns {\nmove 2 Armata from Colle to Fiume\n}\n`).diagnostics;
    expect(diagnostic.message).toBe('`move N TOKEN from … to …` is planned (docs/planned.md#move-tokens), not built yet; today: steal N TOKEN from ZONE to ZONE');
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
