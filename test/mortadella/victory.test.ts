import { describe, expect, it } from 'vitest';
import { viewFor } from '../../interpreter/index.ts';
import type { Scenario } from '../support/scenario.ts';
import {
  ASK, BASE_ROLES, BRIGANTE, MAESTRO, REROLL_ALL, firstTurn, giveRole, holdings, keep, mark, open, reserve, resolve, roleOf, rollFive, expectOutOfGame,
} from './helpers.ts';

const zero = { Popolo: 0, Torre: 0, Libro: 0, Mortadella: 0 };
const WIN = 'condizioni di vittoria del ruolo';

/**
 * Seed 3, 4 players, P1 rolls first. P1 gets `role` and `tokens`, keeps `face` plus two Libro
 * dice (whose choice keeps the turn open), and resolves `face` first.
 */
function resolveAs(role: string, tokens: Record<string, number>, face: string, jolly = 'Libro'): { game: Scenario; first: number } {
  const { game, first } = firstTurn(4, [face, 'Libro', 'Libro', 'Torre', 'Torre'], {
    prepare: (g, p) => { giveRole(g, p, role); g.tokens(p, tokens); },
  });
  resolve(game, 1);
  if (game.state.pending?.prompt === ASK.libro) game.choose(first, jolly);
  return { game, first };
}

describe('Obiettivi personaggi: «Quando un numero è seguito da “+” significa che deve avere ALMENO quel numero di Segnalini.»', () => {
  it.each([
    ['Principe dei Tortellini', { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 4 }, 'Mortadella'],
    ['Magnifico Rettore', { Popolo: 4, Torre: 2, Libro: 4 }, 'Libro'],
    ['Signore della Seta', { Popolo: 4, Torre: 5 }, 'Torre'],
    ['Capitano di Ventura', { Popolo: 5, Mortadella: 3 }, 'Mortadella'],
    ['Il Cardinale', { Popolo: 2, Torre: 4, Libro: 4, Mortadella: 1 }, 'Mortadella'],
  ])('%s wins when the last token needed comes in, during the turn', (role, tokens, face) => {
    const { game, first } = resolveAs(role, tokens, face);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [first], reason: WIN });
    expect(game.logText().at(-1)).toBe(`P1 wins: ${WIN}`);
  });

  it.each([
    ['Principe dei Tortellini', { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 3 }, 'Mortadella'],
    ['Magnifico Rettore', { Popolo: 4, Torre: 1, Libro: 4 }, 'Libro'],
    ['Signore della Seta', { Popolo: 3, Torre: 5 }, 'Torre'],
    ['Capitano di Ventura', { Popolo: 4, Mortadella: 3 }, 'Mortadella'],
    ['Il Cardinale', { Popolo: 2, Torre: 4, Libro: 3, Mortadella: 1 }, 'Mortadella'],
  ])('%s one token short does not win', (role, tokens, face) => {
    const { game } = resolveAs(role, tokens, face);
    expect(game.state.outcome).toBe(null);
  });

  it('more than needed is fine: a Principe with 6 Mortadella and 7 Popolo wins', () => {
    const { game, first } = resolveAs('Principe dei Tortellini', { Popolo: 7, Torre: 3, Libro: 2, Mortadella: 5 }, 'Mortadella');
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [first] });
  });
});

