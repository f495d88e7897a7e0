/**
 * The compiled game: a definition with flat instruction lists (one per rule, plus setup and the
 * turn). Expressions are compiled to closures over the plain-data state a match evolves
 * (state.ts); nothing from a .rules file is ever evaluated as JavaScript. This module also
 * hands on the state's types and the seat helpers (players.ts), so a wing imports one place.
 */
import type { Annotations, AST } from '../../grammar/index.ts';
import type { Look } from './look.ts';
import type { Evaluate, Frame, GameState, Value, ValueKind } from './state.ts';

export * from './state.ts';
export * from './players.ts';

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
/** `sortRank`: `sorted by …`, each card's place in the order views show the pile in (never the game's order). */
export interface PileDefinition {
  name: string; perPlayer: boolean; perTeam?: boolean; visibility: 'public' | 'hidden' | 'secret'; initial: number[]; refill: number;
  sortRank?: number[];
}

/**
 * A set of dice, `count` dice from die number `first`. `perSeat`: a player's set (`player dice`),
 * that many dice for each seat the game may have, seat 0's first; `hidden`: each player's under
 * their cup, seen by them alone until revealed (a die shown has the bit `SHOWN` in its marks).
 */
export interface PoolDefinition { name: string; first: number; count: number; faces: string[]; dieName: string; perSeat?: number; hidden?: boolean }

/** The bit of a die's marks that says a hidden die was revealed (`reveal`); the declared marks use bits 0–29. */
export const SHOWN = 1 << 30;

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
  /** The rules read `c.player`: states keep who played each card (GameState.playedBy). */
  cardPlayers?: true;
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
