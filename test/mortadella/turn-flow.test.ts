import { describe, expect, it } from 'vitest';
import { viewFor } from '../../interpreter/index.ts';
import {
  ASK, DECLINE, KEEP_PASSED, REROLL_ALL, autoplay, firstTurn, holdings, mark, name, open, pin, resolve, rolls, rollFive,
} from './helpers.ts';

// Seed 3, 4 players: P1 plays first and P4 holds the Deus Ex-Machina.
const marksOf = (game: ReturnType<typeof open>) => viewFor(game.definition, game.state, 'referee').dice.map((d) => d.marks);

describe('FASE 1 (primo turno): «Il primo giocatore tira i cinque dadi e ne sceglie tre.»', () => {
  it('the first player rolls five dice and is not offered passed dice', () => {
    const game = open(4);
    const first = game.state.current;
    expect(first).toBe(0);
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Mortadella', 'Libro']);
    expect(rolls(game)).toHaveLength(1);
    expect(rolls(game)[0]).toHaveLength(5);
    expect(game.logText().some((l) => l.includes(ASK.passed))).toBe(false);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.keep });
    expect(game.pending!.choices).toEqual([
      'pick Dado 1: Popolo', 'pick Dado 2: Torre', 'pick Dado 3: Torre', 'pick Dado 4: Mortadella', 'pick Dado 5: Libro',
    ]);
  });

  it('«ne sceglie tre»: a pick can be taken back before confirming, and confirm needs exactly three', () => {
    const game = open(4);
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Mortadella', 'Libro']);
    const p = game.state.current;
    game.choose(p, 'pick Dado 1').choose(p, 'pick Dado 2');
    expect(game.pending!.choices).not.toContain('confirm');
    game.choose(p, 'pick Dado 4');
    // Three picked: only confirm or a take-back is left.
    expect(game.pending!.choices.sort()).toEqual(['confirm', 'unpick Dado 1: Popolo', 'unpick Dado 2: Torre', 'unpick Dado 4: Mortadella']);
    game.choose(p, 'unpick Dado 2');
    expect(game.pending!.choices).not.toContain('confirm');
    expect(game.pending!.choices).toContain('pick Dado 2: Torre');
    expect(game.state.phase).toBe('Fase 1');
    game.choose(p, 'pick Dado 5').choose(p, 'confirm');
    expect(game.logText().at(-1)).toBe('P1: Dado 1: Popolo, Dado 4: Mortadella, Dado 5: Libro (I tre dadi da tenere)');
    expect(game.pending).toMatchObject({ player: p, prompt: ASK.next, choices: ['Dado 1: Popolo', 'Dado 4: Mortadella', 'Dado 5: Libro'] });
    expect(game.global('primoTurno')).toBe(false);
  });
});

describe('FASE 2: «Si attivano gli effetti dei tre dadi scelti, uno per volta, nell’ordine stabilito dal giocatore.»', () => {
  it('the kept dice are resolved in the order the player picks, one at a time', () => {
    const { game, first } = firstTurn(4, ['Torre', 'Mortadella', 'Libro', 'Torre', 'Torre']);
    const from = mark(game);
    resolve(game, 3);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.libro });
    game.choose(first, 'Libro');
    expect(game.pending).toMatchObject({ prompt: ASK.next, choices: ['Dado 1: Torre', 'Dado 2: Mortadella'] });
    resolve(game, 2);
    // The last die needs no decision.
    expect(game.logText(from).filter((l) => l.includes(' gains '))).toEqual(['P1 gains 1 Libro', 'P1 gains 1 Mortadella', 'P1 gains 1 Torre']);
    expect(game.logText(from)).toContain('P1: Dado 1: Torre (Il prossimo dado da risolvere, the only choice)');
    expect(holdings(game, first)).toEqual({ Popolo: 0, Torre: 1, Libro: 1, Mortadella: 1 });
  });

  it('the two dice not kept are not resolved', () => {
    const { game, first } = firstTurn(4, ['Torre', 'Torre', 'Mortadella', 'Popolo', 'Libro']);
    resolve(game, 1).choose(first, 'Dado 2');
    expect(holdings(game, first)).toEqual({ Popolo: 0, Torre: 2, Libro: 0, Mortadella: 1 });
  });
});

