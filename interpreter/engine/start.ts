/**
 * A game's start: the state before its setup runs (seats, variant, every variable's first value,
 * piles, dice, board), then the setup run to the first decision (`startGame`) or to where the
 * first turn would begin (`startBeforeFirstTurn`, for playouts that run that turn as generated code).
 */
import { codes, diagnostic, type Diagnostic } from '../../grammar/index.ts';
import { RuleError } from '../program/rule-error.ts';
import { scratchKey, setupPhase, type DieState, type Frame, type GameDefinition, type GameState } from '../program/program.ts';
import { randomInt } from '../runtime/runtime.ts';
import { newBoard, type Layout } from '../runtime/grids.ts';
import { internalFailure } from '../runtime/run-failure.ts';
import { Scratch } from '../runtime/scratch.ts';
import { matchGenerator, matchSeed } from '../runtime/seeds.ts';
import { advance, advanceFrom, frameFor, programsOf } from './run.ts';

export interface StartOptions {
  players: number;
  seed?: number;
  variant?: string | null;
  /** A series of games: the tiles as the previous game left them (grids declared with `carry layout`). */
  layout?: Layout;
  /** Batch mode for bots: no log and no choice labels (drive it with choiceCount / applyChoiceIndex). */
  quiet?: boolean;
  /**
   * For analysis: a `choose` with a single candidate (one cell, one open option) waits for that
   * move like any other choice. Off by default: such a choice is made at once, as the rules read.
   */
  stopAtForcedMoves?: boolean;
}

export type StartResult = { ok: true; state: GameState } | { ok: false; diagnostic: Diagnostic };

export function startGame(definition: GameDefinition, options: StartOptions): StartResult {
  const started = newGame(definition, options);
  if (started.ok) advance(definition, started.state);
  return started;
}

/** A start for a random playout: `beforeFirstTurn`, stopped where the first turn would begin, its setup's `steps` counted. */
export type PlayoutStartResult = StartResult & { steps: number; beforeFirstTurn: boolean };

/**
 * A game started as `startGame` starts it, stopped before its first turn begins (`steps`: those
 * the setup counted, which the first turn goes on counting from), so that generated code runs
 * that turn from its start (batch-api.ts, random playouts). When the setup itself stops at a
 * choice or ends the game, the state is `startGame`'s, and `beforeFirstTurn` is false.
 */
export function startBeforeFirstTurn(definition: GameDefinition, options: StartOptions): PlayoutStartResult {
  const started = newGame(definition, options);
  if (!started.ok) return { ...started, steps: 0, beforeFirstTurn: false };
  const steps = advanceFrom(definition, started.state, 0, true);
  return steps >= 0 ? { ok: true, state: started.state, steps, beforeFirstTurn: true } : { ok: true, state: started.state, steps: 0, beforeFirstTurn: false };
}

