/**
 * The designer's moves, kept apart from the game replayed from them. An edit replays them as far
 * as the new rules allow; the rest stay here, and replay again as soon as a later edit makes them
 * legal. Typing never drops a move: only playing something else, or the designer's own "drop".
 */
import type { Move } from '../../../interpreter/index.ts';

/** Where the replay stopped: the move (0-based in the list) the rules refuse, and why. */
export interface Divergence { index: number; move: Move; reason: string; later: Move[] }

const sameMove = (a: Move | undefined, b: Move) => a !== undefined && a.player === b.player && a.choice === b.choice;

export class IntendedMoves {
  private list: Move[] = [];
  /** How many of the moves the designer stands after: fewer than all after an undo or a rewind. */
  private at = 0;
  private stoppedAt: { index: number; reason: string } | null = null;

  get moves(): readonly Move[] { return this.list; }
  get position(): number { return this.at; }

  get divergence(): Divergence | null {
    if (!this.stoppedAt) return null;
    const { index, reason } = this.stoppedAt;
    return { index, move: this.list[index], reason, later: this.list.slice(index) };
  }

  /** A rebuild replayed `applied` of the moves; `refused` says why the next one was not. */
  replayed(applied: number, refused: string | null): void {
    this.stoppedAt = applied < this.list.length ? { index: applied, reason: refused ?? 'the rules refuse it' } : null;
  }

  /** The designer went back (undo, rewind) or forward (redo) to `length` moves of the list. */
  moveTo(length: number): void {
    this.at = Math.max(0, Math.min(length, this.list.length));
  }

  /**
   * The designer played a move, and the game's moves are now `game`. The same move as the next one
   * of the list keeps the rest (redo, or playing on after a rewind); another move replaces it.
   */
  played(game: readonly Move[]): void {
    const n = game.length;
    if (!(n <= this.list.length && sameMove(this.list[n - 1], game[n - 1]))) this.list = game.slice();
    this.at = n;
    this.stoppedAt = null;
  }

  /** The move to redo after the game's first `length` moves, if the list has one. */
  next(length: number): Move | null {
    return length < this.list.length && this.stoppedAt?.index !== length ? this.list[length] : null;
  }

  /** The designer drops the moves the game no longer reaches. */
  drop(game: readonly Move[]): void {
    this.list = game.slice();
    this.at = this.list.length;
    this.stoppedAt = null;
  }

  /** A new game (restart, another file, a restored session): the designer stands after `played` of the moves (all by default). */
  reset(moves: readonly Move[] = [], played = moves.length): void {
    this.list = moves.slice();
    this.at = Math.max(0, Math.min(played, this.list.length));
    this.stoppedAt = null;
  }
}
