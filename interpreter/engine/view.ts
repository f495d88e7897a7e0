/**
 * The game as one player sees it. Hidden information is removed here, by the engine, so no
 * interface can leak it: secret roles of others, private log entries, the random generator,
 * and the choices in front of another player.
 */
import { incompleteReason, runningTotal } from '../runtime/selection.ts';
import { dieOwner, faceSeen } from '../runtime/hidden-dice.ts';
import { formatValue } from '../runtime/format-value.ts';
import { pendingOf, waitingPlayers } from '../runtime/simultaneous.ts';
import { statusesOf } from '../runtime/any-time.ts';
import { cellLabel, cellPosition, gridOfCell, pieceLabel, tileLabel } from '../runtime/grids.ts';
import { applyMoveInPlace, cloneState } from './engine.ts';
import { playerName, type GameDefinition, type GameState, type Outcome, type Value, type ValueKind } from '../program/program.ts';

export type Viewer = number | 'referee';

/**
 * A pile as one viewer sees it: how many cards, and the name of each card they may see (top first).
 * `backs`: each card's set (`cards Distopia …`), which its back shows to everybody, seen or not.
 */
export interface PileView {
  name: string; visibility: 'public' | 'hidden' | 'secret'; count: number; cards: (string | null)[]; backs?: string[];
  /** `sorted by`: the cards the viewer sees come in the declared order (then the others, as they lie), not top first. */
  sorted?: true;
  /** A shared pile in a game that reads `c.player`: who played each card the viewer sees (a trick), else null. */
  playedBy?: (string | null)[];
}

export interface PlayerView {
  viewer: Viewer;
  title: string;
  turn: number;
  round: number;
  /**
   * The turn limit, when the rules make it part of play (`at turn limit`, or drawn at the start
   * with `to`); null otherwise — a bare `turn limit` is a safety bound — or while it is `hidden`.
   */
  turnLimit: number | null;
  phase: string;
  current: string | null;
  players: {
    name: string; seat: number; active: boolean; isCurrent: boolean;
    tokens: { token: string; count: number }[];
    variables: { name: string; value: Value }[];
    /** null when the viewer may not see it. */
    role: string | null;
    /** 'referee': a secret role the referee sees while the game is on (the players do not). */
    roleVisibility: 'own' | 'public' | 'hidden' | 'revealed' | 'referee' | 'none';
    team: string | null;
    /** The player's own piles (a hand): every card, its name null when the viewer may not see it. */
    piles: PileView[];
    /** The statuses the player holds now (thresholds of a token). */
    statuses: string[];
  }[];
  /** Moves open at any time to the viewer now (to every player, for the referee). */
  openMoves: { player: string; seat: number; label: string }[];
  /** `piles`: the team's own piles (`team pile`), each seen as its visibility says. */
  teams: { name: string; members: string[]; variables: { name: string; value: Value }[]; piles: PileView[] }[];
  /** The shared piles (decks, discards, the table). */
  piles: PileView[];
  /** Places on the table: the tokens on each, its variables and its properties. */
  zones: { name: string; tokens: { token: string; count: number }[]; variables: { name: string; value: Value }[]; properties: { name: string; value: Value }[] }[];
  reserve: { token: string; count: number | null }[];
  /**
   * Every die: `face` null for another player's die under the cup (`player dice … hidden`) until
   * revealed; `owner` the player whose die it is, for a player's set (`number` counts from 1 in each).
   */
  dice: { pool: string; number: number; face: string | null; marks: string[]; owner?: string }[];
  variables: { name: string; value: Value }[];
  options: { name: string; value: Value }[];
  roleDeck: number;
  /** `need`: how many a selection takes; `at`: where the choice is written in the rules. */
  /** `ofCards`: the choices are cards (drawn as cards), not places, players or options that share a card's name. */
  pending: { player: string; seat: number; prompt: string; kind: string; choices: string[] | null; picked: string[]; need: number; at: number; ofCards: boolean; selection?: SelectionView } | null;
  /** Everyone with an open choice: one player, or several in a simultaneous block. */
  waiting: string[];
  log: { turn: number; player: string | null; kind: string; text: string; cite: string | null; at: number }[];
  outcome: (Outcome & { winnerNames: string[] }) | null;
  /** Grids and pieces (public: everybody sees the board), or null in a game without them. */
  board: BoardView | null;
}

