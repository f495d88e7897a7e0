import { describe, expect, it } from 'vitest';
import { viewFor } from '../../interpreter/index.ts';
import {
  ASK, BRIGANTE, DECLINE, KEEP_PASSED, REROLL_ALL, USE, autoplay, firstTurn, giveRole, holdings, keep, mark, open, pin,
  reserve, resolve, roleOf, rollFive, rolls, expectOutOfGame,
} from './helpers.ts';

// Seed 3, 4 players: P1 plays first and P4 (on P1's right) holds the Deus Ex-Machina.
const zero = { Popolo: 0, Torre: 0, Libro: 0, Mortadella: 0 };

/** Plays P1's first turn with harmless dice (Torre, Torre, Mortadella kept; Torre, Mortadella passed). */
function afterFirstTurn(seed = 3) {
  const { game, first } = firstTurn(4, ['Torre', 'Torre', 'Mortadella', 'Torre', 'Mortadella'], { seed });
  resolve(game, 1).choose(first, 'Dado 2');
  return { game, first, next: game.state.current };
}

describe('Segnalino “Deus Ex-Machina”: «può usare questo Segnalino dopo un lancio di dadi (siano essi 3 oppure 5) per ripetere un lancio dello stesso numero di dadi»', () => {
  it('used on an opponent’s roll of five dice: all five are rolled again, and «il Segnalino andrà a lui»', () => {
    const game = open(4);
    const from = mark(game);
    expect(game.pending).toMatchObject({ player: 3, prompt: ASK.deus, choices: [DECLINE, USE] });
    game.choose(3, USE);
    expect(rolls(game, from).map((r) => r.length)).toEqual([5]);
    expect(game.logText(from)[0]).toBe('P4: usa il Deus Ex-Machina (Usare il Deus Ex-Machina?)');
    expect(game.global('deus')).toBe(0);
    // The same roll is not offered a second Deus: P1 now keeps three dice.
    expect(game.pending).toMatchObject({ player: 0, prompt: ASK.keep });
  });

  it('used on a roll of three dice: only those three are rolled again, the passed dice stay', () => {
    const { game, next } = afterFirstTurn();
    expect(next).toBe(1);
    game.choose(next, KEEP_PASSED);
    const from = mark(game);
    pin(game, { 1: 'Libro', 2: 'Libro', 3: 'Libro' });
    game.choose(3, USE);
    expect(rolls(game, from).map((r) => r.length)).toEqual([3]);
    expect(game.faces().slice(3)).toEqual(['Torre', 'Mortadella']);
    // Used on P2's roll: P2 gets it.
    expect(game.global('deus')).toBe(1);
    expect(game.pending).toMatchObject({ player: 1, prompt: ASK.add });
    expect(game.pending!.choices).toHaveLength(3);
  });

  it('«Dopo che è stato usato passa al giocatore alla propria destra» when used on one’s own roll', () => {
    const { game, next } = afterFirstTurn();
    game.setGlobal('deus', next);
    game.choose(next, REROLL_ALL);
    expect(game.pending).toMatchObject({ player: next, prompt: ASK.deus });
    const from = mark(game);
    game.choose(next, USE);
    expect(rolls(game, from).map((r) => r.length)).toEqual([5]);
    // P2's right is P1.
    expect(game.global('deus')).toBe(next - 1);
  });

  it('not used, it stays with its holder, who is asked again at the next roll', () => {
    const { game, next } = afterFirstTurn();
    expect(game.global('deus')).toBe(3);
    game.choose(next, KEEP_PASSED);
    expect(game.pending).toMatchObject({ player: 3, prompt: ASK.deus });
  });

  it('the dice effects are those of the roll repeated with the Deus', () => {
    // The first roll is pinned to a Festa (five Popolo), then P4 repeats it.
    const game = open(4);
    game.dice(['Popolo', 'Popolo', 'Popolo', 'Popolo', 'Popolo']);
    game.choose(3, USE);
    const faces = game.faces();
    expect(faces).not.toEqual(['Popolo', 'Popolo', 'Popolo', 'Popolo', 'Popolo']);
    // The Festa of the first roll did not happen: only the repeated roll counts.
    const festa = faces.every((f) => f === 'Popolo');
    for (const p of [0, 1, 2, 3]) expect(holdings(game, p).Popolo).toBe(festa ? 1 : 0);
    expect(game.global('carnevale')).toBe(new Set(faces).size === 5);
  });
});

