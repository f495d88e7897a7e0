/**
 * Teams, cards and piles, on the example rules/examples/sfida.rules: who is in which team, what each
 * player may see of hands, decks and face-down cards, and that cards are never lost or doubled.
 */
import { describe, expect, it } from 'vitest';
import { analyze } from '../../grammar/index.ts';
import { randomPlayout, simulate, viewFor } from '../../interpreter/index.ts';
import { loadDefinition, Scenario } from '../support/scenario.ts';

const definition = loadDefinition('examples/sfida.rules');
const totalCards = definition.cards.length;

function allCards(state: { piles: number[][] }): number[] {
  return state.piles.flat();
}

describe('teams', () => {
  it('are seated alternately: P1 and P3 are Rossi, P2 and P4 are Blu', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    expect(viewFor(definition, game.state, 'referee').players.map((p) => p.team)).toEqual(['Rossi', 'Blu', 'Rossi', 'Blu']);
    expect(viewFor(definition, game.state, 0).teams.map(({ piles: _piles, ...team }) => team)).toEqual([
      { name: 'Rossi', members: ['P1', 'P3'], variables: [{ name: 'punti', value: 0 }] },
      { name: 'Blu', members: ['P2', 'P4'], variables: [{ name: 'punti', value: 0 }] },
    ]);
  });

  it('a card played face up scores for the team of the player who played it', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    const hand = viewFor(definition, game.state, 0).players[0].piles.find((p) => p.name === 'Mano')!.cards;
    const card = hand[0]!;
    const value = definition.cards.find((c) => c.name === card)!.properties[0] as number;
    game.choose(0, card);
    expect(viewFor(definition, game.state, 'referee').teams[0].variables[0].value).toBe(value);
    expect(viewFor(definition, game.state, 'referee').teams[1].variables[0].value).toBe(0);
  });

  it('win team: every member of the winning team wins, and only they', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { state, outcome } = randomPlayout(definition, { players: 4, seed });
      if (outcome.kind !== 'win') continue;
      const teams = new Set(outcome.winners.map((w) => state.players[w].team));
      expect(teams.size).toBe(1);
      expect(outcome.winners).toHaveLength(2);
    }
  });

  it('the simulation reports wins by team', () => {
    const report = simulate(definition, { games: 100, players: 4, seed: 2 });
    expect(report.winsByTeam.map((t) => t.team)).toEqual(['Rossi', 'Blu']);
    expect(report.winsByTeam[0].wins + report.winsByTeam[1].wins + report.draws + report.aborted).toBe(100);
  });
});