/**
 * A selection under a condition, for its chooser: `total` the running total of a `sum of … by …`
 * condition (with `target`, e.g. "<= 7"), and `reason` why it cannot be confirmed yet (null: it can).
 */
export interface SelectionView { min: number; max: number; total: number | null; target: string | null; reason: string | null }

/** A grid as drawn: cells row by row from the top-left, tiles likewise; sizes in cells. */
export interface GridView {
  name: string; rows: number; columns: number; tileRows: number; tileColumns: number; tileHeight: number; tileWidth: number;
  cells: { label: string; colour: string | null }[];
  tiles: { label: string; kind: string | null; fixed: boolean; turns: number }[];
}
export interface PieceView {
  label: string; kind: string; owner: string; seat: number; captured: boolean;
  /** Where it stands (row and column from 1), or null off the board. */
  at: { grid: string; cell: string; row: number; column: number } | null;
  variables: { name: string; value: Value }[];
}
export interface BoardView { grids: GridView[]; pieces: PieceView[] }

function boardView(definition: GameDefinition, state: GameState): BoardView | null {
  const board = state.board;
  if (!board) return null;
  return {
    grids: definition.grids.map((grid) => ({
      name: grid.name, rows: grid.rows, columns: grid.columns, tileRows: grid.tileRows, tileColumns: grid.tileColumns,
      tileHeight: grid.tileHeight, tileWidth: grid.tileWidth,
      cells: Array.from({ length: grid.rows * grid.columns }, (_, i) => ({ label: cellLabel(definition, grid.cellBase + i), colour: board.colours[grid.cellBase + i] })),
      tiles: Array.from({ length: grid.tileRows * grid.tileColumns }, (_, i) => {
        const kind = grid.kinds[board.tileKinds[grid.tileBase + i]];
        return { label: tileLabel(definition, grid.tileBase + i), kind: kind?.name ?? null, fixed: kind?.fixed ?? false, turns: board.tileTurns[grid.tileBase + i] };
      }),
    })),
    pieces: board.pieces.map((piece, i) => {
      const grid = piece.cell >= 0 ? gridOfCell(definition, piece.cell) : null;
      const position = grid ? cellPosition(grid, piece.cell) : null;
      return {
        label: pieceLabel(definition, state, i), kind: definition.pieceKinds[piece.kind].name, owner: playerName(piece.owner), seat: piece.owner, captured: piece.captured,
        at: grid && position ? { grid: grid.name, cell: cellLabel(definition, piece.cell), row: position.row + 1, column: position.column + 1 } : null,
        variables: definition.pieceVars.map((v, k) => ({ name: v.name, value: shown(definition, state, v.kind, piece.vars[k]) })),
      };
    }),
  };
}

/**
 * What `viewer` sees. Inside a simultaneous block (of a logged game) a player sees the game as it
 * was before the first answer, with their own answers and the moves taken at any time played on
 * it, and nothing else: no pile, count, variable or log line tells them another player's answer.
 * Only `waiting` is the live one: that a player has answered is seen at the table, not what.
 */
export function viewFor(definition: GameDefinition, state: GameState, viewer: Viewer): PlayerView {
  const block = state.simultaneous ?? state.interrupted?.simultaneous;
  if (!block?.opening || viewer === 'referee') return viewOf(definition, state, viewer);
  const seen = cloneState(block.opening);
  const replayed = seen.simultaneous ?? seen.interrupted!.simultaneous!;
  replayed.opening = block.opening;
  for (const answer of block.answers) if (answer.public || answer.move.player === viewer) applyMoveInPlace(definition, seen, answer.move);
  return { ...viewOf(definition, seen, viewer), waiting: state.outcome ? [] : waitingPlayers(state).map(playerName) };
}

