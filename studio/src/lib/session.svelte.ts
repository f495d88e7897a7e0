/**
 * The studio's state: the file being edited, the last rules that compiled, and the match being
 * playtested. Components read it and call its methods; nothing else changes the game.
 */
import { analyze, LineIndex, type Diagnostic } from '../../../grammar/index.ts';
import { compileRules, type CompileResult, type GameDefinition, type Match, type Move, type PlayerView, type Viewer } from '../../../interpreter/index.ts';
import { bundledGames, defaultGame } from './games.ts';
import { IntendedMoves, type Divergence } from './intended.ts';
import { LiveRebuild, type PlaytestWorker } from './live-rebuild.ts';
import { adoptRebuilt, fitSettings, nextGameSettings, rebuildMatch, type PlaytestAnswer, type PlaytestRequest, type PlaytestSettings, type Rebuilt, type ReplayEngine } from './playtest.ts';
import { fitSeatBots, seatBotsOf, type SeatBot } from './seat-bots.ts';
import { FileStore, type SessionState } from './storage.ts';

export interface Problem extends Diagnostic { line: number; column: number; endLine: number; endColumn: number }

export function toProblems(text: string, diagnostics: Diagnostic[]): Problem[] {
  const index = new LineIndex(text);
  return diagnostics.map((d) => {
    const start = index.position(d.range.start);
    const end = index.position(Math.max(d.range.end, d.range.start + 1));
    return { ...d, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  });
}

/**
 * From this many moves on, a keystroke compiles and replays in the worker. Below it the main thread
 * is faster and stays within a task's budget (the worker compiles the text twice and hands the game
 * across threads; docs/performance.md, The studio); the worker keeps typing responsive when a
 * replay grows longer.
 */
const workerFromMoves = 1000;

export class Session {
  fileName = $state(defaultGame);
  text = $state('');
  /** The text as last opened from or saved to disk: differs from `text` when there are unsaved changes. */
  savedText = $state('');
  problems = $state<Problem[]>([]);
  /** The last definition that compiled; the game stays playable on it while the text has errors. */
  definition = $state.raw<GameDefinition | null>(null);
  compiledText = $state('');
  match = $state.raw<Match | null>(null);
  /** Replaced, never changed in place (a series' layout is kept as the plain arrays the engine reads). */
  settings = $state.raw<PlaytestSettings>({ players: 4, seed: 1, variant: null });
  /** Which game of a series is being played: 1, then one more for each "next game from this layout". */
  seriesGame = $state(1);
  viewAs = $state<Viewer>('referee');
  /** Who plays each seat: a person (null) or a bot (seat-bots.ts); replaced, never changed in place. */
  seatBots = $state.raw<SeatBot[]>([]);
  /** Bumped after every change to the match (the Match object itself is mutable). */
  revision = $state(0);
  /** The designer's moves: the game is replayed from them after every edit, as far as the rules allow. */
  private readonly intended = new IntendedMoves();
  lastRebuildMs = $state(0);
  message = $state<string | null>(null);
  /** A request to show a range of the text in the editor (from the problems list or a log citation). */
  reveal = $state<{ start: number; end: number; serial: number } | null>(null);
  /** The editor's cursor and the offset under the mouse there: the Rulebook tab inserts citations at one and lights the other's. */
  cursor = $state(0);
  pointer = $state<number | null>(null);

  readonly store: FileStore;
  /** The stepper; `?replay=generated` in the address replays on generated code instead (bench/studio.ts compares the two). */
  private readonly replayEngine: ReplayEngine =
    typeof location !== 'undefined' && new URLSearchParams(location.search).get('replay') === 'generated' ? 'generated' : 'stepper';
  /** Keystroke rebuilds in a worker (live-rebuild.ts); null: at once on the main thread (no workers, tests). */
  private live: LiveRebuild | null = null;
  /** The main thread's compile of the last text a keystroke rebuilt (made while the worker replays). */
  private prepared: { text: string; result: CompileResult } | null = null;

  constructor(storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage) {
    this.store = new FileStore(storage);
  }

  get dirty(): boolean { return this.text !== this.savedText; }
  get errors(): Problem[] { return this.problems.filter((p) => p.severity === 'error'); }
  get compiles(): boolean { return this.compiledText === this.text; }

  /** The names in the picker: the bundled games and anything the designer made or opened. */
  get fileNames(): string[] {
    return [...new Set([...bundledGames.map((g) => g.name), ...this.store.names(), this.fileName])].sort((a, b) =>
      a === defaultGame ? -1 : b === defaultGame ? 1 : a.localeCompare(b));
  }

  /** Where the replay of the designer's moves stops under the current rules, or null. */
  get divergence(): Divergence | null { void this.revision; return this.intended.divergence; }
  get intendedMoves(): readonly Move[] { void this.revision; return this.intended.moves; }
  /** How many of the designer's moves they stand after (the game may stop earlier, where the rules refuse one). */
  get intendedPosition(): number { void this.revision; return this.intended.position; }
  get canRedo(): boolean { void this.revision; return this.match !== null && this.intended.next(this.match.moves.length) !== null; }

  view(viewer: Viewer = this.viewAs): PlayerView | null {
    void this.revision;
    return this.match?.view(viewer) ?? null;
  }

  /** From now on a keystroke compiles and replays in this worker; the main thread only adopts its game. */
  useWorker(worker: PlaytestWorker): void {
    this.live = new LiveRebuild(worker, {
      current: (): PlaytestRequest => ({ text: this.text, settings: this.settings, moves: this.intended.moves as Move[], position: this.intended.position }),
      // A text that compiles lists its problems with its game (adopt), so "compiles" never shows before the game it compiles to.
      prepare: (text) => { if (!this.prepare(text, false).definition) this.prepare(text); },
      answered: (request, answer, milliseconds) => this.adopt(request, answer, milliseconds),
      fallBack: () => { this.live = null; this.compile(); },
    });
  }

  /** Opens a file: the copy kept in this browser if there is one, else the bundled game. */
  open(name: string = this.store.current ?? defaultGame): void {
    this.live?.cancel();
    const stored = this.store.load(name);
    const bundled = bundledGames.find((g) => g.name === name);
    this.fileName = name;
    this.store.current = name;
    this.text = stored?.text ?? bundled?.text ?? '';
    this.savedText = stored?.savedText ?? bundled?.text ?? '';
    this.definition = null;
    this.match = null;
    this.intended.reset();
    this.seatBots = [];
    // Another file: its own game, not the next of this one's series.
    this.settings = { players: this.settings.players, seed: this.settings.seed, variant: this.settings.variant };
    this.seriesGame = 1;
    this.compile();
  }

  /**
   * Back where the designer was (a reload, a shared link): the settings, the designer's moves
   * replayed as far as the rules allow (the same divergence, if the text still refuses one), the
   * game at `played` of them (after a rewind the later ones stay for redo), and the viewpoint.
   */
  restore(state: { moves: readonly Move[]; played: number; players: number; seed: number; variant: string | null; viewAs: Viewer; series?: SessionState['series']; bots?: string[] }): void {
    this.live?.cancel();
    if (this.compiledText !== this.text) this.compile();
    const settings = { players: state.players, seed: state.seed, variant: state.variant, ...(state.series ? { layout: state.series.layout } : {}) };
    this.settings = this.definition ? fitSettings(this.definition, settings) : settings;
    // A series goes on where it was (the layout its game started from), unless the rules no longer carry tiles over.
    this.seriesGame = this.settings.layout && state.series ? state.series.game : 1;
    this.intended.reset(state.moves, state.played);
    this.rebuild();
    this.viewAs = state.viewAs === 'referee' || state.viewAs < this.settings.players ? state.viewAs : 'referee';
    this.seatBots = fitSeatBots(seatBotsOf(state.bots), this.settings.players);
  }

  /** A person or a bot at a seat, from now on. */
  setSeatBot(seat: number, bot: SeatBot): void {
    const bots = fitSeatBots(this.seatBots, Math.max(this.settings.players, seat + 1));
    bots[seat] = bot;
    this.seatBots = bots;
  }

  /** Text from a file on disk, under its own name. */
  openText(name: string, text: string): void {
    this.store.save(name, { text, savedText: text });
    this.open(name);
  }

  /** Every keystroke: keep it, then rebuild the game if it compiles. */
  edit(text: string): void {
    if (text === this.text) return;
    this.text = text;
    this.store.save(this.fileName, { text, savedText: this.savedText });
    if (this.live && this.intended.moves.length >= workerFromMoves) this.live.changed();
    else {
      this.live?.cancel();
      this.compile();
    }
  }

  /** The designer saved or downloaded the file: the current text is now the saved one. */
  markSaved(): void {
    this.savedText = this.text;
    this.store.save(this.fileName, { text: this.text, savedText: this.savedText });
  }

  /** Diagnostics from the worker (or computed here when there is no worker). */
  setDiagnostics(forText: string, diagnostics: Diagnostic[]): void {
    if (forText !== this.text) return;
    // A text without errors on its way through the worker lists them with its game (adopt).
    if (this.live && forText !== this.compiledText && !diagnostics.some((d) => d.severity === 'error')) return;
    this.problems = toProblems(forText, diagnostics);
  }

  private compile(): void {
    const started = performance.now();
    const { definition } = this.prepare(this.text);
    if (!definition) return; // the last good game stays playable
    this.definition = definition;
    this.compiledText = this.text;
    this.rebuild();
    this.lastRebuildMs = performance.now() - started;
  }

  /** Compiles a text (once: the worker's answer for it reuses this) and lists its problems if it is the text now (and `list`). */
  private prepare(text: string, list = true): CompileResult {
    if (this.prepared?.text !== text) this.prepared = { text, result: compileRules(text) };
    if (list && text === this.text) this.problems = toProblems(text, this.prepared.result.diagnostics);
    return this.prepared.result;
  }

  /** The worker's rebuild for exactly the text, settings and moves held now: its game, on the definition compiled here. */
  private adopt(request: PlaytestRequest, answer: PlaytestAnswer, milliseconds: number): void {
    const { definition } = this.prepare(request.text);
    if (!answer.compiled || !definition) return; // the last good game stays playable
    this.definition = definition;
    this.compiledText = request.text;
    this.show(adoptRebuilt(definition, answer.rebuilt, request.moves));
    this.lastRebuildMs = milliseconds;
  }

  /** Replays the designer's moves on the current rules; the moves themselves are never changed here. */
  private rebuild(): void {
    if (!this.definition) return;
    // Every move is replayed, so the note can say where the rules stop them even past where the
    // designer stands; the game is then shown where they stand (after an undo or a rewind).
    this.show(rebuildMatch(this.definition, this.settings, this.intended.moves, this.replayEngine));
  }

  /** A rebuilt game becomes the one played (at the designer's position), with where the replay stopped. */
  private show(rebuilt: Rebuilt): void {
    this.match?.stop();
    if (!rebuilt.ok) {
      this.match = null;
      this.message = rebuilt.diagnostic.message;
      this.revision++;
      return;
    }
    this.settings = rebuilt.settings;
    if (!rebuilt.settings.layout) this.seriesGame = 1;
    this.match = rebuilt.match;
    this.intended.replayed(rebuilt.applied, rebuilt.refused);
    if (this.intended.position < rebuilt.applied) this.match.rewindTo(this.intended.position);
    this.message = rebuilt.note;
    this.revision++;
  }

  /** A new game from the start: the designer's moves are forgotten. */
  private restartGame(): void {
    this.intended.reset();
    this.rebuild();
  }

  play(move: Move): string | null {
    const result = this.match?.apply(move);
    if (!result) return 'there is no game';
    if (result.ok) this.intended.played(this.match!.moves);
    this.revision++;
    return result.ok ? null : result.diagnostic.message;
  }

  /** The designer lets go of the moves the edited rules no longer reach. */
  dropRest(): void {
    if (!this.match) return;
    this.intended.drop(this.match.moves);
    this.revision++;
  }

  /** Back to the game as it was when the log's line `index` was written; the later moves stay for redo. */
  rewindToLogLine(index: number): void {
    if (this.match?.rewindTo(this.match.movesAtLogLine(index))) {
      this.intended.moveTo(this.match.moves.length);
      this.revision++;
    }
  }

  /** Asks the editor to select and show this range of the text. */
  revealRange(start: number, end: number = start): void {
    this.reveal = { start, end, serial: (this.reveal?.serial ?? 0) + 1 };
  }

  undo(): void {
    if (!this.match?.undo()) return;
    this.intended.moveTo(this.match.moves.length);
    this.revision++;
  }

  /** Plays the next of the designer's moves again (after an undo, a rewind, or an edit that made it legal). */
  redo(): string | null {
    const next = this.match ? this.intended.next(this.match.moves.length) : null;
    if (!next || !this.match) return null;
    const result = this.match.apply(next);
    const length = this.match.moves.length;
    // Refused: the designer's next move is where the game stops, as after an edit.
    this.intended.moveTo(result.ok ? length : length + 1);
    if (!result.ok) this.intended.replayed(length, result.diagnostic.message);
    this.revision++;
    return result.ok ? null : result.diagnostic.message;
  }

  /** The game's tiles carry over to the next game (a grid declared with `carry layout`). */
  get carriesLayout(): boolean { return this.definition?.grids.some((grid) => grid.carryLayout) ?? false; }

  /**
   * The next game of a series: a new match from the tiles as they lie now, with the same players,
   * seed and variant. The layout stays in the settings, so an edit of the rules replays this game
   * on the same tiles, and Restart starts it again from them.
   */
  nextGame(): boolean {
    const next = this.match ? nextGameSettings(this.match, this.settings) : null;
    if (!next) return false;
    this.settings = next;
    this.restartGame();
    if (this.settings.layout) this.seriesGame++;
    return true;
  }

  /** Leaves the series: the next start lays the tiles out as the rules say. */
  leaveSeries(): void {
    this.settings = { players: this.settings.players, seed: this.settings.seed, variant: this.settings.variant };
    this.restartGame();
  }

  /** Starts again with these settings; a series' layout is kept unless `layout: null` is given. */
  restart(settings: Partial<PlaytestSettings> = {}): void {
    this.settings = this.definition ? fitSettings(this.definition, { ...this.settings, ...settings }) : { ...this.settings, ...settings };
    this.restartGame();
  }

  /** Checks the text without compiling, for callers without a worker. */
  static check(text: string): Diagnostic[] { return analyze(text).diagnostics; }
}