describe('7 vizi capitali: «Se un giocatore arriva a 8 Segnalini anche solo con un simbolo, perde la partita e esce dal gioco.»', () => {
  it('the roller reaching 8 Popolo is out; the tokens go back to the reserve and the turn passes', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella'], {
      prepare: (g) => g.tokens(0, { Popolo: 7, Torre: 3, Mortadella: 2 }),
    });
    resolve(game, 1);
    expectOutOfGame(game, first, 1);
    expect(game.logText()).toContain('turn 2: P2');
  });

  it('«Non si possono avere più di 7 Segnalini per simbolo»: 7 is still allowed', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Libro', 'Libro', 'Mortadella'], { prepare: (g) => g.tokens(0, { Popolo: 6 }) });
    resolve(game, 1);
    expect(game.state.players[first].active).toBe(true);
    expect(holdings(game, first).Popolo).toBe(7);
  });

  it('«Anche in questo caso non può mostrare che ruolo ricopriva»: the others still do not see the role', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella'], { prepare: (g) => g.tokens(0, { Popolo: 7 }) });
    const role = roleOf(game, first)!;
    resolve(game, 1);
    for (const viewer of [1, 2, 3]) {
      const view = viewFor(game.definition, game.state, viewer);
      expect(view.players[first]).toMatchObject({ active: false, role: null, roleVisibility: 'hidden' });
      if (roleOf(game, viewer) !== role) expect(view.log.some((l) => l.text.includes(role))).toBe(false);
    }
  });

  it('a player out of the game is skipped: turns go P2, P3, P4, P2', () => {
    const { game } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella'], { prepare: (g) => g.tokens(0, { Popolo: 7 }) });
    resolve(game, 1);
    autoplay(game, (g) => g.state.turn >= 5);
    expect(game.logText().filter((l) => l.startsWith('turn '))).toEqual(['turn 1: P1', 'turn 2: P2', 'turn 3: P3', 'turn 4: P4', 'turn 5: P2']);
  });

  it('a holder of the Deus Ex-Machina who goes out hands it to his right (I-17)', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella'], {
      prepare: (g, p) => { g.tokens(p, { Popolo: 7 }); },
    });
    game.setGlobal('deus', first);
    resolve(game, 1);
    expect(game.state.players[first].active).toBe(false);
    expect(game.global('deus')).toBe(3);
  });

  it('an opponent reaching 8 through a Festa della Porchetta is out too', () => {
    const { game } = firstTurn(4, ['Torre', 'Torre', 'Torre', 'Torre', 'Torre'], { prepare: (g) => g.tokens(2, { Torre: 7, Popolo: 1 }) });
    expect(game.logText()).toContain('P3 is out of the game: esce dal gioco');
    expect(holdings(game, 2)).toEqual(zero);
    expect(game.state.players[2].active).toBe(false);
    expect(holdings(game, 1).Torre).toBe(1);
  });

  it('«il Brigante non è soggetto alla limitazione dei 7 vizi capitali»', () => {
    const game = open(7, { seed: 3 });
    const first = game.state.current;
    giveRole(game, first, BRIGANTE);
    // A Mortadella keeps him from winning with his 8 Popolo.
    game.tokens(first, { Popolo: 7, Mortadella: 1 });
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Libro', 'Libro']);
    keep(game, [1, 2, 3]);
    resolve(game, 1);
    if (game.state.pending?.prompt === ASK.steal) game.choose(first, game.pending!.choices[0]);
    expect(holdings(game, first).Popolo).toBe(8);
    expect(game.state.players[first].active).toBe(true);
    expect(game.state.outcome).toBe(null);
  });
});

