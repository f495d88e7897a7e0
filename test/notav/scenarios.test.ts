/**
 * Scenario tests for rules/notav.rules (No Tav vs Poliziotti). Each test plays the real rules
 * through the engine; positions are pinned by editing the game state between two decisions:
 * the pawns on the sites, the order of the decks, the cards in a hand, and the state of the
 * match's random generator just before the Dadone is rolled. Interpretation numbers (I-n) refer
 * to docs/interpretations/notav.md.
 */
import { describe, expect, it } from 'vitest';
import { viewFor, type GameState } from '../../interpreter/index.ts';
import { nextRandom } from '../../interpreter/runtime/runtime.ts';
import { loadDefinition, Scenario } from '../support/scenario.ts';

const RULES = 'notav.rules';
const def = loadDefinition(RULES);

const ASK = {
  setup: 'Pedine iniziali: su quale sito posare una pedina?',
  next: 'Dotazione: la prossima carta da decidere',
  op: 'Dotazione: convertire, scartare o tenere la carta?',
  convert: 'Conversione: su quale sito posare la pedina?',
  negative: 'Carta negativa: da quale sito togliere la pedina?',
  remove: 'Da quale sito togliere una pedina avversaria?',
  reinforce: 'Rinforzo: su quale sito posare una pedina?',
  blitz: "Blitz: togliere un'altra pedina avversaria?",
  blitzWhere: 'Blitz: da quale sito?',
  move: "Spostamento: portare un'altra pedina sul sito dell'azione?",
  moveFrom: 'Spostamento: da quale sito?',
  surprise: "Sorprese: deporre un'altra carta coperta?",
  surpriseWhich: 'Sorprese: quale carta deporre coperta?',
} as const;

const NOTAV = 0;
const POLIZIOTTI = 1;
type TokenName = 'PedinaNoTav' | 'PedinaPoliziotto' | 'PedinaSindaco' | 'PedinaQuestore' | 'SegnalinoNoTav' | 'SegnalinoPoliziotti';
type Board = Record<string, Partial<Record<TokenName, number>>>;

function token(name: TokenName): number {
  const index = def.tokens.indexOf(name);
  if (index < 0) throw new Error(`no token ${name}`);
  return index;
}

function zone(name: string): number {
  const index = def.zones.findIndex((z) => z.name === name);
  if (index < 0) throw new Error(`no site ${name}`);
  return index;
}

function slot(state: GameState, pile: string, seat = 0): number {
  const index = def.piles.findIndex((p) => p.name === pile);
  if (index < 0) throw new Error(`no pile ${pile}`);
  return state.pileBase[index] + (def.piles[index].perPlayer ? seat : 0);
}

const names = (state: GameState, pile: string, seat = 0) => state.piles[slot(state, pile, seat)].map((c) => def.cards[c].name);
const count = (state: GameState, pile: string, seat = 0) => state.piles[slot(state, pile, seat)].length;
const onSite = (state: GameState, site: string, name: TokenName) => state.zones[zone(site)].tokens[token(name)];
const owner = (state: GameState, site: string) => state.zones[zone(site)].vars[def.zoneVars.findIndex((v) => v.name === 'padrone')];
const teamOf = (state: GameState, seat: number) => state.players[seat].team!;
const left = (state: GameState, seat: number) => (seat + 1) % state.seats;

/** Empties every site into the reserve, then puts the given pawns and markers from the reserve. */
function setBoard(state: GameState, board: Board): void {
  for (const z of state.zones) {
    z.tokens.forEach((n, t) => { state.reserve[t] = state.reserve[t]! + n; z.tokens[t] = 0; });
  }
  for (const [site, counts] of Object.entries(board)) {
    for (const [name, n] of Object.entries(counts)) {
      const t = token(name as TokenName);
      state.zones[zone(site)].tokens[t] = n!;
      state.reserve[t] = state.reserve[t]! - n!;
    }
  }
}

/** Takes a card with that name out of a pile that is not a hand (a deck or a discard). */
function takeCard(state: GameState, name: string, from = ['MazzoDotazione', 'ScartiDotazione', 'MazzoAzione', 'ScartiAzione']): number {
  for (const pile of from) {
    const cards = state.piles[slot(state, pile)];
    const at = cards.findIndex((c) => def.cards[c].name === name);
    if (at >= 0) return cards.splice(at, 1)[0];
  }
  throw new Error(`no free card ${name}`);
}

function settle(state: GameState, card: number, pile: string): void {
  state.revealed[card] = def.piles.find((p) => p.name === pile)!.visibility === 'public';
  state.placedBy[card] = -1;
}

/** Puts the named cards on top of a pile, the first name on top. */
function onTop(state: GameState, pile: string, cards: string[]): void {
  const taken = cards.map((name) => takeCard(state, name));
  state.piles[slot(state, pile)].unshift(...taken);
  for (const card of taken) settle(state, card, pile);
}

/** Replaces a player's hand: the old cards go under the supply deck, the new ones come from the deck or discard. */
function setHand(state: GameState, seat: number, cards: string[]): number[] {
  const hand = state.piles[slot(state, 'Mano', seat)];
  const old = hand.splice(0);
  state.piles[slot(state, 'MazzoDotazione')].push(...old);
  for (const card of old) settle(state, card, 'MazzoDotazione');
  const taken = cards.map((name) => takeCard(state, name, ['MazzoDotazione', 'ScartiDotazione']));
  hand.push(...taken);
  for (const card of taken) settle(state, card, 'Mano');
  return taken;
}

/** A state of the match's generator whose next roll of the Dadone shows `face` (faces 1–4 Carica, 5–6 Tregua). */
function rngRolling(face: 'Carica' | 'Tregua'): number {
  for (let rng = 1; ; rng++) {
    const probe = { rng } as GameState;
    if ((Math.floor(nextRandom(probe) * 6) < 4) === (face === 'Carica')) return rng;
  }
}

/**
 * A game after the setup (every starting pawn on Presidio), waiting for the first player's supply
 * operations; `firstTeam` picks the first seed whose first player is of that team.
 */
function started(players = 4, firstTeam?: number): { game: Scenario; first: number } {
  for (let seed = 1; seed < 500; seed++) {
    const game = Scenario.of(RULES, players, { seed });
    game.answerWhile(ASK.setup, 'Presidio');
    const first = game.state.current;
    if (firstTeam === undefined || teamOf(game.state, first) === firstTeam) return { game, first };
  }
  throw new Error('no seed found');
}

