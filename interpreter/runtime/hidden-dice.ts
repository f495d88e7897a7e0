/**
 * Dice under the players' cups (`player dice Coppa: 5 D6 hidden`): each player's own dice, whose
 * faces only their owner sees until `reveal` shows them to everybody; rolling them again puts
 * them back under the cup. The one rule for what a view shows and what a search bot may not
 * assume (`faceSeen`), and the `roll` and `reveal` of dice both back ends run.
 */
import { playerName, SHOWN, type GameDefinition, type GameState, type PoolDefinition } from '../program/program.ts';
import { log, randomInt } from './runtime.ts';
import { actor } from './cards.ts';
import { poolOf } from './values.ts';

/** The seat whose die this is, for a player's set (`player dice`); -1 for a shared one. */
export function dieOwner(pool: PoolDefinition, die: number): number {
  return pool.perSeat ? Math.floor((die - pool.first) / pool.perSeat) : -1;
}

/** Whether `viewer` sees the face of `die`: always, but for another player's die under the cup while the game is on. */
export function faceSeen(definition: GameDefinition, state: GameState, die: number, viewer: number | 'referee'): boolean {
  const pool = poolOf(definition, die);
  if (!pool.hidden || viewer === 'referee' || state.outcome !== null || (state.dice[die].marks & SHOWN) !== 0) return true;
  return dieOwner(pool, die) === viewer;
}

/** Rolls one die: a random face; a hidden die goes back under its cup. */
export function rollDie(s: GameState, d: GameDefinition, die: number): void {
  const pool = poolOf(d, die);
  s.dice[die].face = pool.faces[randomInt(s, pool.faces.length)];
  if (pool.hidden) s.dice[die].marks &= ~SHOWN;
}

/** `roll DICE`, logged: the faces for everybody, or, under a cup, for the owner alone. */
export function rollDice(s: GameState, d: GameDefinition, list: number[], at: { cite: number; at: number }): void {
  for (const die of list) rollDie(s, d, die);
  if (s.quiet) return;
  // With several sets of dice, say which one was rolled (the attacker's red, the defender's blue).
  const pool = d.pools.length > 1 && list.length > 0 ? poolOf(d, list[0]) : null;
  const which = pool && list.every((die) => poolOf(d, die) === pool) ? ` ${pool.name}` : '';
  const hidden = list.filter((die) => poolOf(d, die).hidden);
  if (hidden.length === 0) {
    log(s, { player: s.current, kind: 'roll', text: `${actor(s)} rolls${which}: ${list.map((die) => s.dice[die].face).join(', ')}`, cite: at.cite, at: at.at });
    return;
  }
  // Each cup's faces are a line of their own, seen by its owner (and the referee) only.
  for (const [owner, dice] of byOwner(d, list)) {
    const faces = dice.map((die) => s.dice[die].face).join(', ');
    if (owner < 0) { log(s, { player: s.current, kind: 'roll', text: `${actor(s)} rolls${which}: ${faces}`, cite: at.cite, at: at.at }); continue; }
    const who = playerName(owner);
    log(s, { player: owner, kind: 'roll', text: `${who} rolls${which} under the cup: ${faces}`, publicText: `${who} rolls${which} under the cup`, cite: at.cite, at: at.at });
  }
}

/** `reveal DICE`: the dice under the cups are shown to everybody, until they are rolled again. */
export function revealDice(s: GameState, d: GameDefinition, list: number[], at: { cite: number; at: number }): void {
  for (const die of list) if (poolOf(d, die).hidden) s.dice[die].marks |= SHOWN;
  if (s.quiet || list.length === 0) return;
  for (const [owner, dice] of byOwner(d, list)) {
    const faces = dice.map((die) => s.dice[die].face).join(', ');
    log(s, { player: owner >= 0 ? owner : s.current, kind: 'reveal', text: `${owner >= 0 ? playerName(owner) : actor(s)} reveals: ${faces}`, cite: at.cite, at: at.at });
  }
}

/** The dice of a list by owner (-1: a shared set), owners in the order of the list. */
function byOwner(d: GameDefinition, list: number[]): Map<number, number[]> {
  const groups = new Map<number, number[]>();
  for (const die of list) {
    const owner = dieOwner(poolOf(d, die), die);
    const group = groups.get(owner);
    if (group) group.push(die);
    else groups.set(owner, [die]);
  }
  return groups;
}
