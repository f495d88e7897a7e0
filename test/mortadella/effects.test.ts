import { describe, expect, it } from 'vitest';
import { ASK, firstTurn, holdings, mark, reserve, resolve } from './helpers.ts';

// Seed 3, 4 players: P1 plays first (P1 Signore della Seta, P2 Magnifico Rettore, P3 Capitano di
// Ventura, P4 Il Cardinale); the dice 1–3 are kept. Fillers avoid Festa, Terremoto and Carnevale.
const zero = { Popolo: 0, Torre: 0, Libro: 0, Mortadella: 0 };

describe('EFFETTI DEI DADI: Popolo', () => {
  it('«1 Popolo = acquisisci 1 Segnalino Popolo.» (from the reserve)', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Libro', 'Torre', 'Torre']);
    const from = mark(game);
    resolve(game, 1);
    expect(game.logText(from)).toContain('P1 gains 1 Popolo');
    expect(holdings(game, first)).toEqual({ ...zero, Popolo: 1 });
    expect(reserve(game).Popolo).toBe(39);
  });

  it('«2 Popoli = acquisisci 2 Segnalini Popolo»', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Popolo', 'Torre', 'Torre', 'Torre'], { prepare: (g) => g.tokens(2, { Torre: 1 }) });
    resolve(game, 1);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.pair, choices: ['risolvi da solo', 'risolvi in coppia'] });
    game.choose(first, 'risolvi in coppia');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.popoli, choices: ['acquisisci 2 Popolo', 'Rivoluzione'] });
    game.choose(first, 'acquisisci 2 Popolo');
    expect(holdings(game, first).Popolo).toBe(2);
    expect(holdings(game, 2).Torre).toBe(1);
    expect(reserve(game).Popolo).toBe(38);
  });

  it('«oppure usali per fare la Rivoluzione: fai scartare 1 Segnalino Torre o 1 Segnalino Libro a un giocatore a tua scelta»', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Popolo', 'Torre', 'Torre', 'Torre'], {
      prepare: (g) => g.tokens(1, { Libro: 2 }).tokens(2, { Torre: 1, Libro: 1 }),
    });
    resolve(game, 1).choose(first, 'risolvi in coppia').choose(first, 'Rivoluzione');
    // Only players who have a Torre or a Libro can be chosen.
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.revWho, choices: ['P2', 'P3'] });
    game.choose(first, 'P3');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.revWhat, choices: ['scarta 1 Torre', 'scarta 1 Libro'] });
    game.choose(first, 'scarta 1 Libro');
    expect(holdings(game, 2)).toEqual({ ...zero, Torre: 1 });
    expect(holdings(game, 1)).toEqual({ ...zero, Libro: 2 });
    expect(holdings(game, first).Popolo).toBe(0);
    expect(reserve(game).Libro).toBe(40 - 2);
  });

  it('Rivoluzione on a player with only Libro: the Libro goes, nothing else is asked', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Popolo', 'Torre', 'Torre', 'Torre'], { prepare: (g) => g.tokens(3, { Libro: 2 }) });
    resolve(game, 1).choose(first, 'risolvi in coppia').choose(first, 'Rivoluzione');
    // P4 is the only candidate, and Libro the only token: both are decided without asking.
    expect(game.logText()).toContain('P1: P4 (Rivoluzione: chi scarta?, the only choice)');
    expect(game.logText()).toContain('P1: scarta 1 Libro (Rivoluzione: quale Segnalino?, the only choice)');
    expect(holdings(game, 3).Libro).toBe(1);
  });

  it('Rivoluzione is not offered when nobody has a Torre or a Libro: the two Popolo are acquired', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Popolo', 'Mortadella', 'Mortadella', 'Mortadella']);
    resolve(game, 1).choose(first, 'risolvi in coppia');
    expect(game.logText()).toContain('P1: acquisisci 2 Popolo (2 Popoli, the only choice)');
    expect(holdings(game, first).Popolo).toBe(2);
  });

  it('two Popolo dice resolved one by one are two «1 Popolo»', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Popolo', 'Torre', 'Torre', 'Torre'], { prepare: (g) => g.tokens(2, { Torre: 1 }) });
    const from = mark(game);
    resolve(game, 1).choose(first, 'risolvi da solo');
    expect(game.pending?.prompt).toBe(ASK.next);
    resolve(game, 2);
    expect(game.logText(from).some((l) => l.includes(`(${ASK.popoli})`))).toBe(false);
    expect(game.logText(from).filter((l) => l === 'P1 gains 1 Popolo')).toHaveLength(2);
  });
});