/**
 * Answers the supply round of the current turn: each player decides their cards in hand order,
 * keeps the first `keep(seat)` of them and discards the rest; with `only`, it stops at anybody else's turn to decide.
 */
function supplyRound(game: Scenario, keep: (seat: number) => number = () => 0, only?: number[]): void {
  const turn = game.state.turn;
  const kept = new Map<number, number>();
  while (game.state.turn === turn && game.state.pending && (game.state.pending.prompt === ASK.next || game.state.pending.prompt === ASK.op)) {
    const p = game.state.pending.player;
    if (only && !only.includes(p)) return;
    if (game.state.pending.prompt === ASK.next) {
      game.choose(p, game.pending!.choices[0]);
    } else if ((kept.get(p) ?? 0) < keep(p)) {
      game.choose(p, 'tieni in mano');
      kept.set(p, (kept.get(p) ?? 0) + 1);
    } else {
      game.choose(p, 'scarta');
    }
  }
}

interface Pinned {
  players?: number; firstTeam?: number; board?: Board; actions: string[]; supplyTop?: string[]; roll?: 'Carica' | 'Tregua';
  keep?: (seat: number) => number;
  /** How many cards each player keeps, in seat order from the first player. */
  keepFromFirst?: number[];
}

/** Pins a position after the setup, then plays the first supply round: the draws start at once. */
function firstTurn(pin: Pinned): { game: Scenario; first: number } {
  const { game, first } = started(pin.players ?? 4, pin.firstTeam);
  const state = game.state;
  setBoard(state, pin.board ?? {});
  onTop(state, 'MazzoAzione', pin.actions);
  if (pin.supplyTop) onTop(state, 'MazzoDotazione', pin.supplyTop);
  // Nothing random happens before the roll: no shuffle while the decks have cards.
  state.rng = rngRolling(pin.roll ?? 'Carica');
  const n = state.seats;
  supplyRound(game, pin.keep ?? (pin.keepFromFirst ? (seat) => pin.keepFromFirst![(seat - first + n) % n] : undefined));
  return { game, first };
}

/** At the surprise placement, each player puts down the named cards (prefixes of their labels) and passes. */
function placeSurprises(game: Scenario, plan: Record<number, string[]>): void {
  const toPlace = new Map(Object.entries(plan).map(([seat, cards]) => [Number(seat), [...cards]]));
  while (game.state.pending?.prompt === ASK.surprise) {
    const p = game.state.pending.player;
    const next = toPlace.get(p)?.shift();
    if (!next) { game.choose(p, 'basta così'); continue; }
    game.choose(p, 'depone una carta coperta');
    // With one card in hand it is taken without asking.
    if (promptOf(game) === ASK.surpriseWhich) game.choose(p, next);
  }
}

function tokensConserved(state: GameState): void {
  for (let t = 0; t < def.tokens.length; t++) {
    const onSites = state.zones.reduce((sum, z) => sum + z.tokens[t], 0);
    const held = state.players.reduce((sum, p) => sum + p.tokens[t], 0);
    expect(onSites + held + state.reserve[t]!, def.tokens[t]).toBe(def.tokenReserve[t]);
  }
}

function siteIsEmpty(state: GameState, site: string): void {
  for (const name of ['PedinaNoTav', 'PedinaPoliziotto', 'PedinaSindaco', 'PedinaQuestore'] as TokenName[]) expect(onSite(state, site, name), name).toBe(0);
}

/** The prompt now asked (a plain string, so tests can compare it after the engine has moved on). */
const promptOf = (game: Scenario): string | undefined => game.state.pending?.prompt;

const turnLines = (game: Scenario, turn: number) => game.state.log.filter((e) => e.turn === turn).map((e) => e.text);

// -----------------------------------------------------------------------------------------------
describe('setup', () => {
  it('teams sit alternately: odd seats No Tav, even seats Poliziotti (I-2)', () => {
    const game = Scenario.of(RULES, 8);
    expect(viewFor(def, game.state, 'referee').players.map((p) => p.team)).toEqual(['NoTav', 'Poliziotti', 'NoTav', 'Poliziotti', 'NoTav', 'Poliziotti', 'NoTav', 'Poliziotti']);
  });

  it('only 4, 6 or 8 players (I-1)', () => {
    expect(() => Scenario.of(RULES, 5)).toThrow(/4, 6, 8/);
    expect(() => Scenario.of(RULES, 2)).toThrow(/4, 6, 8/);
  });

  it('in seat order from the first player, each player places 5 pawns one at a time on sites of choice, then gets 6 cards (I-4, I-6, I-7)', () => {
    const game = Scenario.of(RULES, 6, { seed: 3 });
    const first = game.state.current;
    expect(game.global('mazziere')).toBe((first + 5) % 6);
    const order: number[] = [];
    const sites = ['Presidio', 'Trivella', 'Muro contro Muro', 'Posto di Blocco', 'Blocco Stradale'];
    let k = 0;
    while (game.state.pending?.prompt === ASK.setup) {
      const p = game.state.pending.player;
      if (order[order.length - 1] !== p) order.push(p);
      expect(game.pending!.choices).toEqual(sites);
      game.choose(p, sites[k++ % 5]);
    }
    expect(order).toEqual([0, 1, 2, 3, 4, 5].map((i) => (first + i) % 6));
    expect(k).toBe(30);
    const state = game.state;
    expect(state.zones.reduce((s, z) => s + z.tokens[token('PedinaNoTav')], 0)).toBe(15);
    expect(state.zones.reduce((s, z) => s + z.tokens[token('PedinaPoliziotto')], 0)).toBe(15);
    for (let seat = 0; seat < 6; seat++) expect(count(state, 'Mano', seat)).toBe(6);
    expect(count(state, 'MazzoDotazione')).toBe(100 - 36);
    expect(count(state, 'MazzoAzione')).toBe(12);
    // The first turn starts with the first player's supply operations.
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.next });
  });
});

