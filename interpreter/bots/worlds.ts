/**
 * Worlds consistent with everything a player has seen. `determinize` draws what the player's view
 * hides from the present state alone, so it can imagine a world that cannot be: the other player's
 * secret value as it was after the setup, though both options of a choice since set it in a way
 * everyone saw. Here the hidden part is drawn at the start of the game instead and the past is
 * played again on it; a world is kept only if it gives the player the same observations
 * (observed.ts) at every step:
 *
 * - the start: `determinize` of the game's first state (the deal, the others' roles, hidden and
 *   secret variables, the generator drawn again from what the player saw then);
 * - each decision the player knows is made again as it was (the same option or value); another
 *   player's secret choice of cards is drawn at random among theirs;
 * - after each decision the player's view must be the same as it was. Where the world shows another
 *   card than the player saw, the card seen is swapped in before the decision (card-swaps.ts: the
 *   hidden cards of a set are interchangeable) and the decision played again, up to `swaps` times.
 *   Dice under cups the player saw take the faces seen (dice-swaps.ts): those the decision
 *   reveals before it, those it rolls in front of the player after it.
 *   A decision that drew from the generator (dice, a shuffle) or a secret choice is tried again,
 *   up to `retries` times, with a new draw; any other mismatch means the world's hidden part
 *   contradicts the past: it is dropped.
 *
 * At most `tries` worlds are started (`giveUp` while none has been found) and `steps` decisions replayed in all, to find `worlds`
 * worlds; the search draws each iteration's world among them with a new generator. When none is
 * found (long games full of public dice, where a replay rarely rolls what was rolled) the search
 * falls back to `determinize` of the present state, and says so (`SearchResult.worlds` 0).
 * Everything here reads the real game only through the player's views and the decisions they know,
 * so two pasts that look the same to the player give the same worlds.
 */
import { advanceBot, type BotRandom } from '../runtime/bot-random.ts';
import { cloneState } from '../engine/engine.ts';
import { focus, pendingOf } from '../runtime/simultaneous.ts';
import type { GameDefinition, GameState } from '../program/program.ts';
import { determinize, type HiddenPriors } from './determinize.ts';
import { swapTowards } from './card-swaps.ts';
import { liftedBefore, settledAfter } from './dice-swaps.ts';
import { decisionsOf, fingerprint, observe, play, type History, type Observation } from './observed.ts';

export interface WorldBudget {
  /** Consistent worlds wanted. */
  worlds: number;
  /** Worlds started at most (each from the start of the game). */
  tries: number;
  /** Tries after which, none found yet, the search falls back at once. */
  giveUp: number;
  /** New draws of one decision whose outcome was random, before the world is dropped. */
  retries: number;
  /** Cards swapped in for one decision (card-swaps.ts) before it counts as a mismatch. */
  swaps: number;
  /** Decisions replayed at most, over all tries. */
  steps: number;
}

export const defaultWorldBudget: WorldBudget = { worlds: 16, tries: 64, giveUp: 8, retries: 16, swaps: 32, steps: 20_000 };

export interface Worlds { worlds: GameState[]; tries: number; steps: number }

/** Whether anything but the dice to come is hidden from some player: otherwise the present state tells all. */
export function hasHiddenPart(definition: GameDefinition): boolean {
  return definition.cards.length > 0 || definition.roles.some((r) => r.visibility === 'secret')
    || definition.globals.some((g) => g.hidden) || definition.playerVars.some((v) => v.secret) || definition.turnLimitHidden
    || definition.pools.some((p) => p.hidden);
}

/** Worlds `viewer` cannot tell from the game `history` led to, whose view now is `state`'s (see above). */
export function consistentWorlds(definition: GameDefinition, history: History, state: GameState, viewer: number, random: BotRandom, priors: HiddenPriors, budget: WorldBudget = defaultWorldBudget): Worlds {
  const { observations } = observe(definition, history, viewer);
  const now = fingerprint(definition, state, viewer);
  const found: Worlds = { worlds: [], tries: 0, steps: 0 };
  while (found.worlds.length < budget.worlds && found.tries < budget.tries && found.steps < budget.steps) {
    if (found.tries >= budget.giveUp && found.worlds.length === 0) break;
    found.tries++;
    const world = replayed(definition, history.start, observations, viewer, random, priors, budget, found);
    if (!world) continue;
    if (world.simultaneous) focus(world, viewer);
    if (fingerprint(definition, world, viewer) !== now) continue;
    found.worlds.push(world);
  }
  return found;
}

/** One world: the start drawn again and the past replayed on it, or null when it contradicts an observation. */
function replayed(definition: GameDefinition, start: GameState, observations: Observation[], viewer: number, random: BotRandom, priors: HiddenPriors, budget: WorldBudget, count: Worlds): GameState | null {
  let world = determinize(definition, start, viewer, random, priors);
  // All a player knows of a hidden turn limit is that it was not reached: it is drawn again at the end.
  if (definition.turnLimitHidden && world.turnLimit !== undefined && world.limitReached === undefined) world.turnLimit = definition.turnLimitMax;
  for (const observation of observations) {
    if (world.outcome || !pendingOf(world, observation.player) || count.steps >= budget.steps) return null;
    const { seen } = observation;
    const count0 = decisionsOf(cloneState(world), observation.player, viewer);
    if (seen !== null && !count0.some((d) => d.seen === seen)) return null;
    let next: GameState | null = null;
    for (let attempt = 0; attempt <= budget.retries && next === null; attempt++) {
      const base = cloneState(world);
      if (attempt > 0) base.rng = (advanceBot(random, 0x7fffffff) ^ 0x5bd1e995) >>> 0;
      // Dice under cups the decision shows the player take the faces seen (dice-swaps.ts).
      liftedBefore(definition, base, observation.dice, viewer);
      // Another player's secret choice: the same position among theirs, whatever cards are swapped in.
      const position = seen === null ? advanceBot(random, count0.length) : -1;
      let drew = false;
      for (let swap = 0; swap <= budget.swaps && next === null; swap++) {
        count.steps++;
        const trial = cloneState(base);
        const decisions = decisionsOf(trial, observation.player, viewer);
        const move = seen === null ? decisions[position]?.move : decisions.find((d) => d.seen === seen)?.move;
        if (!move) break;
        play(definition, trial, move);
        drew ||= trial.rng !== base.rng;
        settledAfter(trial, observation.dice);
        if (observation.view === null || fingerprint(definition, trial, viewer) === observation.view) next = trial;
        else if (!observation.cards || !swapTowards(definition, base, trial, observation.cards, viewer)) break;
      }
      // A decision made as it was, with no draw from the generator, comes out the same every time.
      if (!next && seen !== null && !drew) return null;
    }
    if (!next) return null;
    world = next;
  }
  return world;
}
