/**
 * Lowers boards: grids and pieces into the definition, and the statements that act on them
 * (`rotate`, `move` of a piece, `capture`, `remove`) into instruction bodies.
 */
import type { AST, Schema } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import { cellLabel, pieceLabel, pieceOf, replacePiece, rotateTile, tileLabel } from '../runtime/grids.ts';
import { playerName, type Evaluate, type Frame, type GameDefinition, type GameState, type GridDefinition, type Instruction } from '../program/program.ts';
import { log } from '../runtime/runtime.ts';
import { asList } from '../runtime/values.ts';
import { actor } from '../runtime/cards.ts';
import { pieceMoved } from '../runtime/occupancy.ts';

export function lowerGrids(schema: Schema, compile: (node: AST.Expr) => Evaluate): Pick<GameDefinition, 'grids' | 'totalCells' | 'totalTiles' | 'pieceKinds'> {
  let cellBase = 0;
  let tileBase = 0;
  const grids: GridDefinition[] = [...schema.grids.values()].map((info) => {
    const grid: GridDefinition = {
      name: info.name, rows: info.tileRows * info.tileHeight, columns: info.tileColumns * info.tileWidth,
      tileRows: info.tileRows, tileColumns: info.tileColumns, tileHeight: info.tileHeight, tileWidth: info.tileWidth,
      cellBase, tileBase,
      kinds: info.kinds.map((k) => ({
        name: k.name, colours: k.colours, fixed: k.fixed, copies: k.copies, at: k.at.map((at) => (at.row - 1) * info.tileColumns + (at.column - 1)),
        when: k.when ? compile(k.when) : null,
      })),
      carryLayout: info.carryLayout,
    };
    cellBase += grid.rows * grid.columns;
    tileBase += grid.tileRows * grid.tileColumns;
    return grid;
  });
  return { grids, totalCells: cellBase, totalTiles: tileBase, pieceKinds: [...schema.pieceKinds.values()].map((k) => ({ name: k.name, count: k.count })) };
}

type Run = (s: GameState, f: Frame) => void;

/** `rotate t clockwise`: logged as the rulebook says it ("turns row 2 tile 5 clockwise"). */
export function rotateStatement(d: GameDefinition, node: AST.RotateStmt, tile: Evaluate, instruction: () => Instruction): Run {
  const clockwise = node.direction === 'clockwise';
  return (s, f) => {
    const t = tile(s, f);
    if (typeof t !== 'number' || !s.board) throw new RuleError('a tile was expected, but the value is none');
    rotateTile(d, s, t, clockwise);
    if (!s.quiet) log(s, { player: s.current, kind: 'rotate', text: `${actor(s)} turns ${tileLabel(d, t)} ${node.direction}`, cite: instruction().cite, at: instruction().at });
    f.pc++;
  };
}

/** `move x to c`: a piece goes to a cell (from off the board: it is placed). */
export function movePieceStatement(d: GameDefinition, pieces: Evaluate, to: Evaluate, instruction: () => Instruction): Run {
  return (s, f) => {
    const cell = to(s, f);
    if (typeof cell !== 'number' || cell < 0 || cell >= d.totalCells) throw new RuleError(cell === null ? 'a cell was expected, but the value is none' : 'this is not a cell');
    for (const value of asList(pieces(s, f))) {
      const piece = pieceOf(s, value as number);
      const from = piece.cell >= 0 ? pieceLabel(d, s, value as number) : null;
      pieceMoved(s, value as number, piece.cell, cell);
      replacePiece(s, value as number, cell, false);
      if (!s.quiet) {
        const kind = d.pieceKinds[piece.kind].name;
        const text = from ? `${playerName(piece.owner)} moves ${from} to ${cellLabel(d, cell)}` : `${playerName(piece.owner)} places a ${kind} on ${cellLabel(d, cell)}`;
        log(s, { player: piece.owner, kind: 'move', text, cite: instruction().cite, at: instruction().at });
      }
    }
    f.pc++;
  };
}

/** `capture x` / `remove x`: off the board, captured or not. */
export function takeOffStatement(d: GameDefinition, node: AST.TakeOffStmt, pieces: Evaluate, instruction: () => Instruction): Run {
  return (s, f) => {
    for (const value of asList(pieces(s, f))) {
      const piece = pieceOf(s, value as number);
      const was = pieceLabel(d, s, value as number);
      pieceMoved(s, value as number, piece.cell, -1);
      replacePiece(s, value as number, -1, node.captured);
      if (!s.quiet) {
        const text = node.captured ? `${playerName(piece.owner)}'s ${was} is captured` : `${playerName(piece.owner)}'s ${was} leaves the board`;
        log(s, { player: piece.owner, kind: node.captured ? 'capture' : 'remove', text, cite: instruction().cite, at: instruction().at });
      }
    }
    f.pc++;
  };
}
