/**
 * The compiled game: a definition with flat instruction lists (one per rule, plus setup and the
 * turn), and the plain-data state a match evolves. Expressions are compiled to closures over
 * that state; nothing from a .rules file is ever evaluated as JavaScript.
 */

/** A runtime value. Players and dice are small integers (their seat / die index): the checker keeps kinds apart. */
export type Value = number | boolean | string | null | Value[];

/** Static kinds the engine needs at run time (to label choices and print values). */
export type ValueKind = 'number' | 'bool' | 'string' | 'player' | 'symbol' | 'die' | 'role' | 'team' | 'card' | 'zone' | 'region' | 'none' | 'unknown';

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
}

export type Pending =
  | { kind: 'option'; player: number; prompt: string; labels: string[]; targets: number[]; cite: number; at: number }
  | { kind: 'value'; player: number; prompt: string; labels: string[]; values: Value[]; valueKind: ValueKind; slot: number; cite: number; at: number }
  | { kind: 'pick'; player: number; prompt: string; labels: string[]; values: Value[]; valueKind: ValueKind; slot: number; need: number; picked: number[]; cite: number; at: number };

export interface Outcome {
  kind: 'win' | 'draw' | 'aborted';
  winners: number[];
  reason: string;
  cite: number;
}

export interface RunError { code: string; message: string; at: number }

/** Everything about a match in progress, as plain JSON: snapshots, undo, save and hashes use it as is. */
export interface GameState {
  seats: number;
  seed: number;
  variant: string | null;
  /** Batch mode: nothing is logged and choices carry no labels (bots need neither). */
  quiet: boolean;
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
  current: number;
  turn: number;
  /** How many times play has gone round the table: 1 in the first round (0 during setup). */
  round: number;
  /** The seat of the first turn: a round ends when play passes it again. */
  firstSeat: number;
  /** The current player is out: the turn ends once the running effect returns to the turn itself. */
  turnOver: boolean;
  phase: string;
  stack: Frame[];
  pending: Pending | null;
  outcome: Outcome | null;
  error: RunError | null;
  log: LogEntry[];
  moveCount: number;
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
export interface PileDefinition { name: string; perPlayer: boolean; visibility: 'public' | 'hidden' | 'secret'; initial: number[] }

export interface PoolDefinition { name: string; first: number; count: number; faces: string[]; dieName: string }

export interface GameDefinition {
  title: string;
  minPlayers: number;
  maxPlayers: number;
  /** Only these counts, when the game lists them. */
  allowedPlayers: number[] | null;
  turnLimit: number;
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
  playerVars: { name: string; init: Evaluate; kind: ValueKind }[];
  options: { name: string; value: Value }[];
  variants: Map<string, { index: number; value: Value }[]>;
  programs: Program[];
  /** The same programs for batch mode, with the rules they call inlined (same numbers), lowered at the first call. */
  batchPrograms: () => Program[];
  setupProgram: number;
  turnProgram: number;
  /** Phase names in order: the states of the machine. */
  phases: string[];
  citations: string[];
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
