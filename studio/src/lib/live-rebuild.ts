/**
 * Keystroke rebuilds off the main thread: the check worker compiles the text and replays the
 * designer's moves (lib/playtest.ts `answerPlaytest`); the main thread compiles the same text in a
 * task of its own meanwhile (it needs the definition to play on) and adopts the worker's game
 * without replaying it. No task of a keystroke holds the main thread for the whole rebuild.
 *
 * One request is in flight at a time; keystrokes that come meanwhile are coalesced into one more.
 * An answer is used only if it was asked for exactly what the studio holds now (text, settings,
 * moves, position): an answer for an older keystroke, or one overtaken by a move played meanwhile,
 * is never shown — the newest inputs are asked for instead.
 */
import type { Move } from '../../../interpreter/index.ts';
import type { PlaytestAnswer, PlaytestRequest } from './playtest.ts';

/**
 * What a rebuild needs to reach the worker: false when it cannot take the request; its answer
 * comes back through `answer`, null if the worker failed first.
 */
export interface PlaytestWorker {
  playtest(request: PlaytestRequest, answer: (answer: PlaytestAnswer | null, milliseconds: number) => void): boolean;
}

export interface LiveRebuildHost {
  /** What the studio holds now: the text, the settings, the designer's moves and where they stand. */
  current(): PlaytestRequest;
  /** Between sending and the answer, in a task of its own: compile the text on the main thread. */
  prepare(text: string): void;
  /** The worker's answer for exactly the inputs the studio holds now. */
  answered(request: PlaytestRequest, answer: PlaytestAnswer, milliseconds: number): void;
  /** The worker could not take the request (it failed): rebuild on the main thread. */
  fallBack(): void;
}

const sameMoves = (a: readonly Move[], b: readonly Move[]) =>
  a.length === b.length && a.every((move, i) => move.player === b[i].player && move.choice === b[i].choice);

/** The same inputs: an answer for `a` is the answer for `b`. */
export function sameRequest(a: PlaytestRequest, b: PlaytestRequest): boolean {
  return a.text === b.text && a.position === b.position && sameMoves(a.moves, b.moves)
    && JSON.stringify(a.settings) === JSON.stringify(b.settings);
}

export class LiveRebuild {
  /** The generation of the request in flight (0: none); bumped by every request and by `cancel`. */
  private generation = 0;
  private inFlight = 0;
  /** More changes came while a request was in flight: ask again when it answers. */
  private queued = false;
  private preparing: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly worker: PlaytestWorker, private readonly host: LiveRebuildHost) {}

  /** Whether a rebuild is on its way (the game shown is the last one adopted). */
  get busy(): boolean { return this.inFlight !== 0 || this.queued; }

  /** The text (or what is replayed on it) changed: rebuild as soon as the worker is free. */
  changed(): void {
    if (this.inFlight) this.queued = true;
    else this.send();
  }

  /** Whatever is in flight no longer matters (another file opened, a session restored in place). */
  cancel(): void {
    this.generation++;
    this.inFlight = 0;
    this.queued = false;
  }

  private send(): void {
    this.queued = false;
    // A copy of its own: what is compared with the inputs when the answer comes, and what is posted.
    const request = structuredRequest(this.host.current());
    const generation = ++this.generation;
    if (!this.worker.playtest(request, (answer, milliseconds) => this.answer(generation, request, answer, milliseconds))) {
      this.inFlight = 0;
      this.host.fallBack();
      return;
    }
    this.inFlight = generation;
    // The main thread's compile, in its own task (not the keystroke's), while the worker works.
    if (this.preparing === null) {
      this.preparing = setTimeout(() => {
        this.preparing = null;
        this.host.prepare(this.host.current().text);
      }, 0);
    }
  }

  private answer(generation: number, request: PlaytestRequest, answer: PlaytestAnswer | null, milliseconds: number): void {
    if (generation !== this.generation) return; // cancelled, or an older request
    this.inFlight = 0;
    if (!answer) {
      this.queued = false;
      this.host.fallBack();
      return;
    }
    // Both sides in the same plain form (a `layout: null` and no layout are the same settings).
    if (!this.queued && sameRequest(request, structuredRequest(this.host.current()))) this.host.answered(request, answer, milliseconds);
    else this.send();
  }
}

/** A copy the worker can take: plain arrays, no Svelte proxies. */
function structuredRequest(request: PlaytestRequest): PlaytestRequest {
  const { settings } = request;
  return {
    text: request.text, position: request.position,
    moves: request.moves.map((m) => ({ player: m.player, choice: m.choice })),
    settings: {
      players: settings.players, seed: settings.seed, variant: settings.variant,
      ...(settings.layout ? { layout: { tileKinds: [...settings.layout.tileKinds], tileTurns: [...settings.layout.tileTurns] } } : {}),
    },
  };
}
