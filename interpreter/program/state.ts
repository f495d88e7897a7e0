/**
 * The plain-data state a match evolves, and the moves that evolve it: JSON as it is, for
 * snapshots, undo, saves and hashes. The compiled game that runs over it is in program.ts.
 */

/** A runtime value. Players and dice are small integers (their seat / die index): the checker keeps kinds apart. */
export type Value = number | boolean | string | null | Value[];

/** Static kinds the engine needs at run time (to label choices and print values). */
export type ValueKind = 'number' | 'bool' | 'string' | 'player' | 'symbol' | 'die' | 'role' | 'team' | 'card' | 'zone' | 'region' | 'cell' | 'tile' | 'piece' | 'none' | 'unknown';

export interface Frame {
  /** Index of the program in `GameDefinition.programs`. */
  program: number;
  pc: number;
  locals: Value[];
}

export type Evaluate = (state: GameState, frame: Frame) => Value;

export interface PlayerState {
  tokens: number[];
  vars: Value[];
  role: string | null;
  active: boolean;
  /** Index of the player's team, or null in a game without teams. */
  team: number | null;
}

export interface DieState { face: string; marks: number }

export interface LogEntry {
  /** Turn number (0 during setup). */
  turn: number;
  player: number | null;
  kind: string;
  text: string;
  /** What the other players see when the entry is private to `player` (a dealt role). */
  publicText?: string;
  /** Even `player` sees only `publicText` (cards put face down on a hidden pile by someone else). */
  hiddenFromAll?: boolean;
  /** Index into `GameDefinition.citations`, or -1. */
  cite: number;
  /** Source offset of the statement behind the entry. */
  at: number;
  /** The members of this team (and the referee) read `text`, the others `publicText` (cards into a team's secret pile). */
  team?: number;
  /** Written while a simultaneous block was open: only this player (and the referee) read it until the block closes. */
  sealedFor?: number;
}

export type Pending =
  | { kind: 'option'; player: number; prompt: string; labels: string[]; targets: number[]; cite: number; at: number }
  | { kind: 'value'; player: number; prompt: string; labels: string[]; values: Value[]; valueKind: ValueKind; slot: number; cite: number; at: number }
  | { kind: 'pick'; player: number; prompt: string; labels: string[]; values: Value[]; valueKind: ValueKind; slot: number; need: number; picked: number[]; cite: number; at: number }
  | SelectPending;

/**
 * A selection under a condition being made (selection.ts): `selections` are every valid one, each
 * a sorted list of indices into `values`, found once when the choice opens; what can be picked,
 * confirmed, or chosen by a bot is read off them. `total`: a running total for a `sum of … by …` condition.
 */
export interface SelectPending {
  kind: 'select'; player: number; prompt: string; labels: string[]; values: Value[]; valueKind: ValueKind; slot: number;
  picked: number[]; min: number; max: number; selections: number[][]; variable: string; condition: string | null;
  total: { scores: number[]; operator: string; target: number } | null; cite: number; at: number;
}

export interface Outcome {
  kind: 'win' | 'draw' | 'aborted';
  winners: number[];
  reason: string;
  cite: number;
  /** `win team T`: the team's name (its members are the winners). */
  team?: string;
  /** `detail "…"`: what varies from game to game; the simulation groups endings by reason only. */
  detail?: string;
}

/** One player's part of a simultaneous block: their own stack of frames, and their open choice. */
export interface Thread { player: number; stack: Frame[]; pending: Pending | null; done: boolean }

/**
 * An open `simultaneously` block. The running thread's stack and choice live in `state.stack` and
 * `state.pending`; the others are parked here. `main` is the stack that goes on once all are done.
 */
export interface SimultaneousBlock {
  threads: Thread[];
  running: number;
  main: Frame[];
  /**
   * The game just before the block's first answer, every player at their first choice (a logged
   * game only): what each player's view is replayed from, with their own answers (engine/view.ts).
   * Shared by copies and never changed.
   */
  opening?: GameState;
  /** The moves made in the block since (a logged game only); `public`: a move open at any time, or a choice inside one, which everybody sees. */
  answers: { move: Move; public: boolean }[];
  /** Cards put down face up during the block: face down until it closes. */
  cards: number[];
  /** The log's length when the block opened: the lines after it are sealed until it closes. */
  logStart: number;
}

/** A piece: whose it is, the cell it stands on (-1 off the board), whether it was captured, its variables. */
export interface PieceState { kind: number; owner: number; cell: number; captured: boolean; vars: Value[] }