describe('EFFETTI DEI DADI: Torre, Libro, Mortadella', () => {
  it('«1 Torre = acquisisci 1 Segnalino Torre.»', () => {
    const { game, first } = firstTurn(4, ['Torre', 'Popolo', 'Libro', 'Popolo', 'Popolo']);
    resolve(game, 1);
    expect(holdings(game, first)).toEqual({ ...zero, Torre: 1 });
    expect(reserve(game).Torre).toBe(39);
  });

  it('«1 Libro = acquisisci 1 Segnalino Libro»', () => {
    const { game, first } = firstTurn(4, ['Libro', 'Torre', 'Torre', 'Torre', 'Popolo']);
    resolve(game, 1);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.libro, choices: ['Libro', 'Popolo', 'Torre', 'Mortadella'] });
    game.choose(first, 'Libro');
    expect(holdings(game, first)).toEqual({ ...zero, Libro: 1 });
  });

  it.each(['Popolo', 'Torre', 'Mortadella'])('«oppure usalo come Jolly: converti il Segnalino Libro in qualsiasi altro simbolo a tua scelta» → %s', (symbol) => {
    const { game, first } = firstTurn(4, ['Libro', 'Torre', 'Torre', 'Torre', 'Popolo']);
    resolve(game, 1).choose(first, symbol);
    expect(holdings(game, first)).toEqual({ ...zero, [symbol]: 1 });
    expect(reserve(game)[symbol]).toBe(39);
    expect(reserve(game).Libro).toBe(40);
  });

  it('«1 Mortadella = acquisisci 1 Segnalino Mortadella.»', () => {
    const { game, first } = firstTurn(4, ['Mortadella', 'Torre', 'Libro', 'Torre', 'Torre']);
    resolve(game, 1);
    expect(holdings(game, first)).toEqual({ ...zero, Mortadella: 1 });
    expect(reserve(game).Mortadella).toBe(39);
  });

  it('«Segnalini … potranno essere acquisiti» from the reserve only: an empty reserve gives nothing', () => {
    const { game, first } = firstTurn(4, ['Mortadella', 'Torre', 'Libro', 'Torre', 'Torre'], {
      prepare: (g) => g.tokens(1, { Mortadella: 14 }).tokens(2, { Mortadella: 13 }).tokens(3, { Mortadella: 13 }),
    });
    expect(reserve(game).Mortadella).toBe(0);
    resolve(game, 1);
    expect(game.logText()).toContain('P1 gains 0 Mortadella (the reserve had only 0)');
    expect(holdings(game, first).Mortadella).toBe(0);
  });
});

describe('EFFETTI DEI DADI: Vino', () => {
  const vino = ['Vino', 'Torre', 'Torre', 'Torre', 'Mortadella'];

  it('«1 Vino = Ebbrezza: fa scartare 1 Segnalino Popolo a un giocatore a tua scelta» (the Popolo returns to the reserve)', () => {
    const { game, first } = firstTurn(4, vino, { prepare: (g) => g.tokens(1, { Popolo: 2 }) });
    resolve(game, 1);
    // Any player can be chosen, the roller too.
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.ebbrezza, choices: ['P1', 'P2', 'P3', 'P4'] });
    game.choose(first, 'P2');
    // Without Mortadella, P2 cannot cancel it.
    expect(game.pending?.prompt).toBe(ASK.next);
    expect(holdings(game, 1)).toEqual({ ...zero, Popolo: 1 });
    expect(reserve(game).Popolo).toBe(39);
  });

  it('«Il giocatore può annullare l’effetto scartando 1 Segnalino Mortadella.»', () => {
    const { game, first } = firstTurn(4, vino, { prepare: (g) => g.tokens(1, { Popolo: 2, Mortadella: 1 }) });
    resolve(game, 1).choose(first, 'P2');
    expect(game.pending).toMatchObject({ player: 1, prompt: ASK.ebbrezzaCancel, choices: ['scarta 1 Popolo', 'scarta 1 Mortadella'] });
    game.choose(1, 'scarta 1 Mortadella');
    expect(holdings(game, 1)).toEqual({ ...zero, Popolo: 2 });
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.next });
  });

  it('the target may also accept and discard the Popolo, keeping the Mortadella', () => {
    const { game, first } = firstTurn(4, vino, { prepare: (g) => g.tokens(1, { Popolo: 2, Mortadella: 1 }) });
    resolve(game, 1).choose(first, 'P2').choose(1, 'scarta 1 Popolo');
    expect(holdings(game, 1)).toEqual({ ...zero, Popolo: 1, Mortadella: 1 });
  });

  it('Ebbrezza on a player without Popolo has no effect (and asks nothing, even with Mortadella)', () => {
    const { game, first } = firstTurn(4, vino, { prepare: (g) => g.tokens(1, { Mortadella: 3 }) });
    const from = mark(game);
    resolve(game, 1).choose(first, 'P2');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.next });
    expect(holdings(game, 1)).toEqual({ ...zero, Mortadella: 3 });
    expect(game.logText(from).some((l) => l.includes('discards'))).toBe(false);
  });

  it('«2 Vini = Ubriacatura … annullare l’effetto scartando 2 Segnalini Mortadella»: with one Mortadella it cannot be cancelled', () => {
    const { game, first } = firstTurn(4, ['Vino', 'Vino', 'Libro', 'Torre', 'Torre'], { prepare: (g) => g.tokens(2, { Mortadella: 1 }) });
    resolve(game, 1).choose(first, 'risolvi in coppia');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.ubriacatura, choices: ['P1', 'P2', 'P3', 'P4'] });
    game.choose(first, 'P3');
    // The Libro die still waits: the turn goes on, and nobody was asked to cancel.
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.libro });
    expect(game.playerVar(2, 'salta')).toBe(true);
    expect(holdings(game, 2).Mortadella).toBe(1);
  });
});

