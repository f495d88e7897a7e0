/**
 * Team piles (`team pile Prese secret`): one pile per team, read as `t.Prese` or
 * `current.team.Prese`, seen as declared — a secret one by the team's members only, also in the log.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { compileRules, Match, randomPlayout, viewFor, type GameDefinition } from '../../interpreter/index.ts';
import { renderView } from '../../cli/render.ts';

const game = `game "Prese" { players 4 }
teams public seated alternately {
  Rossi
  Blu
}
cards Carte with valore = 1 { 8 Asso { valore 11 } 8 Due { valore 2 } }
pile Mazzo of Carte hidden
player pile Mano secret
team pile Prese secret
team pile Trofei public
team var punti = 0
setup {
  shuffle Mazzo
  for each p in players { draw 4 from Mazzo to p.Mano }
}
turns {
  choose c from current.Mano by current prompt "La carta da prendere"
  move c to current.team.Prese
  set current.team.punti = current.team.punti + c.valore
  if c.valore == 11 { draw 1 from Mazzo to current.team.Trofei }
  if count(Rossi.Prese) + count(Blu.Prese) == 16 {
    if Rossi.punti > Blu.punti { win team Rossi "più punti" } else { win team Blu "più punti" }
  }
}
`;

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

function started(definition: GameDefinition): Match {
  const result = Match.start(definition, { players: 4, seed: 5 });
  if (!result.ok) throw new Error(result.diagnostic.message);
  return result.match;
}

const teamPile = (match: Match, viewer: number | 'referee', team: string, pile: string) =>
  match.view(viewer).teams.find((t) => t.name === team)!.piles.find((p) => p.name === pile)!;

describe('team piles', () => {
  it('a secret team pile shows its cards to the team\'s members and backs to the others; a public one to everybody', () => {
    const definition = compile(game);
    const match = started(definition);
    const card = match.legalMoves()[0].choice;
    expect(match.apply({ player: 0, choice: card }).ok).toBe(true);
    // P1 and P3 play for Rossi, P2 and P4 for Blu.
    expect(teamPile(match, 0, 'Rossi', 'Prese').cards).toEqual([card]);
    expect(teamPile(match, 2, 'Rossi', 'Prese').cards).toEqual([card]);
    expect(teamPile(match, 1, 'Rossi', 'Prese')).toMatchObject({ count: 1, cards: [null] });
    expect(teamPile(match, 'referee', 'Rossi', 'Prese').cards).toEqual([card]);
    expect(teamPile(match, 0, 'Blu', 'Prese').count).toBe(0);
    if (card === 'Asso') {
      const trophy = teamPile(match, 'referee', 'Rossi', 'Trofei').cards;
      expect(teamPile(match, 1, 'Rossi', 'Trofei').cards).toEqual(trophy);
    }
  });

  it('the log names a card taken into a secret team pile for the team only', () => {
    const definition = compile(game);
    const match = started(definition);
    const card = match.legalMoves()[0].choice;
    match.apply({ player: 0, choice: card });
    const lastCardLine = (viewer: number) => match.view(viewer).log.filter((e) => e.kind === 'cards').at(-1)!.text;
    expect(lastCardLine(0)).toContain(card);
    expect(lastCardLine(2)).toContain(card);
    expect(lastCardLine(1)).not.toContain(card);
    expect(lastCardLine(1)).toContain("Rossi's Prese");
  });

  it('reads as a list of cards (count, sum) and its cards are never lost, to the end of random games', () => {
    const definition = compile(game);
    for (let seed = 1; seed <= 30; seed++) {
      const result = randomPlayout(definition, { players: 4, seed, keepMoves: false });
      expect(result.outcome.kind).toBe('win');
      expect(result.outcome.team).toMatch(/^(Rossi|Blu)$/);
      const total = result.state.piles.reduce((n, pile) => n + pile.length, 0);
      expect(total).toBe(16);
    }
  });

  it('the CLI shows each team\'s piles under the team, backs for what the viewer may not see', () => {
    const definition = compile(game);
    const match = started(definition);
    const card = match.legalMoves()[0].choice;
    match.apply({ player: 0, choice: card });
    expect(renderView(viewFor(definition, match.state, 0))).toContain(`team Rossi (P1, P3): punti=`);
    expect(renderView(viewFor(definition, match.state, 0))).toMatch(new RegExp(`team Rossi .*Prese: ${card}`));
    expect(renderView(viewFor(definition, match.state, 1))).toMatch(/team Rossi .*Prese: ▒/);
  });

  it('a save of a game with team piles replays to the same state', () => {
    const definition = compile(game);
    const match = started(definition);
    for (let i = 0; i < 5; i++) match.apply({ player: match.toAct!, choice: match.legalMoves()[0].choice });
    const restored = Match.restore(definition, JSON.parse(JSON.stringify(match.save())));
    expect(restored.ok && restored.hashMatches).toBe(true);
  });

  it('mistakes: a team pile without teams, named alone, or filled with of', () => {
    const codes = (text: string) => analyze(text).diagnostics.map((d) => `${d.code} ${d.message}`);
    expect(codes(`game "G" { players 2 }\ncards C { A B }\nteam pile Prese secret\nturns { end game }\n`))
      .toContainEqual(expect.stringMatching(/^name\/unknown 'Prese' is a team pile, but the game has no teams/));
    const alone = codes(`game "G" { players 4 }\nteams public seated alternately { R B }\ncards C { A B }\npile M of C\nteam pile Prese secret\nturns { draw 1 from M to Prese }\n`);
    expect(alone).toContainEqual(expect.stringMatching(/'Prese' is a pile of each team: say whose, e\.g\. current\.team\.Prese/));
    const filled = codes(`game "G" { players 4 }\nteams public seated alternately { R B }\ncards C { A B }\nteam pile Prese of C\nturns { end game }\n`);
    expect(filled).toContainEqual(expect.stringMatching(/a team pile starts empty/));
  });
});
