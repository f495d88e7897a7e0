/**
 * The functions generated code calls (`H.…`): each does exactly what the closure of the same
 * expression or statement does in compile-expression.ts and compile.ts, with the same errors, so
 * the generated code and the stepper play the same games. Small enough for V8 to inline.
 */
import { RuleError } from '../program/rule-error.ts';
import { holdings, type GameDefinition, type GameState, type Value } from '../program/program.ts';
import { discardTokens, gainTokens, neighbour, playersFrom, randomInt, stealTokens } from '../runtime/runtime.ts';
import { stepLimit, stopAtFailure, stopAtStepLimit } from '../runtime/run-failure.ts';
import { asList, equal, faceValue, holderIndex, playerIndex, remainder } from '../runtime/values.ts';
import * as builtinValues from '../runtime/builtin-values.ts';
import * as memberValues from '../runtime/member-values.ts';
import { rollDie } from '../runtime/hidden-dice.ts';
import { gridHelpers } from './grid-helpers.ts';
import { choiceTargets, frameDone } from '../runtime/frames.ts';
import { choiceHelpers } from './choice-helpers.ts';
import { seatsCounted } from './players.ts';
import { nextTurnInFrame, setNextTurn } from '../runtime/turn-order.ts';

export const helpers = {
  ...gridHelpers,
  ...choiceHelpers,
  // What builtins and members compute, as the stepper's closures compute it (the table's writers name them).
  ...builtinValues,
  ...memberValues,
  item: builtinValues.itemOf,
  stepLimit, stopAtFailure, stopAtStepLimit, frameDone, choiceTargets, nextTurnInFrame, setNextTurn,
  asList, equal, faceValue, holderIndex, playerIndex, holdings, neighbour, playersFrom, seatsCounted,

  others(s: GameState, d: GameDefinition): Value[] {
    return playersFrom(s, d, s.current).filter((p) => p !== s.current);
  },
  /** `a / b`, the divisor evaluated first (as the closure does). */
  divide(divisor: Value, dividend: Value): number {
    if (divisor === 0) throw new RuleError('division by zero');
    return Math.floor((dividend as number) / (divisor as number));
  },
  /** `a mod b`, the divisor evaluated first (as the closure does). */
  modulo(divisor: Value, dividend: Value): number {
    if (divisor === 0) throw new RuleError('remainder of a division by zero (mod 0)');
    return remainder(dividend as number, divisor as number);
  },
  isStatus(s: GameState, player: Value, token: number, count: number): boolean {
    return typeof player === 'number' && player >= 0 && s.players[player].tokens[token] >= count;
  },
  inList(value: Value, list: Value): boolean {
    return asList(list).some((item) => equal(item, value));
  },
  /**
   * `distinct(faces(L))`: faces are texts, so `equal` is `===`. Looked for by a loop, not
   * indexOf: the faces are interned (interned.ts), so each test is an inline comparison, no call.
   */
  distinctFaces(s: GameState, list: Value): Value[] {
    const dice = asList(list);
    const result: Value[] = [];
    for (let i = 0; i < dice.length; i++) {
      const face = s.dice[dice[i] as number].face;
      let k = 0;
      while (k < result.length && result[k] !== face) k++;
      if (k === result.length) result.push(face);
    }
    return result;
  },
  owns: (s: GameState, d: GameDefinition, player: Value, region: Value): boolean => builtinValues.ownsRegion(s, d, playerIndex(player), region),
  gainTokens, discardTokens, stealTokens, randomInt,
  /** The player a statement acts on (Emitter.player). */
  player(s: GameState, value: Value): number {
    if (typeof value !== 'number' || value < 0 || value >= s.seats) notAPlayer(value);
    return value as number;
  },
  /** Who holds tokens in a gain, discard or steal (Emitter.holder). */
  holder(s: GameState, value: Value): number {
    if (typeof value !== 'number' || value >= s.seats || (value >= 0 ? false : -value - 1 >= s.zones.length)) notAHolder(value);
    return value as number;
  },
  /** A token kind's index (Emitter.tokenIndex). */
  tokenIndex(d: GameDefinition, name: Value): number {
    const index = d.tokens.indexOf(name as string);
    if (index < 0) notAToken(name);
    return index;
  },
  /** Rolls each die of the list (the roll statement, without its log line); one die is no list to build. */
  roll(s: GameState, d: GameDefinition, dice: Value): void {
    if (!Array.isArray(dice)) {
      if (dice !== null) rollDie(s, d, dice as number);
      return;
    }
    for (let i = 0; i < dice.length; i++) rollDie(s, d, dice[i] as number);
  },
  /** Sets (`or` a mask) or clears (`and` a mask) a mark on each die of the list, or on the one die. */
  markOn(s: GameState, dice: Value, bit: number): void {
    if (Array.isArray(dice)) markEachOn(s, dice, bit);
    else if (dice !== null) s.dice[dice as number].marks = s.dice[dice as number].marks | bit;
  },
  markOff(s: GameState, dice: Value, bit: number): void {
    if (Array.isArray(dice)) markEachOff(s, dice, bit);
    else if (dice !== null) s.dice[dice as number].marks = s.dice[dice as number].marks & ~bit;
  },
  /** The player whose variable `set` changes. */
  playerTarget(p: Value): number {
    if (typeof p !== 'number') throw new RuleError('a player was expected, but the value is none');
    if (p < 0) throw new RuleError('there is no current player yet');
    return p;
  },
};

export type Helpers = typeof helpers;

/*
 * What the helpers above do rarely, in functions of their own: a helper V8 inlines into generated
 * code counts against the caller's inlining budget by its whole size, used or not, and a turn's
 * functions spend that budget on the helpers they call first (their choices, their marks).
 */
function notAPlayer(value: Value): never {
  throw new RuleError(value === null ? 'a player was expected, but the value is none' : 'there is no current player yet');
}

function notAHolder(value: Value): never {
  throw new RuleError(value === null ? 'a player or a zone was expected, but the value is none' : 'there is no current player yet');
}

function notAToken(name: Value): never {
  throw new RuleError(`'${String(name)}' is not a token kind`);
}

function markEachOn(s: GameState, dice: Value[], bit: number): void {
  for (let i = 0; i < dice.length; i++) s.dice[dice[i] as number].marks = s.dice[dice[i] as number].marks | bit;
}

function markEachOff(s: GameState, dice: Value[], bit: number): void {
  for (let i = 0; i < dice.length; i++) s.dice[dice[i] as number].marks = s.dice[dice[i] as number].marks & ~bit;
}