/** The state before its setup runs. Its keys in this order are the ones copies.ts sameShape writes. */
function newGame(definition: GameDefinition, options: StartOptions): StartResult {
  const seats = options.players;
  const range = { start: 0, end: 0 };
  const allowed = definition.allowedPlayers;
  if (!Number.isInteger(seats) || seats < definition.minPlayers || seats > definition.maxPlayers || (allowed && !allowed.includes(seats))) {
    const counts = allowed ? allowed.join(', ') : `${definition.minPlayers} to ${definition.maxPlayers}`;
    return { ok: false, diagnostic: diagnostic(codes.playersOutOfRange, `${definition.title} is for ${counts} players, not ${options.players}`, range) };
  }
  const variant = options.variant ?? null;
  if (variant !== null && !definition.variants.has(variant)) {
    const known = [...definition.variants.keys()];
    return { ok: false, diagnostic: diagnostic(codes.variantUnknown,
      `there is no variant '${variant}'${known.length ? `; the variants are ${known.join(', ')}` : ''}`, range) };
  }
  const seed = matchSeed(options.seed);
  const state: GameState = {
    seats, seed, variant, quiet: options.quiet ?? false, rng: matchGenerator(seed),
    options: definition.options.map((o) => o.value),
    globals: [],
    players: [],
    reserve: definition.tokenReserve.slice(),
    dice: newDice(definition),
    roleDeck: [],
    teamVars: [],
    zones: [],
    piles: [],
    pileBase: [],
    revealed: definition.cards.map(() => false),
    placedBy: definition.cards.map(() => -1),
    current: -1,
    turn: 0,
    round: 0,
    firstSeat: -1,
    turnOver: false,
    phase: setupPhase,
    stack: [],
    pending: null,
    outcome: null,
    error: null,
    log: [],
    moveCount: 0,
    [scratchKey]: new Scratch(),
  };
  // Only set when asked, so that every other state (and its hash) is as before.
  if (options.stopAtForcedMoves) state.stopAtForced = true;
  if (definition.cardPlayers) state.playedBy = definition.cards.map(() => -1);
  // `turn limit 60 to 80`: drawn first, before anything else the match draws by lot.
  if (definition.turnLimitMax > definition.turnLimit) state.turnLimit = definition.turnLimit + randomInt(state, definition.turnLimitMax - definition.turnLimit + 1);
  for (const setting of variant ? definition.variants.get(variant)! : []) state.options[setting.index] = setting.value;
  const scratch: Frame = { program: -1, pc: 0, locals: [] };
  try {
    state.globals = definition.globals.map((g) => g.init(state, scratch));
    for (let p = 0; p < seats; p++) {
      // Teams are seated alternately: P1 the first team, P2 the second, …
      const team = definition.teams.length ? p % definition.teams.length : null;
      state.players.push({ tokens: definition.tokens.map(() => 0), vars: [], role: null, active: true, team });
    }
    for (const player of state.players) player.vars = definition.playerVars.map((v) => v.init(state, scratch));
    state.teamVars = definition.teams.map(() => definition.teamVars.map((v) => v.init(state, scratch)));
    state.zones = definition.zones.map(() => ({ tokens: definition.tokens.map(() => 0), vars: definition.zoneVars.map((v) => v.init(state, scratch)) }));
    for (const pile of definition.piles) {
      state.pileBase.push(state.piles.length);
      const slots = pile.perPlayer ? seats : pile.perTeam ? definition.teams.length : 1;
      for (let k = 0; k < slots; k++) state.piles.push(pile.perPlayer || pile.perTeam ? [] : pile.initial.slice());
    }
    for (const pile of definition.piles) if (pile.visibility === 'public') for (const card of pile.initial) state.revealed[card] = true;
    if (definition.grids.length || definition.pieceKinds.length) {
      const board = state.board = newBoard(definition, state, seats, definition.grids.some((g) => g.carryLayout) ? options.layout : undefined);
      for (const piece of board.pieces) piece.vars = definition.pieceVars.map((v) => v.init(state, scratch));
    }
  } catch (error) {
    return { ok: false, diagnostic: diagnostic(codes.runError, error instanceof RuleError ? error.message : internalFailure, range) };
  }
  if (definition.setupProgram >= 0) state.stack.push(frameFor(state, programsOf(definition, state), definition.setupProgram));
  return { ok: true, state };
}

/**
 * Every die at its pool's first face, unmarked. Loops, not `Array.from` and `find` with arrows:
 * a random playout starts a game this way for every seed (a game whose setup draws by lot).
 */
function newDice(definition: GameDefinition): DieState[] {
  const dice: DieState[] = [];
  for (let die = 0; die < definition.totalDice; die++) dice.push({ face: firstFace(definition, die), marks: 0 });
  return dice;
}

function firstFace(definition: GameDefinition, die: number): string {
  for (const pool of definition.pools) if (die >= pool.first && die < pool.first + pool.count) return pool.faces[0] ?? '';
  return '';
}