describe('EFFETTI DEI DADI: Ratto', () => {
  const ratto = ['Ratto', 'Torre', 'Torre', 'Torre', 'Mortadella'];

  it('«1 Ratto = Peste: tutti i giocatori scartano 1 Segnalino Popolo.»', () => {
    const { game } = firstTurn(4, ratto, { prepare: (g) => { for (const p of [0, 1, 2, 3]) g.tokens(p, { Popolo: 2 }); } });
    resolve(game, 1);
    for (const p of [0, 1, 2, 3]) expect(holdings(game, p)).toEqual({ ...zero, Popolo: 1 });
    expect(reserve(game).Popolo).toBe(40 - 4);
  });

  it('«Ciascun giocatore può evitare di scartare il Segnalino Popolo scartando 1 Segnalino Torre.» — asked in turn order from the roller', () => {
    // Seed 16: P3 plays first, so the order is P3, P4, P1, P2.
    const { game, first } = firstTurn(4, ratto, {
      seed: 16, prepare: (g) => { for (const p of [0, 1, 2, 3]) g.tokens(p, { Popolo: 1, Torre: 1 }); },
    });
    expect(first).toBe(2);
    resolve(game, 1);
    const asked: number[] = [];
    const answers: Record<number, string> = { 2: 'scarta 1 Torre', 3: 'scarta 1 Popolo', 0: 'scarta 1 Torre', 1: 'scarta 1 Popolo' };
    while (game.state.pending?.prompt === ASK.peste) {
      const p = game.state.pending.player;
      expect(game.pending!.choices).toEqual(['scarta 1 Popolo', 'scarta 1 Torre']);
      asked.push(p);
      game.choose(p, answers[p]);
    }
    expect(asked).toEqual([2, 3, 0, 1]);
    expect(holdings(game, 2)).toEqual({ ...zero, Popolo: 1 });
    expect(holdings(game, 0)).toEqual({ ...zero, Popolo: 1 });
    expect(holdings(game, 3)).toEqual({ ...zero, Torre: 1 });
    expect(holdings(game, 1)).toEqual({ ...zero, Torre: 1 });
  });

  it('Peste: a player without Popolo loses nothing, not even a Torre', () => {
    const { game } = firstTurn(4, ratto, { prepare: (g) => g.tokens(1, { Torre: 2 }).tokens(2, { Popolo: 1 }) });
    resolve(game, 1);
    expect(holdings(game, 1)).toEqual({ ...zero, Torre: 2 });
    expect(holdings(game, 2)).toEqual(zero);
  });

  it('«2 Ratti = Peste nera: tutti i giocatori scartano 1 Segnalino Popolo e 1 Segnalino Mortadella. Rimane valida la regola che si può evitare di scartare 1 Segnalino Popolo scartando 1 Segnalino Torre.»', () => {
    // The third kept die is a Libro, whose choice keeps the turn open after the Peste nera.
    const { game, first } = firstTurn(4, ['Ratto', 'Ratto', 'Libro', 'Torre', 'Mortadella'], {
      prepare: (g) => g.tokens(0, { Popolo: 1, Mortadella: 2 }).tokens(1, { Popolo: 1, Torre: 1, Mortadella: 1 }).tokens(3, { Mortadella: 1 }),
    });
    resolve(game, 1).choose(first, 'risolvi in coppia');
    expect(game.pending).toMatchObject({ player: 1, prompt: ASK.peste });
    game.choose(1, 'scarta 1 Torre');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.libro });
    expect(holdings(game, 0)).toEqual({ ...zero, Mortadella: 1 });
    expect(holdings(game, 1)).toEqual({ ...zero, Popolo: 1 });
    expect(holdings(game, 2)).toEqual(zero);
    expect(holdings(game, 3)).toEqual(zero);
    // What was discarded went back to the reserve.
    expect(reserve(game)).toEqual({ Popolo: 39, Torre: 40, Libro: 40, Mortadella: 39 });
  });

  it('two Ratto dice resolved one by one are two Pesti, without the Mortadella', () => {
    const { game, first } = firstTurn(4, ['Ratto', 'Ratto', 'Torre', 'Torre', 'Mortadella'], {
      prepare: (g) => g.tokens(1, { Popolo: 3, Mortadella: 2 }),
    });
    resolve(game, 1).choose(first, 'risolvi da solo');
    resolve(game, 2);
    expect(holdings(game, 1)).toEqual({ ...zero, Popolo: 1, Mortadella: 2 });
  });
});
