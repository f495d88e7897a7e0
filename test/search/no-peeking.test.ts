/**
 * No peeking: two states that give the bot's player the same view — differing only in what that
 * player cannot see — make the search bot choose the same move for the same seed. The second
 * state is built here by hand from what the view hides (cards shown as unknown, roles shown as
 * hidden, variables left out of the view, the dice generator), never by the bot's own code, and
 * the test first checks that the two views are indeed equal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneState, startGame, viewFor, type GameDefinition, type GameState, type Value } from '../../interpreter/index.ts';
import { applyChoiceIndex, choiceCount } from '../../interpreter/engine/engine.ts';
import { advanceBot } from '../../interpreter/runtime/bot-random.ts';
import { determinize, hiddenPriors, playChoice, searchMove, SealedAnswers } from '../../interpreter/bots/index.ts';
import { compileRules } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

type Random = { state: number };
const shuffled = <T>(random: Random, items: T[]): T[] => {
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = advanceBot(random, i + 1);
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
};

/** A state reached by `moves` random decisions, outside any simultaneous block (null if the game ended first). */
function reached(definition: GameDefinition, players: number, seed: number, moves: number): GameState | null {
  const started = startGame(definition, { players, seed, quiet: true });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const state = started.state;
  const random = { state: seed * 31 + 7 };
  for (let n = 0; (n < moves || state.simultaneous) && !state.outcome && n < moves + 2000; n++) applyChoiceIndex(definition, state, advanceBot(random, choiceCount(state)));
  return state.outcome || state.simultaneous ? null : state;
}

/** For each slot of `state.piles`, the view's own pile: which cards it shows, and each card's back. */
function shownBySlot(definition: GameDefinition, state: GameState, viewer: number): { cards: (string | null)[]; backs?: string[] }[] {
  const view = viewFor(definition, state, viewer);
  const shown: { cards: (string | null)[]; backs?: string[] }[] = [];
  let own = 0;
  let shared = 0;
  let team = 0;
  definition.piles.forEach((pile, i) => {
    const base = state.pileBase[i];
    if (pile.perPlayer) { state.players.forEach((_, seat) => { shown[base + seat] = view.players[seat].piles[own]; }); own++; }
    else if (pile.perTeam) { definition.teams.forEach((_, t) => { shown[base + t] = view.teams[t].piles[team]; }); team++; }
    else { shown[base] = view.piles[shared]; shared++; }
  });
  return shown;
}

/** Cards the viewer knows by name though not on a pile they see: their own choice's, and card variables'. */
function namedCards(definition: GameDefinition, state: GameState, viewer: number): Set<number> {
  const named = new Set<number>();
  const add = (v: Value) => { if (typeof v === 'number') named.add(v); else if (Array.isArray(v)) v.forEach(add); };
  const pending = state.pending;
  if (pending && pending.player === viewer && pending.kind !== 'option' && pending.valueKind === 'card') pending.values.forEach(add);
  definition.playerVars.forEach((v, i) => { if (v.kind === 'card') state.players.forEach((p) => add(p.vars[i])); });
  definition.globals.forEach((g, i) => { if (g.kind === 'card') add(state.globals[i]); });
  return named;
}

/**
 * Another state the viewer cannot tell from `state`: hidden cards moved among the hidden places
 * of their set, hidden roles swapped, hidden variables and the generator changed.
 */
