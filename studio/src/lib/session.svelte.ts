/**
 * The studio's state: the file being edited, the last rules that compiled, and the match being
 * playtested. Components read it and call its methods; nothing else changes the game.
 */
import { analyze, LineIndex, type Diagnostic } from '../../../grammar/index.ts';
import { compileRules, type GameDefinition, type Match, type Move, type PlayerView, type Viewer } from '../../../interpreter/index.ts';
import { bundledGames, defaultGame } from './games.ts';
import { fitSettings, nextGameSettings, rebuildMatch, type PlaytestSettings } from './playtest.ts';
import { FileStore } from './storage.ts';

export interface Problem extends Diagnostic { line: number; column: number; endLine: number; endColumn: number }

export function toProblems(text: string, diagnostics: Diagnostic[]): Problem[] {
  const index = new LineIndex(text);
  return diagnostics.map((d) => {
    const start = index.position(d.range.start);
    const end = index.position(Math.max(d.range.end, d.range.start + 1));
    return { ...d, line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
  });
}

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
  /** Bumped after every change to the match (the Match object itself is mutable). */
  revision = $state(0);
  /** Moves of the previous version that the new rules no longer allow. */
  dropped = $state<Move[]>([]);
  lastRebuildMs = $state(0);
  message = $state<string | null>(null);
  /** A request to show a range of the text in the editor (from the problems list or a log citation). */
  reveal = $state<{ start: number; end: number; serial: number } | null>(null);

  readonly store: FileStore;

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

  view(viewer: Viewer = this.viewAs): PlayerView | null {
    void this.revision;
    return this.match?.view(viewer) ?? null;
  }

  /** Opens a file: the copy kept in this browser if there is one, else the bundled game. */
  open(name: string = this.store.current ?? defaultGame): void {
    const stored = this.store.load(name);
    const bundled = bundledGames.find((g) => g.name === name);
    this.fileName = name;
    this.store.current = name;
    this.text = stored?.text ?? bundled?.text ?? '';
    this.savedText = stored?.savedText ?? bundled?.text ?? '';
    this.definition = null;
    this.match = null;
    // Another file: its own game, not the next of this one's series.
    this.settings = { players: this.settings.players, seed: this.settings.seed, variant: this.settings.variant };
    this.seriesGame = 1;
    this.compile([]);
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
    this.compile(this.match?.moves ?? []);
  }

  /** The designer saved or downloaded the file: the current text is now the saved one. */
  markSaved(): void {
    this.savedText = this.text;
    this.store.save(this.fileName, { text: this.text, savedText: this.savedText });
  }

  /** Diagnostics from the worker (or computed here when there is no worker). */
  setDiagnostics(forText: string, diagnostics: Diagnostic[]): void {
    if (forText !== this.text) return;
    this.problems = toProblems(forText, diagnostics);
  }

  private compile(moves: Move[]): void {
    const started = performance.now();
    const { definition, diagnostics } = compileRules(this.text);
    this.problems = toProblems(this.text, diagnostics);
    if (!definition) return; // the last good game stays playable
    this.definition = definition;
    this.compiledText = this.text;
    this.rebuild(moves);
    this.lastRebuildMs = performance.now() - started;
  }

  private rebuild(moves: Move[]): void {
    if (!this.definition) return;
    this.match?.stop();
    const rebuilt = rebuildMatch(this.definition, this.settings, moves);
    if (!rebuilt.ok) {
      this.match = null;
      this.message = rebuilt.diagnostic.message;
      return;
    }
    this.settings = rebuilt.settings;
    if (!rebuilt.settings.layout) this.seriesGame = 1;
    this.match = rebuilt.match;
    this.dropped = rebuilt.dropped;
    const refused = rebuilt.dropped.length ? `the edited rules refuse move ${rebuilt.applied + 1}: the game goes on from move ${rebuilt.applied}` : null;
    this.message = [rebuilt.note, refused].filter((text) => text !== null).join('; ') || null;
    this.revision++;
  }

  play(move: Move): string | null {
    const result = this.match?.apply(move);
    if (!result) return 'there is no game';
    this.revision++;
    return result.ok ? null : result.diagnostic.message;
  }

  /** Asks the editor to select and show this range of the text. */
  revealRange(start: number, end: number = start): void {
    this.reveal = { start, end, serial: (this.reveal?.serial ?? 0) + 1 };
  }

  undo(): void { if (this.match?.undo()) this.revision++; }
  redo(): void { if (this.match?.redo()) this.revision++; }

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
    this.rebuild([]);
    if (this.settings.layout) this.seriesGame++;
    return true;
  }

  /** Leaves the series: the next start lays the tiles out as the rules say. */
  leaveSeries(): void {
    this.settings = { players: this.settings.players, seed: this.settings.seed, variant: this.settings.variant };
    this.rebuild([]);
  }

  /** Starts again with these settings; a series' layout is kept unless `layout: null` is given. */
  restart(settings: Partial<PlaytestSettings> = {}): void {
    this.settings = this.definition ? fitSettings(this.definition, { ...this.settings, ...settings }) : { ...this.settings, ...settings };
    this.rebuild([]);
  }

  /** Checks the text without compiling, for callers without a worker. */
  static check(text: string): Diagnostic[] { return analyze(text).diagnostics; }
}