describe('«Quando un numero è da solo senza segni matematici significa che il giocatore deve avere quell’ESATTO NUMERO di Segnalini … Vale anche per lo 0.»', () => {
  it('Signore della Seta (Mortadella 0): with 1 Mortadella his 4 Popolo and 6 Torre do not win', () => {
    const { game } = resolveAs('Signore della Seta', { Popolo: 4, Torre: 5, Mortadella: 1 }, 'Torre');
    expect(holdings(game, 0)).toMatchObject({ Popolo: 4, Torre: 6, Mortadella: 1 });
    expect(game.state.outcome).toBe(null);
  });

  it('Signore della Seta: a Libro does not matter ("-")', () => {
    const { game } = resolveAs('Signore della Seta', { Popolo: 4, Torre: 5, Libro: 6 }, 'Torre');
    expect(game.state.outcome).toMatchObject({ winners: [0] });
  });

  it('Capitano di Ventura (Libro 0): with 1 Libro he does not win', () => {
    const { game } = resolveAs('Capitano di Ventura', { Popolo: 5, Libro: 1, Mortadella: 3 }, 'Mortadella');
    expect(game.state.outcome).toBe(null);
  });

  it('Maestro dei Locandieri (2+ 2 2+ 2): exactly 2 Torre and 2 Mortadella open the guess', () => {
    const { game, first } = resolveAs(MAESTRO, { Popolo: 3, Torre: 2, Libro: 4, Mortadella: 1 }, 'Mortadella');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.maestro, choices: ['non ora', 'indovina un ruolo'] });
    expect(game.state.outcome).toBe(null);
  });

  it.each([
    ['3 Torre', { Popolo: 2, Torre: 3, Libro: 2, Mortadella: 1 }],
    ['3 Mortadella', { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 2 }],
  ])('Maestro dei Locandieri with %s is not asked to guess', (_, tokens) => {
    const { game } = resolveAs(MAESTRO, tokens, 'Mortadella');
    expect(game.pending?.prompt).not.toBe(ASK.maestro);
    expect(game.logText().some((l) => l.includes(ASK.maestro))).toBe(false);
  });
});

describe('Maestro dei Locandieri: «Con la combinazione indicata, vince se indovina il ruolo di un giocatore avversario. Se sbaglia esce dal gioco»', () => {
  const combination = { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 1 };

  it('he picks an opponent and a role (never Brigante or Maestro); the right role wins', () => {
    const { game, first } = resolveAs(MAESTRO, combination, 'Mortadella');
    game.choose(first, 'indovina un ruolo');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.maestroWho, choices: ['P2', 'P3', 'P4'] });
    game.choose(first, 'P3');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.maestroRole, choices: BASE_ROLES });
    game.choose(first, roleOf(game, 2)!);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [first], reason: 'il Maestro dei Locandieri ha indovinato un ruolo' });
  });

  it('a wrong role puts him out of the game (tokens back to the reserve) and the game goes on', () => {
    const { game, first } = resolveAs(MAESTRO, combination, 'Mortadella');
    const wrong = BASE_ROLES.find((r) => r !== roleOf(game, 2))!;
    game.choose(first, 'indovina un ruolo').choose(first, 'P3').choose(first, wrong);
    expectOutOfGame(game, first, 1);
  });

  it('he may wait ("non ora"), and is asked again after the next die', () => {
    const { game, first } = resolveAs(MAESTRO, combination, 'Mortadella');
    game.choose(first, 'non ora');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.next });
    resolve(game, 2).choose(first, 'Popolo');
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.maestro });
  });

  it('«il Brigante … non può essere il bersaglio del Maestro dei Locandieri»', () => {
    const game = open(7, { seed: 3 });
    const first = game.state.current;
    giveRole(game, first, MAESTRO);
    game.tokens(first, { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 1 });
    const brigante = game.state.players.findIndex((p) => p.role === BRIGANTE);
    rollFive(game, ['Mortadella', 'Libro', 'Libro', 'Torre', 'Torre']);
    keep(game, [1, 2, 3]);
    resolve(game, 1).choose(first, 'indovina un ruolo');
    const candidates = game.pending!.choices;
    expect(candidates).toHaveLength(5);
    expect(candidates).not.toContain(`P${brigante + 1}`);
    expect(candidates).not.toContain(`P${first + 1}`);
    game.choose(first, candidates[0]);
    expect(game.pending!.choices).toEqual(BASE_ROLES);
  });
});

