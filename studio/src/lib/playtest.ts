/**
 * The edit-and-play loop, as plain functions (tested without a browser): rebuild the match from
 * new rules with the same seed and replay the moves as far as they are still legal.
 */
import type { Diagnostic } from '../../../grammar/index.ts';
import { compileRules, fitPlayerCount, Match, type GameDefinition, type Layout, type Move, type PlainMatch } from '../../../interpreter/index.ts';
import { withGeneratedCode } from '../../../interpreter/index.ts';

/** What replays the designer's moves after an edit: the stepper (the default, docs/architecture.md says why), or generated code (`?replay=generated`, for bench/studio.ts). */
export type ReplayEngine = 'stepper' | 'generated';

/**
 * `layout`: the tiles a game of a series starts from (the last game's, for a grid declared with
 * `carry layout`); absent or null, the rules lay them out.
 */
export interface PlaytestSettings { players: number; seed: number; variant: string | null; layout?: Layout | null }

/** `refused`: why the rules refuse move `applied + 1` of the list, when they do. */
export type Rebuilt =
  | { ok: true; match: Match; applied: number; dropped: Move[]; refused: string | null; settings: PlaytestSettings; note: string | null }
  | { ok: false; diagnostic: Diagnostic };

/** The game's tiles carry over from one game to the next (`carry layout`). */
export function carriesLayout(definition: Pick<GameDefinition, 'grids'>): boolean {
  return definition.grids.some((grid) => grid.carryLayout);
}

/** Settings the game accepts: the player count clamped to its range, an unknown variant dropped, a layout only where tiles carry over. */
export function fitSettings(definition: GameDefinition, settings: PlaytestSettings): PlaytestSettings {
  const players = fitPlayerCount(definition, settings.players);
  const variant = settings.variant !== null && definition.variants.has(settings.variant) ? settings.variant : null;
  const layout = settings.layout && carriesLayout(definition) ? settings.layout : null;
  return { players, seed: settings.seed, variant, ...(layout ? { layout } : {}) };
}

/**
 * The settings of the next game of a series: the same players, seed and variant, starting from
 * the tiles as they lie now in `match`; null when the game's tiles do not carry over.
 */
export function nextGameSettings(match: Pick<Match, 'layout'>, settings: PlaytestSettings): PlaytestSettings | null {
  const layout = match.layout();
  return layout ? { ...settings, layout: { tileKinds: layout.tileKinds.slice(), tileTurns: layout.tileTurns.slice() } } : null;
}

/**
 * Starts the game again with the same seed (and the series' layout, if any) and replays `moves`
 * (on the engine's fast path) until one is no longer legal; the rest are returned as `dropped`,
 * with the reason, so the studio can say where the game stops. A layout the edited rules no longer
 * fit is dropped, and `note` says so.
 */
export function rebuildMatch(definition: GameDefinition, settings: PlaytestSettings, moves: readonly Move[], engine: ReplayEngine = 'stepper'): Rebuilt {
  if (engine === 'generated') definition = withGeneratedCode(definition);
  let fitted = fitSettings(definition, settings);
  let note: string | null = null;
  let replayed = Match.replay(definition, { players: fitted.players, seed: fitted.seed, variant: fitted.variant, ...(fitted.layout ? { layout: fitted.layout } : {}) }, moves);
  if (!replayed.ok && fitted.layout) {
    note = `the last game's tiles no longer fit these rules (${replayed.diagnostic.message}): the game starts from the rules' own layout`;
    fitted = { players: fitted.players, seed: fitted.seed, variant: fitted.variant };
    replayed = Match.replay(definition, { players: fitted.players, seed: fitted.seed, variant: fitted.variant }, moves);
  }
  if (!replayed.ok) return replayed;
  const { match, applied, refused } = replayed;
  return { ok: true, match, applied, dropped: moves.slice(applied), refused: refused?.message ?? null, settings: fitted, note };
}

/**
 * A keystroke's rebuild, asked of the worker: the text, the settings, the designer's moves, and
 * how many of them the designer stands after (fewer than all after an undo or a rewind).
 */
export interface PlaytestRequest { text: string; settings: PlaytestSettings; moves: Move[]; position: number }

/** A rebuild as plain data (what crosses to the main thread): the match stands where the designer does. */
export type PlainRebuilt =
  | { ok: true; match: PlainMatch; applied: number; refused: string | null; settings: PlaytestSettings; note: string | null }
  | { ok: false; diagnostic: Diagnostic };

/** The worker's answer: the text's diagnostics and, when it compiles, the replayed game. */
export type PlaytestAnswer =
  | { compiled: false; diagnostics: Diagnostic[] }
  | { compiled: true; diagnostics: Diagnostic[]; rebuilt: PlainRebuilt };

/**
 * Compiles the text and replays the moves (in the worker): the same `rebuildMatch` as on the main
 * thread, then the game taken back to where the designer stands, as plain data.
 */
export function answerPlaytest(request: PlaytestRequest): PlaytestAnswer {
  const { definition, diagnostics } = compileRules(request.text);
  if (!definition) return { compiled: false, diagnostics };
  const rebuilt = rebuildMatch(definition, request.settings, request.moves);
  if (!rebuilt.ok) return { compiled: true, diagnostics, rebuilt };
  const { match, applied, refused, settings, note } = rebuilt;
  if (request.position < applied) match.rewindTo(request.position);
  match.stop();
  return { compiled: true, diagnostics, rebuilt: { ok: true, match: match.toPlain(), applied, refused, settings, note } };
}

/**
 * The worker's rebuild as a match on the main thread's definition, compiled from the same text
 * (nothing is replayed here). `moves`: the list the worker replayed.
 */
export function adoptRebuilt(definition: GameDefinition, rebuilt: PlainRebuilt, moves: readonly Move[]): Rebuilt {
  if (!rebuilt.ok) return rebuilt;
  const { applied, refused, settings, note } = rebuilt;
  return { ok: true, match: Match.fromPlain(definition, rebuilt.match), applied, dropped: moves.slice(applied), refused, settings, note };
}
