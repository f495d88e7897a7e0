/**
 * What the playtest pane shows, derived from the engine's view as plain data so it can be tested
 * without a browser. Nothing here decides what a viewer may see: `PlayerView` already hides it
 * (others' secret roles, private log lines, another player's choices), and every view model only
 * reads that view — the legal moves are asked of the match only when the view itself shows the
 * viewer the choices. Each panel has its view model in a module of its own; this one puts them
 * together into the table the pane draws.
 */
import type { GameDefinition, PlayerView } from '../../../interpreter/index.ts';
import { choicePanel, openMoveGroups, type ChoicePanel, type MatchLike, type OpenMoveGroup } from './choices-view-model.ts';
import { teamStyles, type TeamStyles } from './colours.ts';
import { gridPalette, type CellPalette } from './grid-colours.ts';
import { gridTable, type GridTable } from './grid-view-model.ts';
import { logGroups, type LogGroup } from './log-view-model.ts';
import { mapBoard, mapShapes, type MapBoard, type MapShape } from './map-view-model.ts';
import { outcomeBanner, type OutcomeBanner } from './notes-view-model.ts';
import { cardFaces, sharedPiles, type CardFaces, type PileRow } from './piles-view-model.ts';
import { playerCards } from './players-view-model.ts';
import { symbolPalette, type Palette } from './symbols.ts';
import { diceGroups, globalRows, headline, reserveChips, zoneCards, type DieChip, type Headline, type ReserveChip } from './table-view-model.ts';
import { internalNames, lookedFaces, lookedPalette, lookedTeams, splitInternal, type SplitTable } from './table-looks.ts';
import { teamCards } from './teams-view-model.ts';

export * from './auto-play.ts';
export * from './choices-view-model.ts';
export * from './colours.ts';
export * from './log-view-model.ts';
export * from './notes-view-model.ts';
export * from './piles-view-model.ts';
export * from './players-view-model.ts';
export * from './symbols.ts';
export * from './table-view-model.ts';
export * from './teams-view-model.ts';
export * from './toolbar-view-model.ts';

/** What follows the definition, not the moves: the rules' own looks over the defaults, the maps' layouts, the grids' cell colours. */
export interface TableLooks {
  palette: Palette;
  teams: TeamStyles;
  faces: CardFaces;
  /** The variables the rules mark `internal`: off the table, in the referee's fold. */
  internal: Set<string>;
  shapes: MapShape[];
  cellColours: CellPalette;
}

export function tableLooks(definition: GameDefinition): TableLooks {
  return {
    palette: lookedPalette(symbolPalette(definition), definition),
    teams: lookedTeams(teamStyles(definition), definition),
    faces: lookedFaces(cardFaces(definition), definition),
    internal: internalNames(definition),
    shapes: mapShapes(definition),
    cellColours: gridPalette(definition),
  };
}

/** Every panel of the table as the viewer of `view` sees it; the log keeps its last `logLimit` lines. */
export interface PlaytestTable extends SplitTable {
  headline: Headline;
  outcome: OutcomeBanner | null;
  piles: PileRow[];
  maps: MapBoard[];
  grids: GridTable | null;
  dice: { pool: string; dice: DieChip[] }[];
  reserve: ReserveChip[];
  choice: ChoicePanel;
  openMoves: OpenMoveGroup[];
  log: { groups: LogGroup[]; earlier: number; total: number };
}

export function playtestTable(view: PlayerView, match: MatchLike, looks: TableLooks, logLimit: number): PlaytestTable {
  const { palette, teams, faces } = looks;
  const choice = choicePanel(view, match, palette, faces);
  const split = splitInternal({
    players: playerCards(view, palette, teams, faces), teams: teamCards(view, teams, faces), zones: zoneCards(view, palette), globals: globalRows(view),
  }, looks.internal, view.viewer === 'referee');
  return {
    headline: headline(view),
    outcome: outcomeBanner(view),
    players: split.players,
    teams: split.teams,
    piles: sharedPiles(view, faces),
    zones: split.zones,
    maps: looks.shapes.map((shape) => mapBoard(shape, view, choice)),
    grids: gridTable(view, choice, looks.cellColours),
    dice: diceGroups(view, palette),
    reserve: reserveChips(view, palette),
    globals: split.globals,
    details: split.details,
    choice,
    openMoves: openMoveGroups(view),
    log: logGroups(view, logLimit),
  };
}