describe('Festa della Porchetta: «Se con il tiro dei dadi escono 5 simboli uguali di Popolo, Torre, Libro o Mortadella, tutti i giocatori acquisiscono immediatamente 1 Segnalino corrispondente al simbolo del dado.»', () => {
  it.each(['Popolo', 'Torre', 'Libro', 'Mortadella'])('five %s: every player gains one, in turn order from the roller', (symbol) => {
    const game = open(4, { seed: 16 });
    const from = mark(game);
    rollFive(game, [symbol, symbol, symbol, symbol, symbol]);
    expect(game.logText(from).filter((l) => l.includes(' gains '))).toEqual(['P3', 'P4', 'P1', 'P2'].map((p) => `${p} gains 1 ${symbol}`));
    for (const p of [0, 1, 2, 3]) expect(holdings(game, p)).toEqual({ ...zero, [symbol]: 1 });
    expect(reserve(game)[symbol]).toBe(36);
    // The roll then goes on as usual.
    expect(game.pending?.prompt).toBe(ASK.keep);
  });

  it('five Vino or five Ratto are no Festa', () => {
    for (const symbol of ['Vino', 'Ratto']) {
      const game = open(4);
      rollFive(game, [symbol, symbol, symbol, symbol, symbol]);
      for (const p of [0, 1, 2, 3]) expect(holdings(game, p)).toEqual(zero);
    }
  });

  it('«Nel caso si verificassero le condizioni di vittoria per un giocatore, vince la partita anche se non è il suo turno.»', () => {
    const game = open(4, { seed: 16 });
    giveRole(game, 0, 'Principe dei Tortellini');
    game.tokens(0, { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 4 });
    rollFive(game, ['Mortadella', 'Mortadella', 'Mortadella', 'Mortadella', 'Mortadella']);
    expect(game.state.current).toBe(2);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [0] });
    expect(game.logText().at(-1)).toBe('P1 wins: condizioni di vittoria del ruolo');
  });

  it('«Se sono più di uno i giocatori che potrebbero vincere, vince quello che avrebbe dovuto giocare prima, seguendo l’ordine orario dei turni.»', () => {
    // Seed 16: P3 rolls. P2 and P4 would both win; after P3 comes P4 (then P1, then P2): P4 wins.
    const game = open(4, { seed: 16 });
    giveRole(game, 1, 'Il Cardinale');
    giveRole(game, 3, 'Principe dei Tortellini');
    game.tokens(1, { Popolo: 2, Torre: 4, Libro: 4, Mortadella: 1 });
    game.tokens(3, { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 4 });
    rollFive(game, ['Mortadella', 'Mortadella', 'Mortadella', 'Mortadella', 'Mortadella']);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [3] });
  });

  it('the roller comes first among those who could win', () => {
    const game = open(4, { seed: 16 });
    giveRole(game, 2, 'Il Cardinale');
    giveRole(game, 3, 'Principe dei Tortellini');
    game.tokens(2, { Popolo: 2, Torre: 4, Libro: 4, Mortadella: 1 });
    game.tokens(3, { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 4 });
    rollFive(game, ['Mortadella', 'Mortadella', 'Mortadella', 'Mortadella', 'Mortadella']);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [2] });
  });

  it('«5 simboli uguali» also after keeping the two passed dice and rolling three (I-11: the five dice showing)', () => {
    const { game, first } = firstTurn(4, ['Torre', 'Torre', 'Mortadella', 'Popolo', 'Popolo']);
    resolve(game, 1).choose(first, 'Dado 2');
    const next = game.state.current;
    game.choose(next, KEEP_PASSED);
    pin(game, { 1: 'Popolo', 2: 'Popolo', 3: 'Popolo' }).answerWhile(ASK.deus, DECLINE);
    expect(holdings(game, 0).Popolo).toBe(1);
    expect(holdings(game, 2).Popolo).toBe(1);
    expect(holdings(game, 3).Popolo).toBe(1);
    expect(game.pending).toMatchObject({ player: next, prompt: ASK.add });
  });

  it('in the Festa the Brigante steals his token instead of taking it from the reserve (I-12)', () => {
    const game = open(7, { seed: 3, start: 'Torre' });
    const roller = game.state.current;
    const brigante = (roller + 2) % 7;
    giveRole(game, brigante, BRIGANTE);
    rollFive(game, ['Torre', 'Torre', 'Torre', 'Torre', 'Torre']);
    expect(game.pending).toMatchObject({ player: brigante, prompt: ASK.steal });
    expect(game.pending!.choices).toHaveLength(6);
    game.choose(brigante, `P${roller + 1}`);
    game.answerWhile(ASK.steal, 'P1');
    // Everyone else took a Torre from the reserve; the Brigante's came from the roller.
    expect(holdings(game, brigante).Torre).toBe(2);
    expect(holdings(game, roller).Torre).toBe(1);
    expect(reserve(game).Torre).toBe(40 - 7 - 6);
  });

  // Regression: putting the roller out used to cut the Festa short for the players after them.
  it('«tutti i giocatori acquisiscono» even when the roller is put out by the 7 vizi capitali in the Festa', () => {
    const { game } = firstTurn(4, ['Popolo', 'Popolo', 'Popolo', 'Popolo', 'Popolo'], { prepare: (g) => g.tokens(0, { Popolo: 7 }) });
    expect(game.state.players[0].active).toBe(false);
    for (const p of [1, 2, 3]) expect(holdings(game, p).Popolo).toBe(1);
  });
});

