/**
 * The compiled game: a definition with flat instruction lists (one per rule, plus setup and the
 * turn), and the plain-data state a match evolves. Expressions are compiled to closures over
 * that state; nothing from a .rules file is ever evaluated as JavaScript.
 */

import type { Annotations, AST } from '../../grammar/index.ts';

/** A runtime value. Players and dice are small integers (their seat / die index): the checker keeps kinds apart. */
export type Value = number | boolean | string | null | Value[];

/** Static kinds the engine needs at run time (to label choices and print values). */
export type ValueKind = 'number' | 'bool' | 'string' | 'player' | 'symbol' | 'die' | 'role' | 'team' | 'card' | 'zone' | 'region' | 'cell' | 'tile' | 'piece' | 'none' | 'unknown';

import type { Look } from './look.ts';
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

/** A grid's shape and tiles; cells and tiles are numbered across all grids from `cellBase` and `tileBase`. */
export interface GridDefinition {
  name: string;
  /** In cells. */
  rows: number; columns: number;
  tileRows: number; tileColumns: number; tileHeight: number; tileWidth: number;
  cellBase: number; tileBase: number;
  /**
   * Each kind: its colours row by row, whether it turns, how many copies, the tiles it stands on
   * (numbers within the grid; empty: laid at random), and `when`, the options under which it is used.
   */
  kinds: { name: string; colours: string[]; fixed: boolean; copies: number; at: number[]; when: Evaluate | null }[];
  carryLayout: boolean;
}

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

export interface Instruction {
  /** Runs the instruction; returns nothing. It moves `frame.pc` itself. */
  run: (state: GameState, frame: Frame) => void;
  at: number;
  end: number;
  cite: number;
  /** May pause for a choice, call or return, or end the turn or the game: the engine checks after it. */
  yields: boolean;
  /** A loop's jump back or a rule call: what the step limit counts (so it does not depend on how statements are lowered). */
  counted: boolean;
  /** Part of a rule inlined into its caller (batch mode): control is not back in the caller yet. */
  insideCall: boolean;
  /**
   * A jump, run by the engine itself (one closure call fewer than a `run` doing it): with `target`
   * at 0 or more, the next instruction when `test` holds (always false when null), else `target`.
   * -1 for every other instruction.
   */
  test: Evaluate | null;
  target: number;
  /** The checked node it was lowered from, and the annotations that resolved it (codegen/ writes some statements out from them). */
  source?: { node: AST.Node & { kind?: string }; annotations: Annotations };
  /** What the instruction does, as data, for the statements codegen/ writes out as JavaScript; absent: codegen calls `run`. */
  shape?: InstructionShape;
}

/**
 * The instructions codegen/ writes out, described by their parts (each `Evaluate` is a compiled
 * expression whose checked node codegen finds in `expressionSources`). `run` does the same thing.
 */
export type InstructionShape =
  | { kind: 'set-local'; slot: number; value: Evaluate }
  | { kind: 'set-global'; index: number; value: Evaluate }
  | { kind: 'set-player-var'; object: Evaluate; index: number; value: Evaluate }
  /** The arguments of an inlined call, put in the callee's parameter slots. */
  | { kind: 'args'; params: number[]; args: Evaluate[] }
  /** `repeat`: the count kept in `slot`, the test that more passes remain (a jump), one pass taken. */
  | { kind: 'repeat-test'; slot: number }
  | { kind: 'count-down'; slot: number }
  /** `for each`: the list and the position kept in `listSlot` and the next slot; `next` binds the next item or leaves at `exit`. */
  | { kind: 'for-each-start'; list: Evaluate; listSlot: number }
  | { kind: 'for-each-next'; listSlot: number; variable: number; exit: number }
  /** `choose { option … }` where no status closes options: where each option's body starts, and the end. */
  | { kind: 'choose-option'; targets: number[]; end: number }
  /** `choose x from L` (one value): the kind of value offered, which the pending choice records. */
  | { kind: 'choose-value'; valueKind: ValueKind }
  /** `choose N xs from L`, picked one by one and confirmed. */
  | { kind: 'choose-picks'; valueKind: ValueKind; need: number }
  /** A phase begins: the turn is in phase `name`. */
  | { kind: 'set-phase'; name: string };
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

export interface Program { name: string; frameSize: number; paramSlots: number[]; instructions: Instruction[] }

export interface RoleDefinition {
  name: string;
  visibility: 'secret' | 'public';
  eligible: ((state: GameState) => boolean) | null;
  goal: ((state: GameState, holder: number) => boolean) | null;
  cite: number;
}