describe('FASE 3: «I due dadi rimasti passano al giocatore alla sua sinistra.»', () => {
  it('the player on the left plays next and starts from the two dice not kept', () => {
    const { game, first } = firstTurn(4, ['Torre', 'Torre', 'Mortadella', 'Torre', 'Mortadella']);
    resolve(game, 1).choose(first, 'Dado 2');
    expect(game.state.current).toBe(first + 1);
    expect(game.logText().at(-1)).toBe(`turn 2: ${name(first + 1)}`);
    expect(game.pending).toMatchObject({ player: first + 1, prompt: ASK.passed, choices: [KEEP_PASSED, REROLL_ALL] });
    const marks = marksOf(game);
    for (const die of [0, 1, 2]) expect(marks[die]).not.toContain('passato');
    for (const die of [3, 4]) expect(marks[die]).toContain('passato');
  });
});

describe('FASE 1 (turni successivi): «Il nuovo giocatore inizia la sua FASE 1 con i due risultati scartati dal giocatore precedente.»', () => {
  function secondTurn() {
    const { game, first } = firstTurn(4, ['Torre', 'Torre', 'Mortadella', 'Torre', 'Mortadella']);
    resolve(game, 1).choose(first, 'Dado 2');
    return { game, next: first + 1 };
  }

  it('«può decidere di tenerli entrambi e tirare solo gli altri tre (scegliendo a questo punto un solo risultato da aggiungere)»', () => {
    const { game, next } = secondTurn();
    const from = mark(game);
    game.choose(next, KEEP_PASSED);
    expect(game.pending?.prompt).toBe(ASK.deus);
    pin(game, { 1: 'Libro', 2: 'Popolo', 3: 'Mortadella' }).answerWhile(ASK.deus, DECLINE);
    // Three dice were rolled; the two passed ones kept their faces.
    expect(rolls(game, from).map((r) => r.length)).toEqual([3]);
    expect(game.faces().slice(3)).toEqual(['Torre', 'Mortadella']);
    expect(marksOf(game).map((m) => m.includes('lanciato'))).toEqual([true, true, true, false, false]);
    // One result of the three is added to the two passed dice.
    expect(game.pending).toMatchObject({ player: next, prompt: ASK.add, choices: ['Dado 1: Libro', 'Dado 2: Popolo', 'Dado 3: Mortadella'] });
    game.choose(next, 'Dado 2');
    expect(game.pending).toMatchObject({ player: next, prompt: ASK.next, choices: ['Dado 2: Popolo', 'Dado 4: Torre', 'Dado 5: Mortadella'] });
    resolve(game, 2).choose(next, 'Dado 4');
    expect(holdings(game, next)).toEqual({ Popolo: 1, Torre: 1, Libro: 0, Mortadella: 1 });
    // The two results left over (dice 1 and 3) go on to the next player.
    expect(game.state.current).toBe(next + 1);
    expect(marksOf(game).map((m) => m.includes('passato'))).toEqual([true, false, true, false, false]);
  });

  it('«se invece fanno proprio schifo può rifiutarli e tirare tutti e cinque i dadi»', () => {
    const { game, next } = secondTurn();
    const from = mark(game);
    game.choose(next, REROLL_ALL);
    rollFive(game, ['Popolo', 'Popolo', 'Libro', 'Libro', 'Torre']);
    expect(rolls(game, from).map((r) => r.length)).toEqual([5]);
    expect(game.pending).toMatchObject({ player: next, prompt: ASK.keep });
    expect(game.pending!.choices).toHaveLength(5);
    expect(marksOf(game).some((m) => m.includes('passato'))).toBe(false);
  });

  it('only the first turn of the game skips the choice about the passed dice', () => {
    const { game } = secondTurn();
    expect(game.pending?.prompt).toBe(ASK.passed);
    expect(game.logText().filter((l) => l.includes(`(${ASK.passed})`))).toEqual([]);
  });
});

describe('«La partita si svolge a turni singoli che procedono in senso orario.»', () => {
  it('turns go P1, P2, P3, P4, P1, …', () => {
    const game = open(4, { seed: 3 });
    autoplay(game, (g) => g.state.turn >= 6);
    expect(game.state.outcome).toBe(null);
    expect(game.logText().filter((l) => l.startsWith('turn '))).toEqual([
      'turn 1: P1', 'turn 2: P2', 'turn 3: P3', 'turn 4: P4', 'turn 5: P1', 'turn 6: P2',
    ]);
  });

  it('seed 16: the first player is P3, and the turn wraps round from P4 to P1', () => {
    const game = open(4, { seed: 16 });
    expect(game.state.current).toBe(2);
    autoplay(game, (g) => g.state.turn >= 4);
    expect(game.logText().filter((l) => l.startsWith('turn '))).toEqual(['turn 1: P3', 'turn 2: P4', 'turn 3: P1', 'turn 4: P2']);
  });
});
