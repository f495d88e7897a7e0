/**
 * What a member (`x.Oro`, `t.region`, `c.Valore`) reads of a value computed at run time, once for
 * both back ends: the stepper's readers (lowering/builtin-members.ts) and the generated code's
 * helpers (`H.…`, codegen/helpers.ts). Board members are grids.ts's.
 */
import { RuleError } from '../program/rule-error.ts';
import { holdings, type GameDefinition, type GameState, type Value } from '../program/program.ts';
import { holderIndex, playerIndex } from './values.ts';

/** `x.Token` of a value that is not a local: a negative number with no zone behind it is `current` in the setup. */
export function tokenOf(s: GameState, value: Value, token: number): number {
  const holder = holderIndex(value);
  if (holder < 0 && -holder - 1 >= s.zones.length) throw new RuleError('there is no current player yet');
  return holdings(s, holder)[token];
}

/** `p.Coppa`: the dice of a player's set (`player dice`) that are the player's own, in order. */
export function seatDice(d: GameDefinition, value: Value, pool: number): number[] {
  const { first, perSeat = 0 } = d.pools[pool];
  const start = first + playerIndex(value) * perSeat;
  const dice: number[] = [];
  for (let k = 0; k < perSeat; k++) dice.push(start + k);
  return dice;
}

/** `Coppa`: the dice of a player's set of every player in the game, seat after seat. */
export function tableDice(s: GameState, d: GameDefinition, pool: number): number[] {
  const { first, perSeat = 0 } = d.pools[pool];
  const dice: number[] = [];
  for (let k = 0; k < s.players.length * perSeat; k++) dice.push(first + k);
  return dice;
}

/** A copy: piles change in place as cards move, a list read from one does not. */
export function playerPile(s: GameState, value: Value, pile: number): Value[] {
  return s.piles[s.pileBase[pile] + playerIndex(value)].slice();
}

export function teamPile(s: GameState, value: Value, pile: number): Value[] {
  if (value === null) throw new RuleError('a team was expected, but the value is none');
  return s.piles[s.pileBase[pile] + (value as number)].slice();
}

export const teamProperty = (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.teams[value as number].properties[i] ?? null);
export const teamVar = (s: GameState, value: Value, i: number): Value => (value === null ? null : s.teamVars[value as number][i]);
export const cardName = (d: GameDefinition, value: Value): Value => (value === null ? null : d.cards[value as number].name);
/** `c.player`: who played the card into the shared pile it lies in or last lay in (GameState.playedBy), or none. */
export const cardPlayer = (s: GameState, value: Value): Value => {
  if (value === null) return null;
  const player = s.playedBy?.[value as number] ?? -1;
  return player >= 0 ? player : null;
};
export const cardProperty = (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.cards[value as number].properties[i]);
export const zoneProperty = (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.zones[-(value as number) - 1].properties[i]);
export const zoneVar = (s: GameState, value: Value, i: number): Value => (value === null ? null : s.zones[-(value as number) - 1].vars[i]);
export const zoneRegion = (d: GameDefinition, value: Value): Value => (value === null ? null : d.zones[-(value as number) - 1].region);
export const regionProperty = (d: GameDefinition, value: Value, i: number): Value => (value === null ? null : d.regions[value as number].properties[i] ?? null);