export interface TeamDefinition { name: string; properties: Value[] }
export interface CardDefinition { name: string; set: string; properties: Value[] }
/** A pile: one shared, one per player (`perPlayer`), or one per team (`perTeam`). */
/** `refill`: the pile (by index) whose cards are shuffled in when a draw needs a card and this one is empty; -1 for none. */
export interface PileDefinition { name: string; perPlayer: boolean; perTeam?: boolean; visibility: 'public' | 'hidden' | 'secret'; initial: number[]; refill: number }

export interface PoolDefinition { name: string; first: number; count: number; faces: string[]; dieName: string }

/** A define's value as a closure over its own frame, that frame's size, and how many parameters lead it. */
export interface CompiledDefine { value: Evaluate; frameSize: number; params: number }

/** The defines of a definition (compile-define.ts builds it). */
export interface DefineTable {
  has(name: string): boolean;
  /** Define `name` compiled (once). */
  define(name: string): CompiledDefine;
  /** A call of define `name` with `args`, compiled in the caller's frame. */
  call(name: string, args: Evaluate[]): Evaluate;
}

export interface GameDefinition {
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** Only these counts, when the game lists them. */
  allowedPlayers: number[] | null;
  turnLimit: number;
  /** `turn limit 60 to 80`: the limit is drawn at the start from turnLimit to this (the same when nothing is drawn). */
  turnLimitMax: number;
  /** `hidden`: the limit is not shown to the players until the game is over. */
  turnLimitHidden: boolean;
  /** `at turn limit { … }`: the program run when the limit is reached, or -1: then the game stops there. */
  limitProgram: number;
  /**
   * `length up to N …`: how long a game of these rules may honestly last. Not a rule of play: a
   * simulation stops a game past it (rounds, turns, or the value of global `variable`).
   */
  statedLength: { limit: number; unit: 'rounds' | 'turns' | 'variable'; variable: number; text: string } | null;
  direction: 1 | -1;
  tokens: string[];
  tokenReserve: (number | null)[];
  pools: PoolDefinition[];
  totalDice: number;
  marks: string[];
  roles: RoleDefinition[];
  teams: TeamDefinition[];
  teamProperties: string[];
  teamVars: { name: string; init: Evaluate; kind: ValueKind }[];
  cards: CardDefinition[];
  cardProperties: string[];
  /** What kind of value each card property holds (a territory, a text…), to show it by its name. */
  cardPropertyKinds: ValueKind[];
  piles: PileDefinition[];
  /** On a map, a zone is a territory: its region's index, and the zones (as values) it borders. */
  zones: { name: string; properties: Value[]; region: number | null; neighbours: number[] }[];
  zoneProperties: string[];
  /** The regions of every map; a region is its index at run time. `territories` are zone values. */
  regions: { name: string; map: string; properties: Value[]; territories: number[] }[];
  regionProperties: string[];
  /** Each map and its territories (zone values), for views that draw it. */
  maps: { name: string; territories: number[] }[];
  zoneVars: { name: string; init: Evaluate; kind: ValueKind }[];
  /** `hidden`: shown to the referee only, until the game is over. */
  globals: { name: string; init: Evaluate; kind: ValueKind; hidden?: boolean }[];
  /** `secret`: each player sees only their own value (and everybody all of them once the game is over). */
  playerVars: { name: string; init: Evaluate; kind: ValueKind; secret?: boolean }[];
  options: { name: string; value: Value }[];
  variants: Map<string, { index: number; value: Value }[]>;
  programs: Program[];
  /** The same programs for batch mode, with the rules they call inlined (same numbers), lowered at the first call. */
  batchPrograms(this: GameDefinition): Program[];
  /** What lowers them (compile.ts), asked by `batchPrograms`; null in a definition with none. */
  batchLowering: { programs(): Program[] } | null;
  setupProgram: number;
  turnProgram: number;
  /** Phase names in order: the states of the machine. */
  phases: string[];
  citations: string[];
  grids: GridDefinition[];
  totalCells: number;
  totalTiles: number;
  pieceKinds: { name: string; count: number }[];
  pieceVars: { name: string; init: Evaluate; kind: ValueKind }[];
  /** Statuses from thresholds: held while a player has at least `count` of token `token`; they close the options labelled `forbid`. */
  statuses: { name: string; token: number; count: number; forbid: string[] }[];
  /** Moves open at any time: who may take each (`players`, `condition`, with the player in `slot`), and the program it runs. */
  anyTime: { label: string; program: number; slot: number; frameSize: number; players: Evaluate; condition: Evaluate | null; cite: number }[];
  /** How tokens, faces, teams, cards and pieces look, and which variables are internal (`look`, compile-look.ts); never read by the engine. */
  looks: Look[];
  /** The file's defines (`define NAME(PARAMS) = VALUE`), compiled at their first call (compile-define.ts). */
  defines: DefineTable | null;
  /** `estimate SCORE`: how well a player stands (compile-estimate.ts), for the search bots' cut rollouts; never read by the engine. */
  estimate?: ((state: GameState, player: number) => number) | null;
  /** How far each player is from a way the rules say they win (compile-distance.ts), for the search bots' guided playouts; never read by the engine. */
  distance?: ((state: GameState, player: number) => number) | null;
  /**
   * The fast back end, handed in by whoever made the definition (codegen/: `withGeneratedCode`, and
   * the interpreter's face, whose `compileRules` hands in the tiered one). Unset: the stepper runs
   * every program, as a definition straight from lowering/ does (the reference).
   */
  generatedCode?: GeneratedCode;
  /** Tests: the source characters at which generated structured code cuts runs of statements into functions of their own (codegen/structured.ts). */
  functionSize?: number;
  /** What modules build from the definition and keep, shared with its copies (definition-memo.ts). */
  memo: Map<object, unknown>;
}