describe('Terremoto: «Se con il tiro dei dadi escono 5 simboli tra Ratto e Vino (ad es. 3 Ratti e 2 Vini) tutti i giocatori scartano tutti i Segnalini Torre e tutti i Segnalini Libro in gioco.»', () => {
  const tokens = (g: ReturnType<typeof open>) => g
    .tokens(0, { Popolo: 1, Torre: 2, Libro: 1 }).tokens(1, { Torre: 5, Mortadella: 2 }).tokens(2, { Libro: 3 }).tokens(3, { Popolo: 2 });

  it.each([
    [['Ratto', 'Ratto', 'Ratto', 'Vino', 'Vino']],
    [['Vino', 'Ratto', 'Vino', 'Ratto', 'Vino']],
    [['Vino', 'Vino', 'Vino', 'Vino', 'Vino']],
    [['Ratto', 'Ratto', 'Ratto', 'Ratto', 'Ratto']],
  ])('%j: every Torre and Libro goes back to the reserve', (faces) => {
    const game = open(4);
    tokens(game);
    rollFive(game, faces);
    expect(holdings(game, 0)).toEqual({ ...zero, Popolo: 1 });
    expect(holdings(game, 1)).toEqual({ ...zero, Mortadella: 2 });
    expect(holdings(game, 2)).toEqual(zero);
    expect(holdings(game, 3)).toEqual({ ...zero, Popolo: 2 });
    expect(reserve(game)).toMatchObject({ Torre: 40, Libro: 40 });
  });

  it('four Ratto and a Torre are no Terremoto', () => {
    const game = open(4);
    tokens(game);
    rollFive(game, ['Ratto', 'Ratto', 'Ratto', 'Ratto', 'Torre']);
    expect(holdings(game, 1).Torre).toBe(5);
    expect(holdings(game, 2).Libro).toBe(3);
  });

  it('«vince la partita anche se non è il suo turno»: a Capitano di Ventura left with 0 Libro wins at once', () => {
    const game = open(4);
    giveRole(game, 2, 'Capitano di Ventura');
    game.tokens(2, { Popolo: 5, Libro: 1, Mortadella: 4 });
    rollFive(game, ['Ratto', 'Ratto', 'Ratto', 'Vino', 'Vino']);
    expect(game.state.current).toBe(0);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [2] });
  });
});

