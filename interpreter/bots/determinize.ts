/**
 * Determinization: one complete game state drawn at random among those a player cannot tell apart
 * from the real one. A search bot plays its imagined games from such states, so it never reads
 * what its view hides.
 *
 * Everything the player's view hides is thrown away and drawn again:
 * - the match's generator (future dice and shuffles): a fresh seed from the bot's own generator;
 * - every card the player cannot see (others' hands, decks, face-down cards): the hidden cards of
 *   each set (a card's back shows its set) are sorted, shuffled, and dealt back into the hidden
 *   places of that set, which keep their face-down marks;
 * - other players' secret roles and the undealt roles, shuffled together the same way;
 * - the dice under the other players' cups (`player dice … hidden`), not yet revealed: rolled again;
 * - hidden variables (`hidden var`): the value at the end of the setup of a game of the same
 *   rules played at random on another seed;
 * - the log (a search plays in silence).
 * Because each hidden part is rebuilt only from what is visible and from the bot's generator, two
 * states with the same view give the same determinization (test/search/no-peeking.test.ts).
 *
 * This draw knows only the present: a value the past shows (a secret variable set by an option
 * everybody saw taken) may be drawn otherwise. worlds.ts draws at the start and replays the past
 * instead, when the caller gives it; this is its fallback.
 *
 * Not redrawn: values a paused rule keeps in its local names (`let c = top(Mazzo)` before a
 * choice); those have no kind at run time. The rules in rules/ keep no hidden card there while a
 * player chooses. Others' sealed answers in an open simultaneous block are the caller's to hide
 * (see sealed.ts): give the search the block as it opened, with only the bot's own answers.
 */
import { advanceBot, type BotRandom } from '../runtime/bot-random.ts';
import { pileOfSlot } from '../runtime/cards.ts';
import { applyChoiceIndex, choiceCount, cloneState, startGame } from '../engine/engine.ts';
import type { GameDefinition, GameState, Pending, Value } from '../program/program.ts';
import { cardVisible } from '../engine/view.ts';
import { faceSeen } from '../runtime/hidden-dice.ts';

