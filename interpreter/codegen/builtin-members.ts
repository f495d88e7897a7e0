/**
 * The code generator's half of the table of members: for each kind the checker resolves, the
 * source that reads it of a value computed once (`v`), or `notWritten` (its closure reads it).
 * Typed over the same kinds as the stepper's half (lowering/builtin-members.ts); the values are
 * those of runtime/member-values.ts, which both call.
 */
import type { GameDefinition } from '../program/program.ts';
import type { MemberKind, MemberOf } from '../lowering/builtin-members.ts';
import { code, type Code } from './code.ts';
import { onlyGrid } from './grid.ts';
import { index } from './tables.ts';

/** A builtin or member left to its closure. */
export const notWritten = 'not written';

type MemberWriting<K extends MemberKind> = ((v: Code, member: MemberOf<K>, definition: GameDefinition) => Code) | typeof notWritten;

export const memberWritings: { readonly [K in MemberKind]: MemberWriting<K> } = {
  token: (v, { index: i }) => code`H.tokenOf(s, ${v}, ${index(i)})`,
  'player-var': (v, { index: i }) => code`s.players[H.playerIndex(${v})].vars[${index(i)}]`,
  role: (v) => code`s.players[H.playerIndex(${v})].role`,
  face: (v) => code`s.dice[${v}].face`,
  value: (v) => code`H.faceValue(s.dice[${v}].face)`,
  mark: (v, { bit }) => code`((s.dice[${v}].marks & ${index(1 << bit)}) !== 0)`,
  'team-of': (v) => code`s.players[H.playerIndex(${v})].team`,
  'player-dice': (v, { pool }) => code`H.seatDice(D, ${v}, ${index(pool)})`,
  'player-pile': (v, { index: i }) => code`H.playerPile(s, ${v}, ${index(i)})`,
  'team-pile': (v, { index: i }) => code`H.teamPile(s, ${v}, ${index(i)})`,
  'team-property': (v, { index: i }) => code`H.teamProperty(D, ${v}, ${index(i)})`,
  'team-var': (v, { index: i }) => code`H.teamVar(s, ${v}, ${index(i)})`,
  'card-name': (v) => code`H.cardName(D, ${v})`,
  'card-player': (v) => code`H.cardPlayer(s, ${v})`,
  'card-property': (v, { index: i }) => code`H.cardProperty(D, ${v}, ${index(i)})`,
  'zone-property': (v, { index: i }) => code`H.zoneProperty(D, ${v}, ${index(i)})`,
  'zone-var': (v, { index: i }) => code`H.zoneVar(s, ${v}, ${index(i)})`,
  'zone-region': (v) => code`H.zoneRegion(D, ${v})`,
  'region-property': (v, { index: i }) => code`H.regionProperty(D, ${v}, ${index(i)})`,
  // With a single grid, starting at cell 0, its number of columns is written in.
  'cell-row': (v, _, definition) => { const grid = onlyGrid(definition); return grid ? code`H.rowIn(${v}, ${index(grid.columns)})` : code`H.cellRow(D, ${v})`; },
  'cell-column': (v, _, definition) => { const grid = onlyGrid(definition); return grid ? code`H.columnIn(${v}, ${index(grid.columns)})` : code`H.cellColumn(D, ${v})`; },
  'cell-colour': (v) => code`H.cellColour(s, ${v})`,
  'cell-tile': notWritten,
  'cell-pieces': (v) => code`H.piecesOn(s, D, ${v})`,
  'tile-row': notWritten,
  'tile-column': notWritten,
  'tile-fixed': notWritten,
  'tile-kind': notWritten,
  'tile-cells': notWritten,
  'piece-owner': (v) => code`H.pieceOwner(s, ${v})`,
  'piece-cell': (v) => code`H.pieceCell(s, ${v})`,
  'piece-captured': (v) => code`H.pieceCaptured(s, ${v})`,
  'piece-kind': (v) => code`H.pieceKindName(s, D, ${v})`,
  'piece-var': (v, { index: i }) => code`H.pieceVar(s, ${v}, ${index(i)})`,
};
