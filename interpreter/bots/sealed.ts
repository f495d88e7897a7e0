/**
 * Sealed answers in a simultaneous block, kept from a search bot. While a block is open the game
 * state already holds the answers of those who gave theirs; the others must not learn them. So the
 * table keeps the block as it opened (every player still to answer) and each bot's own answers, and
 * a bot searches from that opening with only its own answers played: it knows its own sealed
 * choice and nothing of the others'. The bodies of a block do not depend on the order of the
 * answers (the checker holds them to it), so its own answers play out the same there.
 *
 * Call `observe` with the real state before every decision (and after every move, at a table with
 * people), and `record` each answer of a bot. A search given the game's past (worlds.ts) is given
 * the same: the past up to the block's opening, then the bot's own answers (`historyFor`).
 */
import { cloneState } from '../engine/engine.ts';
import type { GameDefinition, GameState, SimultaneousBlock } from '../program/program.ts';
import { focus } from '../runtime/simultaneous.ts';
import { engineIndex, moveOf, playChoice } from './decisions.ts';
import type { History, Step } from './observed.ts';

export class SealedAnswers {
  private key: unknown = null;
  private opening: GameState | null = null;
  /** How many decisions the game's past held when the block opened. */
  private openedAt = 0;
  private readonly answers = new Map<number, number[]>();

  constructor(private readonly definition: GameDefinition) {}

  /** Notes a new block, or the end of one; `decisions`: how many were made before `state`. */
  observe(state: GameState, decisions = 0): void {
    // A move taken at any time sets the block aside; it is the same block when it comes back.
    const block = state.simultaneous ?? state.interrupted?.simultaneous;
    if (!block) { this.key = null; this.opening = null; this.answers.clear(); return; }
    const key = blockKey(state, block);
    if (key === this.key) return;
    this.key = key;
    this.opening = cloneState(state);
    this.openedAt = decisions;
    this.answers.clear();
  }

  /** A bot's answer in the open block: its k-th distinct choice (decisions.ts). */
  record(player: number, choice: number): void {
    if (this.opening === null) return;
    const list = this.answers.get(player) ?? [];
    list.push(choice);
    this.answers.set(player, list);
  }

  /** What `player` may search from now: the block as it opened with only their own answers, or the state itself outside a block. */
  stateFor(state: GameState, player: number): GameState {
    if (this.opening === null || !state.simultaneous) return state;
    const view = cloneState(this.opening);
    for (const choice of this.answers.get(player) ?? []) {
      focus(view, player);
      playChoice(this.definition, view, choice);
    }
    focus(view, player);
    return view;
  }

  /** The past `player` may search with, ending where `stateFor` does: in a block, up to its opening, then only their own answers. */
  historyFor(history: History, state: GameState, player: number): History {
    if (this.opening === null || !state.simultaneous) return history;
    const view = cloneState(this.opening);
    const own: Step[] = [];
    for (const choice of this.answers.get(player) ?? []) {
      focus(view, player);
      own.push(view.quiet ? { player, index: engineIndex(view, choice) } : moveOf(view, choice));
      playChoice(this.definition, view, choice);
    }
    return { start: history.start, moves: [...history.moves.slice(0, this.openedAt), ...own] };
  }
}

/**
 * What tells one block from the next. A batch game is changed in place, so the block object is the
 * same until it closes; a logged game (a Match copies its state at every move) writes a line for
 * every answer, so where the block's lines start tells blocks apart.
 */
function blockKey(state: GameState, block: SimultaneousBlock): unknown {
  return state.quiet ? block : block.logStart;
}