// -----------------------------------------------------------------------------------------------
describe('the supply round (I-8 to I-13)', () => {
  it('a player converts their own team\'s cards into pawns placed one at a time, discards, and keeps at most 3', () => {
    const { game, first } = started(4);
    const state = game.state;
    setBoard(state, {});
    const second = left(state, first);
    const mine = teamOf(state, second) === NOTAV ? 'Dimostrante No Tav 3' : 'Agente di Polizia 3';
    const theirs = teamOf(state, second) === NOTAV ? 'Agente di Polizia 2' : 'Dimostrante No Tav 2';
    const pawn: TokenName = teamOf(state, second) === NOTAV ? 'PedinaNoTav' : 'PedinaPoliziotto';
    setHand(state, second, [mine, theirs, 'Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa']);
    supplyRound(game, () => 0, [first]);
    // First player done (all discarded); now the second player decides their cards.
    expect(game.pending).toMatchObject({ player: second, prompt: ASK.next });
    game.choose(second, mine);
    expect(game.pending!.choices).toEqual(['converti in pedine', 'scarta', 'tieni in mano']);
    game.choose(second, 'converti in pedine');
    for (const site of ['Trivella', 'Trivella', 'Blocco Stradale']) {
      expect(game.pending).toMatchObject({ player: second, prompt: ASK.convert });
      game.choose(second, site);
    }
    expect(onSite(state, 'Trivella', pawn)).toBe(2);
    expect(onSite(state, 'Blocco Stradale', pawn)).toBe(1);
    expect(names(state, 'ScartiDotazione')[0]).toBe(mine);
    // The other team's card cannot be converted.
    game.choose(second, theirs);
    expect(game.pending!.choices).toEqual(['scarta', 'tieni in mano']);
    game.choose(second, 'tieni in mano');
    game.choose(second, 'Commemorativa');
    game.choose(second, 'tieni in mano');
    game.choose(second, 'Commemorativa');
    game.choose(second, 'tieni in mano');
    // Three kept: the fourth card can only be discarded (decided without asking), and so the last.
    expect(game.pending).toMatchObject({ player: second, prompt: ASK.next, choices: ['Commemorativa', 'Commemorativa (2)'] });
    game.choose(second, 'Commemorativa');
    expect(game.logText()).toContain(`P${second + 1}: scarta (${ASK.op}, the only choice)`);
    expect(game.pending?.player).not.toBe(second);
    expect(count(state, 'Mano', second)).toBe(3);
    tokensConserved(state);
  });

  it('a negative card is converted by the other team and removes one chief pawn from a site of choice (I-13)', () => {
    const { game, first } = started(4);
    const state = game.state;
    const second = left(state, first);
    const negative = teamOf(state, second) === NOTAV ? 'Questore -1' : 'Sindaco -1';
    const chief: TokenName = teamOf(state, second) === NOTAV ? 'PedinaQuestore' : 'PedinaSindaco';
    const own = teamOf(state, second) === NOTAV ? 'Sindaco -1' : 'Questore -1';
    setBoard(state, { Presidio: { [chief]: 2 }, Trivella: { [chief]: 1 } });
    setHand(state, second, [negative, own, 'Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa']);
    supplyRound(game, () => 0, [first]);
    game.choose(second, own);
    // Useless to its own team: discard or keep only.
    expect(game.pending!.choices).toEqual(['scarta', 'tieni in mano']);
    game.choose(second, 'scarta');
    game.choose(second, negative);
    game.choose(second, 'converti in pedine');
    expect(game.pending).toMatchObject({ player: second, prompt: ASK.negative, choices: ['Presidio', 'Trivella'] });
    game.choose(second, 'Trivella');
    expect(onSite(state, 'Trivella', chief)).toBe(0);
    expect(onSite(state, 'Presidio', chief)).toBe(2);
    tokensConserved(state);
  });

  it('a negative card cannot be converted while no such chief pawn is on the board', () => {
    const { game, first } = started(4);
    const state = game.state;
    setBoard(state, {});
    const second = left(state, first);
    const negative = teamOf(state, second) === NOTAV ? 'Questore -1' : 'Sindaco -1';
    setHand(state, second, [negative, 'Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa']);
    supplyRound(game, () => 0, [first]);
    game.choose(second, negative);
    expect(game.pending!.choices).toEqual(['scarta', 'tieni in mano']);
  });

  it('every player is refilled to 6 cards at the start of every turn (I-9)', () => {
    const { game } = firstTurn({ actions: ['Sito Posto di Blocco'], keep: (seat) => seat % 4 });
    placeSurprises(game, {});
    // Turn 1 is over (a site action empties every hand, I-11); turn 2 starts with refills.
    expect(game.state.turn).toBe(2);
    for (let seat = 0; seat < 4; seat++) expect(count(game.state, 'Mano', seat)).toBe(6);
  });

  it('a conquered site is closed: no pawn can be placed there any more (I-36)', () => {
    const { game, first } = started(4);
    const state = game.state;
    state.zones[zone('Trivella')].vars[0] = NOTAV;
    const second = left(state, first);
    const mine = teamOf(state, second) === NOTAV ? 'Dimostrante No Tav 1' : 'Agente di Polizia 1';
    setHand(state, second, [mine, 'Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa']);
    supplyRound(game, () => 0, [first]);
    game.choose(second, mine).choose(second, 'converti in pedine');
    expect(game.pending).toMatchObject({ prompt: ASK.convert, choices: ['Presidio', 'Muro contro Muro', 'Posto di Blocco', 'Blocco Stradale'] });
  });
});

