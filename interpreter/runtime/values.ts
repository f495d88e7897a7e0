/**
 * How a value of the language is read at run time, the same for the stepper's closures and the
 * generated code's helpers: a value as a list, equality, a player, a holder, a die's number.
 */
import { RuleError } from '../program/rule-error.ts';
import type { GameDefinition, Value } from '../program/program.ts';

/** A value as a list: a list as it is, none as the empty list, anything else as a list of one. */
export const asList = (value: Value): Value[] => (Array.isArray(value) ? value : value === null ? [] : [value]);

/**
 * `a mod b`, the remainder that goes with `/` (which rounds down): a == (a / b) * b + a mod b, so
 * the remainder has the sign of b (`-7 mod 3` is 2). The caller has refused b = 0.
 */
export function remainder(a: number, b: number): number {
  return a - b * Math.floor(a / b);
}

/** Equality of the language: lists element by element, everything else by identity (texts are interned). */
export function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  return false;
}

export function playerIndex(value: Value): number {
  if (typeof value !== 'number') throw new RuleError(value === null ? 'a player was expected, but the value is none' : `a player was expected, not ${JSON.stringify(value)}`);
  // -1 is `current` in the setup, before anyone plays.
  if (value < 0) throw new RuleError('there is no current player yet');
  return value;
}

/** A player or a zone, as tokens' holder. */
export function holderIndex(value: Value): number {
  if (typeof value !== 'number') throw new RuleError(value === null ? 'a player or a zone was expected, but the value is none' : `a player or a zone was expected, not ${JSON.stringify(value)}`);
  return value;
}

/** The number a face shows: a face of digits is that number, a symbol face 0. */
export function faceValue(face: string): number {
  return /^\d+$/.test(face) ? Number(face) : 0;
}

/** The set of dice a die belongs to, for its faces and its name in the log. */
export function poolOf(definition: GameDefinition, die: number): GameDefinition['pools'][number] {
  for (const pool of definition.pools) if (die >= pool.first && die < pool.first + pool.count) return pool;
  throw new RuleError(`there is no die number ${die}`);
}

/** Every die of the pool named `name`, by number. */
export function diceOfPool(definition: GameDefinition, name: string): number[] {
  const pool = definition.pools.find((p) => p.name === name)!;
  return Array.from({ length: pool.count }, (_, i) => pool.first + i);
}
