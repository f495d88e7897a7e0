/**
 * Positions for Percorsi scenario tests (rules/percorsi.rules). Every test plays the real rules
 * through the engine; a position is pinned the way a table would set it up:
 * - the tiles, by starting the game from a layout (the same `layout` a series of games uses), most
 *   often `stripes()`: every two-colour tile in its first position, so odd rows of cells are light
 *   (Chiaro) and even rows dark (Scuro), and a test turns only the tiles it needs;
 * - the pawns, by editing the plain game state between two decisions (`put`);
 * - the dice, by setting the match's random generator just before they are rolled (`rig`).
 * Every choice goes through the engine's legality check by its exact label: 'Pedina e1' is a
 * prefix of 'Pedina e12', so no label is ever matched by its beginning.
 * Interpretation numbers (P-n) refer to docs/interpretations/percorsi.md.
 */
import { expect } from 'vitest';
import {
  applyMoveInPlace, cloneState, legalMoves, refusal, startGame, type GameState, type Layout, type Value,
} from '../../interpreter/index.ts';
import { cellLabel, cellsOfTile, tileLabel } from '../../interpreter/runtime/grids.ts';
import { nextRandom } from '../../interpreter/runtime/runtime.ts';
import { loadDefinition } from '../support/scenario.ts';

export const RULES = 'percorsi.rules';
export const def = loadDefinition(RULES);
export const grid = def.grids[0];

/** The questions the rules ask, as the rules file words them. */
export const ASK = {
  side: 'Da quale lato del campo inizi?',
  place: (column: number) => `Su quale casella del tassello ${column} della tua prima riga metti una pedina?`,
  tile: (a: number, b: number) => `Dadi ${a}-${b}: quale tassello ruoti?`,
  direction: 'In che senso ruoti il tassello?',
  moveAtAll: 'Muovi una pedina?',
  pawn: 'Quale pedina muovi?',
  where: (pawn: string) => `Dove va Pedina ${pawn}?`,
  cell: (pawn: string) => `Su quale casella va Pedina ${pawn}?`,
} as const;

/** The destination of a pawn that steps past its far line. */
export const PAST = 'oltre il traguardo';

export type Direction = 'orario' | 'antiorario';
export type Roll = [number, number];

const kindIndex = (name: string) => grid.kinds.findIndex((k) => k.name === name);

/** `e3` → the cell's number (column letter from a, row from 1 at the top). */
export function cell(label: string): number {
  const match = /^([a-l])(\d+)$/.exec(label);
  const row = match ? Number(match[2]) : 0;
  if (!match || row < 1 || row > grid.rows) throw new Error(`no cell ${label}`);
  return grid.cellBase + (row - 1) * grid.columns + (match[1].charCodeAt(0) - 97);
}

export const label = (c: number) => cellLabel(def, c);

/** `row 2 tile 5` → the tile's number. */
export function tile(name: string): number {
  const match = /^row (\d) tile (\d)$/.exec(name);
  if (!match) throw new Error(`no tile ${name}`);
  const row = Number(match[1]);
  const column = Number(match[2]);
  if (row < 1 || row > grid.tileRows || column < 1 || column > grid.tileColumns) throw new Error(`no tile ${name}`);
  return grid.tileBase + (row - 1) * grid.tileColumns + (column - 1);
}

export const tileName = (t: number) => tileLabel(def, t);
/** A tile's cells row by row: top-left, top-right, bottom-left, bottom-right. */
export const tileCells = (name: string) => cellsOfTile(grid, tile(name)).map(label);
export const allTiles = Array.from({ length: grid.tileRows * grid.tileColumns }, (_, t) => grid.tileBase + t);

/**
 * A layout of two-colour tiles in halves (`Bicolore`), each in its first position — light pair on
 * top — unless `turns` gives its quarter turns clockwise; the fixed tiles where the rules as
 * written put them (row 3 tile 1, row 4 tile 6), or at `fixed`.
 */
export function stripes(turns: Record<string, number> = {}, fixed = ['row 3 tile 1', 'row 4 tile 6'], kinds = { movable: 'Bicolore', fixed: 'Fisso' }): Layout {
  const layout: Layout = { tileKinds: allTiles.map(() => kindIndex(kinds.movable)), tileTurns: allTiles.map(() => 0) };
  for (const name of fixed) layout.tileKinds[tile(name)] = kindIndex(kinds.fixed);
  for (const [name, count] of Object.entries(turns)) layout.tileTurns[tile(name)] = count;
  return layout;
}

/**
 * A generator state whose next draws roll the given faces, in order (a six-sided die is
 * `floor(random * 6) + 1`): the roll itself still goes through the rules.
 */
export function rngRolling(faces: number[]): number {
  for (let rng = 1; rng < 50_000_000; rng++) {
    const probe = { rng } as GameState;
    if (faces.every((face) => Math.floor(nextRandom(probe) * 6) + 1 === face)) return rng;
  }
  throw new Error(`no generator state rolls ${faces.join(', ')}`);
}

