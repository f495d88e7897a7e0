/**
 * The playtest's bots at work: whenever a seat with a bot must choose, its bot plays — a random
 * bot at once, a search bot in the bot worker (lib/bot-client.ts) while the seat shows "thinking…"
 * — and "Bots play to the end" plays every seat, the people's by the random bot. A bot's move goes
 * through `session.play`, exactly like a click, so it joins the designer's moves (undo, redo,
 * rewind, replay after an edit).
 *
 * Every change to the game (a move, an edit, an undo) makes a pending search stale: it is
 * cancelled and asked again for the game as it is now, a moment after the last change (longer
 * after an edit, so typing does not start a search per keystroke). After an undo, a redo, a
 * rewind or Stop the bots wait, so the designer can step back through their moves; a move of the
 * designer's, a restart, another file, a change of a seat's bot or "Let it play" sets them going.
 */
import { randomMove } from '../../../interpreter/index.ts';
import type { BotRandom } from '../../../interpreter/index.ts';
import { BotClient, type BotWorkerLike } from '../lib/bot-client.ts';
import { nextBotTurn, type Autoplay } from '../lib/seat-bots.ts';
import type { Session } from '../lib/session.svelte.ts';
import { spawnBotWorker } from '../workers/spawn.ts';

/** Random bots play in slices of about this many milliseconds, the pane redrawn between them. */
const sliceMs = 40;
/** A game bots cannot finish (a war with no time limit) stops after this many bot moves in a row; play a move or press again to go on. */
const mostInARow = 20_000;
/** How long the game must stay unchanged before a search starts, after a move… */
const settleMs = 150;
/** …and after an edit (a new match: the designer is typing, and every keystroke that compiles replays the game). */
const editSettleMs = 500;

const spawnWorker = spawnBotWorker as unknown as () => BotWorkerLike;

export class SeatBotPlayer {
  /** The seat whose search bot is thinking, or null. */
  thinking = $state<number | null>(null);
  /** "Bots play to the end" is running. */
  autoplaying = $state(false);
  /** The seat whose bot would play now but waits (after an undo, a redo or a rewind), or null. */
  waiting = $state<number | null>(null);
  /** Each seat's last search: how many iterations, in how long (shown on the seat). */
  searched = $state.raw<Record<number, { iterations: number; milliseconds: number }>>({});

  private held = false;
  private autoplay: Autoplay | null = null;
  private inARow = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private lastMatch: unknown = null;
  private lastFile: string | null = null;
  private readonly client: BotClient;

  /** `random`: the random bot's generator, shared with the pane's "Random move" (the same draws as before there were seat bots). */
  constructor(
    private readonly session: Session, private readonly report: (refusal: string) => void,
    private readonly random: BotRandom = { state: 0x2545f491 }, spawn: () => BotWorkerLike = spawnWorker,
  ) {
    this.client = new BotClient(spawn);
  }

  /** The game, the rules or the seats' bots changed: a pending search is stale; look again. */
  changed(): void {
    this.cancelSearch();
    // Another file is a fresh start: its bots play.
    if (this.session.fileName !== this.lastFile) { this.lastFile = this.session.fileName; this.resume(); }
    const rebuilt = this.session.match !== this.lastMatch;
    this.lastMatch = this.session.match;
    this.schedule(undefined, rebuilt ? editSettleMs : settleMs);
  }

  /** The designer played (or restarted): the bots play their seats again. */
  resume(): void {
    this.held = false;
    this.inARow = 0;
  }

  /** "Let it play": a waiting bot plays its seat again. */
  release(): void {
    this.resume();
    this.changed();
  }

  /** Undo, redo, rewind: the bots wait until the designer plays. */
  hold(): void {
    this.held = true;
    this.stopAutoplay();
    this.cancelSearch();
    this.clearTimer();
  }

  /** "Bots play to the end" (as the referee) or "until P…" (as that player); pressed again, they stop. */
  toggleAutoplay(viewer: number | 'referee'): void {
    if (this.autoplaying) { this.hold(); return; }
    this.resume();
    this.autoplay = { viewer: viewer === 'referee' ? null : viewer, played: 0 };
    this.autoplaying = true;
    this.schedule(0);
  }

  dispose(): void {
    this.clearTimer();
    this.client.dispose();
  }

  private turn() {
    const match = this.session.match;
    if (!match || (this.held && !this.autoplay)) return null;
    return nextBotTurn(match.state, this.session.seatBots, this.autoplay);
  }

  private schedule(delay?: number, settle = settleMs): void {
    this.clearTimer();
    const match = this.session.match;
    const held = match && this.held && !this.autoplay ? nextBotTurn(match.state, this.session.seatBots) : null;
    this.waiting = held ? held.seat : null;
    const turn = this.turn();
    if (!turn) { this.stopAutoplay(); return; }
    // A search about to start (again, after an edit) already shows on the seat: no flicker while typing.
    if (turn.bot.kind === 'mcts') this.thinking = turn.seat;
    this.timer = setTimeout(() => this.step(), delay ?? (turn.bot.kind === 'random' ? 0 : settle));
  }

  private step(): void {
    this.timer = null;
    const deadline = performance.now() + sliceMs;
    for (let moves = 0; ; moves++) {
      const match = this.session.match;
      const turn = this.turn();
      if (!match || !turn) { this.stopAutoplay(); return; }
      if (this.inARow >= mostInARow) { this.hold(); return; }
      if (turn.bot.kind === 'mcts') {
        // After random moves the game has changed: the search starts from the next look (`changed`), not here, where it would be cancelled at once.
        if (moves === 0) void this.search(turn.seat, turn.bot.iterations, turn.bot.milliseconds);
        else this.schedule();
        return;
      }
      if (!this.played(this.session.play(randomMove(match.legalMoves(turn.seat), this.random)))) return;
      if (performance.now() > deadline) break;
    }
    this.schedule(0);
  }

  /** After a bot's move: false when it was refused (said, and the bots wait). */
  private played(refusal: string | null): boolean {
    if (refusal) { this.report(refusal); this.hold(); return false; }
    this.inARow++;
    if (this.autoplay) this.autoplay.played++;
    return true;
  }

  private async search(seat: number, iterations: number | undefined, milliseconds: number | undefined): Promise<void> {
    const session = this.session;
    const match = session.match!;
    const revision = session.revision;
    this.thinking = seat;
    const answer = await this.client.ask(session.compiledText, {
      players: match.options.players, seed: match.options.seed, variant: match.options.variant, ...(match.options.layout ? { layout: match.options.layout } : {}),
      moves: match.moves, seat, iterations, milliseconds,
    });
    // Cancelled: the change that cancelled it has already looked again.
    if (answer === null) return;
    this.thinking = null;
    if (session.match !== match || session.revision !== revision) return;
    if (!answer.ok) { this.report(`P${seat + 1}'s bot could not choose: ${answer.message}`); this.hold(); return; }
    this.searched = { ...this.searched, [seat]: { iterations: answer.iterations, milliseconds: answer.milliseconds } };
    this.played(session.play(answer.move));
  }

  private cancelSearch(): void {
    if (this.client.busy) this.client.cancel();
    this.thinking = null;
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private stopAutoplay(): void {
    this.autoplay = null;
    this.autoplaying = false;
  }
}