// -----------------------------------------------------------------------------------------------
describe('the action draws (I-19, I-20)', () => {
  it('three draws without a site card: the turn ends and both decks are reshuffled; hands keep their cards', () => {
    const { game, first } = started(4, NOTAV);
    const state = game.state;
    // Three cards that do nothing for a No Tav drawer or ask nothing, then a site card that is never drawn.
    onTop(state, 'MazzoAzione', ['Lacrimogeni', 'Trivella', 'Conferenza dei Servizi', 'Sito Presidio']);
    const keptCard = state.piles[slot(state, 'Mano', first)][0];
    supplyRound(game, (seat) => (seat === first ? 1 : 0));
    expect(state.piles[slot(state, 'Mano', first)]).toContain(keptCard);
    const drawn = turnLines(game, 1).filter((t) => t.includes('from MazzoAzione to CartaPescata'));
    expect(drawn).toEqual([
      expect.stringMatching(/: Lacrimogeni$/), expect.stringMatching(/: Trivella$/), expect.stringMatching(/: Conferenza dei Servizi$/),
    ]);
    expect(game.global('pescate')).toBe(3);
    // Turn 2 has begun; the action discard went back into the deck, and so did the supply discard.
    expect(state.turn).toBe(2);
    expect(state.current).toBe(left(state, first));
    expect(count(state, 'MazzoAzione')).toBe(12);
    expect(count(state, 'ScartiAzione')).toBe(0);
    expect(count(state, 'CartaPescata')).toBe(0);
    expect(count(state, 'ScartiDotazione')).toBe(0);
    // The kept card is still in its owner's hand (refilled to 6 for turn 2).
    expect(state.piles[slot(state, 'Mano', first)]).toContain(keptCard);
    // The three drawn cards went back into the deck, the supply discard into the supply deck.
    const reshuffle = turnLines(game, 1).slice(-2);
    expect(reshuffle[0]).toMatch(/^P\d puts 3 cards on MazzoAzione: /);
    expect(reshuffle[1]).toMatch(/^P\d puts \d+ cards on MazzoDotazione: /);
  });

  it('the first site card stops the draws; after a site action there is no reshuffle', () => {
    const { game } = firstTurn({ firstTeam: NOTAV, actions: ['Lacrimogeni', 'Sito Posto di Blocco', 'Sito Presidio'] });
    const state = game.state;
    const drawn = turnLines(game, 1).filter((t) => t.includes('from MazzoAzione to CartaPescata'));
    expect(drawn).toHaveLength(2);
    expect(game.global('pescate')).toBe(2);
    expect(names(state, 'ScartiAzione')).toEqual(['Sito Posto di Blocco', 'Lacrimogeni']);
    expect(count(state, 'MazzoAzione')).toBe(10);
    expect(names(state, 'MazzoAzione')[0]).toBe('Sito Presidio');
  });

  it('an empty action deck is remade from its discard when a card must be drawn (I-16)', () => {
    const { game, first } = started(4, NOTAV);
    const state = game.state;
    // Only two cards left in the deck; the rest lie in the discard.
    const deck = state.piles[slot(state, 'MazzoAzione')];
    onTop(state, 'MazzoAzione', ['Lacrimogeni', 'Trivella']);
    const rest = deck.splice(2);
    state.piles[slot(state, 'ScartiAzione')].push(...rest);
    for (const card of rest) settle(state, card, 'ScartiAzione');
    supplyRound(game);
    const lines = turnLines(game, 1);
    const draws = lines.flatMap((t, i) => (t.includes('from MazzoAzione to CartaPescata') ? [i] : []));
    expect(draws.length).toBeGreaterThanOrEqual(3);
    // The two cards drawn went to the discard too: all 12 make the new deck, before the third draw.
    const remade = lines.findIndex((t) => t.startsWith(`P${first + 1} puts 12 cards on MazzoAzione:`));
    expect(remade).toBeGreaterThan(draws[1]);
    expect(remade).toBeLessThan(draws[2]);
  });
});