describe('Carnevale: «Se con il tiro dei dadi escono 5 simboli diversi il giocatore sceglie 3 dei simboli e, invece che acquisirli dalla riserva comune, li ruba da uno o più giocatori avversari.»', () => {
  const carnevale = ['Popolo', 'Torre', 'Mortadella', 'Libro', 'Vino'];

  it('the roller steals each kept symbol from an opponent of their choice; the reserve does not change', () => {
    const { game, first } = firstTurn(4, carnevale, {
      prepare: (g) => g.tokens(1, { Popolo: 2 }).tokens(2, { Popolo: 1, Torre: 1, Mortadella: 1 }),
    });
    const before = reserve(game);
    resolve(game, 1);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.steal, choices: ['P2', 'P3'] });
    game.choose(first, 'P2');
    resolve(game, 2);
    expect(game.logText()).toContain('P1 steals 1 Popolo from P2');
    expect(game.logText()).toContain('P1 steals 1 Torre from P3');
    expect(game.logText()).toContain('P1 steals 1 Mortadella from P3');
    expect(holdings(game, first)).toEqual({ Popolo: 1, Torre: 1, Libro: 0, Mortadella: 1 });
    expect(holdings(game, 1)).toEqual({ ...zero, Popolo: 1 });
    expect(holdings(game, 2)).toEqual({ ...zero, Popolo: 1 });
    expect(reserve(game)).toEqual(before);
  });

  it('a symbol no opponent holds brings nothing', () => {
    const { game, first } = firstTurn(4, carnevale);
    resolve(game, 1).choose(first, 'Dado 2');
    expect(holdings(game, first)).toEqual(zero);
    expect(reserve(game)).toEqual({ Popolo: 40, Torre: 40, Libro: 40, Mortadella: 40 });
  });

  it('four different symbols are no Carnevale: the tokens come from the reserve', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Mortadella', 'Libro', 'Libro'], { prepare: (g) => g.tokens(1, { Popolo: 2 }) });
    resolve(game, 1);
    expect(holdings(game, first).Popolo).toBe(1);
    expect(holdings(game, 1).Popolo).toBe(2);
    expect(reserve(game).Popolo).toBe(37);
  });

  it('the Carnevale lasts one turn: the next player acquires from the reserve again', () => {
    const { game, first } = firstTurn(4, carnevale, { prepare: (g) => g.tokens(2, { Popolo: 3 }) });
    resolve(game, 1).choose(first, 'Dado 2');
    const next = game.state.current;
    expect(next).toBe(1);
    game.choose(next, REROLL_ALL);
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Torre', 'Mortadella']);
    keep(game, [1, 2, 3]);
    resolve(game, 1);
    expect(holdings(game, next).Popolo).toBe(1);
    expect(holdings(game, 2).Popolo).toBe(2);
  });
});

// I-29: a player put out during their own FASE 2 passes no dice; the next player rolls all five.
it('«I due dadi rimasti passano al giocatore alla sua sinistra»: a player out of the game passes no dice (I-29)', () => {
  const { game } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Vino', 'Ratto'], { prepare: (g) => g.tokens(0, { Popolo: 7 }) });
  const from = mark(game);
  resolve(game, 1);
  expect(game.state.players[0].active).toBe(false);
  expect(game.state.current).toBe(1);
  // No "keep the two passed dice" offer: five dice are rolled, and three of them are kept.
  expect(rolls(game, from).map((r) => r.length)).toEqual([5]);
  game.answerWhile(ASK.deus, DECLINE);
  expect(game.pending!.choices.filter((c) => c.startsWith('pick '))).toHaveLength(5);
});
