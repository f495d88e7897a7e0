/**
 * Information-set Monte Carlo tree search (single-observer ISMCTS with UCT), for any game the
 * language can express.
 *
 * Each iteration draws a determinization — given the game's past, one of the worlds consistent with
 * everything the bot has seen (worlds.ts), with the dice to come drawn again; without it, or when no
 * such world was found, the hidden cards, roles, variables and the dice generator drawn again from
 * what the bot's view shows now (determinize.ts) — walks down one tree shared by
 * all determinizations — the choices are numbered, and a node's children are keyed by who chooses
 * and which choice — expands one new choice, plays on with the guided policy (guided.ts: MAST, and
 * the rules' distance to winning where they give one; `playouts: 'uniform'`: the random bot) to the
 * end, and credits each choice on the way with what the ending is worth to the player who made it
 * (evaluate.ts: win 1, draw ½, loss 0; where the rules state an `estimate`, the rollout is cut where
 * the tree ends and the position scored by it; with a distance and no estimate, cut 3 rounds on and
 * scored by the distance). Children are compared by UCB1 over the iterations in which they were
 * available, so a choice that exists only in some determinizations is not favoured for being rare.
 *
 * The search is a pure function of what the bot may see, the seed and the budget: with a budget in
 * iterations it gives the same move every time.
 */
import { advanceBot, type BotRandom } from '../runtime/bot-random.ts';
import type { GameDefinition, GameState } from '../program/program.ts';
import { cloneState } from '../engine/engine.ts';
import { focus, pendingOf } from '../runtime/simultaneous.ts';
import { stopAtLimits } from './bots.ts';
import { choices, playChoice, playOutRandomly, type PlayLimits } from './decisions.ts';
import { rewards } from './evaluate.ts';
import { determinize, hiddenPriors, redrawHiddenLimit, type HiddenPriors } from './determinize.ts';
import type { History } from './observed.ts';
import { Guide, playOutGuided } from './guided.ts';
import { consistentWorlds, defaultWorldBudget, hasHiddenPart, type WorldBudget } from './worlds.ts';

export interface SearchOptions {
  /** Iterations per move: deterministic for a seed. */
  iterations?: number;
  /** Or a time budget per move (at least one iteration is made). Wins over `iterations` when both are given. */
  milliseconds?: number;
  seed: number;
  /** UCB1's exploration constant (rewards are between 0 and 1). */
  exploration?: number;
  /** The imagined games stop at the first choice of round `maxRounds + 1` (counted as no winner). */
  maxRounds?: number;
  /**
   * Where the rules state an `estimate`, a rollout stops at its first choice this many rounds after
   * the round it starts in, and the position is scored by the estimate (evaluate.ts). The default, 0,
   * scores the position where the tree ends, with no random play: random moves soon wander off what
   * the position was worth (in Percorsi, a round or two of them made the bot's pawns advance far
   * less). Without an estimate, rollouts play to the end.
   */
  rolloutRounds?: number;
  /** The hidden variables' priors; drawn from the rules when left out (pass them to save the work across moves). */
  priors?: HiddenPriors;
  /**
   * The game's past (its first state and every decision since, ending at `state`): the search then
   * imagines only worlds consistent with all the bot has seen (worlds.ts). In a simultaneous block,
   * the past up to the block's opening and the bot's own answers (sealed.ts), as `state` is.
   */
  history?: History;
  /** How hard to look for such worlds (worlds.ts). */
  worldBudget?: WorldBudget;
  /**
   * How the imagined games are played past the tree: 'guided' (the default: MAST and the rules'
   * distance to winning, guided.ts) or 'uniform' (the random bot's moves, as before).
   */
  playouts?: 'guided' | 'uniform';
}

export interface SearchResult {
  /** The distinct choice chosen (decisions.ts numbering: `playChoice`, `moveOf`). */
  choice: number;
  iterations: number;
  milliseconds: number;
  /** Each choice at the root: how often it was tried and its mean value to the bot. */
  root: { choice: number; visits: number; value: number }[];
  /** The consistent worlds the iterations were drawn among (0: each drawn from the present state, determinize.ts). */
  worlds: number;
  /** Decisions replayed to find them. */
  replayed: number;
}