describe('«Un giocatore vince quando si verificano le condizioni di vittoria durante il suo turno.»', () => {
  it('a Capitano left with 0 Libro by someone else’s Rivoluzione does not win then, but at the start of his turn', () => {
    const { game, first } = firstTurn(4, ['Popolo', 'Popolo', 'Torre', 'Mortadella', 'Mortadella'], {
      prepare: (g) => { giveRole(g, 1, 'Capitano di Ventura'); g.tokens(1, { Popolo: 5, Libro: 1, Mortadella: 4 }); },
    });
    resolve(game, 1).choose(first, 'risolvi in coppia').choose(first, 'Rivoluzione');
    // P2 is the only one with a Libro: the Rivoluzione takes it.
    expect(holdings(game, 1)).toEqual({ Popolo: 5, Torre: 0, Libro: 0, Mortadella: 4 });
    const log = game.logText();
    const discard = log.indexOf('P2 discards 1 Libro');
    // P1's turn went on (the Torre die) before P2 won, at the start of turn 2.
    expect(log.indexOf('P1 gains 1 Torre')).toBeGreaterThan(discard);
    expect(log.indexOf('turn 2: P2')).toBeGreaterThan(discard);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [1], reason: WIN });
    expect(log.at(-1)).toBe(`P2 wins: ${WIN}`);
    expect(game.state.turn).toBe(2);
    expect(log.some((l) => l.includes(`(${ASK.passed})`))).toBe(false);
  });

  it('a Signore della Seta brought to 0 Mortadella by a Peste nera waits for his own turn', () => {
    // The third kept die is a Libro, so P1's turn stays open after the Peste nera.
    const { game, first } = firstTurn(4, ['Ratto', 'Ratto', 'Libro', 'Torre', 'Torre'], {
      prepare: (g) => { giveRole(g, 2, 'Signore della Seta'); g.tokens(2, { Popolo: 5, Torre: 6, Mortadella: 1 }); },
    });
    resolve(game, 1).choose(first, 'risolvi in coppia');
    game.choose(2, 'scarta 1 Popolo');
    expect(holdings(game, 2)).toEqual({ Popolo: 4, Torre: 6, Libro: 0, Mortadella: 0 });
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.libro });
    game.choose(first, 'Libro');
    expect(game.state.outcome).toBe(null);
    // P2 plays a quiet turn; then P3's turn starts and he wins.
    expect(game.state.current).toBe(1);
    game.choose(1, REROLL_ALL);
    rollFive(game, ['Torre', 'Torre', 'Libro', 'Libro', 'Mortadella']);
    keep(game, [1, 2, 5]);
    resolve(game, 1).choose(1, 'Dado 2');
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [2], reason: WIN });
    expect(game.logText().at(-2)).toBe('turn 3: P3');
  });
});

