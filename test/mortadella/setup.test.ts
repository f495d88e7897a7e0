import { describe, expect, it } from 'vitest';
import { Match, viewFor } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';
import { ASK, BASE_ROLES, BRIGANTE, MAESTRO, RULES, holdings, name, open, reserve } from './helpers.ts';

const seeds = Array.from({ length: 40 }, (_, i) => i + 1);

/** The roles dealt over many seeds, for one player count. */
function dealt(players: number): { each: string[][]; all: Set<string> } {
  const each = seeds.map((seed) => open(players, { seed }).state.players.map((p) => p.role!));
  return { each, all: new Set(each.flat()) };
}

describe('Ruoli: «ciascun giocatore pesca una carta Ruolo»', () => {
  it('2 giocatori: «Togliere dalle carte Ruolo il Maestro dei Locandieri e il Brigante»', () => {
    const { each, all } = dealt(2);
    for (const roles of each) expect(new Set(roles).size).toBe(2);
    expect([...all].sort()).toEqual([...BASE_ROLES].sort());
    // The three roles left over stay in the deck (the 2-player variant draws from it).
    expect(open(2).state.roleDeck).toHaveLength(3);
  });

  it.each([3, 4, 5, 6])('%i giocatori: «Maestro dei Locandieri (per partite da 3 giocatori in su)», never the Brigante', (players) => {
    const { each, all } = dealt(players);
    for (const roles of each) expect(new Set(roles).size).toBe(players);
    expect(all.has(MAESTRO)).toBe(true);
    expect(all.has(BRIGANTE)).toBe(false);
    expect([...all].sort()).toEqual([...BASE_ROLES, MAESTRO].sort());
  });

  it('7 giocatori: «Entra inoltre il ruolo speciale del Brigante»: all seven roles are dealt', () => {
    for (const roles of dealt(7).each) expect([...roles].sort()).toEqual([...BASE_ROLES, MAESTRO, BRIGANTE].sort());
  });

  it('«che non dovrà mostrare mai agli altri»: another player sees no role, neither in the view nor in the log', () => {
    const game = open(4);
    const view = viewFor(game.definition, game.state, 0);
    expect(view.players[0]).toMatchObject({ role: game.state.players[0].role, roleVisibility: 'own' });
    for (const other of [1, 2, 3]) {
      expect(view.players[other]).toMatchObject({ role: null, roleVisibility: 'hidden' });
      const role = game.state.players[other].role!;
      expect(view.log.some((line) => line.text.includes(role) && line.text.startsWith(name(other)))).toBe(false);
      expect(view.log.map((l) => l.text)).toContain(`${name(other)} is dealt the role (secret)`);
    }
  });

  it('«Brigante, che gioca con la carta ruolo scoperta»: Match.view shows the Brigante to everyone, and only him', () => {
    const started = Match.start(loadDefinition(RULES), { players: 7, seed: 3 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    while (match.state.pending?.prompt === ASK.start) expect(match.apply({ player: match.toAct!, choice: 'Torre' })).toEqual({ ok: true });
    const brigante = match.state.players.findIndex((p) => p.role === BRIGANTE);
    for (let viewer = 0; viewer < 7; viewer++) {
      if (viewer === brigante) continue;
      const view = match.view(viewer);
      expect(view.players[brigante]).toMatchObject({ role: BRIGANTE, roleVisibility: 'public' });
      expect(view.log.map((l) => l.text)).toContain(`${name(brigante)} is dealt the role Brigante`);
      for (let other = 0; other < 7; other++) {
        if (other === brigante || other === viewer) continue;
        expect(view.players[other]).toMatchObject({ role: null, roleVisibility: 'hidden' });
      }
    }
    match.stop();
  });
});

describe('Segnalini di partenza', () => {
  it('«All’inizio della partita si trovano tutti al centro del tavolo (riserva)»: 3–5 players start with nothing', () => {
    for (const players of [3, 4, 5]) {
      const game = open(players);
      for (let p = 0; p < players; p++) expect(holdings(game, p)).toEqual({ Popolo: 0, Torre: 0, Libro: 0, Mortadella: 0 });
      expect(reserve(game)).toEqual({ Popolo: 40, Torre: 40, Libro: 40, Mortadella: 40 });
    }
  });

  it('6 giocatori: «tutti i giocatori partono con 1 Segnalino Popolo e 1 Segnalino Mortadella»', () => {
    const game = open(6);
    for (let p = 0; p < 6; p++) expect(holdings(game, p)).toEqual({ Popolo: 1, Torre: 0, Libro: 0, Mortadella: 1 });
    expect(reserve(game)).toEqual({ Popolo: 34, Torre: 40, Libro: 40, Mortadella: 34 });
  });

  it('7 giocatori: «tutti i giocatori partono con 2 Segnalini Popolo e 1 Segnalino a loro scelta»', () => {
    const choices = ['Torre', 'Popolo', 'Libro', 'Mortadella', 'Torre', 'Libro', 'Mortadella'];
    const game = open(7, { start: [] });
    // Each player, in seat order, is asked for their token.
    choices.forEach((token, p) => {
      expect(game.pending).toMatchObject({ player: p, prompt: ASK.start, choices: ['Popolo', 'Torre', 'Libro', 'Mortadella'] });
      game.choose(p, token);
    });
    choices.forEach((token, p) => {
      const expected: Record<string, number> = { Popolo: 2, Torre: 0, Libro: 0, Mortadella: 0 };
      expected[token]++;
      expect(holdings(game, p)).toEqual(expected);
    });
    expect(game.pending?.prompt).not.toBe(ASK.start);
  });
});

describe('«chi totalizza la somma più alta di Mortadelle e Vino sarà il primo a giocare»', () => {
  /** Replays the log's rolls for first player: every round only the tied leaders roll again. */
  function checkFirstPlayerLog(lines: string[], players: number): number {
    const rolls = lines.flatMap((l) => {
      const m = /^P(\d+) rolls for first player: (\d+)$/.exec(l);
      return m ? [{ player: Number(m[1]) - 1, value: Number(m[2]) }] : [];
    });
    let contenders = Array.from({ length: players }, (_, i) => i);
    let at = 0;
    while (contenders.length > 1) {
      const round = rolls.slice(at, at + contenders.length);
      at += contenders.length;
      expect(round.map((r) => r.player)).toEqual(contenders);
      for (const r of round) expect(r.value).toBeGreaterThanOrEqual(0);
      for (const r of round) expect(r.value).toBeLessThanOrEqual(5);
      const best = Math.max(...round.map((r) => r.value));
      contenders = round.filter((r) => r.value === best).map((r) => r.player);
    }
    expect(at).toBe(rolls.length);
    return contenders[0];
  }

  it.each([2, 3, 4, 5, 6, 7])('%i players: the highest roll plays first; ties roll again', (players) => {
    for (const seed of seeds.slice(0, 20)) {
      const game = open(players, { seed });
      const first = checkFirstPlayerLog(game.logText(), players);
      expect(game.state.current).toBe(first);
      expect(game.logText()).toContain(`${name(first)} plays first`);
      expect(game.logText()).toContain(`turn 1: ${name(first)}`);
    }
  });

  it('the number rolled is the count of Mortadella and Vino among the five dice', () => {
    // With 2 players the first turn opens with the guess, before any roll: the dice still show the
    // last roll for first player.
    for (const seed of seeds) {
      const game = open(2, { seed });
      const last = game.logText().filter((l) => l.includes('rolls for first player')).at(-1)!;
      const value = Number(last.split(': ')[1]);
      expect(game.faces().filter((f) => f === 'Mortadella' || f === 'Vino')).toHaveLength(value);
    }
  });

  it('seed 3, 4 players: P1 and P3 tie on 1, roll again, and P1 (2 against 1) plays first', () => {
    const game = open(4, { seed: 3 });
    expect(game.logText().filter((l) => l.includes('first'))).toEqual([
      'P1 rolls for first player: 1', 'P2 rolls for first player: 0', 'P3 rolls for first player: 1', 'P4 rolls for first player: 0',
      'P1 rolls for first player: 2', 'P3 rolls for first player: 1', 'P1 plays first',
    ]);
    expect(game.state.current).toBe(0);
  });
});

describe('Deus Ex-Machina: «Questo Segnalino viene assegnato all’ultimo giocatore che inizia»', () => {
  it.each([2, 3, 4, 5, 6, 7])('%i players: it goes to the player on the right of the first player', (players) => {
    for (const seed of seeds.slice(0, 15)) {
      const game = open(players, { seed });
      const first = game.state.current;
      const right = (first + players - 1) % players;
      expect(game.global('deus')).toBe(right);
      // From 3 players on, the first decision of the game is the holder's: use it on the first roll?
      if (players > 2) expect(game.pending).toMatchObject({ player: right, prompt: ASK.deus });
      else expect(game.pending).toMatchObject({ player: first, prompt: ASK.guess2 });
    }
  });

  it('«variant base» (without the Regole aggiuntive): nobody holds it and nobody is asked', () => {
    const game = open(4, { variant: 'base' });
    expect(game.global('deus')).toBe(null);
    expect(game.pending).toMatchObject({ player: game.state.current, prompt: ASK.keep });
    expect(game.logText().some((l) => l.includes('Deus'))).toBe(false);
  });
});