export const defaultIterations = 200;
export const defaultRolloutRounds = 0;
/** Rounds a guided rollout plays past the tree before the rules' distance to winning scores it (rules without an estimate). */
export const guidedRolloutRounds = 3;
const defaultExploration = 0.7;

interface Node {
  /** The player whose choice led here (-1 at the root). */
  player: number;
  visits: number;
  /** How many iterations this node's choice could have been taken in (its parent was reached and it was legal). */
  available: number;
  /** Total value to `player` of the endings through here. */
  value: number;
  children: Map<number, Node>;
}

const newNode = (player: number): Node => ({ player, visits: 0, available: 0, value: 0, children: new Map() });
/** A child's key: who chooses, and which of their choices (numbered as in decisions.ts). */
const keyOf = (player: number, choice: number) => choice * 1024 + player;

/** A seed for one search from a table's seed, a seat and the decision's number. */
export function searchSeed(...parts: number[]): number {
  let h = 0x811c9dc5;
  for (const part of parts) {
    h ^= part >>> 0;
    h = Math.imul(h, 0x01000193);
    h ^= h >>> 13;
  }
  return h >>> 0 || 1;
}

/**
 * The move `player` should make now in `state` (it must be one of their open choices). `state` is
 * only read; it may hold what the player cannot see, which the search never uses.
 */
export function searchMove(definition: GameDefinition, state: GameState, player: number, options: SearchOptions): SearchResult {
  const started = performance.now();
  const own = pendingOf(state, player);
  if (!own || state.outcome) throw new Error(`P${player + 1} has no choice to make`);
  // The bot's own choice, as it sees it: how many choices it has does not depend on hidden things.
  const rootState = state.pending?.player === player ? state : focused(state, player);
  const count = choices(rootState);
  if (count <= 1) return { choice: 0, iterations: 0, milliseconds: performance.now() - started, root: [{ choice: 0, visits: 0, value: 0 }], worlds: 0, replayed: 0 };
  const random: BotRandom = { state: options.seed >>> 0 || 1 };
  const priors = options.priors ?? hiddenPriors(definition, state.seats, state.variant);
  const limits: PlayLimits = { maxRounds: options.maxRounds ?? Infinity };
  const guided = (options.playouts ?? 'guided') === 'guided';
  // A guided search of rules with a distance to winning but no estimate cuts its rollouts too, and scores them by the distance (evaluate.ts).
  const byDistance = guided && !definition.estimate && !!definition.distance;
  const rolloutRounds = definition.estimate ? options.rolloutRounds ?? defaultRolloutRounds : byDistance ? options.rolloutRounds ?? guidedRolloutRounds : Infinity;
  // With an estimate, rewards of cut games are shares whose gaps shrink as the totals grow: UCB1 then
  // compares the means rescaled to the range seen so far in this search (as MuZero does), so the gaps
  // keep their weight against the exploration term. Games without one are searched as before.
  const cut: Cut = { rounds: rolloutRounds, values: new Array<number>(state.seats), bounds: definition.estimate || byDistance ? { min: Infinity, max: -Infinity } : null, byDistance };
  const exploration = options.exploration ?? defaultExploration;
  const deadline = options.milliseconds !== undefined ? started + options.milliseconds : Infinity;
  const budget = options.milliseconds !== undefined ? Infinity : options.iterations ?? defaultIterations;
  // Only where something is hidden: otherwise the present state is the one world there is.
  const found = options.history && hasHiddenPart(definition)
    ? consistentWorlds(definition, options.history, rootState, player, random, priors, options.worldBudget ?? defaultWorldBudget) : null;
  const worlds = found?.worlds ?? [];
  const guide = guided ? new Guide(definition.distance ?? null) : null;
  const root = newNode(-1);
  let iterations = 0;
  while (iterations < budget && (iterations === 0 || performance.now() < deadline)) {
    const game = worlds.length ? redrawn(definition, worlds[advanceBot(random, worlds.length)], random) : determinize(definition, state, player, random, priors);
    iterate(definition, game, player, root, random, limits, exploration, cut, guide);
    iterations++;
  }
  const stats = [...root.children].map(([key, node]) => ({ choice: Math.floor(key / 1024), visits: node.visits, value: node.visits ? node.value / node.visits : 0 }))
    .sort((a, b) => a.choice - b.choice);
  // The most tried choice (the steadiest estimate); ties to the better value, then the first.
  let best = stats[0];
  for (const s of stats) if (s.visits > best.visits || (s.visits === best.visits && s.value > best.value)) best = s;
  return { choice: best?.choice ?? 0, iterations, milliseconds: performance.now() - started, root: stats, worlds: worlds.length, replayed: found?.steps ?? 0 };
}