function lookalike(definition: GameDefinition, state: GameState, viewer: number, random: Random): GameState {
  const other = cloneState(state);
  other.rng = (advanceBot(random, 0x7fffffff) + 1) >>> 0;
  other.seed = state.seed + 1;
  const shown = shownBySlot(definition, state, viewer);
  const named = namedCards(definition, state, viewer);
  // Cards with the same back (set) change places, among the places the view shows as unknown.
  const bySet = new Map<string, [number, number][]>();
  state.piles.forEach((pile, slot) => pile.forEach((card, at) => {
    if (shown[slot].cards[at] !== null || named.has(card)) return;
    const back = shown[slot].backs![at];
    bySet.set(back, [...bySet.get(back) ?? [], [slot, at]]);
  }));
  for (const places of bySet.values()) {
    const cards = places.map(([slot, at]) => state.piles[slot][at]);
    const marks = cards.map((card) => ({ revealed: state.revealed[card], placedBy: state.placedBy[card], playedBy: state.playedBy?.[card] ?? -1 }));
    shuffled(random, cards).forEach((card, i) => {
      const [slot, at] = places[i];
      other.piles[slot][at] = card;
      other.revealed[card] = marks[i].revealed;
      other.placedBy[card] = marks[i].placedBy;
      if (other.playedBy) other.playedBy[card] = marks[i].playedBy;
    });
  }
  const view = viewFor(definition, state, viewer);
  const hiddenSeats = view.players.filter((p) => p.roleVisibility === 'hidden').map((p) => p.seat);
  const roles = shuffled(random, [...hiddenSeats.map((seat) => state.players[seat].role!), ...state.roleDeck]);
  const secret = (role: string) => definition.roles.find((r) => r.name === role)?.visibility !== 'public';
  const dealt = roles.filter(secret).slice(0, hiddenSeats.length);
  if (dealt.length === hiddenSeats.length) {
    hiddenSeats.forEach((seat, i) => { other.players[seat].role = dealt[i]; });
    const rest = roles.slice();
    for (const role of dealt) rest.splice(rest.indexOf(role), 1);
    other.roleDeck = rest;
  }
  // Dice the view shows under another player's cup (face null) show other faces.
  let die = 0;
  for (const pool of definition.pools) {
    const shownDice = view.dice.filter((d) => d.pool === pool.name);
    shownDice.forEach((d, k) => {
      if (d.face !== null) return;
      const faces = pool.faces.filter((f) => f !== state.dice[die + k].face);
      other.dice[die + k].face = faces[advanceBot(random, faces.length)];
    });
    die += pool.count;
  }
  const visibleVariables = new Set(view.variables.map((v) => v.name));
  definition.globals.forEach((g, i) => {
    if (!visibleVariables.has(g.name) && typeof state.globals[i] === 'number') other.globals[i] = (state.globals[i] as number) + 1 + advanceBot(random, 5);
  });
  return other;
}

/** Each game with hidden cards, roles or variables: its players, and how far into a game the states compared lie (decisions). */
const games: [string, number, number][] = [
  ['mortadella.rules', 4, 400], ['notav.rules', 4, 400], ['risiko.rules', 4, 400], ['1984.rules', 5, 60],
  ['examples/primiera.rules', 4, 30], ['examples/sfida.rules', 4, 60], ['examples/mercato.rules', 4, 60],
  // Tricks: who played each card of the trick is public, the hands are not.
  ['examples/tressette.rules', 4, 30],
  // Dice only: the dice to come are the hidden part.
  ['examples/race.rules', 3, 10],
  // Dice under the cups: the others' faces are the hidden part.
  ['examples/bugie.rules', 3, 40],
];

