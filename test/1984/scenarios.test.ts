/**
 * Scenario tests for rules/1984.rules, named after the seed's sentences. Each game is played by
 * the engine; the test's bots never declare unless told. The first groups pin some positions by
 * editing the plain game state between two decisions (tokens through the reserve, so they stay
 * conserved); the last group reaches its positions by play only (scripted players, helpers.ts
 * `drive`), as do the designed cards' tests in cards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { applyMoveInPlace, legalMoves, viewFor, type GameState } from '../../interpreter/index.ts';
import { bb, botRandom, cardsOf, def, DECLARE, drive, factionOf, namesOf, pileIndex, start, tokensOf, type Script } from './helpers.ts';

/** Plays random moves, never declaring, until `until` holds before a decision. */
function advance(state: GameState, until: (s: GameState) => boolean, seed = 1): void {
  const random = botRandom(seed);
  let guard = 0;
  while (!state.outcome && !until(state)) {
    const moves = legalMoves(state).filter((m) => m.kind !== 'unpick' && m.choice !== DECLARE);
    applyMoveInPlace(def, state, moves[Math.floor(random() * moves.length)]);
    if (++guard > 20000) throw new Error('no end');
  }
}

function setTokens(state: GameState, seat: number, count: number): void {
  state.reserve[bb]! -= count - state.players[seat].tokens[bb];
  state.players[seat].tokens[bb] = count;
}

/** Sets the open-at-any-time moves again after a token change (the engine works them out when it pauses). */
const openMovesOf = (state: GameState, seat: number) => legalMoves(state, seat).map((m) => m.choice);

const prompt = (state: GameState) => state.pending?.prompt ?? '';

