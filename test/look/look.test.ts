/**
 * `look`: the rules give tokens, faces, teams, cards and pieces a colour and a short label, and
 * mark variables as internal (issue 9, "a table a designer can read"). A look never changes a game.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, Match, stateHash } from '../../interpreter/index.ts';

const game = (looks: string) => `game "Colori" { players 2 }
tokens Oro, Argento
die Dado faces Oro, Argento, Vuoto
dice Dadi: 2 Dado
teams public seated alternately { Rossi { colore "rosso" }  Blu }
cards Carte { Asso  Re }
var spareggio = false
player var salta = false
turns { roll Dadi  gain 1 Oro  if current.Oro >= 3 { win current "tre Oro" } }
${looks}
`;

const codes = (looks: string) => analyze(game(looks)).diagnostics.map((d) => `${d.code} ${game(looks).slice(d.range.start, d.range.end)}`);

describe('look: what the checker accepts', () => {
  it('a colour as #rrggbb, #rgb or a colour word, and a label of up to 3 characters, for each kind of thing', () => {
    expect(codes(`look Oro colour "#d4a017" label "O"
look Argento color "#ccc" label "Ag"
look Vuoto colour "grigio"
look Rossi, Blu label "R"
look Asso colour "blue" label "A♠"
look spareggio, salta internal`)).toEqual([]);
  });

  it('the words stay free as names: a variable called label, colour or look', () => {
    expect(codes('var label = 1\nvar colour = 2\nvar look = 3\nlook label internal')).toEqual([]);
  });

  it('an unknown name is one error at the name, with the near name suggested', () => {
    const analysis = analyze(game('look Orro colour "#d4a017"'));
    expect(analysis.diagnostics.map((d) => [d.code, d.suggestion])).toEqual([['name/unknown', 'Oro']]);
  });

  it('a colour that is no colour, a label too long, a misspelt word, a colour for a variable, internal for a token', () => {
    expect(codes('look Oro colour "dorato"')).toEqual(['look/invalid "dorato"']);
    expect(codes('look Oro label "Oro!"')).toEqual(['look/invalid "Oro!"']);
    expect(codes('look Oro colur "#fff"')).toEqual(['syntax/expected-word colur']);
    expect(analyze(game('look Oro colur "#fff"')).diagnostics[0].suggestion).toBe('colour');
    expect(codes('look spareggio colour "rosso"')).toEqual(['look/invalid colour']);
    expect(codes('look Oro internal')).toEqual(['look/invalid internal']);
    expect(codes('look Oro label')).toEqual(['look/invalid label']);
  });
});

describe('look: what the definition carries', () => {
  it('one look per name, later clauses adding to earlier ones, colours as #rrggbb', () => {
    const { definition } = compileRules(game(`look Oro colour "#D4A017"
look Oro label "O"
look Argento colour "#ccc"
look Rossi colour "rosso"
look spareggio, salta internal`));
    expect(definition?.looks).toEqual([
      { name: 'Oro', target: 'token', colour: '#d4a017', label: 'O', internal: false },
      { name: 'Argento', target: 'token', colour: '#cccccc', label: null, internal: false },
      { name: 'Rossi', target: 'team', colour: '#c62828', label: null, internal: false },
      { name: 'spareggio', target: 'variable', colour: null, label: null, internal: true },
      { name: 'salta', target: 'variable', colour: null, label: null, internal: true },
    ]);
  });

  it('the same seed and moves give the same game, looks or not (written after the rules, so no log line moves)', () => {
    const play = (text: string) => {
      const started = Match.start(compileRules(text).definition!, { players: 2, seed: 7 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      while (!match.outcome) { const moves = match.legalMoves(match.toAct!); if (!moves.length) break; match.apply(moves[0]); }
      return stateHash(match.state);
    };
    expect(play(game('look Oro colour "#d4a017" label "O"\nlook salta internal'))).toBe(play(game('')));
  });
});