describe('the search bot never peeks', () => {
  it.each(games)('%s: the same view gives the same move for the same seed', (file, players, depth) => {
    const definition = loadDefinition(file);
    let differing = 0;
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: depth }), fc.integer({ min: 1, max: 1_000_000 }), (seed, moves, salt) => {
      const state = reached(definition, players, seed, moves);
      if (!state) return;
      const viewer = state.pending!.player;
      const other = lookalike(definition, state, viewer, { state: salt });
      expect(JSON.stringify(viewFor(definition, other, viewer))).toBe(JSON.stringify(viewFor(definition, state, viewer)));
      if (JSON.stringify(other.piles) !== JSON.stringify(state.piles) || JSON.stringify(other.players) !== JSON.stringify(state.players)
        || JSON.stringify(other.globals) !== JSON.stringify(state.globals) || JSON.stringify(other.dice) !== JSON.stringify(state.dice)) differing++;
      const options = { iterations: 12, seed: salt, maxRounds: 200 };
      const a = searchMove(definition, state, viewer, options);
      const b = searchMove(definition, other, viewer, options);
      expect(b.choice).toBe(a.choice);
      expect(b.root).toEqual(a.root);
    }), { numRuns: 6, seed: 42 });
    // The states compared did differ in what the viewer cannot see (not only in the generator), in every game with hidden cards, roles or variables.
    if (definition.cards.length || definition.roles.length || definition.globals.some((g) => g.hidden) || definition.pools.some((p) => p.hidden)) expect(differing).toBeGreaterThan(0);
  });

  it.each(games)('%s: a determinization looks to its player exactly as the real state does', (file, players, depth) => {
    const definition = loadDefinition(file);
    const priors = hiddenPriors(definition, players, null, 4);
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: depth }), fc.integer({ min: 1, max: 1_000_000 }), (seed, moves, salt) => {
      const state = reached(definition, players, seed, moves);
      if (!state) return;
      const viewer = state.pending!.player;
      const drawn = determinize(definition, state, viewer, { state: salt }, priors);
      const seen = (s: GameState) => JSON.stringify({ ...viewFor(definition, s, viewer), log: [] });
      expect(seen(drawn)).toBe(seen(state));
    }), { numRuns: 20, seed: 7 });
  });

  it.each([['notav.rules', 4, 12], ['risiko.rules', 4, 12], ['mortadella.rules', 4, 12], ['examples/bugie.rules', 3, 12]] as [string, number, number][])(
    '%s: given the past, two pasts that look the same to the player give the same move', (file, players, depth) => {
      const definition = loadDefinition(file);
      let compared = 0;
      let fromWorlds = 0;
      fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: depth }), fc.integer({ min: 1, max: 1_000_000 }), (seed, moves, salt) => {
        const begun = startGame(definition, { players, seed, quiet: true });
        if (!begun.ok) throw new Error(begun.diagnostic.message);
        const start = begun.state;
        // Another deal the player cannot tell from this one at the start; the same dice to come, so public rolls agree.
        const viewer = (seed % players);
        const otherStart = { ...lookalike(definition, start, viewer, { state: salt }), rng: start.rng, seed: start.seed };
        const real = cloneState(start);
        const other = cloneState(otherStart);
        const random = { state: seed * 31 + 7 };
        const steps: { player: number; index: number }[] = [];
        const otherSteps: { player: number; index: number }[] = [];
        const seen = (s: GameState) => JSON.stringify({ ...viewFor(definition, s, viewer), log: [] });
        for (let n = 0; n < moves || real.pending?.player !== viewer || real.simultaneous; n++) {
          if (real.outcome || other.outcome || n > moves + 200) return;
          const player = real.pending!.player;
          const index = advanceBot(random, choiceCount(real));
          steps.push({ player, index });
          applyChoiceIndex(definition, real, index);
          // The other past: the player's own choices the same; another's, the same if it looks the same to the player, else the
          // first that does (their cards differ). A value chosen first shows only in what a later choice does (Bugie's bids).
          const candidates = player === viewer ? [index] : [index, ...Array.from({ length: choiceCount(other) }, (_, k) => k).filter((k) => k !== index)];
          const match = candidates.find((k) => { const next = cloneState(other); applyChoiceIndex(definition, next, k); return seen(next) === seen(real); });
          // Only pasts the player cannot tell apart at every step are compared.
          if (match === undefined) return;
          otherSteps.push({ player, index: match });
          applyChoiceIndex(definition, other, match);
        }
        if (real.outcome) return;
        compared++;
        const options = { iterations: 12, seed: salt, maxRounds: 200 };
        const a = searchMove(definition, real, viewer, { ...options, history: { start, moves: steps } });
        const b = searchMove(definition, other, viewer, { ...options, history: { start: otherStart, moves: otherSteps } });
        expect(b.choice).toBe(a.choice);
        expect(b.root).toEqual(a.root);
        expect(b.worlds).toBe(a.worlds);
        if (a.worlds > 0) fromWorlds++;
      }), { numRuns: 8, seed: 42 });
      expect(compared).toBeGreaterThan(0);
      // Some of the searches compared did search consistent worlds (not only the fallback).
      expect(fromWorlds).toBeGreaterThan(0);
    });

  it.each([['examples/asta.rules', 4], ['1984.rules', 5]] as [string, number][])(
    '%s: in a simultaneous block, a later player\'s search does not depend on the sealed answers given before theirs', (file, players) => {
      const definition = loadDefinition(file);
      const started = startGame(definition, { players, seed: 3, quiet: true });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const opening = started.state;
      const random = { state: 99 };
      for (let n = 0; n < 5000 && !opening.simultaneous && !opening.outcome; n++) applyChoiceIndex(definition, opening, advanceBot(random, choiceCount(opening)));
      expect(opening.simultaneous).toBeDefined();
      const first = opening.pending!.player;
      const answers = Math.min(choiceCount(opening), 3);
      const searched = new Set<string>();
      for (let answer = 0; answer < answers; answer++) {
        const state = cloneState(opening);
        const sealed = new SealedAnswers(definition);
        sealed.observe(state);
        playChoice(definition, state, answer);
        sealed.observe(state);
        const next = state.pending!.player;
        expect(next).not.toBe(first);
        const result = searchMove(definition, sealed.stateFor(state, next), next, { iterations: 10, seed: 4, maxRounds: 3 });
        searched.add(JSON.stringify(result.root));
      }
      expect(answers).toBeGreaterThan(1);
      expect(searched.size).toBe(1);
    });
  it("examples/bugie.rules: a bid is doubted or not whatever lies under the bidder's cup", () => {
    const definition = loadDefinition('examples/bugie.rules');
    const started = startGame(definition, { players: 2, seed: 11, quiet: true });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    // P1 bids five sixes (the fifth count of 1 to 10, the fifth face of 2 to 6); P2 answers.
    applyChoiceIndex(definition, state, 4);
    applyChoiceIndex(definition, state, 4);
    expect(state.pending?.player).toBe(1);
    const cup = definition.pools[0];
    const withFaces = (face: string) => {
      const other = cloneState(state);
      for (let k = 0; k < cup.perSeat!; k++) other.dice[cup.first + k].face = face;
      return other;
    };
    const sixes = withFaces('6');
    const twos = withFaces('2');
    expect(viewFor(definition, sixes, 1)).toEqual(viewFor(definition, twos, 1));
    for (const seed of [1, 2, 3]) {
      const options = { iterations: 60, seed, maxRounds: 200 };
      const a = searchMove(definition, sixes, 1, options);
      const b = searchMove(definition, twos, 1, options);
      expect(b.choice, `seed ${seed}`).toBe(a.choice);
      expect(b.root).toEqual(a.root);
    }
  });

  /**
   * The guided playouts read the rules' distance to winning: here a secret role's goal and a hidden
   * target. They read them in the imagined world (roles dealt again, the hidden target drawn from
   * its start), never in the real game.
   */
  it('guided playouts: a secret goal and a hidden target, read off the imagined world only', () => {
    const result = compileRules(`game "Segreti" { players 2 turn limit 40 }
tokens Grano, Vino reserve 100
hidden var meta = 6
roles secret {
  "Oste" goal Grano >= 5 and Vino >= 5
  "Mugnaio" goal Grano >= 8 and Vino >= 2
}
setup { deal roles  set meta = random([5, 6, 7]) }
turns {
  choose by current prompt "Che prendi?" {
    option "grano" { gain 1 Grano }
    option "vino" { gain 1 Vino }
    option "aspetta" { }
  }
  if meetsGoal(current) or current.Grano + current.Vino >= meta + 9 { win current "ha grano e vino" }
}
`);
    if (!result.definition) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
    const definition = result.definition;
    let guided = 0;
    fc.assert(fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 12 }), fc.integer({ min: 1, max: 1_000_000 }), (seed, moves, salt) => {
      const state = reached(definition, 2, seed, moves);
      if (!state) return;
      const viewer = state.pending!.player;
      const other = lookalike(definition, state, viewer, { state: salt });
      expect(JSON.stringify(viewFor(definition, other, viewer))).toBe(JSON.stringify(viewFor(definition, state, viewer)));
      const options = { iterations: 30, seed: salt };
      const a = searchMove(definition, state, viewer, options);
      const b = searchMove(definition, other, viewer, options);
      expect(b.choice).toBe(a.choice);
      expect(b.root).toEqual(a.root);
      if (JSON.stringify(searchMove(definition, state, viewer, { ...options, playouts: 'uniform' }).root) !== JSON.stringify(a.root)) guided++;
    }), { numRuns: 8, seed: 42 });
    // The searches compared were guided ones (they differ from uniform playouts).
    expect(guided).toBeGreaterThan(0);
  });
});
