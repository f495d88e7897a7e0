/**
 * Teams, cards and piles in the playtest pane, on real games compiled from
 * rules/examples/sfida.rules: whose hand a seat sees, the teams and their points, the shared piles,
 * and the cards on offer in a choice. The view model only draws what the engine's view gives.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, randomMove, type GameDefinition, type Match, type Move, type PlayerView } from '../../interpreter/index.ts';
import { rebuildMatch } from '../../studio/src/lib/playtest.ts';
import {
  cardFaces, choicePanel, choiceCard, pileRow, playerCards, sharedPiles, symbolPalette, teamCards, teamStyles, type CardItem, type PileRow,
} from '../../studio/src/playtest/view-model.ts';

const rulesText = (name: string) => readFileSync(fileURLToPath(new URL(`../../rules/${name}`, import.meta.url)), 'utf8');

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}

const sfida = compile(rulesText('examples/sfida.rules'));
const palette = symbolPalette(sfida);
const faces = cardFaces(sfida);
const teams = teamStyles(sfida);
const VALUES: Record<string, number> = { Uno: 1, Due: 2, Tre: 3, Asso: 11, Jolly: 0 };

function start(players = 4, seed = 7, moves: Move[] = []): Match {
  const rebuilt = rebuildMatch(sfida, { players, seed, variant: null }, moves);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  return rebuilt.match;
}

function play(match: Match, choice: string): void {
  const result = match.apply({ player: match.toAct!, choice });
  if (!result.ok) throw new Error(result.diagnostic.message);
}

const names = (row: PileRow) => row.items.map((item) => (item.kind === 'face' ? item.face.name : null));
const cardsOf = (view: PlayerView, seat: number, pile: string) => playerCards(view, palette, teams, faces)[seat].piles.find((p) => p.name === pile)!;
const shared = (view: PlayerView, pile: string) => sharedPiles(view, faces).find((p) => p.name === pile)!;

describe('the players\' own piles', () => {
  it('shows P1 their hand face up and every other hand as backs; the referee sees every card', () => {
    const match = start();
    const asP1 = playerCards(match.view(0), palette, teams, faces);
    expect(asP1.map((p) => p.piles.map((pile) => `${pile.name} ${pile.count}`))).toEqual(Array(4).fill(['Mano 3', 'Sorpresa 0']));
    const hand = asP1[0].piles[0];
    expect(hand.items.every((item) => item.kind === 'face')).toBe(true);
    expect(names(hand)).toEqual(match.view('referee').players[0].piles[0].cards);
    for (const other of asP1.slice(1)) expect(other.piles[0].items).toEqual(Array(3).fill({ kind: 'back', count: 1 }));
    // A hand's name is never drawn for a seat the view hides it from.
    expect(JSON.stringify(asP1.slice(1))).not.toMatch(/"kind":"face"/);

    const referee = playerCards(match.view('referee'), palette, teams, faces);
    expect(referee.every((p) => p.piles[0].items.every((item) => item.kind === 'face'))).toBe(true);
  });

  it('draws a face-down surprise for the player who placed it and as a back for the others, until it is revealed', () => {
    const match = start();
    play(match, match.legalMoves()[0].choice); // P1 plays a card
    // Every seat answers "Una sorpresa?" in turn: P1 places a card face down, the others place none.
    expect(match.state.pending?.prompt).toBe('Una sorpresa?');
    play(match, 'posa una carta coperta');
    const hidden = match.legalMoves()[0].choice;
    play(match, hidden);
    const placed = choiceCard(hidden, faces)!.name;
    expect(names(cardsOf(match.view(0), 0, 'Sorpresa'))).toEqual([placed]);
    expect(cardsOf(match.view(1), 0, 'Sorpresa').items).toEqual([{ kind: 'back', count: 1 }]);
    expect(names(cardsOf(match.view('referee'), 0, 'Sorpresa'))).toEqual([placed]);

    for (let seat = 1; seat < 4; seat++) play(match, 'nessuna');
    // Revealed and moved to the table: everybody sees it there, on top.
    expect(cardsOf(match.view(1), 0, 'Sorpresa').count).toBe(0);
    expect(names(shared(match.view(1), 'Tavolo'))[0]).toBe(placed);
  });
});

describe('the teams', () => {
  it('gives each player their team, coloured by its colore property', () => {
    expect(teams.get('Rossi')).toMatchObject({ hue: 0 });
    expect(teams.get('Blu')).toMatchObject({ hue: 222 });
    const cards = playerCards(start(5).view(0), palette, teams, faces);
    // Seated alternately: P1 Rossi, P2 Blu, P3 Rossi…
    expect(cards.map((p) => p.team?.name)).toEqual(['Rossi', 'Blu', 'Rossi', 'Blu', 'Rossi']);
  });

  it('lists each team with its members and points, the viewer\'s own team marked, and scores a played card for its team', () => {
    const match = start();
    const rows = (viewer: number | 'referee') => teamCards(match.view(viewer), teams, faces);
    expect(rows(0).map((t) => ({ name: t.name, members: t.members.map((m) => m.name), vars: t.variables, mine: t.isViewerTeam }))).toEqual([
      { name: 'Rossi', members: ['P1', 'P3'], vars: [{ name: 'punti', text: '0' }], mine: true },
      { name: 'Blu', members: ['P2', 'P4'], vars: [{ name: 'punti', text: '0' }], mine: false },
    ]);
    expect(rows(0)[0].members.find((m) => m.name === 'P1')).toMatchObject({ isViewer: true, isCurrent: true });
    expect(rows('referee').some((t) => t.isViewerTeam)).toBe(false);

    const card = match.legalMoves()[0].choice;
    play(match, card);
    expect(rows(1)[0].variables).toEqual([{ name: 'punti', text: String(VALUES[choiceCard(card, faces)!.name]) }]);
    expect(rows(1)[1].variables[0].text).toBe('0');
  });

  it('marks the team that won', () => {
    const match = start();
    const bot = { state: 5 };
    for (let i = 0; i < 2000 && !match.outcome; i++) match.apply(randomMove(match.legalMoves(match.toAct!), bot));
    expect(match.outcome).not.toBeNull();
    const rows = teamCards(match.view('referee'), teams, faces);
    // With these seeds Blu wins.
    expect(match.view('referee').outcome).toMatchObject({ kind: 'win', winnerNames: ['P2', 'P4'] });
    expect(rows.map((t) => [t.name, t.won])).toEqual([['Rossi', false], ['Blu', true]]);
  });
});

describe('the shared piles', () => {
  it('shows the deck as one stack of backs with its count and the table empty at the start', () => {
    const view = start().view(0);
    expect(sharedPiles(view, faces).map((p) => `${p.name} ${p.visibility} ${p.count}`)).toEqual(['Mazzo hidden 14', 'Tavolo public 0']);
    expect(shared(view, 'Mazzo')).toMatchObject({ items: [{ kind: 'back', count: 14 }], more: 0 });
    expect(shared(view, 'Tavolo').items).toEqual([]);
  });

  it('puts the card played on top of the table for every viewer, and the deck one card shorter', () => {
    const match = start();
    const hand = match.view(0).players[0].piles[0].cards;
    const choice = match.legalMoves()[1].choice;
    play(match, choice);
    const played = choiceCard(choice, faces)!.name;
    expect(hand).toContain(played);
    for (const viewer of [0, 1, 2, 'referee'] as const) {
      const table = shared(match.view(viewer), 'Tavolo');
      expect(table.count).toBe(1);
      expect(table.items).toEqual([{ kind: 'face', face: faces.get(played) }]);
    }
    expect(shared(match.view(2), 'Mazzo').items).toEqual([{ kind: 'back', count: 13 }]);
    // The referee sees the deck's cards too.
    expect(shared(match.view('referee'), 'Mazzo').items.every((item) => item.kind === 'face')).toBe(true);
  });
});

describe('cards as the view gives them', () => {
  it('gives each kind of card a face: its own colour, its value in the corner, its properties for a tooltip', () => {
    expect([...faces.keys()]).toEqual(['Uno', 'Due', 'Tre', 'Asso', 'Jolly']);
    expect(faces.get('Asso')).toMatchObject({ corner: '11', detail: 'valore 11' });
    expect(faces.get('Jolly')).toMatchObject({ corner: '0', detail: 'valore 0' });
    expect(new Set([...faces.values()].map((f) => f.hue)).size).toBe(5);
  });

  it('draws a run of backs one by one, a long run as one stack, and counts the cards past the limit', () => {
    const pile = (cards: (string | null)[]) => ({ name: 'P', visibility: 'hidden' as const, count: cards.length, cards });
    const kinds = (items: CardItem[]) => items.map((item) => (item.kind === 'face' ? item.face.name : `back×${item.count}`));
    expect(kinds(pileRow(pile(['Uno', null, null, 'Asso']), faces).items)).toEqual(['Uno', 'back×1', 'back×1', 'Asso']);
    expect(kinds(pileRow(pile(['Uno', ...Array(8).fill(null)]), faces).items)).toEqual(['Uno', 'back×8']);
    expect(kinds(pileRow(pile([null, null, 'Tre']), faces, { stackFrom: 2 }).items)).toEqual(['back×2', 'Tre']);
    const long = pileRow(pile(Array(20).fill('Due')), faces, { limit: 12 });
    expect(long).toMatchObject({ count: 20, more: 8 });
    expect(long.items).toHaveLength(12);
  });

  it('draws a choice among cards as those cards, a second copy too, and leaves other choices as text', () => {
    const match = start(4, 3);
    const moves = () => {
      const panel = choicePanel(match.view(match.toAct!), match, palette, faces);
      if (panel.kind !== 'choose') throw new Error(`expected a choice, got ${panel.kind}`);
      return panel.moves;
    };
    const hand = match.view(0).players[0].piles[0].cards;
    expect(moves().map((m) => m.card?.name)).toEqual(hand);
    expect(moves().map((m) => m.label)).toEqual(match.legalMoves().map((m) => m.choice));
    play(match, match.legalMoves()[0].choice);
    expect(moves().map((m) => [m.label, m.card])).toEqual([['nessuna', null], ['posa una carta coperta', null]]);
    expect(choiceCard('Asso (2)', faces)).toBe(faces.get('Asso'));
    expect(choiceCard('Assolo', faces)).toBeNull();
  });
});

describe('a game without teams or cards', () => {
  it('has no team, no piles and no card choices: the pane looks as before', () => {
    const mortadella = compile(rulesText('mortadella.rules'));
    const rebuilt = rebuildMatch(mortadella, { players: 4, seed: 7, variant: null }, []);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    const view = rebuilt.match.view('referee');
    const cards = playerCards(view, symbolPalette(mortadella), teamStyles(mortadella), cardFaces(mortadella));
    expect(cards.every((p) => p.team === null && p.piles.length === 0)).toBe(true);
    expect(teamCards(view, teamStyles(mortadella), cardFaces(mortadella))).toEqual([]);
    expect(sharedPiles(view, cardFaces(mortadella))).toEqual([]);
    const panel = choicePanel(view, rebuilt.match, symbolPalette(mortadella), cardFaces(mortadella));
    expect(panel.kind === 'choose' && panel.moves.every((m) => m.card === null)).toBe(true);
  });
});

describe('team colours', () => {
  it('reads colour words in Italian or English and falls back to a colour of the team\'s own', () => {
    const styles = teamStyles({
      teamProperties: ['colore'],
      teams: [{ name: 'A', properties: ['Verde'] }, { name: 'B', properties: ['nero'] }, { name: 'C', properties: ['bianchi'] }, { name: 'D', properties: ['??'] }],
    });
    expect(styles.get('A')).toMatchObject({ hue: 135 });
    expect(styles.get('B')?.lightness).toBeLessThan(styles.get('C')!.lightness);
    expect(styles.get('D')).toMatchObject({ hue: 45, saturation: 60 });
    const plain = teamStyles({ teamProperties: [], teams: [{ name: 'X', properties: [] }, { name: 'Y', properties: [] }] });
    expect([...plain.values()].map((s) => s.hue)).toEqual([0, 222]);
  });
});

describe('zones in the playtest view model', () => {
  it('shows each zone with the tokens on it, its marker once set, and its own rules', async () => {
    const { zoneCards, symbolPalette } = await import('../../studio/src/playtest/view-model.ts');
    const { compileRules: compile, Match: M } = await import('../../interpreter/index.ts');
    const { readFileSync } = await import('node:fs');
    const definition = compile(readFileSync(new URL('../../rules/examples/conquista.rules', import.meta.url), 'utf8')).definition!;
    const started = M.start(definition, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    match.apply({ player: 0, choice: 'Fiume' });
    match.apply({ player: 0, choice: '2' });
    const zones = zoneCards(match.view(1), symbolPalette(definition));
    expect(zones.map((z) => z.name)).toEqual(['Colle', 'Fiume', 'Ponte']);
    expect(zones[1].tokens.map((t) => [t.token, t.text])).toEqual([['PedinaRossa', '2']]);
    expect(zones[0].tokens).toEqual([]);
    expect(zones[0].properties).toEqual([{ name: 'margine', text: '3' }, { name: 'capienza', text: '6' }]);
    expect(zones[1].variables).toEqual([]);
  });
});

describe('card faces show what a card says', () => {
  it('a Risiko! territory card: its arm under the name, its territory by name in the tooltip', () => {
    const risiko = compile(rulesText('risiko.rules'));
    const faces = cardFaces(risiko);
    expect(faces.get('Alaska')).toMatchObject({ name: 'Alaska', corner: null, subtitle: 'Fanteria', detail: 'arma Fanteria, territorio Alaska' });
    expect(faces.get('Jolly')).toMatchObject({ subtitle: 'Jolly', detail: 'arma Jolly' });
    // An objective lists its continents and territories by name.
    expect(faces.get("Europa e Asia, con l'Alaska")!.detail).toBe('continenti Europa, Asia, territori Alaska');
  });

  it('a short first property still goes in the corner', () => {
    expect(faces.get([...faces.keys()][0])!.subtitle).toBeNull();
  });
});

describe('a hand declared sorted by (rules/examples/tressette.rules)', () => {
  const tressette = compile(rulesText('examples/tressette.rules'));
  const tressetteFaces = cardFaces(tressette);

  it("is drawn in the seat's own pane by suit, in the deck's order, then by strength", () => {
    const rebuilt = rebuildMatch(tressette, { players: 4, seed: 11, variant: null }, []);
    if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
    const hand = playerCards(rebuilt.match.view(0), symbolPalette(tressette), teamStyles(tressette), tressetteFaces)[0].piles.find((p) => p.name === 'Mano')!;
    const property = (name: string | null, key: string) => tressette.cards.find((c) => c.name === name)!.properties[tressette.cardProperties.indexOf(key)];
    const suits = ['Denari', 'Coppe', 'Spade', 'Bastoni'];
    const places = names(hand).map((name) => [suits.indexOf(property(name, 'seme') as string), property(name, 'forza') as number]);
    expect(places).toHaveLength(10);
    expect(places).toEqual(places.slice().sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  });
});
