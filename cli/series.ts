/**
 * Saved games as the CLI reads them, and a series of games: "La disposizione dei tasselli alla
 * conclusione sarà la base di partenza per una nuova partita" — a new game starts from the tiles
 * as a saved game left them. The save holds moves, not tiles, so its moves are replayed on the
 * rules and the tiles read from the end of that replay; the rules must say which grids carry
 * over (`carry layout`).
 */
import { Match, type GameDefinition, type Layout, type SavedGame } from '../interpreter/index.ts';

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

/** A saved game from the text of its file, or why the text is not one. */
export function parseSave(text: string, file: string): Read<SavedGame> {
  let saved: SavedGame;
  try {
    saved = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `${file} is not valid JSON: ${(error as Error).message}` };
  }
  if (saved?.format !== 'regola-save/1' || !Array.isArray(saved.moves)) return { ok: false, message: `${file} is not a Regola saved game (format regola-save/1)` };
  if (saved.layout !== undefined && !isLayout(saved.layout)) return { ok: false, message: `${file} has a 'layout' that is not two lists of whole numbers (tileKinds, tileTurns)` };
  return { ok: true, value: saved };
}

function isLayout(value: unknown): value is Layout {
  const numbers = (list: unknown) => Array.isArray(list) && list.every((n) => Number.isSafeInteger(n) && n >= 0);
  const layout = value as Layout;
  return typeof value === 'object' && value !== null && numbers(layout.tileKinds) && numbers(layout.tileTurns) && layout.tileKinds.length === layout.tileTurns.length;
}

/**
 * Why a saved layout does not fit these rules' grids, or null. The engine takes a layout as it is
 * (a tile of a kind that does not exist gets no colours, a layout of another size is ignored and
 * the tiles laid out at random), so a save's layout is checked here before a game starts from it.
 */
export function layoutProblem(definition: GameDefinition, layout: Layout): string | null {
  if (layout.tileKinds.length !== definition.totalTiles) return `its layout has ${layout.tileKinds.length} tile${layout.tileKinds.length === 1 ? '' : 's'}, but the rules' grids have ${definition.totalTiles}`;
  for (const grid of definition.grids) {
    for (let t = grid.tileBase; t < grid.tileBase + grid.tileRows * grid.tileColumns; t++) {
      if (layout.tileKinds[t] >= Math.max(1, grid.kinds.length)) return `its layout puts a tile of kind ${layout.tileKinds[t]} on '${grid.name}', which has ${grid.kinds.length} kinds of tile`;
      if (layout.tileTurns[t] > 3) return `its layout turns a tile of '${grid.name}' ${layout.tileTurns[t]} quarter turns (0 to 3)`;
    }
  }
  return null;
}

export interface Continued {
  layout: Layout;
  /** The saved game, for the players and variant the new game keeps unless told otherwise. */
  saved: SavedGame;
  movesReplayed: number;
  finished: boolean;
}

/**
 * The tiles a saved game ended with, found by replaying it on these rules; refused when the rules
 * carry no layout, the save is of another game, or its moves no longer replay to the same end.
 */
export function continueFrom(definition: GameDefinition, saved: SavedGame, file: string): Read<Continued> {
  if (!definition.grids.some((grid) => grid.carryLayout)) {
    const what = definition.grids.length ? `none of its grids says 'carry layout'` : 'it has no grid';
    return { ok: false, message: `${definition.title} does not carry its tiles into a new game (${what}), so --continue has nothing to take from ${file}` };
  }
  if (saved.title !== definition.title) return { ok: false, message: `${file} is a saved game of '${saved.title}', not of '${definition.title}'` };
  const problem = saved.layout && layoutProblem(definition, saved.layout);
  if (problem) return { ok: false, message: `${file} cannot be replayed on these rules: ${problem}` };
  const restored = Match.restore(definition, saved);
  if (!restored.ok) return { ok: false, message: `${file} cannot be replayed on these rules: ${restored.diagnostic.message}` };
  const match = restored.match;
  try {
    // A replay that ends elsewhere than the saved game did would give other tiles than it left.
    if (!restored.hashMatches) return { ok: false, message: `${file} replays to a different end on these rules (state hash ${match.hash()}, saved ${saved.stateHash}): the rules changed since it was saved` };
    const layout = match.layout();
    if (!layout) return { ok: false, message: `${file} left no tiles to continue from` };
    return { ok: true, value: { layout, saved, movesReplayed: saved.moves.length, finished: match.outcome !== null } };
  } finally {
    match.stop();
  }
}