/** A program written out as one JavaScript function: runs `frame` until it stops; the steps counted so far, or -1 once the game stopped. */
export type GeneratedProgram = (state: GameState, frame: Frame, stack: Frame[], depth: number, steps: number) => number;

/**
 * Generated code for a definition's programs (codegen/ makes it; the engine only asks it). The
 * engine asks at every run of the stepper, with the programs it runs (batch mode's or a logged
 * match's); a program whose function is null, or every program when the answer is null, runs on
 * the stepper.
 */
export interface GeneratedCode {
  /**
   * 'generated': every program from the first run, logged matches too (tests, benchmarks, the
   * studio's replay on generated code); 'tiered': batch mode's once its runs are many (codegen/
   * index.ts says why), and a logged match never asks.
   */
  readonly kind: 'tiered' | 'generated';
  programs(definition: GameDefinition, programs: Program[]): (GeneratedProgram | null)[] | null;
}

export const setupPhase = 'setup';
export const gameOverPhase = 'game over';

export function playerName(index: number): string {
  return `P${index + 1}`;
}

/** Every player count the game allows, smallest first. */
export function playerCounts(definition: Pick<GameDefinition, 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>): number[] {
  return definition.allowedPlayers?.slice().sort((a, b) => a - b)
    ?? Array.from({ length: Math.max(0, definition.maxPlayers - definition.minPlayers + 1) }, (_, i) => definition.minPlayers + i);
}

/** Whether the game is for `count` players; no list of counts is built. */
export function allowsPlayerCount(definition: Pick<GameDefinition, 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>, count: number): boolean {
  return definition.allowedPlayers ? definition.allowedPlayers.includes(count)
    : Number.isInteger(count) && count >= definition.minPlayers && count <= definition.maxPlayers;
}

/** The allowed count nearest to `wanted` (the larger one on a tie); no list of counts is built for a range. */
export function fitPlayerCount(definition: Pick<GameDefinition, 'minPlayers' | 'maxPlayers' | 'allowedPlayers'>, wanted: number): number {
  if (!definition.allowedPlayers) return Math.max(definition.minPlayers, Math.min(definition.maxPlayers, Math.round(wanted)));
  let best = definition.minPlayers;
  for (const count of playerCounts(definition)) if (Math.abs(count - wanted) <= Math.abs(best - wanted)) best = count;
  return best;
}

/** Zones are negative numbers in the rules, so a zone is never taken for a player. */
export const zoneValue = (index: number): number => -(index + 1);
export const zoneIndex = (value: number): number => -value - 1;

/** Whoever holds tokens: a player (0, 1, …) or a zone (-1, -2, …). */
export function holdings(state: GameState, holder: number): number[] {
  return holder >= 0 ? state.players[holder].tokens : state.zones[zoneIndex(holder)].tokens;
}

export function holderName(definition: GameDefinition, holder: number): string {
  return holder >= 0 ? playerName(holder) : definition.zones[zoneIndex(holder)]?.name ?? 'a zone';
}