const pieceVar = (name: string) => {
  const index = def.pieceVars.findIndex((v) => v.name === name);
  if (index < 0) throw new Error(`no piece variable ${name}`);
  return index;
};
const playerVarIndex = (name: string) => {
  const index = def.playerVars.findIndex((v) => v.name === name);
  if (index < 0) throw new Error(`no player variable ${name}`);
  return index;
};

export interface StartOptions {
  seed?: number;
  variant?: string | null;
  /** The tiles to start from; left out, they are laid at random as the rules say. */
  layout?: Layout;
  /** The side the winner of the roll chooses. */
  side?: 'riga 1' | 'riga 6';
  /** Which of the four offered cells each pawn goes on (default: the first offered). */
  place?: (seat: number, column: number, offered: string[]) => string;
  /** The dice of the first turn, pinned before the last pawn is placed. */
  roll?: Roll;
}

export class Percorsi {
  /** Seat of the player who won the roll, chose the side and plays first; and of the other. */
  first = -1;
  second = -1;

  constructor(readonly state: GameState) {}

  /** A new game up to its first choice (the side). */
  static begin(options: Pick<StartOptions, 'seed' | 'variant' | 'layout'> = {}): Percorsi {
    const started = startGame(def, { players: 2, seed: options.seed ?? 1, variant: options.variant ?? null, layout: options.layout });
    if (!started.ok) throw new Error(started.diagnostic.message);
    return new Percorsi(started.state);
  }

  /** A new game with its setup played: the first player is asked about the first turn's tile. */
  static start(options: StartOptions = {}): Percorsi {
    const game = Percorsi.begin(options);
    game.first = game.chooser;
    game.second = 1 - game.first;
    game.answer(options.side ?? 'riga 1');
    for (let column = 1; column <= 6; column++) {
      for (const seat of [game.first, game.second]) {
        expect(game.asking).toBe(ASK.place(column));
        expect(game.chooser).toBe(seat);
        if (column === 6 && seat === game.second && options.roll) game.rig(options.roll);
        game.answer(options.place ? options.place(seat, column, game.choices()) : game.choices()[0]);
      }
    }
    expect(game.state.turn).toBe(1);
    expect(game.state.current).toBe(game.first);
    return game;
  }

  /** An independent copy, to look at what the engine would offer without changing this game. */
  copy(): Percorsi {
    const copy = new Percorsi(cloneState(this.state));
    copy.first = this.first;
    copy.second = this.second;
    return copy;
  }

  get asking(): string | undefined {
    return this.state.pending?.prompt;
  }

  get chooser(): number {
    return this.state.pending!.player;
  }

  choices(): string[] {
    return legalMoves(this.state).map((m) => m.choice);
  }

  /** Plays the choice with exactly this label for whoever must choose; throws with the engine's reason if refused. */
  answer(choice: string, player = this.chooser): this {
    const refused = refusal(def, this.state, { player, choice });
    if (refused) throw new Error(refused.message);
    applyMoveInPlace(def, this.state, { player, choice });
    return this;
  }

  /** The next roll of the dice gives these faces. Nothing random happens between two rolls, so call it any time before the decision that ends the turn. */
  rig(faces: Roll): this {
    this.state.rng = rngRolling(faces);
    return this;
  }

  // ---- reading the board ----------------------------------------------------------------------
  colour(at: string): string | null {
    return this.state.board!.colours[cell(at)];
  }

  /** The colours of a tile's cells, top-left, top-right, bottom-left, bottom-right. */
  tileColours(name: string): (string | null)[] {
    return tileCells(name).map((c) => this.colour(c));
  }

  /** The index of the piece of `seat` (of anyone's when left out) standing on a cell. */
  pawnAt(at: string, seat?: number): number {
    const index = this.state.board!.pieces.findIndex((p) => p.cell === cell(at) && (seat === undefined || p.owner === seat));
    if (index < 0) throw new Error(`no pawn${seat === undefined ? '' : ` of P${seat + 1}`} on ${at}`);
    return index;
  }

  /** The cells a player's pawns stand on, sorted. */
  pawns(seat: number): string[] {
    return this.state.board!.pieces.filter((p) => p.owner === seat && p.cell >= 0).map((p) => label(p.cell)).sort();
  }

  captured(seat: number): number {
    return this.state.board!.pieces.filter((p) => p.owner === seat && p.captured).length;
  }

  playerVar(seat: number, name: string): Value {
    return this.state.players[seat].vars[playerVarIndex(name)];
  }

  setPlayerVar(seat: number, name: string, value: Value): this {
    this.state.players[seat].vars[playerVarIndex(name)] = value;
    return this;
  }

  /** Log lines since the given index. */
  logText(from = 0): string[] {
    return this.state.log.slice(from).map((e) => e.text);
  }

