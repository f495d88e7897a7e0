/**
 * Helpers for the 1984 tests: the definition, piles by name, and a random driver that declares
 * victory only rarely (a random bot that may declare at every decision ends nearly every game on
 * the first day, so the property tests would never reach the later phases).
 */
import { applyMoveInPlace, legalMoves, startGame, type GameState, type LegalMove } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

export const RULES = '1984.rules';
export const def = loadDefinition(RULES);
export const DECLARE = 'dichiara la vittoria';

export const pileIndex = (name: string): number => {
  const index = def.piles.findIndex((p) => p.name === name);
  if (index < 0) throw new Error(`no pile ${name}`);
  return index;
};

/** The cards (indices) of a shared pile, or of a player's pile when `seat` is given. */
export function cardsOf(state: GameState, name: string, seat?: number): number[] {
  const index = pileIndex(name);
  return state.piles[state.pileBase[index] + (seat ?? 0)];
}

export const cardName = (card: number): string => def.cards[card].name;
export const namesOf = (state: GameState, name: string, seat?: number): string[] => cardsOf(state, name, seat).map(cardName);

export const bb = def.tokens.indexOf('BigBrother');
export const tokensOf = (state: GameState, seat: number): number => state.players[seat].tokens[bb];

/** The faction card a player holds ("Fratellanza" or "IngSoc"). */
export const factionOf = (state: GameState, seat: number): string => cardName(cardsOf(state, 'Fazione', seat)[0]);

export function start(players: number, seed: number, variant: string | null = null): GameState {
  const started = startGame(def, { players, seed, variant });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

/** A small deterministic generator for the test's own bots. */
export function botRandom(seed: number): () => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return () => {
    x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
    return x / 4294967296;
  };
}

/** A random legal move that declares victory with probability `declare` when it may. */
export function rareDeclarer(state: GameState, random: () => number, declare = 0.003): LegalMove {
  const moves = legalMoves(state).filter((m) => m.kind !== 'unpick');
  const calls = moves.filter((m) => m.choice === DECLARE);
  const others = moves.filter((m) => m.choice !== DECLARE);
  if (calls.length && (others.length === 0 || random() < declare)) return calls[0];
  return others[Math.floor(random() * others.length)];
}

/** Plays `state` on with moves from `pick` until the game ends or `limit` decisions; `after` runs after each. */
export function playOn(state: GameState, pick: (s: GameState) => LegalMove, limit = 20000, after?: (s: GameState) => void): number {
  let moves = 0;
  while (!state.outcome && moves < limit) {
    applyMoveInPlace(def, state, pick(state));
    moves++;
    after?.(state);
  }
  return moves;
}

/** A choice's label without the "pick " of a selection or the " (2)" that tells equal cards apart. */
export const bare = (choice: string): string => choice.replace(/^(un)?pick /, '').replace(/ \(\d+\)$/, '');

/** The cards that set off a trait: the scripted bots keep them unless a script plays them. */
export const TRIGGERS = ['Gin Vittoria', 'Piano Triennale', 'Lotteria', "Inno dell'Odio", 'Emmanuel Goldstein', 'Lega Anti-Sesso', "Paese d'Oro", 'Il Libro', 'Fotografia'];

/**
 * How scripted players play: `wants[seat]` are cards that seat keeps in the draft and takes at
 * Sveglia before any other (nobody else keeps them; a name given twice, two of them); `answer` gives a scripted choice (a label, or
 * a card's name) or undefined to let the bot choose. The bot never declares, passes at lunch, plays
 * no opinion, and gives or discards no card that is wanted or sets off a trait while it has another.
 */
export interface Script {
  wants?: Record<number, string[]>;
  answer?: (state: GameState, seat: number, prompt: string, labels: string[]) => string | undefined;
}

/** The scripted move for the decision now, else the bot's. */
export function scriptedMove(state: GameState, script: Script, random: () => number): LegalMove {
  const moves = legalMoves(state).filter((m) => m.kind !== 'unpick' && m.choice !== DECLARE);
  const seat = state.pending!.player;
  const prompt = state.pending!.prompt;
  const labels = moves.map((m) => bare(m.choice));
  const answer = script.answer?.(state, seat, prompt, labels);
  if (answer !== undefined) {
    const move = moves.find((m) => bare(m.choice) === answer || m.choice === answer);
    if (!move) throw new Error(`P${seat + 1} cannot answer "${answer}" to "${prompt}" (${labels.join(', ')})`);
    return move;
  }
  const mine = script.wants?.[seat] ?? [];
  const theirs = Object.entries(script.wants ?? {}).flatMap(([s, cards]) => (Number(s) === seat ? [] : cards));
  const drafting = prompt.startsWith('Draft');
  if (drafting || prompt.startsWith('Sveglia')) {
    // A card named twice in `wants` is wanted twice: kept until the pile (or the day's pick) holds two.
    const pending = state.pending!;
    const held = drafting ? namesOf(state, 'Pensieri', seat) : pending.kind === 'pick' ? pending.picked.map((i) => bare(pending.labels[i])) : [];
    const short = (name: string) => mine.filter((c) => c === name).length > held.filter((c) => c === name).length;
    const wanted = moves.find((m) => m.kind !== 'confirm' && mine.includes(bare(m.choice)) && short(bare(m.choice)));
    if (wanted) return wanted;
  }
  if (prompt.startsWith('Pausa pranzo')) return moves.find((m) => m.choice === 'passa')!;
  if (prompt.startsWith('La Sera')) return moves.find((m) => m.choice === 'nessuna opinione')!;
  // In the draft nobody keeps what another wants; later nobody gives away a wanted or trigger card.
  const keep = drafting ? theirs : [...mine, ...TRIGGERS];
  const free = moves.filter((m) => !keep.includes(bare(m.choice)) && m.choice !== 'confirm');
  const confirm = moves.find((m) => m.choice === 'confirm');
  if (confirm) return confirm;
  const pool = free.length ? free : moves;
  return pool[Math.floor(random() * pool.length)];
}

/** Plays scripted moves until `until` holds before a decision (or the game ends). */
export function drive(state: GameState, script: Script, until: (s: GameState) => boolean, seed = 1): void {
  const random = botRandom(seed);
  let guard = 0;
  while (!state.outcome && !until(state)) {
    applyMoveInPlace(def, state, scriptedMove(state, script, random));
    if (++guard > 20000) throw new Error('the scripted game does not reach the position');
  }
}

/** The first seed (from 1) whose game, at `players`, deals the trait to some seat: [seed, seat]. */
export function seedWithTrait(players: number, trait: string): [number, number] {
  for (let seed = 1; seed < 200; seed++) {
    const state = start(players, seed);
    for (let seat = 0; seat < players; seat++) if (namesOf(state, 'Tratto', seat)[0] === trait) return [seed, seat];
  }
  throw new Error(`no seed deals ${trait}`);
}