describe('setup', () => {
  it.each([[5, 4, 1], [6, 5, 1], [7, 6, 1], [8, 7, 1], [9, 8, 1]])(
    "una carta fazione, casualmente scelta fra quelle indicate in una apposita tabella: %i players, %i Fratellanza, %i IngSoc",
    (players, brothers, party) => {
      const state = start(players, 3);
      const factions = Array.from({ length: players }, (_, seat) => factionOf(state, seat));
      expect(factions.filter((f) => f === 'Fratellanza')).toHaveLength(brothers);
      expect(factions.filter((f) => f === 'IngSoc')).toHaveLength(party);
      // una carta "tratto" che rimane però scoperta: one each, all different, seen by everybody.
      const traits = Array.from({ length: players }, (_, seat) => namesOf(state, 'Tratto', seat)[0]);
      expect(new Set(traits).size).toBe(players);
      expect(viewFor(def, state, 0).players[1].piles.find((p) => p.name === 'Tratto')!.cards).toEqual([traits[1]]);
      expect(viewFor(def, state, 0).players[1].piles.find((p) => p.name === 'Fazione')!.cards).toEqual([null]);
    });

  it('fino alla completa distribuzione di tutto il mazzo: the draft deals all 72 cards as thoughts', () => {
    for (const players of [5, 6, 7, 8, 9]) {
      const state = start(players, 4);
      advance(state, (s) => s.turn >= 1);
      const sizes = Array.from({ length: players }, (_, seat) => cardsOf(state, 'Pensieri', seat).length + cardsOf(state, 'Mano', seat).length);
      expect(cardsOf(state, 'Mazzo')).toHaveLength(0);
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(72);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    }
  });

  it('the 72 dystopia cards (Q-15): both sets need two 2s, so ten 2s a colour; the final 4 and 5 three a colour each, neither scarcer', () => {
    const state = start(8, 5);
    advance(state, (s) => s.turn >= 1);
    const dealt = Array.from({ length: 8 }, (_, seat) => [...cardsOf(state, 'Pensieri', seat), ...cardsOf(state, 'Mano', seat)]).flat();
    expect(dealt).toHaveLength(72);
    const tally = new Map<string, number>();
    for (const card of dealt) {
      const [colore, simbolo] = def.cards[card].properties;
      const key = colore === 'grigio' ? 'grigio' : `${colore} ${simbolo}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    expect(Object.fromEntries([...tally].sort())).toEqual({
      'blu +': 5, 'blu 2': 10, 'blu 4': 3, 'blu 5': 3, 'blu =': 5, grigio: 20,
      'rosso +': 5, 'rosso 2': 10, 'rosso 4': 3, 'rosso 5': 3, 'rosso =': 5,
    });
  });

  it('ne sceglie una, passa le rimanenti 7 al giocatore alla sua destra: all pick at once, each packet goes to the right', () => {
    const state = start(5, 2);
    expect(state.simultaneous).toBeDefined();
    const before = Array.from({ length: 5 }, (_, seat) => cardsOf(state, 'Pacchetto', seat).slice());
    before.forEach((packet) => expect(packet).toHaveLength(8));
    const kept: number[] = [];
    for (let seat = 0; seat < 5; seat++) {
      const move = legalMoves(state, seat)[0];
      kept.push(before[seat].find((c) => def.cards[c].name === move.choice.replace(/ \(\d+\)$/, ''))!);
      applyMoveInPlace(def, state, move);
    }
    for (let seat = 0; seat < 5; seat++) {
      expect(cardsOf(state, 'Pensieri', seat)).toHaveLength(1);
      // The packet P(seat+1) had, less the card they kept, now lies with P(seat): their right-hand neighbour.
      const from = (seat + 1) % 5;
      expect(new Set(cardsOf(state, 'Pacchetto', seat))).toEqual(new Set(before[from].filter((c) => c !== cardsOf(state, 'Pensieri', from)[0])));
    }
  });
});

describe('the day', () => {
  it('Sveglia: ogni giocatore seleziona cinque carte dal suo mazzo pensieri, all at once', () => {
    const state = start(6, 5);
    advance(state, (s) => s.turn >= 1);
    expect(state.phase).toBe('Sveglia');
    expect(viewFor(def, state, 'referee').waiting).toHaveLength(6);
    advance(state, (s) => s.phase !== 'Sveglia');
    for (let seat = 0; seat < 6; seat++) expect(cardsOf(state, 'Mano', seat).length).toBeGreaterThanOrEqual(4);
  });

  it('Primo turno di lavoro: in senso orario dal primo giocatore, davanti a un altro giocatore che ancora non ne ha una', () => {
    const state = start(7, 6);
    advance(state, (s) => s.phase === 'Primo turno di lavoro');
    const first = state.current;
    const givers: number[] = [];
    const receivers = new Set<number>();
    advance(state, (s) => {
      if (s.phase !== 'Primo turno di lavoro') return true;
      if (prompt(s) === 'Davanti a chi la poni?') {
        givers.push(s.pending!.player);
        const targets = s.pending!.labels.map((l) => Number(l.slice(1)) - 1);
        expect(targets).not.toContain(s.pending!.player);
        for (const t of targets) expect(receivers.has(t)).toBe(false);
      }
      for (let seat = 0; seat < 7; seat++) if (cardsOf(s, 'Davanti', seat).length) receivers.add(seat);
      return false;
    });
    // The last giver's target is the only one left, taken without asking.
    expect(givers.length).toBeGreaterThanOrEqual(6);
    expect(givers).toEqual([0, 1, 2, 3, 4, 5, 6].map((k) => (first + k) % 7).slice(0, givers.length));
  });

  it('Secondo turno di lavoro: partendo dall\'ultimo giocatore e procedendo in senso anti-orario', () => {
    const state = start(5, 7);
    advance(state, (s) => s.phase === 'Secondo turno di lavoro');
    const first = state.current;
    const givers: number[] = [];
    advance(state, (s) => {
      if (s.phase !== 'Secondo turno di lavoro') return true;
      if (prompt(s) === 'Davanti a chi la poni?') givers.push(s.pending!.player);
      return false;
    }, 3);
    const withCards = givers.length;
    expect(givers).toEqual([4, 3, 2, 1, 0].map((k) => (first + k) % 5).slice(0, withCards));
  });

  // by default "no majority" is the three colours level (3 blue, 3 red, no grey: the two share
  // the majority, nobody takes a token); the variant reads any tie of the colours on the table so.
  it.each([[null, false], ['nessuna maggioranza a due colori', true]] as const)(
    'si verificano le minoranze: minority colours take a token, ties included; no majority → everybody (variant %s)', (variant, twoColours) => {
    let minority = 0, none = 0, levelTwo = 0;
    // Until every case has been met: two colours level with the third absent is the rarest.
    for (let seed = 1; seed <= 300 && !(minority && none && levelTwo); seed++) {
      const state = start(6, seed, variant);
      advance(state, (s) => s.phase === 'Primo turno di lavoro', seed);
      const tokens = Array.from({ length: 6 }, (_, seat) => tokensOf(state, seat));
      const seen = new Map<number, string>();
      advance(state, (s) => {
        for (let seat = 0; seat < 6; seat++) {
          const card = cardsOf(s, 'Davanti', seat)[0];
          if (card !== undefined) seen.set(seat, def.cards[card].properties[0] as string);
        }
        return s.phase !== 'Primo turno di lavoro';
      }, seed);
      // The last card is put down without a decision: its colour is the one the log's count is short of.
      const line = state.log.map((e) => e.text).find((t) => t.includes('in tavola:'))!;
      const [b, r, g] = line.split('in tavola:')[1].match(/\d+/g)!.map(Number);
      const missing = [0, 1, 2, 3, 4, 5].find((seat) => !seen.has(seat));
      if (missing !== undefined) {
        const have = (c: string) => [...seen.values()].filter((x) => x === c).length;
        seen.set(missing, b > have('blu') ? 'blu' : r > have('rosso') ? 'rosso' : 'grigio');
      }
      const colours = [0, 1, 2, 3, 4, 5].map((seat) => seen.get(seat)!);
      expect([b, r, g]).toEqual(['blu', 'rosso', 'grigio'].map((c) => colours.filter((x) => x === c).length));
      if (colours.length === 0) continue;
      const count = (c: string) => colours.filter((x) => x === c).length;
      const present = [...new Set(colours)];
      const top = Math.max(...present.map(count));
      const level = present.length >= 2 && present.every((c) => count(c) === top);
      const noMajority = level && (twoColours || present.length === 3);
      if (level && present.length === 2) levelTwo++;
      const gained = Array.from({ length: 6 }, (_, seat) => tokensOf(state, seat) - tokens[seat]);
      if (noMajority) { none++; expect(gained).toEqual([1, 1, 1, 1, 1, 1]); } else {
        if (present.length > 1) minority++;
        expect(gained).toEqual(colours.map((c) => (count(c) < top ? 1 : 0)));
      }
    }
    expect(minority).toBeGreaterThan(0);
    expect(none).toBeGreaterThan(0);
    expect(levelTwo).toBeGreaterThan(0);
  });

  it("Due minuti d'odio: scartare permanentemente una carta rossa, se non lo fanno prendono un gettone", () => {
    const state = start(5, 8);
    advance(state, (s) => s.phase === "Due minuti d'odio" && s.simultaneous !== undefined);
    const tokens = Array.from({ length: 5 }, (_, seat) => tokensOf(state, seat));
    // Everybody takes the token instead.
    for (let seat = 0; seat < 5; seat++) applyMoveInPlace(def, state, { player: seat, choice: 'prendi un gettone' });
    advance(state, (s) => s.phase !== "Due minuti d'odio" || s.pending?.player !== undefined && !s.simultaneous);
    for (let seat = 0; seat < 5; seat++) {
      expect(tokensOf(state, seat)).toBe(tokens[seat] + 1);
      expect(cardsOf(state, 'Odio', seat)).toHaveLength(0);
    }
  });

  it('1 gettone – può giocare carte opinione solamente se scoperte', () => {
    const state = start(5, 9);
    advance(state, (s) => s.phase === 'La Sera' && s.simultaneous !== undefined && s.pending !== null);
    const seat = state.pending!.player;
    const open = legalMoves(state, seat).map((m) => m.choice);
    setTokens(state, seat, 0);
    expect(legalMoves(state, seat).map((m) => m.choice)).toEqual(expect.arrayContaining(['opinione scoperta', 'nessuna opinione']));
    expect(open).toContain('nessuna opinione');
    // With one token the face-down option is gone (the engine reads the statuses when it offers a choice).
    const other = start(5, 9);
    advance(other, (s) => s.phase === 'Pausa pranzo');
    for (let p = 0; p < 5; p++) setTokens(other, p, 1);
    advance(other, (s) => s.phase === 'La Sera' && s.pending !== null && s.simultaneous !== undefined);
    for (let p = 0; p < 5; p++) {
      const moves = legalMoves(other, p).map((m) => m.choice);
      expect(moves).not.toContain('opinione coperta');
    }
    expect(viewFor(def, other, 0).players[0].statuses).toContain('Ministero della Verità');
  });

  it('3 gettoni – non può dichiarare la vittoria', () => {
    const state = start(5, 10);
    advance(state, (s) => s.turn >= 1);
    const seat = state.pending!.player;
    expect(openMovesOf(state, seat)).toContain(DECLARE);
    setTokens(state, seat, 3);
    // The moves open at any time are worked out when the rules run on: at the next phase.
    advance(state, (s) => s.phase !== 'Sveglia');
    expect(state.openMoves!.filter((m) => m.label === DECLARE).map((m) => m.player).sort()).toEqual([0, 1, 2, 3, 4].filter((p) => p !== seat));
    expect(state.openMoves!.some((m) => m.player === seat)).toBe(false);
  });
});

describe('the end', () => {
  /** Puts cards with these symbols into `seat`'s opinions, taken from wherever they lie. */
  function opinions(state: GameState, seat: number, symbols: string[]): void {
    const slot = state.pileBase[pileIndex('Opinioni')] + seat;
    for (const symbol of symbols) {
      const card = def.cards.findIndex((c, i) => c.properties[1] === symbol && !state.piles[slot].includes(i) && !state.piles.slice(state.pileBase[pileIndex('Opinioni')], state.pileBase[pileIndex('Opinioni')] + state.seats).flat().includes(i));
      for (const pile of state.piles) { const at = pile.indexOf(card); if (at >= 0) pile.splice(at, 1); }
      state.piles[slot].unshift(card);
      state.revealed[card] = true;
      state.placedBy[card] = -1;
    }
  }

  function declare(state: GameState, seat: number): void {
    applyMoveInPlace(def, state, { player: seat, choice: DECLARE });
  }

  it('La fratellanza deve dichiarare che 2+2=4: a right declaration wins for the Brotherhood', () => {
    const state = start(5, 11);
    advance(state, (s) => s.turn >= 1);
    const brothers = [0, 1, 2, 3, 4].filter((p) => factionOf(state, p) === 'Fratellanza');
    opinions(state, brothers[0], ['2', '+']);
    opinions(state, brothers[1], ['2', '=', '4']);
    declare(state, brothers[2]);
    expect(state.outcome!.reason).toBe('dichiarazione giusta: vince Fratellanza');
    expect(brothers).toContain(state.outcome!.winners[0]);
    // tutti i giocatori scoprono la loro carta fazione
    for (let p = 0; p < 5; p++) expect(viewFor(def, state, (p + 1) % 5).players[p].piles.find((x) => x.name === 'Fazione')!.cards[0]).toBe(factionOf(state, p));
    // Each faction card is shown by its owner, whoever's turn it is.
    const reveals = state.log.filter((e) => e.kind === 'reveal' && /reveals (Fratellanza|IngSoc)$/.test(e.text)).map((e) => e.text);
    for (let p = 0; p < 5; p++) expect(reveals).toContain(`P${p + 1} reveals ${factionOf(state, p)}`);
    expect(new Set(reveals.map((t) => t.split(' ')[0])).size).toBe(5);
  });

  it("L'IngSoc deve dichiarare 2+2=5; otherwise vince la squadra opposta", () => {
    const state = start(5, 12);
    advance(state, (s) => s.turn >= 1);
    // One IngSoc at 5 players: their own opinions, a 4 instead of the 5: wrong.
    const party = [0, 1, 2, 3, 4].filter((p) => factionOf(state, p) === 'IngSoc');
    expect(party).toHaveLength(1);
    opinions(state, party[0], ['2', '2', '+', '=', '4']);
    declare(state, party[0]);
    expect(state.outcome!.reason).toBe('dichiarazione sbagliata: vince Fratellanza');
    expect(factionOf(state, state.outcome!.winners[0])).toBe('Fratellanza');
  });

  it("4 gettoni – tutte le sue opinioni diventano della fazione IngSoc; 2 gettoni – le carte scartate nell'odio contano per l'IngSoc", () => {
    const state = start(6, 13);
    advance(state, (s) => s.turn >= 1);
    const brothers = [0, 1, 2, 3, 4, 5].filter((p) => factionOf(state, p) === 'Fratellanza');
    const party = [0, 1, 2, 3, 4, 5].filter((p) => factionOf(state, p) === 'IngSoc');
    opinions(state, brothers[0], ['2', '2', '+', '=']);
    setTokens(state, brothers[0], 4);
    const odio = state.pileBase[pileIndex('Odio')] + brothers[1];
    const five = def.cards.findIndex((c) => c.properties[1] === '5' && c.properties[0] === 'rosso');
    for (const pile of state.piles) { const at = pile.indexOf(five); if (at >= 0) pile.splice(at, 1); }
    state.piles[odio].unshift(five);
    setTokens(state, brothers[1], 2);
    // The current decision is taken again so the statuses are read afresh.
    declare(state, party[0]);
    expect(state.outcome!.reason).toBe('dichiarazione giusta: vince IngSoc');
  });

  it("2 gettoni – a 2 discarded in the hate counts once for IngSoc, however many the IngSoc group holds", () => {
    const state = start(6, 13);
    advance(state, (s) => s.turn >= 1);
    const brothers = [0, 1, 2, 3, 4, 5].filter((p) => factionOf(state, p) === 'Fratellanza');
    const party = [0, 1, 2, 3, 4, 5].filter((p) => factionOf(state, p) === 'IngSoc');
    // The IngSoc group holds two: the IngSoc player and a brother under the Ministero dell'Amore.
    opinions(state, party[0], ['+', '=', '5']);
    setTokens(state, brothers[0], 4);
    // The only 2 lies in the hate discards of a brother under the Ministero dell'Abbondanza.
    const odio = state.pileBase[pileIndex('Odio')] + brothers[1];
    const two = def.cards.findIndex((c) => c.properties[1] === '2' && c.properties[0] === 'rosso');
    for (const pile of state.piles) { const at = pile.indexOf(two); if (at >= 0) pile.splice(at, 1); }
    state.piles[odio].unshift(two);
    setTokens(state, brothers[1], 2);
    declare(state, party[0]);
    // One 2 of the two the declaration needs: wrong, the Brotherhood wins.
    expect(state.log.map((e) => e.text).find((t) => t.includes('dichiara la vittoria per'))).toContain('IngSoc: 2 ×1, + ×1, = ×1, 5 ×1');
    expect(state.outcome!.reason).toBe('dichiarazione sbagliata: vince Fratellanza');
  });

  it('tutti i giocatori impossibilitati a prendere carte durante la fase della sveglia: vince la fazione IngSoc', () => {
    const state = start(5, 14);
    advance(state, (s) => s.phase === 'La Sera' && s.pending !== null);
    // Every thought left goes to the discard: nobody can take cards tomorrow morning.
    for (let p = 0; p < 5; p++) {
      for (const name of ['Pensieri', 'Mano']) {
        const slot = state.pileBase[pileIndex(name)] + p;
        state.piles[state.pileBase[pileIndex('Scarti')]].unshift(...state.piles[slot]);
        state.piles[slot] = [];
      }
    }
    advance(state, () => false);
    expect(state.outcome!.reason).toBe('nessuno può più prendere carte: vince IngSoc');
    expect(factionOf(state, state.outcome!.winners[0])).toBe('IngSoc');
  });
});

describe('by play: positions reached by scripted players, nothing edited', () => {
  const seats = [0, 1, 2, 3, 4];

  it('Viene scelto il primo giocatore casualmente: the highest roll opens; the marker passes clockwise each day (Q-2)', () => {
    const firsts = new Set<number>();
    for (let seed = 1; seed <= 20; seed++) {
      const state = start(5, seed);
      drive(state, {}, (s) => s.turn >= 1);
      const first = state.current;
      firsts.add(first);
      // Rounds of rolls: a tie for the highest rolls again among the tied; the last round's highest opens.
      const rounds: Map<number, number>[] = [new Map()];
      for (const entry of state.log.filter((e) => e.kind === 'roll')) {
        const [, who, roll] = /^P(\d) rolls for first player: (\d)$/.exec(entry.text)!;
        if (rounds[rounds.length - 1].has(Number(who) - 1)) rounds.push(new Map());
        rounds[rounds.length - 1].set(Number(who) - 1, Number(roll));
      }
      expect(rounds[0].size).toBe(5);
      const final = rounds[rounds.length - 1];
      expect(Math.max(...final.values())).toBe(final.get(first));
      expect([...final.values()].filter((r) => r === final.get(first))).toHaveLength(1);
      expect(state.log.find((e) => e.kind === 'first')!.text).toBe(`P${first + 1} plays first`);
      drive(state, {}, (s) => s.turn >= 2);
      expect(state.current, `seed ${seed}`).toBe((first + 1) % 5);
    }
    expect(firsts.size).toBeGreaterThanOrEqual(3);
  });

  it("Due minuti d'odio: a player without a red card in hand can only take the token", () => {
    // P1 takes five action cards at Sveglia and gives one away in the first shift: no red card at the hate.
    const state = start(5, 21);
    const play: Script = { wants: { 0: ['Denuncia', 'Autocritica', 'Psicopolizia', 'Vigilanza', 'Buco della Memoria'] } };
    drive(state, play, (s) => s.phase === "Due minuti d'odio");
    expect(namesOf(state, 'Mano', 0).every((c) => !c.startsWith('Pensiero rosso'))).toBe(true);
    const before = tokensOf(state, 0);
    drive(state, play, (s) => s.phase !== "Due minuti d'odio");
    expect(state.log.map((e) => e.text)).toContain("P1: prendi un gettone (Due minuti d'odio: scarti una carta rossa?, the only choice)");
    expect(tokensOf(state, 0)).toBe(before + 1);
  });

  it('tutti i giocatori impossibilitati a prendere carte: played to the end without a declaration, IngSoc wins, every faction shown', () => {
    const state = start(6, 22);
    drive(state, {}, () => false);
    expect(state.outcome!.reason).toBe('nessuno può più prendere carte: vince IngSoc');
    const party = seats.concat(5).filter((p) => factionOf(state, p) === 'IngSoc');
    expect([...state.outcome!.winners].sort()).toEqual(party);
    for (let p = 0; p < 6; p++) {
      expect(cardsOf(state, 'Pensieri', p)).toEqual([]);
      expect(viewFor(def, state, (p + 1) % 6).players[p].piles.find((x) => x.name === 'Fazione')!.cards).toEqual([factionOf(state, p)]);
    }
  });

  it('La fratellanza deve dichiarare che 2+2=4: three brothers lay 2, 2, +, = and 4 face up over two evenings, and one declares', () => {
    // The first game in which the brothers' tokens stay under the Ministry of Love (4: their opinions
    // would count for IngSoc) and the declarer's under the Ministry of Peace (3: no declaring).
    for (let seed = 1; seed <= 40; seed++) {
      const state = start(5, seed);
      const brothers = seats.filter((p) => factionOf(state, p) === 'Fratellanza');
      const [a, b, c] = brothers;
      const evening: Record<number, string[]> = { [a]: ['Pensiero blu 2', 'Pensiero blu ='], [b]: ['Pensiero blu 2', 'Pensiero blu 4'], [c]: ['Pensiero blu +'] };
      const play: Script = {
        wants: evening,
        answer: (s, seat, prompt) => {
          const mine = evening[seat];
          if (!mine) return undefined;
          const card = mine[s.turn - 1];
          if (prompt.startsWith('La Sera')) return card ? 'opinione scoperta' : undefined;
          if (prompt.startsWith('Quale pensiero')) return card;
          return undefined;
        },
      };
      drive(state, play, (s) => s.turn === 3);
      if (state.outcome || [a, b].some((p) => tokensOf(state, p) >= 4) || tokensOf(state, c) >= 3) continue;
      const opinions = [a, b, c].flatMap((p) => namesOf(state, 'Opinioni', p)).sort();
      expect(opinions).toEqual(['Pensiero blu +', 'Pensiero blu 2', 'Pensiero blu 2', 'Pensiero blu 4', 'Pensiero blu =']);
      // Face up: everybody sees them.
      expect(viewFor(def, state, seats.find((p) => ![a, b, c].includes(p))!).players[a].piles.find((x) => x.name === 'Opinioni')!.cards).toEqual(['Pensiero blu =', 'Pensiero blu 2']);
      applyMoveInPlace(def, state, { player: c, choice: DECLARE });
      expect(state.outcome!.reason).toBe('dichiarazione giusta: vince Fratellanza');
      // The whole Brotherhood wins, the brother who laid nothing too.
      expect([...state.outcome!.winners].sort()).toEqual([...brothers].sort());
      expect(state.log.map((e) => e.text).find((t) => t.includes('dichiara la vittoria per'))).toContain(`P${c + 1} dichiara la vittoria per Fratellanza: 2 ×2, + ×1, = ×1, 4 ×1`);
      return;
    }
    throw new Error('no game keeps the brothers under the Ministries of Love and Peace for two days');
  });
});