/**
 * Every grid's tiles (kind and quarter turns clockwise, by global tile number), the colour each
 * cell shows now (by global cell number), and the pieces. Only games with a grid or pieces have it.
 * Copies of a state share these lists and the records of pieces without variables: a change
 * makes a new list or record (grids.ts rotateTile, replacePiece), never changes one in place.
 */
export interface BoardState { tileKinds: number[]; tileTurns: number[]; colours: (string | null)[]; pieces: PieceState[] }

export interface RunError { code: string; message: string; at: number }

/** The engine's scratch as the rest of the interpreter sees it: opaque. runtime/scratch.ts owns it. */
export type StateScratch = object;

/**
 * The key of a state's scratch: a symbol, so that the scratch stays out of the state's JSON
 * (stateHash, saves), of its keys and of structured clones (workers), while copies by spread
 * carry it.
 */
export const scratchKey: unique symbol = Symbol('scratch');

/** Everything about a match in progress, as plain JSON: snapshots, undo, save and hashes use it as is. */
export interface GameState {
  seats: number;
  seed: number;
  variant: string | null;
  /** Batch mode: nothing is logged and choices carry no labels (bots need neither). */
  quiet: boolean;
  /** A choice with one candidate waits for it to be chosen, instead of being made at once (analysis; absent when off). */
  stopAtForced?: true;
  rng: number;
  options: Value[];
  globals: Value[];
  players: PlayerState[];
  reserve: (number | null)[];
  dice: DieState[];
  roleDeck: string[];
  teamVars: Value[][];
  /** Tokens on each zone and its variables (a zone is the value -(index+1) in the rules). */
  zones: { tokens: number[]; vars: Value[] }[];
  /** Every pile's cards, top first; a player pile has one slot per seat, from `pileBase`. */
  piles: number[][];
  pileBase: number[];
  /** Per card: shown to everybody (on a public pile, or revealed). */
  revealed: boolean[];
  /** Per card: the player who placed it face down (they still see it), or -1. */
  placedBy: number[];
  /**
   * Per card: the players it was shown to (`reveal c to p`), until it moves. Made at the first
   * such reveal (a state of a game that shows none has no such key: its saves keep their hashes);
   * each list is replaced, never changed, so copies share them.
   */
  shownTo?: number[][];
  /**
   * Per card: the player from whose own pile it was last moved into a shared pile (a card played
   * into a trick), or -1 (`c.player`). Kept only by the rules that read `c.player`
   * (GameDefinition.cardPlayers): every other state (and its hash) is as before.
   */
  playedBy?: number[];
  current: number;
  turn: number;
  /** How many times play has gone round the table: 1 in the first round (0 during setup). */
  round: number;
  /** The seat of the first turn: a round ends when play passes it again. */
  firstSeat: number;
  /** `turn limit 60 to 80`: the limit drawn at the start (absent when the rules draw none). */
  turnLimit?: number;
  /** Set once the turn limit is reached and `at turn limit` has started (absent before). */
  limitReached?: true;
  /** Set by `next turn to P`: who plays the next turn instead of the next seat (absent when unset). */
  nextTurn?: number;
  /** The current player is out: the turn ends once the running effect returns to the turn itself. */
  turnOver: boolean;
  phase: string;
  stack: Frame[];
  pending: Pending | null;
  outcome: Outcome | null;
  error: RunError | null;
  log: LogEntry[];
  moveCount: number;
  /**
   * What the engine derives from the state and keeps beside it (runtime/scratch.ts): shared with
   * the state's copies, never saved nor hashed (its key is a symbol, which JSON leaves out).
   */
  [scratchKey]?: StateScratch;
  /** Grids and pieces, in a game that has them. */
  board?: BoardState;
  /** Decisions several players make at once, while a `simultaneously` block is open. */
  simultaneous?: SimultaneousBlock;
  /** In a game with moves open at any time: those open now (`option` indexes `GameDefinition.anyTime`). */
  openMoves?: { player: number; option: number; label: string }[];
  /** A move open at any time is being carried out: what was waiting for a choice, resumed when it is done. */
  interrupted?: { stack: Frame[]; pending: Pending | null; simultaneous?: SimultaneousBlock };
}

/** A player's decision. `choice` is the label of one of the legal moves. */
export interface Move { player: number; choice: string }

export interface LegalMove extends Move {
  /** 'choose' settles a choice; 'pick' / 'unpick' build a selection; 'confirm' commits it; 'any-time' is a move open at any time. */
  kind: 'choose' | 'pick' | 'unpick' | 'confirm' | 'any-time';
  /**
   * How likely a random bot is to take it, against the others' weights (1 when not said): a
   * selection under a condition weighs each move by the valid selections it leads to (selection.ts).
   */
  weight?: number;
}

export const setupPhase = 'setup';
export const gameOverPhase = 'game over';