/** A consistent world to play in: a copy with the dice to come drawn again, and a hidden turn limit. */
function redrawn(definition: GameDefinition, world: GameState, random: BotRandom): GameState {
  const game = cloneState(world);
  game.rng = (advanceBot(random, 0x7fffffff) ^ 0x5bd1e995) >>> 0;
  // A search plays in silence, as determinize's draws do.
  game.log = [];
  if (game.simultaneous) game.simultaneous.logStart = 0;
  if (game.interrupted?.simultaneous) game.interrupted.simultaneous.logStart = 0;
  redrawHiddenLimit(definition, game, random);
  return game;
}

function focused(state: GameState, player: number): GameState {
  const copy = structuredClone(state);
  focus(copy, player);
  return copy;
}

/** How rollouts end and are scored: cut `rounds` on (Infinity: played out), rewards per seat, and the range of node means seen (null: not rescaled). */
interface Cut { rounds: number; values: number[]; bounds: { min: number; max: number } | null; byDistance: boolean }

/** One iteration in `game`, a determinization of its own (changed in place). */
function iterate(definition: GameDefinition, game: GameState, player: number, root: Node, random: BotRandom, limits: PlayLimits, exploration: number, cut: Cut, guide: Guide | null): void {
  const { bounds, values } = cut;
  if (game.simultaneous) focus(game, player);
  const path: Node[] = [];
  let node = root;
  let turn = game.turn;
  let turnStart = game.moveCount;
  let expanded = false;
  while (!game.outcome && !expanded) {
    if (game.turn !== turn) { turn = game.turn; turnStart = game.moveCount; }
    if (stopAtLimits(definition, game, limits.maxRounds, turnStart)) break;
    const count = choices(game);
    const mover = game.pending!.player;
    // A forced choice is no decision: played through without a node.
    if (count <= 1) { playChoice(definition, game, 0); continue; }
    let untried = 0;
    for (let k = 0; k < count; k++) {
      const child = node.children.get(keyOf(mover, k));
      if (child) child.available++;
      else untried++;
    }
    let chosen: number;
    let child: Node;
    if (untried > 0) {
      // Expand one choice not tried yet, drawn at random among them.
      let pick = advanceBot(random, untried);
      chosen = 0;
      for (let k = 0; k < count; k++) {
        if (node.children.has(keyOf(mover, k))) continue;
        if (pick-- === 0) { chosen = k; break; }
      }
      child = newNode(mover);
      child.available = 1;
      node.children.set(keyOf(mover, chosen), child);
      expanded = true;
    } else {
      chosen = 0;
      child = node.children.get(keyOf(mover, 0))!;
      let bestScore = -Infinity;
      for (let k = 0; k < count; k++) {
        const candidate = node.children.get(keyOf(mover, k))!;
        const mean = candidate.value / candidate.visits;
        const q = bounds === null ? mean : bounds.max > bounds.min ? (mean - bounds.min) / (bounds.max - bounds.min) : 0.5;
        const score = q + exploration * Math.sqrt(Math.log(candidate.available) / candidate.visits);
        if (score > bestScore) { bestScore = score; chosen = k; child = candidate; }
      }
    }
    guide?.note(game, chosen);
    playChoice(definition, game, chosen);
    path.push(child);
    node = child;
  }
  // The rollout: random play to the end, or cut `rolloutRounds` rounds on where the rules give an estimate.
  const rolloutLimit = Math.min(limits.maxRounds, game.round + cut.rounds - 1);
  if (!game.outcome) {
    if (guide) playOutGuided(definition, game, random, rolloutLimit, guide);
    else playOutRandomly(definition, game, random, { maxRounds: rolloutLimit });
  }
  rewards(definition, game, values, cut.byDistance);
  guide?.credit(values);
  for (const visited of path) {
    visited.visits++;
    visited.value += values[visited.player];
    if (bounds) {
      const mean = visited.value / visited.visits;
      if (mean < bounds.min) bounds.min = mean;
      if (mean > bounds.max) bounds.max = mean;
    }
  }
}
