import { expect } from 'vitest';
/**
 * Small helpers for the Mortadella scenario tests (kept here so test/support/scenario.ts stays
 * untouched). They only ever play legal choices through the Scenario; positions are opened by
 * pinning dice faces at the Deus Ex-Machina prompt, where the dice effects have not run yet.
 */
import { legalMoves } from '../../interpreter/index.ts';
import { Scenario } from '../support/scenario.ts';

export const RULES = 'mortadella.rules';

/** The prompts of rules/mortadella.rules. */
export const ASK = {
  start: 'Segnalino a scelta per iniziare',
  guess2: "Indovinare il ruolo dell'avversario?",
  guess2Role: "Quale ruolo ha l'avversario?",
  deus: 'Usare il Deus Ex-Machina?',
  keep: 'I tre dadi da tenere',
  passed: 'I due dadi passati',
  add: 'Il risultato da aggiungere',
  next: 'Il prossimo dado da risolvere',
  pair: 'Risolvere in coppia?',
  popoli: '2 Popoli',
  revWho: 'Rivoluzione: chi scarta?',
  revWhat: 'Rivoluzione: quale Segnalino?',
  libro: 'Libro: acquisisci Libro o usalo come Jolly',
  ebbrezza: 'Ebbrezza: chi scarta 1 Popolo?',
  ebbrezzaCancel: 'Ebbrezza: annullare scartando 1 Mortadella?',
  ubriacatura: 'Ubriacatura: chi salta il prossimo turno?',
  ubriacaturaCancel: 'Ubriacatura: annullare scartando 2 Mortadella?',
  peste: 'Peste: scartare 1 Popolo o 1 Torre?',
  steal: 'Da chi rubare?',
  maestro: 'Maestro dei Locandieri: indovinare un ruolo?',
  maestroWho: 'Di chi indovinare il ruolo?',
  maestroRole: 'Quale ruolo?',
} as const;

export const DECLINE = 'non usare il Deus Ex-Machina';
export const USE = 'usa il Deus Ex-Machina';
export const KEEP_PASSED = 'tieni i due dadi passati e tira gli altri tre';
export const REROLL_ALL = 'rifiuta i due dadi e tira tutti e cinque';

export const BASE_ROLES = ['Principe dei Tortellini', 'Magnifico Rettore', 'Signore della Seta', 'Capitano di Ventura', 'Il Cardinale'];
export const MAESTRO = 'Maestro dei Locandieri';
export const BRIGANTE = 'Brigante';
export const TOKENS = ['Popolo', 'Torre', 'Libro', 'Mortadella'] as const;

export const name = (seat: number): string => `P${seat + 1}`;

/**
 * Opens a game. In a 7-player game every player first takes a token of their choice: `start`
 * gives the choices in seat order (one token for all, or one per player; an empty list answers none).
 */
export function open(players: number, options: { seed?: number; variant?: string | null; start?: string | string[] } = {}): Scenario {
  const game = Scenario.of(RULES, players, { seed: options.seed ?? 3, variant: options.variant ?? null });
  if (players === 7) {
    const start = options.start ?? 'Torre';
    for (let i = 0; game.state.pending?.prompt === ASK.start && (!Array.isArray(start) || i < start.length); i++) {
      game.choose(game.state.pending.player, Array.isArray(start) ? start[i] : start);
    }
  }
  return game;
}

/** The k-th player clockwise from the current one (0 = the current player). */
export function seat(game: Scenario, k: number): number {
  return (game.state.current + k) % game.state.seats;
}

/** Pins the faces of some dice, by die number (1 to 5). */
export function pin(game: Scenario, faces: Record<number, string>): Scenario {
  const pool = game.definition.pools[0];
  for (const [number, face] of Object.entries(faces)) {
    if (!pool.faces.includes(face)) throw new Error(`no face ${face}`);
    game.state.dice[pool.first + Number(number) - 1].face = face;
  }
  return game;
}