// -----------------------------------------------------------------------------------------------
describe('the site rules (I-31 to I-35)', () => {
  it('Presidio: a team needs 5 more pawns than the other; chief pawns never count (I-32, I-24)', () => {
    const win = firstTurn({ actions: ['Sito Presidio'], board: { Presidio: { PedinaNoTav: 7, PedinaPoliziotto: 2 } } }).game.state;
    expect(owner(win, 'Presidio')).toBe(NOTAV);
    expect(onSite(win, 'Presidio', 'SegnalinoNoTav')).toBe(1);
    expect(names(win, 'FuoriGioco')).toEqual(['Sito Presidio']);
    siteIsEmpty(win, 'Presidio');
    tokensConserved(win);

    const short = firstTurn({ actions: ['Sito Presidio'], board: { Presidio: { PedinaNoTav: 6, PedinaPoliziotto: 2, PedinaSindaco: 5 } } }).game.state;
    expect(owner(short, 'Presidio')).toBeNull();
    expect(onSite(short, 'Presidio', 'SegnalinoNoTav')).toBe(0);
    expect(names(short, 'ScartiAzione')).toEqual(['Sito Presidio']);
    expect(count(short, 'FuoriGioco')).toBe(0);
    siteIsEmpty(short, 'Presidio');
    tokensConserved(short);
  });

  it('Trivella: revealed surprises count toward the 5, for the team of the figure they show (I-27, I-32)', () => {
    const { game, first } = firstTurn({ actions: ['Sito Trivella'], board: { Trivella: { PedinaNoTav: 4 } }, keep: () => 1 });
    const state = game.state;
    const opponent = left(state, first);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.surprise });
    setHand(state, first, ['Dimostrante No Tav 1']);
    setHand(state, opponent, ['Commemorativa']);
    setHand(state, (first + 2) % 4, []);
    setHand(state, (first + 3) % 4, []);
    placeSurprises(game, { [first]: ['Dimostrante No Tav 1'], [opponent]: ['Commemorativa'] });
    expect(owner(state, 'Trivella')).toBe(NOTAV);
    expect(names(state, 'FuoriGioco')).toEqual(['Sito Trivella']);
    siteIsEmpty(state, 'Trivella');
    // The surprises go to the supply discard (I-35).
    expect(names(state, 'ScartiDotazione').slice(0, 2).sort()).toEqual(['Commemorativa', 'Dimostrante No Tav 1']);
    expect(count(state, 'Sorprese')).toBe(0);
  });

  it('Trivella: a card of the other team placed as a surprise helps the other team (I-27)', () => {
    const { game, first } = firstTurn({ actions: ['Sito Trivella'], board: {}, keep: () => 1 });
    const state = game.state;
    for (let seat = 0; seat < 4; seat++) setHand(state, seat, []);
    const placer = first;
    const gift = teamOf(state, placer) === NOTAV ? 'Agente di Polizia 5' : 'Dimostrante No Tav 5';
    setHand(state, placer, [gift]);
    placeSurprises(game, { [placer]: [gift] });
    expect(owner(state, 'Trivella')).toBe(1 - teamOf(state, placer));
  });

  it('Muro contro Muro: a simple majority conquers, with no tie-break', () => {
    const { game } = firstTurn({ actions: ['Sito Muro contro Muro'], board: { 'Muro contro Muro': { PedinaNoTav: 2, PedinaPoliziotto: 3 } } });
    expect(owner(game.state, 'Muro contro Muro')).toBe(POLIZIOTTI);
    expect(turnLines(game, 1).some((t) => t.includes('to Sorprese'))).toBe(false);
  });

  it('Muro contro Muro: on a tie every player draws a blind supply card, then a second count decides (I-33)', () => {
    const blind = ['Commemorativa', 'Dimostrante No Tav 2', 'Agente di Polizia 1', 'Commemorativa'];
    const { game, first } = firstTurn({
      actions: ['Sito Muro contro Muro'], board: { 'Muro contro Muro': { PedinaNoTav: 3, PedinaPoliziotto: 3 } }, supplyTop: blind,
    });
    const state = game.state;
    const lines = turnLines(game, 1);
    expect(lines.filter((t) => t.includes('draws 1 from MazzoDotazione to Sorprese'))).toHaveLength(4);
    expect(lines).toContain(`P${first + 1} reveals ${[...blind].reverse().join(', ')}`);
    // 3 + 2 against 3 + 1: No Tav.
    expect(owner(state, 'Muro contro Muro')).toBe(NOTAV);
    expect(onSite(state, 'Muro contro Muro', 'SegnalinoNoTav')).toBe(1);
    expect(names(state, 'FuoriGioco')).toEqual(['Sito Muro contro Muro']);
    // The tie-break cards go to the supply discard with the rest (I-35).
    expect(names(state, 'ScartiDotazione').slice(0, 4).sort()).toEqual([...blind].sort());
    siteIsEmpty(state, 'Muro contro Muro');
    tokensConserved(state);
  });

  it('Muro contro Muro: a second tie clears the site, and 0 to 0 is a tie too (I-33)', () => {
    const { game, first } = firstTurn({ actions: ['Sito Muro contro Muro'], board: {}, supplyTop: ['Commemorativa', 'Sindaco 2', 'Questore 1', 'Commemorativa'] });
    const state = game.state;
    expect(turnLines(game, 1).filter((t) => t.includes('to Sorprese'))).toHaveLength(4);
    expect(owner(state, 'Muro contro Muro')).toBeNull();
    expect(names(state, 'ScartiAzione')).toEqual(['Sito Muro contro Muro']);
    expect(turnLines(game, 1)).toContain(`P${first + 1}: Nessuna fazione predomina: il sito torna terra di conquista`);
  });

  it('Posto di Blocco: a tie clears the site with no tie-break (I-34)', () => {
    const { game } = firstTurn({ actions: ['Sito Posto di Blocco'], board: { 'Posto di Blocco': { PedinaNoTav: 2, PedinaPoliziotto: 2, PedinaQuestore: 1 }, Presidio: { PedinaNoTav: 4 } } });
    const state = game.state;
    expect(owner(state, 'Posto di Blocco')).toBeNull();
    expect(turnLines(game, 1).some((t) => t.includes('to Sorprese'))).toBe(false);
    expect(names(state, 'ScartiAzione')).toEqual(['Sito Posto di Blocco']);
    siteIsEmpty(state, 'Posto di Blocco');
    // Other sites are untouched.
    expect(onSite(state, 'Presidio', 'PedinaNoTav')).toBe(4);
    tokensConserved(state);
  });

  it('Blocco Stradale: one pawn against none conquers; a tie clears (I-34)', () => {
    const one = firstTurn({ actions: ['Sito Blocco Stradale'], board: { 'Blocco Stradale': { PedinaPoliziotto: 1 } } }).game.state;
    expect(owner(one, 'Blocco Stradale')).toBe(POLIZIOTTI);
    expect(onSite(one, 'Blocco Stradale', 'SegnalinoPoliziotti')).toBe(1);
    const tie = firstTurn({ actions: ['Sito Blocco Stradale'], board: { 'Blocco Stradale': { PedinaPoliziotto: 4, PedinaNoTav: 4 } } }).game.state;
    expect(owner(tie, 'Blocco Stradale')).toBeNull();
    siteIsEmpty(tie, 'Blocco Stradale');
  });

  it('a truce returns every pawn of the site and the surprises, and places no marker (I-30)', () => {
    const { game } = firstTurn({ actions: ['Sito Posto di Blocco'], roll: 'Tregua', board: { 'Posto di Blocco': { PedinaNoTav: 9, PedinaSindaco: 2 } } });
    const state = game.state;
    expect(turnLines(game, 1).some((t) => t.includes('rolls: Tregua'))).toBe(true);
    expect(owner(state, 'Posto di Blocco')).toBeNull();
    siteIsEmpty(state, 'Posto di Blocco');
    expect(names(state, 'ScartiAzione')).toEqual(['Sito Posto di Blocco']);
    tokensConserved(state);
  });

  it('with 3 chief pawns on the site, the drawer and then the opponent on the left bring pawns from other sites (I-22, I-23)', () => {
    const { game, first } = firstTurn({
      firstTeam: NOTAV, actions: ['Sito Posto di Blocco'],
      board: {
        'Posto di Blocco': { PedinaSindaco: 3, PedinaQuestore: 3, PedinaPoliziotto: 4, PedinaNoTav: 0 },
        Presidio: { PedinaNoTav: 3, PedinaSindaco: 1 },
        Trivella: { PedinaNoTav: 2, PedinaPoliziotto: 5 },
      },
    });
    const state = game.state;
    const opponent = left(state, first);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.move, choices: ['sposta una pedina', 'basta così'] });
    game.choose(first, 'sposta una pedina');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.moveFrom, choices: ['Presidio', 'Trivella'] });
    game.choose(first, 'Presidio').choose(first, 'sposta una pedina').choose(first, 'Presidio');
    game.choose(first, 'sposta una pedina').choose(first, 'Trivella');
    game.choose(first, 'basta così');
    expect(onSite(state, 'Posto di Blocco', 'PedinaNoTav')).toBe(3);
    // Chief pawns never move.
    expect(onSite(state, 'Presidio', 'PedinaSindaco')).toBe(1);
    expect(game.pending).toMatchObject({ player: opponent, prompt: ASK.move });
    // Trivella is the only other site with Poliziotto pawns: it is taken without asking.
    game.choose(opponent, 'sposta una pedina');
    game.choose(opponent, 'basta così');
    // 3 against 5: the Poliziotti conquer.
    expect(owner(state, 'Posto di Blocco')).toBe(POLIZIOTTI);
    expect(onSite(state, 'Presidio', 'PedinaNoTav')).toBe(1);
    expect(onSite(state, 'Trivella', 'PedinaNoTav')).toBe(1);
    expect(onSite(state, 'Trivella', 'PedinaPoliziotto')).toBe(4);
    siteIsEmpty(state, 'Posto di Blocco');
    tokensConserved(state);
  });

  it('below 3 chief pawns, or for teammates, nobody is asked to move pawns (I-22)', () => {
    const { game } = firstTurn({
      actions: ['Sito Posto di Blocco'],
      board: { 'Posto di Blocco': { PedinaSindaco: 2, PedinaQuestore: 2, PedinaNoTav: 1 }, Presidio: { PedinaNoTav: 3, PedinaPoliziotto: 3 } },
    });
    expect(game.state.log.some((e) => e.text.includes(ASK.move))).toBe(false);
    expect(owner(game.state, 'Posto di Blocco')).toBe(NOTAV);
  });

  it('hands still holding cards after the placement are discarded before the roll (I-11)', () => {
    const { game, first } = firstTurn({ actions: ['Sito Blocco Stradale'], keep: () => 1 });
    const state = game.state;
    const kept = state.piles[slot(state, 'Mano', left(state, first))][0];
    placeSurprises(game, {});
    expect(state.piles[slot(state, 'ScartiDotazione')]).toContain(kept);
    const lines = turnLines(game, 1);
    expect(lines.findIndex((t) => t.includes(`P${left(state, first) + 1} puts a card on ScartiDotazione`)))
      .toBeLessThan(lines.findIndex((t) => t.includes('rolls:')));
  });
});

