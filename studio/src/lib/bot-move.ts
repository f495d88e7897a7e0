/**
 * A search bot's move for one seat of the playtest, from what the studio sends its worker: the
 * rules, the match's seed and options, and the moves played. This is the function the bot worker
 * calls (tested in Node against the CLI's bots): the same search as `regola play --bots`, with the
 * same seed for the same decision, so a budget in iterations gives the same move in both.
 *
 * The search reads the replayed state only through interpreter/bots, which redraws everything
 * the seat may not see. In a simultaneous block it searches from the block as it opened with only
 * the seat's own answers played (as interpreter/bots/sealed.ts does for the CLI): the answers
 * other seats sealed in the meantime never reach it, not even in the state it is handed.
 */
import { cloneState, refusal, applyMoveInPlace, startGame, type Layout, type Move } from '../../../interpreter/index.ts';
import type { GameDefinition, GameState } from '../../../interpreter/index.ts';
import { hiddenPriors, moveOf, searchMove, searchSeed, type HiddenPriors } from '../../../interpreter/index.ts';
import { focus, pendingOf, type History } from '../../../interpreter/index.ts';

export interface BotMoveRequest {
  players: number;
  seed: number;
  variant: string | null;
  layout?: Layout;
  /** The game's moves so far (the designer's, clicked or played by bots). */
  moves: readonly Move[];
  seat: number;
  /** The search's budget per move: iterations (deterministic) or milliseconds (wins when both are given). */
  iterations?: number;
  milliseconds?: number;
}

export type BotMoveAnswer =
  | { ok: true; move: Move; iterations: number; milliseconds: number }
  | { ok: false; message: string };

/** What the search of this seat starts from: the game now, or in a simultaneous block the block as it opened plus the seat's own answers. */
export function searchState(definition: GameDefinition, request: Omit<BotMoveRequest, 'iterations' | 'milliseconds'>): { ok: true; state: GameState; real: GameState; history: History } | { ok: false; message: string } {
  const started = startGame(definition, { players: request.players, seed: request.seed, variant: request.variant, ...(request.layout ? { layout: request.layout } : {}) });
  if (!started.ok) return { ok: false, message: started.diagnostic.message };
  const state = cloneState(started.state);
  // The block being answered, as it opened (keyed by where its log lines start, as sealed.ts keys a logged game's blocks).
  let blockKey: number | null = null;
  let opening: GameState | null = null;
  let openedAt = 0;
  let own: Move[] = [];
  for (const [i, move] of request.moves.entries()) {
    const block = state.simultaneous ?? state.interrupted?.simultaneous;
    if (!block) { blockKey = null; opening = null; own = []; }
    else if (block.logStart !== blockKey) { blockKey = block.logStart; opening = cloneState(state); openedAt = i; own = []; }
    const refused = refusal(definition, state, move);
    if (refused) return { ok: false, message: `move ${i + 1} is refused: ${refused.message}` };
    if (opening && move.player === request.seat) own.push(move);
    applyMoveInPlace(definition, state, move);
  }
  const block = state.simultaneous;
  // The past the search may replay (bots/worlds.ts): all of it, or in a block up to its opening and then the seat's own answers.
  if (!block || block.logStart !== blockKey || !opening) return { ok: true, state, real: state, history: { start: started.state, moves: request.moves } };
  const view = cloneState(opening);
  for (const move of own) {
    if (refusal(definition, view, move)) break;
    applyMoveInPlace(definition, view, move);
  }
  focus(view, request.seat);
  return { ok: true, state: view, real: state, history: { start: started.state, moves: [...request.moves.slice(0, openedAt), ...own] } };
}

/** Priors of the hidden variables, drawn once per rules, player count and variant (the worker keeps them). */
export function priorsFor(definition: GameDefinition, players: number, variant: string | null): HiddenPriors {
  return hiddenPriors(definition, players, variant);
}

export function chooseBotMove(definition: GameDefinition, request: BotMoveRequest, priors?: HiddenPriors): BotMoveAnswer {
  const start = searchState(definition, request);
  if (!start.ok) return start;
  const { state, real, history } = start;
  const seat = request.seat;
  if (real.outcome) return { ok: false, message: 'the game is over' };
  if (!pendingOf(real, seat)) return { ok: false, message: `P${seat + 1} has no choice to make` };
  if (!pendingOf(state, seat)) return { ok: false, message: `P${seat + 1} has answered already` };
  const result = searchMove(definition, state, seat, {
    iterations: request.iterations, milliseconds: request.milliseconds,
    // The seed the CLI's bots use for this decision (cli/table-bots.ts): the match's seed, the seat, the move's number.
    seed: searchSeed(real.seed, seat, real.moveCount),
    priors: priors ?? priorsFor(definition, request.players, request.variant),
    history,
  });
  // The choice is named in the state the seat searched (it holds the seat's own open choice as the real game does).
  const named = state.pending?.player === seat ? state : focusedCopy(state, seat);
  const move = moveOf(named, result.choice);
  const refused = refusal(definition, real, move);
  if (refused) return { ok: false, message: `the bot's move '${move.choice}' is refused: ${refused.message}` };
  return { ok: true, move: { player: move.player, choice: move.choice }, iterations: result.iterations, milliseconds: result.milliseconds };
}

function focusedCopy(state: GameState, seat: number): GameState {
  const copy = cloneState(state);
  focus(copy, seat);
  return copy;
}