function viewOf(definition: GameDefinition, state: GameState, viewer: Viewer): PlayerView {
  const sees = (player: number) => viewer === 'referee' || viewer === player;
  const over = state.outcome !== null;
  const block = state.simultaneous;
  const players = state.players.map((player, seat) => {
    const visibility = definition.roles.find((r) => r.name === player.role)?.visibility ?? 'secret';
    const roleVisibility = player.role === null ? 'none' as const
      : sees(seat) ? (viewer !== 'referee' ? 'own' as const : visibility === 'public' ? 'public' as const : over ? 'revealed' as const : 'referee' as const)
        : visibility === 'public' ? 'public' as const : over ? 'revealed' as const : 'hidden' as const;
    return {
      name: playerName(seat), seat, active: player.active, isCurrent: seat === state.current,
      tokens: definition.tokens.map((token, i) => ({ token, count: player.tokens[i] })),
      // A secret player variable is its player's (and the referee's) until the game is over.
      variables: definition.playerVars.flatMap((v, i) => (v.secret && !sees(seat) && !over ? [] : [{ name: v.name, value: shown(definition, state, v.kind, player.vars[i]) }])),
      role: roleVisibility === 'hidden' ? null : player.role,
      roleVisibility,
      team: player.team === null ? null : definition.teams[player.team].name,
      piles: definition.piles.flatMap((pile, i) => (pile.perPlayer ? [pileView(definition, state, viewer, i, state.pileBase[i] + seat, seat)] : [])),
      statuses: statusesOf(definition, player.tokens),
    };
  });
  // A waiting viewer sees their own choice; everybody else sees the running one, without its choices.
  const own = typeof viewer === 'number' ? pendingOf(state, viewer) : null;
  const pending = own ?? state.pending;
  return {
    viewer,
    title: definition.title,
    turn: state.turn,
    round: state.round,
    turnLimit: (definition.limitProgram >= 0 || state.turnLimit !== undefined) && (!definition.turnLimitHidden || viewer === 'referee' || state.outcome !== null)
      ? state.turnLimit ?? definition.turnLimit : null,
    phase: state.phase,
    current: state.current >= 0 ? playerName(state.current) : null,
    players,
    reserve: definition.tokens.map((token, i) => ({ token, count: state.reserve[i] })),
    dice: definition.pools.flatMap((pool) => Array.from({ length: pool.perSeat ? pool.perSeat * state.players.length : pool.count }, (_, k) => {
      const die = state.dice[pool.first + k];
      const marks = definition.marks.filter((_, bit) => (die.marks & (1 << bit)) !== 0);
      if (!pool.perSeat) return { pool: pool.name, number: k + 1, face: die.face, marks };
      const face = faceSeen(definition, state, pool.first + k, viewer) ? die.face : null;
      return { pool: pool.name, number: (k % pool.perSeat) + 1, face, marks, owner: playerName(dieOwner(pool, pool.first + k)) };
    })),
    // A hidden variable (a time limit the players are not told) is the referee's until the game ends.
    variables: definition.globals.flatMap((g, i) => (g.hidden && viewer !== 'referee' && !over ? [] : [{ name: g.name, value: shown(definition, state, g.kind, state.globals[i]) }])),
    options: definition.options.map((o, i) => ({ name: o.name, value: state.options[i] })),
    roleDeck: state.roleDeck.length,
    teams: definition.teams.map((team, t) => ({
      name: team.name,
      members: state.players.flatMap((p, seat) => (p.team === t ? [playerName(seat)] : [])),
      variables: definition.teamVars.map((v, i) => ({ name: v.name, value: shown(definition, state, v.kind, state.teamVars[t][i]) })),
      piles: definition.piles.flatMap((pile, i) => (pile.perTeam ? [pileView(definition, state, viewer, i, state.pileBase[i] + t, null, t)] : [])),
    })),
    piles: definition.piles.flatMap((pile, i) => (pile.perPlayer || pile.perTeam ? [] : [pileView(definition, state, viewer, i, state.pileBase[i], null)])),
    zones: definition.zones.map((zone, z) => ({
      name: zone.name,
      tokens: definition.tokens.map((token, t) => ({ token, count: state.zones[z].tokens[t] })),
      variables: definition.zoneVars.map((v, i) => ({ name: v.name, value: shown(definition, state, v.kind, state.zones[z].vars[i]) })),
      properties: definition.zoneProperties.map((name, i) => ({ name, value: zone.properties[i] })),
    })),
    pending: pending && {
      player: playerName(pending.player), seat: pending.player,
      // Another player's question in a simultaneous block may quote their earlier answer ("… di {o}?").
      prompt: block && viewer !== 'referee' && viewer !== pending.player ? 'their own answers, shown once every player has answered' : pending.prompt, kind: pending.kind, at: pending.at,
      need: pending.kind === 'pick' ? pending.need : pending.kind === 'select' ? pending.max : 1,
      ofCards: pending.kind !== 'option' && pending.valueKind === 'card',
      choices: sees(pending.player) ? pending.labels : null,
      picked: (pending.kind === 'pick' || pending.kind === 'select') && sees(pending.player) ? pending.picked.map((i) => pending.labels[i]) : [],
      ...(pending.kind === 'select' && sees(pending.player) ? { selection: {
        min: pending.min, max: pending.max, total: runningTotal(pending), reason: incompleteReason(pending),
        target: pending.total && `${pending.total.operator} ${pending.total.target}`,
      } } : {}),
    },
    waiting: state.outcome ? [] : waitingPlayers(state).map(playerName),
    openMoves: (state.openMoves ?? []).filter((m) => viewer === 'referee' || m.player === viewer).map((m) => ({ player: playerName(m.player), seat: m.player, label: m.label })),
    log: state.log.map((entry) => ({
      turn: entry.turn,
      player: entry.player === null || entry.player < 0 ? null : playerName(entry.player),
      kind: entry.kind,
      // A line sealed for another player is left out of a block's replayed view (viewFor); here it
      // reaches only a quiet copy's reader, so it says no more than that they answered.
      text: entry.sealedFor !== undefined && !over && viewer !== 'referee' && viewer !== entry.sealedFor
        ? `${playerName(entry.sealedFor)} answers (shown once every player has answered)`
        : entry.publicText === undefined || over || viewer === 'referee' ? entry.text
          : entry.team !== undefined ? (state.players[viewer].team === entry.team ? entry.text : entry.publicText)
            : entry.hiddenFromAll || !(entry.player !== null && sees(entry.player)) ? entry.publicText : entry.text,
      cite: entry.cite >= 0 ? definition.citations[entry.cite] : null,
      at: entry.at,
    })),
    outcome: state.outcome && { ...state.outcome, winnerNames: state.outcome.winners.map(playerName) },
    board: boardView(definition, state),
  };
}