// -----------------------------------------------------------------------------------------------
describe('victory (I-38)', () => {
  it('the first team with markers on 3 sites wins, all its members together', () => {
    const { game } = started(6);
    const state = game.state;
    for (const site of ['Presidio', 'Trivella']) {
      state.zones[zone(site)].vars[0] = POLIZIOTTI;
    }
    setBoard(state, { Presidio: { SegnalinoPoliziotti: 1 }, Trivella: { SegnalinoPoliziotti: 1 }, 'Blocco Stradale': { PedinaPoliziotto: 3, PedinaNoTav: 2 } });
    for (const card of ['Sito Presidio', 'Sito Trivella']) {
      const taken = takeCard(state, card);
      state.piles[slot(state, 'FuoriGioco')].push(taken);
      settle(state, taken, 'FuoriGioco');
    }
    onTop(state, 'MazzoAzione', ['Sito Blocco Stradale']);
    state.rng = rngRolling('Carica');
    supplyRound(game);
    expect(state.outcome).toMatchObject({ kind: 'win', winners: [1, 3, 5] });
    expect(state.outcome).toMatchObject({ team: 'Poliziotti', reason: 'segnalini su 3 siti conquistati' });
    expect(owner(state, 'Blocco Stradale')).toBe(POLIZIOTTI);
    expect(state.zones.reduce((s, z) => s + z.tokens[token('SegnalinoPoliziotti')], 0)).toBe(3);
  });

  it('two markers are not enough: the game goes on', () => {
    const { game } = started(4);
    const state = game.state;
    state.zones[zone('Presidio')].vars[0] = NOTAV;
    setBoard(state, { Presidio: { SegnalinoNoTav: 1 }, 'Blocco Stradale': { PedinaNoTav: 3 } });
    onTop(state, 'MazzoAzione', ['Sito Blocco Stradale']);
    state.rng = rngRolling('Carica');
    supplyRound(game);
    expect(state.outcome).toBeNull();
    expect(owner(state, 'Blocco Stradale')).toBe(NOTAV);
    expect(state.turn).toBe(2);
  });
});