/** Shuffles in place with the bot's generator (Fisher–Yates). */
export function shuffleWith<T>(random: BotRandom, items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = advanceBot(random, i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** A state `viewer` cannot tell from `state`, with everything hidden from them drawn at random. */
export function determinize(definition: GameDefinition, state: GameState, viewer: number, random: BotRandom, priors: HiddenPriors): GameState {
  const d = cloneState(state);
  d.rng = (advanceBot(random, 0x7fffffff) ^ 0x5bd1e995) >>> 0;
  d.seed = 0;
  d.log = [];
  if (d.simultaneous) d.simultaneous.logStart = 0;
  if (d.interrupted?.simultaneous) d.interrupted.simultaneous.logStart = 0;
  if (!d.outcome) {
    redealCards(definition, d, viewer, random);
    redealRoles(definition, d, viewer, random);
    redrawHiddenVariables(definition, d, viewer, random, priors);
    redrawHiddenLimit(definition, d, random);
    redrawHiddenDice(definition, d, viewer, random);
  }
  return d;
}

/**
 * The dice under the other players' cups (`player dice … hidden`), rolled again: all the viewer
 * knows of them is what the bids and the rules made public, never their faces.
 */
export function redrawHiddenDice(definition: GameDefinition, d: GameState, viewer: number, random: BotRandom): void {
  for (const pool of definition.pools) {
    if (!pool.hidden || !pool.perSeat) continue;
    for (let die = pool.first; die < pool.first + pool.perSeat * d.players.length; die++) {
      if (!faceSeen(definition, d, die, viewer)) d.dice[die].face = pool.faces[advanceBot(random, pool.faces.length)];
    }
  }
}

/**
 * A turn limit drawn at the start and kept from the players (`turn limit 60 to 80 hidden`), drawn
 * again: all a player knows of it is that it has not been reached, so it is at least this turn.
 */
export function redrawHiddenLimit(definition: GameDefinition, d: GameState, random: BotRandom): void {
  if (!definition.turnLimitHidden || d.turnLimit === undefined || d.limitReached !== undefined) return;
  const low = Math.max(definition.turnLimit, d.turn);
  if (low <= definition.turnLimitMax) d.turnLimit = low + advanceBot(random, definition.turnLimitMax - low + 1);
}

/** The cards the viewer knows by name without seeing them on a pile: those their own choice or a variable shows. */
export function namedCards(definition: GameDefinition, state: GameState, viewer: number): Set<number> {
  const known = new Set<number>();
  const add = (value: Value) => {
    if (typeof value === 'number') known.add(value);
    else if (Array.isArray(value)) value.forEach(add);
  };
  const own = ownPending(state, viewer);
  if (own && own.kind !== 'option' && own.valueKind === 'card') own.values.forEach(add);
  definition.globals.forEach((g, i) => { if (g.kind === 'card' && !g.hidden) add(state.globals[i]); });
  definition.playerVars.forEach((v, i) => { if (v.kind === 'card') for (const p of state.players) add(p.vars[i]); });
  definition.teamVars.forEach((v, i) => { if (v.kind === 'card') for (const t of state.teamVars) add(t[i]); });
  definition.zoneVars.forEach((v, i) => { if (v.kind === 'card') for (const z of state.zones) add(z.vars[i]); });
  definition.pieceVars.forEach((v, i) => { if (v.kind === 'card') for (const p of state.board?.pieces ?? []) add(p.vars[i]); });
  return known;
}

function ownPending(state: GameState, viewer: number): Pending | null {
  if (state.pending?.player === viewer) return state.pending;
  return state.simultaneous?.threads.find((t) => t.player === viewer && !t.done)?.pending ?? null;
}

function redealCards(definition: GameDefinition, d: GameState, viewer: number, random: BotRandom): void {
  if (definition.cards.length === 0) return;
  const known = namedCards(definition, d, viewer);
  // A card's back shows its set (view.ts): hidden cards are dealt again among the places of their own set.
  const places = new Map<string, { slot: number; at: number; revealed: boolean; placedBy: number; playedBy: number; shownTo: number[] | undefined; card: number }[]>();
  for (let slot = 0; slot < d.piles.length; slot++) {
    const pile = pileOfSlot(definition, d, slot);
    d.piles[slot].forEach((card, at) => {
      if (known.has(card) || cardVisible(d, viewer, pile.visibility, pile.owner, pile.team, card)) return;
      const set = definition.cards[card].set;
      const list = places.get(set) ?? [];
      list.push({ slot, at, revealed: d.revealed[card], placedBy: d.placedBy[card], playedBy: d.playedBy?.[card] ?? -1, shownTo: d.shownTo?.[card], card });
      places.set(set, list);
    });
  }
  if (places.size === 0) return;
  const renamed = new Map<number, number>();
  for (const set of [...places.keys()].sort()) {
    const list = places.get(set)!;
    // Sorted first: which hidden card lay where must not shape the draw.
    const drawn = shuffleWith(random, list.map((p) => p.card).sort((a, b) => a - b));
    list.forEach((place, i) => {
      const card = drawn[i];
      renamed.set(place.card, card);
      d.piles[place.slot][place.at] = card;
      // The marks belong to the place (face down, put there by P3), not to the card drawn into it.
      d.revealed[card] = place.revealed;
      d.placedBy[card] = place.placedBy;
      if (d.playedBy) d.playedBy[card] = place.playedBy;
      if (d.shownTo) d.shownTo[card] = place.shownTo!;
    });
  }
  // Others' open choices in a simultaneous block offer the cards now lying where theirs lay.
  const rename = (pending: Pending | null) => {
    if (!pending || pending.kind === 'option' || pending.valueKind !== 'card' || pending.player === viewer) return;
    pending.values = pending.values.map((v) => (typeof v === 'number' ? renamed.get(v) ?? v : v));
    // Batch mode builds no labels; a logged game names the cards offered.
    if (pending.labels.length) pending.labels = pending.values.map((v) => (typeof v === 'number' ? definition.cards[v]?.name ?? '' : ''));
  };
  rename(d.pending);
  for (const thread of d.simultaneous?.threads ?? []) rename(thread.pending);
}

function redealRoles(definition: GameDefinition, d: GameState, viewer: number, random: BotRandom): void {
  const secret = (role: string) => (definition.roles.find((r) => r.name === role)?.visibility ?? 'secret') === 'secret';
  const seats = d.players.flatMap((p, seat) => (seat !== viewer && p.role !== null && secret(p.role) ? [seat] : []));
  if (seats.length === 0 && d.roleDeck.length === 0) return;
  const pool = shuffleWith(random, [...seats.map((seat) => d.players[seat].role!), ...d.roleDeck].sort());
  // The hidden seats take the first secret roles drawn (a public role would show); the rest is the deck.
  const dealt: string[] = [];
  const rest: string[] = [];
  for (const role of pool) (dealt.length < seats.length && secret(role) ? dealt : rest).push(role);
  seats.forEach((seat, i) => { d.players[seat].role = dealt[i] ?? d.players[seat].role; });
  d.roleDeck = rest;
}

/**
 * What a player may assume of each hidden variable and of the others' secret player variables:
 * their values at the end of the setup of games played at random on other seeds. Drawn once per
 * rules, player count and variant. `samples[k]`: the hidden globals, then each seat's secret
 * player variables in turn.
 */
export interface HiddenPriors { samples: Value[][]; indices: number[]; playerIndices: number[] }

export function hiddenPriors(definition: GameDefinition, players: number, variant: string | null, count = 16): HiddenPriors {
  const indices = definition.globals.flatMap((g, i) => (g.hidden ? [i] : []));
  const playerIndices = definition.playerVars.flatMap((v, i) => (v.secret ? [i] : []));
  const samples: Value[][] = [];
  if (indices.length === 0 && playerIndices.length === 0) return { samples, indices, playerIndices };
  for (let k = 0; k < count; k++) {
    const started = startGame(definition, { players, seed: 0x51ed + k * 7919, variant, quiet: true });
    if (!started.ok) break;
    const s = started.state;
    const random: BotRandom = { state: 0x9e37 + k };
    for (let n = 0; n < 100_000 && !s.outcome && s.turn === 0 && s.pending; n++) applyChoiceIndex(definition, s, advanceBot(random, choiceCount(s)));
    samples.push([...indices.map((i) => structuredClone(s.globals[i])), ...s.players.flatMap((p) => playerIndices.map((i) => structuredClone(p.vars[i])))]);
  }
  return { samples, indices, playerIndices };
}

function redrawHiddenVariables(definition: GameDefinition, d: GameState, viewer: number, random: BotRandom, priors: HiddenPriors): void {
  if (priors.samples.length === 0 || priors.indices.length + priors.playerIndices.length === 0) return;
  const sample = priors.samples[advanceBot(random, priors.samples.length)];
  priors.indices.forEach((global, k) => { d.globals[global] = structuredClone(sample[k]); });
  // The others' secret player variables; the viewer's own are known.
  const first = priors.indices.length;
  const per = priors.playerIndices.length;
  d.players.forEach((player, seat) => {
    if (seat === viewer) return;
    priors.playerIndices.forEach((variable, k) => { player.vars[variable] = structuredClone(sample[first + seat * per + k] ?? null); });
  });
}