/**
 * Which cards of a pile the viewer may see: public piles and revealed cards to all, a hand to its
 * owner, a team's secret pile to the team's members, a face-down card to whoever placed it, a card
 * shown to some players (`reveal c to p`) to them.
 */
function pileView(definition: GameDefinition, state: GameState, viewer: Viewer, index: number, slot: number, owner: number | null, team: number | null = null): PileView {
  const pile = definition.piles[index];
  const visible = (card: number) => cardVisible(state, viewer, pile.visibility, owner, team, card);
  const held = pile.sortRank ? sortedForView(state.piles[slot], visible, pile.sortRank) : state.piles[slot];
  const cards = held.map((card) => (visible(card) ? definition.cards[card].name : null));
  return {
    name: pile.name, visibility: pile.visibility, count: cards.length, cards, backs: held.map((card) => definition.cards[card].set),
    ...(pile.sortRank ? { sorted: true as const } : {}),
    ...(state.playedBy && owner === null && team === null
      ? { playedBy: held.map((card) => (visible(card) && state.playedBy![card] >= 0 ? playerName(state.playedBy![card]) : null)) } : {}),
  };
}

/**
 * `sorted by`: the cards the viewer sees in the declared order, then those they do not, as they
 * lie. Only seen cards are ordered: where a hidden card would sort must not show.
 */
function sortedForView(pile: number[], visible: (card: number) => boolean, rank: number[]): number[] {
  const seen = pile.filter(visible).sort((a, b) => rank[a] - rank[b]);
  return seen.length === pile.length ? seen : [...seen, ...pile.filter((card) => !visible(card))];
}

/**
 * Whether `viewer` may see `card`, lying on a pile of this visibility owned by `owner` (a player),
 * `team`, or nobody. The one rule for what a view shows and what a search bot may not assume.
 */
export function cardVisible(state: GameState, viewer: Viewer, visibility: 'public' | 'hidden' | 'secret', owner: number | null, team: number | null, card: number): boolean {
  const ownViewer = owner !== null ? owner === viewer : team !== null && viewer !== 'referee' && state.players[viewer]?.team === team;
  // A public pile shows its cards, except those put on it face down until they are revealed.
  return viewer === 'referee' || state.revealed[card] || (visibility === 'public' && state.placedBy[card] < 0)
    || (visibility === 'secret' && ownViewer) || state.placedBy[card] === viewer || state.shownTo?.[card].includes(viewer) === true;
}

/** Players and dice are numbers inside the engine; show them by name. */
function shown(definition: GameDefinition, state: GameState, kind: ValueKind, value: Value): Value {
  if (value === null) return null;
  return kind === 'player' || kind === 'die' || kind === 'team' || kind === 'card' || kind === 'zone' || kind === 'region' || kind === 'cell' || kind === 'tile' || kind === 'piece'
    ? formatValue(definition, state, kind, value) : value;
}