  // ---- pinning a position -----------------------------------------------------------------------
  /**
   * Stands a player's pawns on exactly these cells; the player's other pawns are put off the board
   * (neither captured nor counted as arrived). Set it before the pawn move's question: where a pawn
   * may go is worked out when the move is asked for.
   */
  put(seat: number, cells: string[]): this {
    const pieces = this.state.board!.pieces;
    const own = pieces.flatMap((p, index) => (p.owner === seat ? [index] : []));
    if (cells.length > own.length) throw new Error(`P${seat + 1} has ${own.length} pawns, not ${cells.length}`);
    // New records, as the engine changes a piece (copies of a state share the old ones).
    own.forEach((index, i) => {
      const vars = pieces[index].vars.slice();
      vars[pieceVar('sosta')] = false;
      pieces[index] = { ...pieces[index], cell: i < cells.length ? cell(cells[i]) : -1, captured: false, vars };
    });
    return this;
  }

  // ---- playing a turn --------------------------------------------------------------------------
  /**
   * Turns a tile: names it if the dice offer a choice, else checks that the one tile offered was
   * it; then the direction. Returns the tiles that were offered.
   */
  rotate(name: string, direction: Direction): string[] {
    const from = this.state.log.length;
    const player = this.state.current;
    let offered = [name];
    if (this.asking?.endsWith('quale tassello ruoti?')) {
      offered = this.choices();
      this.answer(name);
    }
    expect(this.asking).toBe(ASK.direction);
    this.answer(direction);
    expect(this.logText(from)).toContain(`P${player + 1} turns ${name} ${direction === 'orario' ? 'clockwise' : 'counterclockwise'}`);
    return offered;
  }

  /**
   * Moves the pawn on `from` to `to` (a cell, or PAST), answering the questions the rules ask and
   * checking that the moves taken without asking (the only choice) were these. When the rules
   * could take the whole move without asking, it may already be done: `since` is where in the log
   * to look for it (by default, from now).
   */
  move(from: string, to: string, since = this.state.log.length, mover = this.state.current): this {
    if (this.state.current === mover) {
      if (this.asking === ASK.moveAtAll) this.answer('muovi una pedina');
      if (this.asking === ASK.pawn) this.answer(`Pedina ${from}`);
      if (this.asking === ASK.where(from)) this.answer(to === PAST ? PAST : 'su una casella');
      if (this.asking === ASK.cell(from)) this.answer(to);
    }
    const done = to === PAST ? `P${mover + 1}'s Pedina ${from} leaves the board` : `P${mover + 1} moves Pedina ${from} to ${to}`;
    expect(this.logText(since), `the move ${from} → ${to}`).toContain(done);
    return this;
  }

  /**
   * Where the pawn on `from` may go this turn, as the engine offers it (sorted, PAST last), found on
   * a copy of the game at the pawn move's questions; empty when the pawn is not offered.
   */
  destinations(from: string): string[] {
    if (this.asking === ASK.direction || this.asking?.endsWith('quale tassello ruoti?')) throw new Error(`destinations: the tile is still to be turned (${this.asking})`);
    const probe = this.copy();
    const start = probe.state.log.length;
    const found: string[] = [];
    if (probe.asking === ASK.moveAtAll) probe.answer('muovi una pedina');
    if (probe.asking === ASK.pawn) {
      if (!probe.choices().includes(`Pedina ${from}`)) return [];
      probe.answer(`Pedina ${from}`);
    }
    if (probe.asking === ASK.where(from)) {
      if (probe.choices().includes(PAST)) found.push(PAST);
      if (!probe.choices().includes('su una casella')) return found;
      probe.answer('su una casella');
    }
    if (probe.asking === ASK.cell(from)) return [...probe.choices().sort(), ...found];
    // Taken without asking: the one place the pawn could go.
    for (const line of probe.logText(start)) {
      if (line.endsWith(`Pedina ${from} leaves the board`)) return [PAST];
      const moved = new RegExp(`moves Pedina ${from} to ([a-l]\\d+)$`).exec(line);
      if (moved) return [...found, moved[1]].sort((a, b) => (a === PAST ? 1 : b === PAST ? -1 : a.localeCompare(b)));
    }
    return found;
  }

  /**
   * One whole turn: the tile and direction, then the pawn move (none when `from` is left out: the
   * player has no pawn that can move, or passes in the variant that allows it). The next turn's
   * dice are pinned to `nextRoll`, doubles 6-6 unless told otherwise, so the next player may turn
   * any tile.
   */
  play(turn: { tile: string; direction?: Direction; from?: string; to?: string; nextRoll?: Roll }): this {
    const player = this.state.current;
    const since = this.state.log.length;
    this.rig(turn.nextRoll ?? [6, 6]);
    this.rotate(turn.tile, turn.direction ?? 'orario');
    if (turn.from !== undefined) this.move(turn.from, turn.to!, since, player);
    else if (this.asking === ASK.moveAtAll) this.answer('nessuna mossa');
    if (!this.state.outcome) expect(this.state.current, 'the turn passes').toBe(1 - player);
    return this;
  }
}
