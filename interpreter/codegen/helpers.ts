/**
 * The functions generated code calls (`H.…`): each does exactly what the closure of the same
 * expression or statement does in compile-expression.ts and compile.ts, with the same errors, so
 * the generated code and the stepper play the same games. Small enough for V8 to inline.
 */
import { asList, equal, faceValue, holderIndex, itemOf, ownsRegion, pairsWon, playerIndex } from '../lowering/compile-expression.ts';
import { RuleError } from '../program/rule-error.ts';
import { holdings, type GameDefinition, type GameState, type Value } from '../program/program.ts';
import { discardTokens, gainTokens, neighbour, playersFrom, randomInt, stealTokens } from '../runtime/runtime.ts';
import { stepLimit, stopAtFailure, stopAtStepLimit } from '../runtime/run-failure.ts';
import { gridHelpers } from './grid-helpers.ts';
import { choiceTargets, frameDone } from '../runtime/frames.ts';
import { choiceHelpers } from './choice-helpers.ts';
import { seatsCounted } from './players.ts';
import { nextTurnInFrame } from '../runtime/turn-order.ts';

/** The largest list `range` builds (as in compile-expression.ts). */
const maxRange = 10_000;

export const helpers = {
  ...gridHelpers,
  ...choiceHelpers,
  stepLimit, stopAtFailure, stopAtStepLimit, frameDone, choiceTargets, nextTurnInFrame,
  asList, equal, faceValue, holderIndex, playerIndex, holdings, neighbour, playersFrom, pairsWon, seatsCounted,

  others(s: GameState, d: GameDefinition): Value[] {
    return playersFrom(s, d, s.current).filter((p) => p !== s.current);
  },
  /** `x.Token` of a value that is not a local (memberReader's token). */
  tokenOf(s: GameState, value: Value, token: number): number {
    const holder = holderIndex(value);
    if (holder < 0 && -holder - 1 >= s.zones.length) throw new RuleError('there is no current player yet');
    return holdings(s, holder)[token];
  },
  playerPile(s: GameState, value: Value, pile: number): Value[] {
    return s.piles[s.pileBase[pile] + playerIndex(value)].slice();
  },
  teamPile(s: GameState, value: Value, pile: number): Value[] {
    if (value === null) throw new RuleError('a team was expected, but the value is none');
    return s.piles[s.pileBase[pile] + (value as number)].slice();
  },
  teamProperty: (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.teams[value as number].properties[i] ?? null),
  teamVar: (s: GameState, value: Value, i: number): Value => (value === null ? null : s.teamVars[value as number][i]),
  cardName: (d: GameDefinition, value: Value): Value => (value === null ? null : d.cards[value as number].name),
  cardProperty: (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.cards[value as number].properties[i]),
  zoneProperty: (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.zones[-(value as number) - 1].properties[i]),
  zoneVar: (s: GameState, value: Value, i: number): Value => (value === null ? null : s.zones[-(value as number) - 1].vars[i]),
  zoneRegion: (d: GameDefinition, value: Value): Value => (value === null ? null : d.zones[-(value as number) - 1].region),
  regionProperty: (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.regions[value as number].properties[i] ?? null),

  /** `a / b`, the divisor evaluated first (as the closure does). */
  divide(divisor: Value, dividend: Value): number {
    if (divisor === 0) throw new RuleError('division by zero');
    return Math.floor((dividend as number) / (divisor as number));
  },
  isStatus(s: GameState, player: Value, token: number, count: number): boolean {
    return typeof player === 'number' && player >= 0 && s.players[player].tokens[token] >= count;
  },
  inList(value: Value, list: Value): boolean {
    return asList(list).some((item) => equal(item, value));
  },
  count: (list: Value): number => asList(list).length,
  faces: (s: GameState, list: Value): Value[] => asList(list).map((die) => s.dice[die as number].face),
  distinct(list: Value): Value[] {
    const result: Value[] = [];
    for (const item of asList(list)) if (!result.some((r) => equal(r, item))) result.push(item);
    return result;
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
  top: (list: Value): Value => asList(list)[0] ?? null,
  sum: (list: Value): number => asList(list).reduce<number>((total, v) => total + (v as number), 0),
  values: (s: GameState, list: Value): Value[] => asList(list).map((die) => faceValue(s.dice[die as number].face)),
  take: (list: Value, count: Value): Value[] => asList(list).slice(0, Math.max(0, count as number)),
  item: itemOf,
  range(from: Value, to: Value): Value[] {
    const a = from as number;
    const b = to as number;
    if (b - a >= maxRange) throw new RuleError(`range(${a}, ${b}) would have more than ${maxRange} numbers`);
    return Array.from({ length: Math.max(0, b - a + 1) }, (_, i) => a + i);
  },
  random(s: GameState, value: Value): Value {
    const list = asList(value);
    return list.length === 0 ? null : list[randomInt(s, list.length)];
  },
  neighbours: (d: GameDefinition, zone: Value): Value => (zone === null ? [] : d.zones[-(zone as number) - 1].neighbours),
  territories: (d: GameDefinition, region: Value): Value => (region === null ? [] : d.regions[region as number].territories),
  owns: (s: GameState, d: GameDefinition, player: Value, region: Value): boolean => ownsRegion(s, d, playerIndex(player), region),
  teamMembers: (s: GameState, d: GameDefinition, team: Value): Value[] => playersFrom(s, d, s.current).filter((p) => s.players[p].team === team),
  teammates(s: GameState, d: GameDefinition, value: Value): Value[] {
    const p = playerIndex(value);
    const team = s.players[p].team ?? -1;
    return playersFrom(s, d, s.current).filter((q) => s.players[q].team === team).filter((q) => q !== p);
  },
  opponents(s: GameState, d: GameDefinition, value: Value): Value[] {
    const p = playerIndex(value);
    return playersFrom(s, d, s.current).filter((q) => s.players[q].team !== s.players[p].team);
  },
  meetsGoal(s: GameState, d: GameDefinition, player: number): boolean {
    const role = s.players[player].role;
    if (role === null) return false;
    for (const candidate of d.roles) if (candidate.name === role) return candidate.goal !== null && candidate.goal(s, player);
    return false;
  },
  /** `held(x, T)`: the token's name evaluated first, then the holder (as the closure does). */
  held(s: GameState, d: GameDefinition, name: Value, holder: Value): number {
    const token = d.tokens.indexOf(name as string);
    return token < 0 ? 0 : holdings(s, holderIndex(holder))[token];
  },
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

function rollDie(s: GameState, d: GameDefinition, die: number): void {
  const pool = poolOf(d, die);
  s.dice[die].face = pool.faces[randomInt(s, pool.faces.length)];
}

function poolOf(definition: GameDefinition, die: number) {
  for (const pool of definition.pools) if (die >= pool.first && die < pool.first + pool.count) return pool;
  throw new RuleError(`there is no die number ${die}`);
}
