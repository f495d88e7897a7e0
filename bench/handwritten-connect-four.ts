/**
 * Connect Four written by hand in plain, idiomatic TypeScript, with the rules of
 * rules/examples/connect-four.rules: the yardstick for the Regola version in `npm run bench`.
 * No bitboards or other tricks: a board of 42 cells, the height of each column, and a count of
 * the discs in a line through the last one dropped, as a programmer would first write it.
 *
 * Its random games are the Regola version's: the same bot generator (interpreter/runtime/bot-random.ts)
 * draws a move among the open columns in the same order (a to g), and a move with a single open
 * column is made without a draw, as the engine makes a forced move.
 */
const rows = 6;
const columns = 7;

export interface ConnectFourResult {
  /** 0 or 1 for the seat that won, -1 for a draw. */
  winner: number;
  /** Moves drawn by the bot (the forced last move of a full board is not one). */
  decisions: number;
}

class ConnectFour {
  /** Row by row from the top, as the Regola grid: 0 empty, else seat + 1. */
  readonly cells = new Array<number>(rows * columns).fill(0);
  /** Discs in each column. */
  readonly heights = new Array<number>(columns).fill(0);
  current = 0;
  discs = 0;

  openColumns(): number[] {
    const open: number[] = [];
    for (let column = 0; column < columns; column++) if (this.heights[column] < rows) open.push(column);
    return open;
  }

  /** Drops the current player's disc; returns true when it makes four in a line. */
  drop(column: number): boolean {
    const row = rows - 1 - this.heights[column];
    this.heights[column]++;
    this.cells[row * columns + column] = this.current + 1;
    this.discs++;
    return this.fourFrom(row, column);
  }

  private fourFrom(row: number, column: number): boolean {
    const directions = [[0, 1], [1, 0], [1, 1], [1, -1]];
    for (const [dr, dc] of directions) {
      const inLine = 1 + this.count(row, column, dr, dc) + this.count(row, column, -dr, -dc);
      if (inLine >= 4) return true;
    }
    return false;
  }

  /** The current player's discs next to (row, column), one step (dr, dc) after another. */
  private count(row: number, column: number, dr: number, dc: number): number {
    const mine = this.current + 1;
    let n = 0;
    for (let r = row + dr, c = column + dc; r >= 0 && r < rows && c >= 0 && c < columns && this.cells[r * columns + c] === mine; r += dr, c += dc) n++;
    return n;
  }
}

/** One random game, seeded as `randomPlayout` seeds its bots. */
export function playRandomConnectFour(seed: number): ConnectFourResult {
  const game = new ConnectFour();
  let bot = Math.imul(seed, 2654435761) >>> 0 || 1;
  let decisions = 0;
  for (;;) {
    const open = game.openColumns();
    let column = open[0];
    if (open.length > 1) {
      bot ^= bot << 13; bot ^= bot >>> 17; bot ^= bot << 5;
      bot >>>= 0;
      column = open[bot % open.length];
      decisions++;
    }
    if (game.drop(column)) return { winner: game.current, decisions };
    if (game.discs === rows * columns) return { winner: -1, decisions };
    game.current = 1 - game.current;
  }
}
