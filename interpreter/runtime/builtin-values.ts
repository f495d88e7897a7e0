/**
 * What the builtin functions compute at run time, once for both back ends: the stepper's closures
 * (lowering/builtin-calls.ts) and the generated code's helpers (`H.…`, codegen/helpers.ts) call these.
 * Arguments arrive evaluated; the checks and errors are those a user sees.
 */
import { RuleError } from '../program/rule-error.ts';
import type { GameDefinition, GameState, Value } from '../program/program.ts';
import { playersFrom, randomInt } from './runtime.ts';
import { asList, equal, faceValue, playerIndex } from './values.ts';

/** The largest list `range` builds: a guard against a typo such as range(1, 1000000000). */
export const maxRange = 10_000;

export const count = (list: Value): number => asList(list).length;

export const faces = (s: GameState, list: Value): Value[] => asList(list).map((die) => s.dice[die as number].face);

export function distinct(list: Value): Value[] {
  const result: Value[] = [];
  for (const item of asList(list)) if (!result.some((r) => equal(r, item))) result.push(item);
  return result;
}

export const top = (list: Value): Value => asList(list)[0] ?? null;

export const bottom = (list: Value): Value => { const items = asList(list); return items.length ? items[items.length - 1] : null; };

export const sum = (list: Value): number => asList(list).reduce<number>((total, v) => total + (v as number), 0);

export const values = (s: GameState, list: Value): Value[] => asList(list).map((die) => faceValue(s.dice[die as number].face));

export const take = (list: Value, count: Value): Value[] => asList(list).slice(0, Math.max(0, count as number));

/** `item(LIST, N)`: the N-th element, counting from 1; none for a position the list does not have (0, past its end, not whole). */
export function itemOf(list: Value, position: Value): Value {
  return typeof position === 'number' && Number.isInteger(position) && position >= 1 ? asList(list)[position - 1] ?? null : null;
}

export function range(from: Value, to: Value): Value[] {
  const a = from as number;
  const b = to as number;
  if (b - a >= maxRange) throw new RuleError(`range(${a}, ${b}) would have more than ${maxRange} numbers`);
  return Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
}

export function random(s: GameState, value: Value): Value {
  const list = asList(value);
  return list.length === 0 ? null : list[randomInt(s, list.length)];
}

/**
 * Dice compared in pairs, as in an attack: each side sorted highest first, the i-th of one against
 * the i-th of the other for as many pairs as the shorter side has. How many pairs `a` wins; a tie
 * goes to `b`. Values are never added up.
 */
export function pairsWon(a: number[], b: number[]): number {
  const first = a.slice().sort((x, y) => y - x);
  const second = b.slice().sort((x, y) => y - x);
  let won = 0;
  for (let i = 0; i < Math.min(first.length, second.length); i++) if (first[i] > second[i]) won++;
  return won;
}

export const neighbours = (d: GameDefinition, zone: Value): Value => (zone === null ? [] : d.zones[-(zone as number) - 1].neighbours);

export const territories = (d: GameDefinition, region: Value): Value => (region === null ? [] : d.regions[region as number].territories);

/** `owns(p, r)`: whether player `p` owns every territory of region `r` (its zones' built-in `owner`). */
export function ownsRegion(state: GameState, definition: GameDefinition, player: Value, region: Value): boolean {
  if (region === null) return false;
  const owner = definition.zoneVars.findIndex((v) => v.name === 'owner');
  return definition.regions[region as number].territories.every((zone) => state.zones[-zone - 1].vars[owner] === player);
}

/** `regions(MAP)`: the regions of the map named `map`, in the order written. */
export function regionsOfMap(definition: GameDefinition, map: string): number[] {
  return definition.regions.flatMap((region, i) => (region.map === map ? [i] : []));
}

/** The team's players still in the game, in turn order from the current player. */
export const teamMembers = (s: GameState, d: GameDefinition, team: Value): Value[] => playersFrom(s, d, s.current).filter((p) => s.players[p].team === team);

export function teammates(s: GameState, d: GameDefinition, value: Value): Value[] {
  const p = playerIndex(value);
  return teamMembers(s, d, s.players[p].team ?? -1).filter((q) => q !== p);
}

export function opponents(s: GameState, d: GameDefinition, value: Value): Value[] {
  const p = playerIndex(value);
  return playersFrom(s, d, s.current).filter((q) => s.players[q].team !== s.players[p].team);
}

export function meetsGoal(s: GameState, d: GameDefinition, player: number): boolean {
  const role = s.players[player].role;
  if (role === null) return false;
  for (const candidate of d.roles) if (candidate.name === role) return candidate.goal !== null && candidate.goal(s, player);
  return false;
}
