import { describe, expect, it } from 'vitest';
import { viewFor } from '../../interpreter/index.ts';
import {
  ASK, BASE_ROLES, DECLINE, KEEP_PASSED, firstTurn, holdings, keep, mark, open, reserve, resolve, roleOf,
} from './helpers.ts';

const zero = { Popolo: 0, Torre: 0, Libro: 0, Mortadella: 0 };

describe('variant base: «Quelle che seguono fanno parte del gioco a tutti gli effetti, ma si consiglia di fare pratica con un paio di partite prima iniziare a usarle.»', () => {
  // In the base game the roll's effects run at once (there is no Deus prompt to pin dice at), so the
  // Festa, Terremoto and Carnevale checks use seeds whose real first roll is such a roll.
  it('no Deus Ex-Machina on later rolls either', () => {
    const { game, first } = firstTurn(4, ['Torre', 'Torre', 'Mortadella', 'Torre', 'Mortadella'], { variant: 'base' });
    resolve(game, 1).choose(first, 'Dado 2');
    game.choose(game.state.current, KEEP_PASSED);
    expect(game.pending?.prompt).toBe(ASK.add);
    expect(game.logText().some((l) => l.includes(ASK.deus))).toBe(false);
  });

  it('no 7 vizi capitali: 8 Popolo do not put a player out', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella'], {
      variant: 'base', prepare: (g, p) => g.tokens(p, { Popolo: 7 }),
    });
    resolve(game, 1);
    expect(holdings(game, first).Popolo).toBe(8);
    expect(game.state.players[first].active).toBe(true);
  });

  it('no Festa della Porchetta (seed 3756 rolls five Popolo)', () => {
    const game = open(4, { seed: 3756, variant: 'base' });
    expect(game.faces()).toEqual(['Popolo', 'Popolo', 'Popolo', 'Popolo', 'Popolo']);
    for (const p of [0, 1, 2, 3]) expect(holdings(game, p)).toEqual(zero);
    expect(game.pending?.prompt).toBe(ASK.keep);
  });

  it('no Terremoto (seed 1099, 7 players who all took a Torre, rolls only Ratto and Vino)', () => {
    const game = open(7, { seed: 1099, variant: 'base', start: 'Torre' });
    expect(game.faces().every((f) => f === 'Ratto' || f === 'Vino')).toBe(true);
    for (let p = 0; p < 7; p++) expect(holdings(game, p)).toEqual({ ...zero, Popolo: 2, Torre: 1 });
  });

  it('no Carnevale (seed 41 rolls five different symbols): the roller acquires from the reserve', () => {
    const game = open(4, { seed: 41, variant: 'base' });
    const first = game.state.current;
    expect(new Set(game.faces()).size).toBe(5);
    expect(game.faces()[0]).toBe('Popolo');
    const victim = (first + 1) % 4;
    game.tokens(victim, { Popolo: 2 });
    keep(game, [1, 2, 3]);
    resolve(game, 1);
    expect(holdings(game, first).Popolo).toBe(1);
    expect(holdings(game, victim).Popolo).toBe(2);
    expect(reserve(game).Popolo).toBe(37);
  });
});

describe('Variante per 2 giocatori: «il giocatore vince se indovina il ruolo di un altro giocatore»', () => {
  it('each turn starts with the choice to guess; the right role wins', () => {
    const game = open(2, { seed: 3 });
    const first = game.state.current;
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.guess2, choices: ['gioca il turno', 'indovina il ruolo'] });
    game.choose(first, 'indovina il ruolo');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.guess2Role, choices: BASE_ROLES.filter((r) => r !== roleOf(game, first)) });
    game.choose(first, roleOf(game, 1 - first)!);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [first], reason: "ha indovinato il ruolo dell'avversario" });
  });

  it('«gioca il turno»: the turn goes on with the roll', () => {
    const game = open(2, { seed: 3 });
    game.choose(game.state.current, 'gioca il turno');
    expect(game.pending).toMatchObject({ player: 1 - game.state.current, prompt: ASK.deus });
    game.answerWhile(ASK.deus, DECLINE);
    expect(game.pending).toMatchObject({ player: game.state.current, prompt: ASK.keep });
  });

  it('«Se non lo indovina scarta tutti i Segnalini, la carta Ruolo viene eliminata dalla partita e il giocatore pesca una nuova carta Ruolo e ricomincia la partita passando il turno.»', () => {
    const game = open(2, { seed: 3 });
    const first = game.state.current;
    const other = 1 - first;
    game.tokens(first, { Popolo: 3, Torre: 1, Libro: 2, Mortadella: 4 }).tokens(other, { Torre: 2 });
    const old = roleOf(game, first)!;
    const deck = [...game.state.roleDeck];
    expect(deck).toHaveLength(3);
    const wrong = BASE_ROLES.find((r) => r !== old && r !== roleOf(game, other))!;
    const from = mark(game);
    game.choose(first, 'indovina il ruolo').choose(first, wrong);
    expect(game.state.outcome).toBe(null);
    expect(holdings(game, first)).toEqual(zero);
    expect(holdings(game, other)).toEqual({ ...zero, Torre: 2 });
    expect(reserve(game)).toEqual({ Popolo: 40, Torre: 38, Libro: 40, Mortadella: 40 });
    const drawn = roleOf(game, first)!;
    expect(drawn).not.toBe(old);
    expect(deck).toContain(drawn);
    expect(game.state.roleDeck).toHaveLength(2);
    expect(game.state.roleDeck).not.toContain(old);
    expect(game.logText(from)).toContain(`P${first + 1} discards the role ${old}`);
    expect(game.logText(from)).toContain(`P${first + 1} draws the role ${drawn}`);
    // The opponent does not learn the new role.
    const view = viewFor(game.definition, game.state, other);
    expect(view.players[first]).toMatchObject({ role: null, roleVisibility: 'hidden' });
    expect(view.log.map((l) => l.text)).toContain(`P${first + 1} draws the role (secret)`);
    // The turn passes: no dice were rolled by the guesser.
    expect(game.state.current).toBe(other);
    expect(game.logText(from).some((l) => /^P\d+ rolls: /.test(l))).toBe(false);
    expect(game.pending).toMatchObject({ player: other, prompt: ASK.guess2 });
  });
});