// -----------------------------------------------------------------------------------------------
describe('the surprise action cards (I-39 to I-46)', () => {
  it('Lacrimogeni: a Poliziotto drawer removes exactly 3 No Tav pawns from sites of choice (I-39)', () => {
    const { game, first } = firstTurn({
      firstTeam: POLIZIOTTI, actions: ['Lacrimogeni', 'Corteo No Tav', 'Barricate'],
      board: { Presidio: { PedinaNoTav: 2, PedinaSindaco: 3 }, Trivella: { PedinaNoTav: 2, PedinaPoliziotto: 1 } },
    });
    const state = game.state;
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.remove, choices: ['Presidio', 'Trivella'] });
    game.choose(first, 'Presidio').choose(first, 'Presidio');
    // Presidio has no No Tav pawn left: the third comes from Trivella without asking.
    expect(onSite(state, 'Presidio', 'PedinaNoTav')).toBe(0);
    expect(onSite(state, 'Trivella', 'PedinaNoTav')).toBe(1);
    expect(onSite(state, 'Presidio', 'PedinaSindaco')).toBe(3);
    expect(onSite(state, 'Trivella', 'PedinaPoliziotto')).toBe(1);
    expect(turnLines(game, 1)).toContain(`P${first + 1}: Corteo No Tav: nessun effetto per un Poliziotto`);
    expect(turnLines(game, 1)).toContain(`P${first + 1}: Barricate: nessun effetto per un Poliziotto`);
    tokensConserved(state);
  });

  it('Lacrimogeni does nothing for a No Tav drawer', () => {
    const { game, first } = firstTurn({ firstTeam: NOTAV, actions: ['Lacrimogeni', 'Trivella', 'Conferenza dei Servizi'], board: { Presidio: { PedinaNoTav: 4 } } });
    expect(onSite(game.state, 'Presidio', 'PedinaNoTav')).toBe(4);
    expect(turnLines(game, 1)).toContain(`P${first + 1}: Lacrimogeni: nessun effetto per un No Tav`);
  });

  it('Corteo No Tav: a No Tav drawer removes 3 Poliziotto pawns, all of them if fewer (I-40)', () => {
    const { game } = firstTurn({
      firstTeam: NOTAV, actions: ['Corteo No Tav', 'Lacrimogeni', 'Trivella'],
      board: { 'Muro contro Muro': { PedinaPoliziotto: 2, PedinaQuestore: 2 }, Presidio: { PedinaNoTav: 1 } },
    });
    const state = game.state;
    expect(onSite(state, 'Muro contro Muro', 'PedinaPoliziotto')).toBe(0);
    expect(onSite(state, 'Muro contro Muro', 'PedinaQuestore')).toBe(2);
    expect(onSite(state, 'Presidio', 'PedinaNoTav')).toBe(1);
    tokensConserved(state);
  });

  it('Barricate: a No Tav drawer places 3 new No Tav pawns on sites of choice (I-41)', () => {
    const { game, first } = firstTurn({ firstTeam: NOTAV, actions: ['Barricate', 'Lacrimogeni', 'Trivella'] });
    const state = game.state;
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.reinforce });
    game.choose(first, 'Muro contro Muro').choose(first, 'Blocco Stradale').choose(first, 'Muro contro Muro');
    expect(onSite(state, 'Muro contro Muro', 'PedinaNoTav')).toBe(2);
    expect(onSite(state, 'Blocco Stradale', 'PedinaNoTav')).toBe(1);
    expect(state.reserve[token('PedinaNoTav')]).toBe(200 - 3);
  });

  it('Trivella (the surprise card, not the site): a Poliziotto drawer places 3 Poliziotto pawns; nothing for a No Tav (I-42, I-18)', () => {
    const police = firstTurn({ firstTeam: POLIZIOTTI, actions: ['Trivella', 'Corteo No Tav', 'Barricate'], board: { Trivella: { PedinaNoTav: 1 } } });
    police.game.answerWhile(ASK.reinforce, 'Posto di Blocco');
    expect(onSite(police.game.state, 'Posto di Blocco', 'PedinaPoliziotto')).toBe(3);
    // No action took place on the Trivella site.
    expect(onSite(police.game.state, 'Trivella', 'PedinaNoTav')).toBe(1);
    expect(police.game.state.log.some((e) => e.text.includes('rolls:') && e.turn === 1)).toBe(false);

    const notav = firstTurn({ firstTeam: NOTAV, actions: ['Trivella', 'Lacrimogeni', 'Conferenza dei Servizi'] });
    expect(notav.game.state.zones.reduce((s, z) => s + z.tokens[token('PedinaPoliziotto')], 0)).toBe(0);
    expect(turnLines(notav.game, 1)).toContain(`P${notav.first + 1}: Trivella: nessun effetto per un No Tav`);
  });

  it('Provocazione: in seat order from the drawer, each player discards a random card of the opponent on their left; an empty hand costs that team 2 pawns (I-43, I-44)', () => {
    const { game, first } = firstTurn({
      firstTeam: NOTAV, actions: ['Provocazione', 'Lacrimogeni', 'Trivella'], keepFromFirst: [0, 1, 2, 1],
      board: { Presidio: { PedinaNoTav: 1, PedinaSindaco: 1 }, Trivella: { PedinaNoTav: 2 }, 'Blocco Stradale': { PedinaPoliziotto: 3 } },
    });
    const state = game.state;
    const seat = (k: number) => (first + k) % 4;
    // Three hands had a card taken; the last taker (the drawer's right-hand opponent) finds the drawer's hand empty.
    expect(game.pending).toMatchObject({ player: seat(3), prompt: ASK.remove, choices: ['Presidio', 'Trivella'] });
    expect([0, 1, 2, 3].map((k) => count(state, 'Mano', seat(k)))).toEqual([0, 0, 1, 0]);
    const taken = turnLines(game, 1).filter((t) => /^P\d puts a card on ScartiDotazione/.test(t) && !t.includes('Lacrimogeni'));
    expect(taken.slice(-3).map((t) => t.slice(0, 2))).toEqual([seat(1), seat(2), seat(3)].map((s) => `P${s + 1}`));
    game.choose(seat(3), 'Presidio');
    // Chief pawns are not ordinary pawns: the second pawn comes from Trivella.
    expect(onSite(state, 'Presidio', 'PedinaNoTav')).toBe(0);
    expect(onSite(state, 'Presidio', 'PedinaSindaco')).toBe(1);
    expect(onSite(state, 'Trivella', 'PedinaNoTav')).toBe(1);
    expect(onSite(state, 'Blocco Stradale', 'PedinaPoliziotto')).toBe(3);
    tokensConserved(state);
  });

  it('Blitz: the drawer removes up to 5 pawns of the other team, stopping when they like (I-45)', () => {
    const stop = firstTurn({ firstTeam: NOTAV, actions: ['Blitz', 'Lacrimogeni', 'Trivella'], board: { Presidio: { PedinaPoliziotto: 4, PedinaQuestore: 2 }, Trivella: { PedinaPoliziotto: 3, PedinaNoTav: 2 } } });
    const p = stop.first;
    expect(stop.game.pending).toMatchObject({ player: p, prompt: ASK.blitz, choices: ['togli una pedina', 'basta così'] });
    stop.game.choose(p, 'togli una pedina').choose(p, 'Presidio').choose(p, 'togli una pedina').choose(p, 'Presidio').choose(p, 'basta così');
    expect(onSite(stop.game.state, 'Presidio', 'PedinaPoliziotto')).toBe(2);
    expect(onSite(stop.game.state, 'Trivella', 'PedinaPoliziotto')).toBe(3);
    expect(onSite(stop.game.state, 'Trivella', 'PedinaNoTav')).toBe(2);

    const all = firstTurn({ firstTeam: POLIZIOTTI, actions: ['Blitz', 'Corteo No Tav', 'Barricate'], board: { Presidio: { PedinaNoTav: 4, PedinaSindaco: 3 }, Trivella: { PedinaNoTav: 3 } } });
    let removed = 0;
    while (all.game.state.pending?.prompt === ASK.blitz) {
      all.game.choose(all.first, 'togli una pedina');
      if (promptOf(all.game) === ASK.blitzWhere) all.game.choose(all.first, 'Trivella');
      removed++;
    }
    expect(removed).toBe(5);
    expect(all.game.state.zones.reduce((s, z) => s + z.tokens[token('PedinaNoTav')], 0)).toBe(2);
    expect(onSite(all.game.state, 'Presidio', 'PedinaSindaco')).toBe(3);
    tokensConserved(all.game.state);
  });

  it('Conferenza dei Servizi: every Sindaco and Questore pawn leaves every site, whoever draws it (I-46)', () => {
    for (const team of [NOTAV, POLIZIOTTI]) {
      const fillers = team === NOTAV ? ['Lacrimogeni', 'Trivella'] : ['Corteo No Tav', 'Barricate'];
      const { game } = firstTurn({
        firstTeam: team, actions: ['Conferenza dei Servizi', ...fillers],
        board: { Presidio: { PedinaSindaco: 3, PedinaNoTav: 2 }, Trivella: { PedinaQuestore: 4, PedinaPoliziotto: 1 }, 'Blocco Stradale': { PedinaSindaco: 1, PedinaQuestore: 1 } },
      });
      const state = game.state;
      for (const site of ['Presidio', 'Trivella', 'Blocco Stradale']) {
        expect(onSite(state, site, 'PedinaSindaco')).toBe(0);
        expect(onSite(state, site, 'PedinaQuestore')).toBe(0);
      }
      expect(onSite(state, 'Presidio', 'PedinaNoTav')).toBe(2);
      expect(onSite(state, 'Trivella', 'PedinaPoliziotto')).toBe(1);
      expect(state.reserve[token('PedinaSindaco')]).toBe(20);
      expect(state.reserve[token('PedinaQuestore')]).toBe(20);
    }
  });
});