describe('cards and piles', () => {
  it('the setup deals three cards to each hand from the shuffled deck', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    const referee = viewFor(definition, game.state, 'referee');
    for (const player of referee.players) expect(player.piles.find((p) => p.name === 'Mano')!.count).toBe(3);
    expect(referee.piles.find((p) => p.name === 'Mazzo')!.count).toBe(totalCards - 12);
  });

  it('a hand is seen by its owner only; the deck by nobody; the table by everybody', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    const asP1 = viewFor(definition, game.state, 0);
    expect(asP1.players[0].piles.find((p) => p.name === 'Mano')!.cards.every((c) => c !== null)).toBe(true);
    for (const other of asP1.players.slice(1)) expect(other.piles.find((p) => p.name === 'Mano')!.cards).toEqual([null, null, null]);
    expect(asP1.piles.find((p) => p.name === 'Mazzo')!.cards.every((c) => c === null)).toBe(true);
    game.choose(0, asP1.players[0].piles[0].cards[0]!);
    const asP2 = viewFor(definition, game.state, 1);
    expect(asP2.piles.find((p) => p.name === 'Tavolo')!.cards).toEqual([asP1.players[0].piles[0].cards[0]]);
  });

  it('the names of cards drawn into a hand, and of the card chosen from it, are in the log for the owner only', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    const mine = viewFor(definition, game.state, 0).players[0].piles[0].cards as string[];
    game.choose(0, mine[0]);
    const seenByP2 = viewFor(definition, game.state, 1).log.map((e) => e.text);
    const seenByP1 = viewFor(definition, game.state, 0).log.map((e) => e.text);
    expect(seenByP2.find((t) => t.startsWith("the setup draws 3 from Mazzo to P1's Mano"))).toBe("the setup draws 3 from Mazzo to P1's Mano");
    expect(seenByP1.find((t) => t.startsWith("the setup draws 3 from Mazzo to P1's Mano"))).toContain(`: ${mine.join(', ')}`);
    expect(seenByP2.find((t) => t.includes('La carta da giocare'))).toBe('P1 chooses (La carta da giocare)');
  });

  it('a card put face down is seen by the player who put it there, by nobody else, until it is revealed', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    game.choose(0, game.pending!.choices[0]);
    expect(game.pending).toMatchObject({ player: 0, prompt: 'Una sorpresa?' });
    game.choose(0, 'posa una carta coperta');
    const card = game.pending!.choices[0];
    game.choose(0, card);
    // P2 is now asked; P1's surprise lies face down.
    expect(game.pending?.player).toBe(1);
    const surprise = (viewer: number) => viewFor(definition, game.state, viewer).players[0].piles.find((p) => p.name === 'Sorpresa')!.cards;
    expect(surprise(0)).toEqual([card.replace(/ \(\d+\)$/, '')]);
    expect(surprise(1)).toEqual([null]);
    expect(surprise(2)).toEqual([null]);
    const faceDown = viewFor(definition, game.state, 1).log.filter((e) => e.text.includes('Sorpresa face down'));
    expect(faceDown.map((e) => e.text)).toEqual(["P1 puts a card on P1's Sorpresa face down"]);
    // Everybody passes: the surprises are revealed and moved to the table, face up.
    game.answerWhile('Una sorpresa?', 'nessuna');
    const table = viewFor(definition, game.state, 1).piles.find((p) => p.name === 'Tavolo')!.cards;
    expect(table).toContain(card.replace(/ \(\d+\)$/, ''));
  });

  it('over 300 random games no card is ever lost or doubled', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const players = 4 + (seed % 3);
      const { state } = randomPlayout(definition, { players, seed, keepMoves: false });
      const cards = allCards(state);
      expect(cards).toHaveLength(totalCards);
      expect(new Set(cards).size).toBe(totalCards);
    }
  });
});

describe('the checker on teams, cards and piles', () => {
  const base = `game "T" { players 4 }
teams public seated alternately { A B }
cards C with valore = 0 { 3 X { valore 1 } Y }
pile Mazzo of C hidden
player pile Mano secret
`;
  const codes = (body: string) => analyze(`${base}turns { ${body} }`).diagnostics.map((d) => `${d.code}: ${d.message}`);

  it('is clean on a correct use', () => {
    expect(codes('draw 1 from Mazzo to current.Mano  if current.team == A { win team A "ok" }')).toEqual([]);
  });

  it('a player pile needs an owner', () => {
    expect(codes('draw 1 from Mazzo to Mano')).toEqual([expect.stringMatching(/^type\/expected-pile: 'Mano' is a pile of each player: say whose/)]);
  });

  it('a card property must be declared with its default', () => {
    const diagnostics = analyze(`${base.replace('{ valore 1 }', '{ valore 1  colore 2 }')}turns { }`).diagnostics;
    expect(diagnostics.map((d) => d.code)).toEqual(['name/unknown-attribute']);
  });

  it('a team is not a player', () => {
    expect(codes('win team current "x"')).toEqual([expect.stringMatching(/^type\/mismatch: expected a team here, but this is a player/)]);
  });
});

describe('face-down cards of a player who is not the current one', () => {
  it('P2\'s surprise, placed during P1\'s turn, is seen by P2 and by nobody else', () => {
    const game = Scenario.of('examples/sfida.rules', 4);
    game.choose(0, game.pending!.choices[0]);
    game.choose(0, 'nessuna');
    expect(game.pending?.player).toBe(1);
    game.choose(1, 'posa una carta coperta');
    const card = game.pending!.choices[0].replace(/ \(\d+\)$/, '');
    game.choose(1, game.pending!.choices[0]);
    const surprise = (viewer: number) => viewFor(definition, game.state, viewer).players[1].piles.find((p) => p.name === 'Sorpresa')!.cards;
    expect(surprise(1)).toEqual([card]);
    expect(surprise(0)).toEqual([null]);
    expect(surprise(3)).toEqual([null]);
    const seenByP1 = viewFor(definition, game.state, 0).log.map((e) => e.text).filter((t) => t.includes('face down'));
    expect(seenByP1).toEqual(["P2 puts a card on P2's Sorpresa face down"]);
  });
});
