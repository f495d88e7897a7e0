/**
 * The stepper's half of the table of members (`x.Oro`, `d.face`, `c.row`): for each kind the checker
 * resolves, how its closure reads it. The code generator's half (codegen/builtin-members.ts) is
 * typed over the same kinds, so a kind missing from either does not compile.
 */
import type { MemberResolution } from '../../grammar/index.ts';
import { holdings, type Evaluate, type GameDefinition, type GameState, type Value } from '../program/program.ts';
import { boardMemberReader } from '../runtime/grids.ts';
import { faceValue, holderIndex, playerIndex } from '../runtime/values.ts';
import * as read from '../runtime/member-values.ts';

export type MemberKind = MemberResolution['kind'];
export type MemberOf<K extends MemberKind> = Extract<MemberResolution, { kind: K }>;

/** Reads the member of a value computed before. */
export type MemberReader = (state: GameState, value: Value) => Value;

/**
 * `read`: the member of any value. `ofSlot`, when given: of the value in a local slot, read in one
 * closure (the common `p.Popolo`); a token read there skips the setup's check for `current`.
 */
export interface MemberEvaluation<K extends MemberKind> {
  read(definition: GameDefinition, member: MemberOf<K>): MemberReader;
  ofSlot?(member: MemberOf<K>, slot: number): Evaluate;
}

/** A member of a cell, a tile or a piece: grids.ts reads them. */
const board = <K extends MemberKind>(kind: K): MemberEvaluation<K> => ({
  read: (definition, member) => boardMemberReader(definition, kind, 'index' in member ? member.index : 0)!,
});

export const memberEvaluations: { readonly [K in MemberKind]: MemberEvaluation<K> } = {
  token: {
    read: ({}, { index }) => (state, value) => read.tokenOf(state, value, index),
    ofSlot: ({ index }, slot) => (state, frame) => holdings(state, holderIndex(frame.locals[slot]))[index],
  },
  'player-var': {
    read: ({}, { index }) => (state, value) => state.players[playerIndex(value)].vars[index],
    ofSlot: ({ index }, slot) => (state, frame) => state.players[playerIndex(frame.locals[slot])].vars[index],
  },
  role: {
    read: () => (state, value) => state.players[playerIndex(value)].role,
    ofSlot: ({}, slot) => (state, frame) => state.players[playerIndex(frame.locals[slot])].role,
  },
  face: {
    read: () => (state, value) => state.dice[value as number].face,
    ofSlot: ({}, slot) => (state, frame) => state.dice[frame.locals[slot] as number].face,
  },
  value: {
    read: () => (state, value) => faceValue(state.dice[value as number].face),
    ofSlot: ({}, slot) => (state, frame) => faceValue(state.dice[frame.locals[slot] as number].face),
  },
  mark: {
    read: ({}, member) => { const bit = 1 << member.bit; return (state, value) => (state.dice[value as number].marks & bit) !== 0; },
    ofSlot: (member, slot) => { const bit = 1 << member.bit; return (state, frame) => (state.dice[frame.locals[slot] as number].marks & bit) !== 0; },
  },
  'team-of': { read: () => (state, value) => state.players[playerIndex(value)].team },
  'player-dice': { read: (definition, { pool }) => (_, value) => read.seatDice(definition, value, pool) },
  'player-pile': { read: ({}, { index }) => (state, value) => read.playerPile(state, value, index) },
  'team-pile': { read: ({}, { index }) => (state, value) => read.teamPile(state, value, index) },
  'team-property': { read: (definition, { index }) => (_, value) => read.teamProperty(definition, value, index) },
  'team-var': { read: ({}, { index }) => (state, value) => read.teamVar(state, value, index) },
  'card-name': { read: (definition) => (_, value) => read.cardName(definition, value) },
  'card-player': { read: () => (state, value) => read.cardPlayer(state, value) },
  'card-property': { read: (definition, { index }) => (_, value) => read.cardProperty(definition, value, index) },
  'zone-property': { read: (definition, { index }) => (_, value) => read.zoneProperty(definition, value, index) },
  'zone-var': { read: ({}, { index }) => (state, value) => read.zoneVar(state, value, index) },
  'zone-region': { read: (definition) => (_, value) => read.zoneRegion(definition, value) },
  'region-property': { read: (definition, { index }) => (_, value) => read.regionProperty(definition, value, index) },
  'cell-row': board('cell-row'),
  'cell-column': board('cell-column'),
  'cell-colour': board('cell-colour'),
  'cell-tile': board('cell-tile'),
  'cell-pieces': board('cell-pieces'),
  'tile-row': board('tile-row'),
  'tile-column': board('tile-column'),
  'tile-fixed': board('tile-fixed'),
  'tile-kind': board('tile-kind'),
  'tile-cells': board('tile-cells'),
  'piece-owner': board('piece-owner'),
  'piece-cell': board('piece-cell'),
  'piece-captured': board('piece-captured'),
  'piece-kind': board('piece-kind'),
  'piece-var': board('piece-var'),
};

/** The closure reading `member` of any value. */
export function memberReader(definition: GameDefinition, member: MemberResolution): MemberReader {
  return (memberEvaluations[member.kind] as MemberEvaluation<MemberKind>).read(definition, member);
}

/** The closure reading `member` of the value in local `slot`, in one step where the table says how. */
export function memberOfSlot(definition: GameDefinition, member: MemberResolution, slot: number): Evaluate {
  const entry = memberEvaluations[member.kind] as MemberEvaluation<MemberKind>;
  if (entry.ofSlot) return entry.ofSlot(member, slot);
  const reader = entry.read(definition, member);
  return (state, frame) => reader(state, frame.locals[slot]);
}