// -----------------------------------------------------------------------------------------------
describe('hidden information (I-48)', () => {
  const hand = (state: GameState, viewer: number | 'referee', seat: number) => viewFor(def, state, viewer).players[seat].piles.find((p) => p.name === 'Mano')!.cards;
  const surprises = (state: GameState, viewer: number | 'referee') => viewFor(def, state, viewer).piles.find((p) => p.name === 'Sorprese')!.cards;

  it('a hand is seen by its owner only, not by teammates; everybody sees how many cards it holds', () => {
    const { game } = started(6);
    const state = game.state;
    for (let seat = 0; seat < 6; seat++) {
      expect(hand(state, seat, seat).every((c) => c !== null)).toBe(true);
      expect(hand(state, 'referee', seat)).toEqual(names(state, 'Mano', seat));
      for (let other = 0; other < 6; other++) {
        if (other === seat) continue;
        expect(hand(state, other, seat)).toEqual([null, null, null, null, null, null]);
      }
    }
    // A teammate does not see the card chosen either, nor the choices offered.
    const first = state.current;
    const mate = (first + 2) % 6;
    expect(viewFor(def, state, mate).pending).toMatchObject({ prompt: ASK.next, choices: null });
    game.choose(first, game.pending!.choices[0]);
    const chosen = viewFor(def, state, mate).log.filter((e) => e.text.includes(ASK.next));
    expect(chosen.map((e) => e.text)).toEqual([`P${first + 1} chooses (${ASK.next})`]);
  });

  it('a surprise placed face down is hidden from every other player, teammates included, until the cards are turned over together (I-26)', () => {
    const { game, first } = firstTurn({ players: 6, actions: ['Sito Blocco Stradale'], board: { 'Blocco Stradale': { PedinaNoTav: 1, PedinaPoliziotto: 1 } }, keep: () => 1 });
    const state = game.state;
    const card = teamOf(state, first) === NOTAV ? 'Dimostrante No Tav 3' : 'Agente di Polizia 3';
    setHand(state, first, [card]);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.surprise });
    game.choose(first, 'depone una carta coperta');
    // One card in hand: it is taken without asking, and put face down.
    expect(surprises(state, first)).toEqual([card]);
    expect(surprises(state, 'referee')).toEqual([card]);
    for (let other = 0; other < 6; other++) if (other !== first) expect(surprises(state, other)).toEqual([null]);
    const seenByMate = viewFor(def, state, (first + 2) % 6).log.map((e) => e.text).filter((t) => t.includes('on Sorprese'));
    expect(seenByMate).toEqual([`P${first + 1} puts a card on Sorprese face down`]);
    // With an empty hand, passing is the only choice.
    // The next player, an opponent, places theirs; it is hidden from the drawer.
    const next = left(state, first);
    expect(game.pending).toMatchObject({ player: next, prompt: ASK.surprise });
    game.choose(next, 'depone una carta coperta');
    expect(surprises(state, first)).toEqual([null, card]);
    expect(surprises(state, next)[1]).toBeNull();
    placeSurprises(game, {});
    // Turned over together: the reveal names both, for everybody.
    for (let viewer = 0; viewer < 6; viewer++) {
      const reveal = viewFor(def, state, viewer).log.find((e) => e.text.includes('reveals'));
      expect(reveal?.text).toContain(card);
    }
    // 1 + 3 against 1 + the opponent's card (a value of at most 5): whoever won, the site is cleared.
    siteIsEmpty(state, 'Blocco Stradale');
  });

  it('the blind tie-break cards of Muro contro Muro are seen by nobody until they are turned over (I-33)', () => {
    const { game } = firstTurn({ actions: ['Sito Muro contro Muro'], board: {}, supplyTop: ['Commemorativa', 'Commemorativa', 'Commemorativa', 'Commemorativa'] });
    for (const viewer of [0, 1, 2, 3]) {
      const draws = viewFor(def, game.state, viewer).log.filter((e) => e.text.includes('to Sorprese'));
      expect(draws).toHaveLength(4);
      for (const entry of draws) expect(entry.text).toMatch(/draws 1 from MazzoDotazione to Sorprese$/);
    }
    const referee = viewFor(def, game.state, 'referee').log.filter((e) => e.text.includes('to Sorprese'));
    for (const entry of referee) expect(entry.text).toMatch(/to Sorprese: Commemorativa$/);
  });

  it('the action card drawn, the discards and the pawns on the sites are public', () => {
    const { game } = firstTurn({ firstTeam: NOTAV, actions: ['Lacrimogeni', 'Sito Posto di Blocco'], board: { Presidio: { PedinaNoTav: 2 } } });
    const asP2 = viewFor(def, game.state, 1);
    expect(asP2.piles.find((p) => p.name === 'ScartiAzione')!.cards).toEqual(['Sito Posto di Blocco', 'Lacrimogeni']);
    expect(asP2.zones.find((z) => z.name === 'Presidio')!.tokens.find((t) => t.token === 'PedinaNoTav')!.count).toBe(2);
    expect(asP2.log.some((e) => e.text.endsWith('to CartaPescata: Lacrimogeni'))).toBe(true);
  });
});