/** At the Deus Ex-Machina prompt: pins the five faces and declines, so the roll's effects see them. */
export function rollFive(game: Scenario, faces: string[]): Scenario {
  if (game.state.pending?.prompt !== ASK.deus) throw new Error(`expected the Deus prompt, not ${game.state.pending?.prompt}`);
  game.dice(faces);
  return game.answerWhile(ASK.deus, DECLINE);
}

/** Keeps the given dice (numbers) at "I tre dadi da tenere". */
export function keep(game: Scenario, dice: number[]): Scenario {
  return game.pick(game.state.pending!.player, dice.map((d) => `Dado ${d}`));
}

/** Resolves the kept die with the given number next. */
export function resolve(game: Scenario, die: number): Scenario {
  return game.choose(game.state.current, `Dado ${die}:`);
}

/**
 * Opens a game at its first roll: `prepare` sets roles and tokens, then the five faces are
 * pinned, the Deus declined and the dice `kept` (default the first three) are kept.
 */
export function firstTurn(
  players: number, faces: string[],
  options: { seed?: number; variant?: string | null; kept?: number[]; prepare?: (game: Scenario, first: number) => void } = {},
): { game: Scenario; first: number } {
  const game = open(players, options);
  const first = game.state.current;
  options.prepare?.(game, first);
  if (game.state.pending?.prompt === ASK.deus) rollFive(game, faces);
  else game.dice(faces);
  if (game.state.pending?.prompt === ASK.keep) keep(game, options.kept ?? [1, 2, 3]);
  return { game, first };
}

/** A player's tokens as a record. */
/** What a player put out of the game (7 vizi, a wrong guess) leaves: nothing held, full reserve, the game going on with the next player. */
export function expectOutOfGame(game: Scenario, player: number, next: number): void {
  expect(game.logText()).toContain(`${name(player)} is out of the game: esce dal gioco`);
  expect(game.state.players[player].active).toBe(false);
  expect(holdings(game, player)).toEqual({ Popolo: 0, Torre: 0, Libro: 0, Mortadella: 0 });
  expect(reserve(game)).toEqual({ Popolo: 40, Torre: 40, Libro: 40, Mortadella: 40 });
  expect(game.state.outcome).toBe(null);
  expect(game.state.current).toBe(next);
}

export function holdings(game: Scenario, player: number): Record<string, number> {
  return Object.fromEntries(TOKENS.map((t) => [t, game.held(player, t)]));
}

export function reserve(game: Scenario): Record<string, number | null> {
  return Object.fromEntries(TOKENS.map((t) => [t, game.state.reserve[game.definition.tokens.indexOf(t)]]));
}

export function roleOf(game: Scenario, player: number): string | null {
  return game.state.players[player].role;
}

/** Gives `role` to `player`, handing the player's old role to whoever held `role` (roles stay a deal). */
export function giveRole(game: Scenario, player: number, role: string): Scenario {
  const old = game.state.players[player].role!;
  const holder = game.state.players.findIndex((p) => p.role === role);
  if (holder >= 0) game.state.players[holder].role = old;
  else {
    const inDeck = game.state.roleDeck.indexOf(role);
    if (inDeck >= 0) game.state.roleDeck[inDeck] = old;
  }
  game.state.players[player].role = role;
  return game;
}

/** Plays the first legal move (never an unpick) until `done` holds or the game ends. */
export function autoplay(game: Scenario, done: (game: Scenario) => boolean, limit = 500): Scenario {
  for (let i = 0; i < limit && !done(game) && game.state.pending && !game.state.outcome; i++) {
    const move = legalMoves(game.state).find((m) => m.kind !== 'unpick')!;
    game.choose(move.player, move.choice);
  }
  return game;
}

/** Index of the next log entry, to read what happens from now on with `game.logText(mark)`. */
export function mark(game: Scenario): number {
  return game.state.log.length;
}

/** The faces listed by "Pn rolls: …" lines since `from`. */
export function rolls(game: Scenario, from = 0): string[][] {
  return game.logText(from).filter((l) => /^P\d+ rolls: /.test(l)).map((l) => l.replace(/^P\d+ rolls: /, '').split(', '));
}