describe('Brigante: «li ruba agli altri giocatori» and «vince acquisendo almeno 8 Segnalini uguali a scelta tra Popolo, Libro e Mortadella, e tenendo a 0 i gli altri due simboli»', () => {
  /** Seed 3, 7 players, everyone starts with 2 Popolo + 1 Torre; the first player becomes the Brigante. */
  function brigante(tokens: Record<string, number>, faces: string[], others: Record<string, number> = {}) {
    const game = open(7, { seed: 3, start: 'Torre' });
    const first = game.state.current;
    giveRole(game, first, BRIGANTE);
    game.tokens(first, tokens);
    for (let p = 0; p < 7; p++) if (p !== first) game.tokens(p, others);
    rollFive(game, faces);
    keep(game, [1, 2, 3]);
    return { game, first };
  }

  it('«anziché acquisirli dalla riserva … li ruba»: a Torre is stolen from an opponent of his choice', () => {
    const { game, first } = brigante({}, ['Torre', 'Libro', 'Libro', 'Popolo', 'Popolo']);
    const before = reserve(game);
    resolve(game, 1);
    expect(game.pending).toMatchObject({ player: first, prompt: ASK.steal });
    expect(game.pending!.choices).toHaveLength(6);
    const victim = Number(game.pending!.choices[2].slice(1)) - 1;
    game.choose(first, game.pending!.choices[2]);
    expect(holdings(game, first).Torre).toBe(2);
    expect(holdings(game, victim).Torre).toBe(0);
    expect(reserve(game)).toEqual(before);
  });

  it('a symbol nobody else holds gives the Brigante nothing', () => {
    const { game, first } = brigante({}, ['Mortadella', 'Libro', 'Libro', 'Popolo', 'Popolo']);
    resolve(game, 1);
    expect(holdings(game, first).Mortadella).toBe(0);
    expect(reserve(game).Mortadella).toBe(40);
  });

  it.each([
    ['Popolo', { Popolo: 7, Torre: 3 }],
    ['Mortadella', { Popolo: 0, Mortadella: 7 }],
  ])('8 %s and 0 of the other two wins (Torre does not count)', (symbol, tokens) => {
    const { game, first } = brigante(tokens, [symbol, 'Libro', 'Libro', 'Torre', 'Torre'], { Mortadella: 1 });
    resolve(game, 1);
    if (game.state.pending?.prompt === ASK.steal) game.choose(first, game.pending!.choices[0]);
    expect(holdings(game, first)[symbol]).toBe(8);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [first], reason: WIN });
  });

  it('8 Libro (through the Libro die) and 0 Popolo and Mortadella wins', () => {
    const { game, first } = brigante({ Popolo: 0, Libro: 7 }, ['Libro', 'Torre', 'Torre', 'Torre', 'Mortadella'], { Libro: 1 });
    resolve(game, 1).choose(first, 'Libro');
    if (game.state.pending?.prompt === ASK.steal) game.choose(first, game.pending!.choices[0]);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [first] });
  });

  it('8 Popolo with 1 Libro is no win', () => {
    const { game, first } = brigante({ Popolo: 7, Libro: 1 }, ['Popolo', 'Libro', 'Libro', 'Torre', 'Torre']);
    resolve(game, 1);
    if (game.state.pending?.prompt === ASK.steal) game.choose(first, game.pending!.choices[0]);
    expect(holdings(game, first).Popolo).toBe(8);
    expect(game.state.outcome).toBe(null);
  });
});

describe('the last player still in the game wins', () => {
  it('2 players: when one goes out (7 vizi capitali), the other wins', () => {
    const game = open(2, { seed: 3 });
    const first = game.state.current;
    game.choose(first, 'gioca il turno');
    game.tokens(first, { Popolo: 7 });
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella']);
    keep(game, [1, 2, 3]);
    resolve(game, 1);
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [1 - first], reason: 'the last player still in the game' });
  });

  it('3 players: the Maestro guesses wrong, then another goes out: the third wins', () => {
    const game = open(3, { seed: 2 });
    expect(game.state.current).toBe(0);
    giveRole(game, 0, MAESTRO);
    game.tokens(0, { Popolo: 2, Torre: 2, Libro: 2, Mortadella: 1 });
    rollFive(game, ['Mortadella', 'Libro', 'Libro', 'Torre', 'Torre']);
    keep(game, [1, 2, 3]);
    const wrong = BASE_ROLES.find((r) => r !== roleOf(game, 1))!;
    resolve(game, 1).choose(0, 'indovina un ruolo').choose(0, 'P2').choose(0, wrong);
    expect(game.state.players[0].active).toBe(false);
    expect(game.state.outcome).toBe(null);
    // No dice were passed (I-29): P2 rolls all five and reaches 8 Popolo.
    game.tokens(1, { Popolo: 7 });
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Libro', 'Mortadella']);
    keep(game, [1, 2, 3]);
    const from = mark(game);
    resolve(game, 1);
    expect(game.logText(from)).toContain('P2 is out of the game: esce dal gioco');
    expect(game.state.outcome).toMatchObject({ kind: 'win', winners: [2], reason: 'the last player still in the game' });
    // At the end the roles may be shown.
    expect(viewFor(game.definition, game.state, 2).players[0]).toMatchObject({ role: MAESTRO, roleVisibility: 'revealed' });
  });
});
