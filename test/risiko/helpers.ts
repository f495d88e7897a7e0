/**
 * Positions for Risiko! scenario tests. Every test plays the real rules through the engine; a
 * position is pinned by editing the plain game state between two decisions: who holds each
 * territory and with how many armies, the cards in a hand, the round, and the state of the
 * match's random generator just before the dice are rolled.
 */
import { legalMoves, type GameState } from '../../interpreter/index.ts';
import { nextRandom } from '../../interpreter/runtime/runtime.ts';
import { loadDefinition, Scenario } from '../support/scenario.ts';

export const RULES = 'risiko.rules';
export const def = loadDefinition(RULES);

export const ASK = {
  initial: "Dove metti un'armata della dotazione iniziale?",
  trade: 'Giochi una combinazione di carte?',
  place: 'Dove metti i rinforzi?',
  howMany: 'Quante armate metti qui?',
  attack: 'Attacchi?',
  from: 'Da quale territorio attacchi?',
  target: 'Quale territorio attacchi?',
  attackDice: 'Con quante armate attacchi?',
  defendDice: 'Con quante armate difendi?',
  again: "Continui l'attacco?",
  moveIn: 'Quante armate in più sposti nel territorio conquistato?',
  fortify: 'Sposti delle armate?',
  fortifyFrom: 'Da quale territorio sposti?',
  fortifyTo: 'In quale territorio contiguo?',
  fortifyCount: 'Quante armate sposti?',
} as const;

const armata = def.tokens.indexOf('Armata');
const ownerVar = def.zoneVars.findIndex((v) => v.name === 'owner');
const pileIndex = (name: string) => def.piles.findIndex((p) => p.name === name);

export function territory(name: string): number {
  const index = def.zones.findIndex((z) => z.name === name);
  if (index < 0) throw new Error(`no territory ${name}`);
  return index;
}

export const territoryNames = def.zones.map((z) => z.name);
export const continent = (name: string) => def.regions.find((r) => r.name === name)!.territories.map((z) => def.zones[-z - 1].name);

export const armies = (state: GameState, name: string) => state.zones[territory(name)].tokens[armata];
export const ownerOf = (state: GameState, name: string) => state.zones[territory(name)].vars[ownerVar] as number | null;

export function setTerritory(state: GameState, name: string, seat: number, count: number): void {
  const zone = state.zones[territory(name)];
  zone.vars[ownerVar] = seat;
  zone.tokens[armata] = count;
}

/**
 * The whole world at once: `claims` names territories for some seats, with their armies; every
 * other territory goes to `rest` (seat and armies).
 */
export function world(state: GameState, claims: Record<string, [seat: number, armies: number]>, rest: [seat: number, armies: number]): void {
  for (const name of territoryNames) setTerritory(state, name, ...(claims[name] ?? rest));
}

/** The cards of a player's hand (pile `Carte`), top first. */
export function hand(state: GameState, seat: number): string[] {
  return state.piles[state.pileBase[pileIndex('Carte')] + seat].map((card) => def.cards[card].name);
}

export function pile(state: GameState, name: string): string[] {
  return state.piles[state.pileBase[pileIndex(name)]].map((card) => def.cards[card].name);
}

/** Puts the named cards (territory cards, or "Jolly") in a player's hand, taking them from wherever they are. */
export function giveCards(state: GameState, seat: number, names: string[]): void {
  const slot = state.pileBase[pileIndex('Carte')] + seat;
  for (const name of names) {
    const card = def.cards.findIndex((c, i) => c.name === name && !state.piles[slot].includes(i));
    if (card < 0) throw new Error(`no card ${name}`);
    for (const cards of state.piles) {
      const at = cards.indexOf(card);
      if (at >= 0) cards.splice(at, 1);
    }
    state.piles[slot].unshift(card);
  }
}

export function objectiveOf(state: GameState, seat: number): string {
  return def.cards[state.piles[state.pileBase[pileIndex('Obiettivo')] + seat][0]].name;
}

/** Gives a player the named objective card, swapping it with the one they hold. */
export function setObjective(state: GameState, seat: number, name: string): void {
  const slot = state.pileBase[pileIndex('Obiettivo')] + seat;
  const card = def.cards.findIndex((c) => c.name === name);
  const current = state.piles[slot][0];
  for (const cards of state.piles) {
    const at = cards.indexOf(card);
    if (at >= 0) cards[at] = current;
  }
  state.piles[slot][0] = card;
}

export function playerVar(state: GameState, seat: number, name: string): unknown {
  return state.players[seat].vars[def.playerVars.findIndex((v) => v.name === name)];
}

/**
 * A generator state whose next draws roll the given faces, in order (a six-sided die is
 * `floor(random * 6) + 1`): the roll itself still goes through the rules.
 */
export function rngRolling(faces: number[]): number {
  for (let rng = 1; rng < 50_000_000; rng++) {
    const probe = { rng } as GameState;
    if (faces.every((face) => Math.floor(nextRandom(probe) * 6) + 1 === face)) return rng;
  }
  throw new Error(`no generator state rolls ${faces.join(', ')}`);
}

export class Risiko extends Scenario {
  constructor(players: number, options: { seed?: number; variant?: string | null } = {}) {
    super(def, players, options);
  }

  /** Answers every placement of the setup with the first territory offered, to the first turn. */
  static atFirstTurn(players: number, options: { seed?: number; variant?: string | null } = {}): Risiko {
    const game = new Risiko(players, options);
    while (game.asking === ASK.initial) game.choose(game.chooser, game.choices()[0]);
    return game;
  }

  choices(): string[] {
    return legalMoves(this.state).map((m) => m.choice);
  }

  /** The question asked, without the values the rules show after ' · ' (how many are left, which territories). */
  get asking(): string | undefined {
    return this.state.pending?.prompt.split(' · ')[0];
  }

  get chooser(): number {
    return this.state.pending!.player;
  }

  /** Plays a choice for whoever must make it. */
  answer(label: string): this {
    return this.choose(this.chooser, label);
  }

  /** Places every reinforcement on the first territory offered. */
  placeAll(): this {
    while (this.asking === ASK.place || this.asking === ASK.howMany) {
      const choices = this.choices();
      this.answer(this.asking === ASK.howMany ? choices[choices.length - 1] : choices[0]);
    }
    return this;
  }

  /**
   * Ends the current player's turn without attacking or moving. A position set while this player
   * is asked whether to attack is what the next player finds at the start of their turn.
   */
  passTurn(): this {
    const player = this.state.current;
    while (this.state.current === player && !this.state.outcome) {
      if (this.asking === ASK.trade) this.answer('nessuna combinazione');
      else if (this.asking === ASK.place || this.asking === ASK.howMany) this.placeAll();
      else if (this.asking === ASK.attack) this.answer('fine degli attacchi');
      else if (this.asking === ASK.fortify) this.answer('nessuno spostamento');
      else throw new Error(`passTurn: unexpected question ${this.asking}`);
    }
    return this;
  }

  /** Attacks `to` from `from`; either is taken without asking when it is the only one possible. */
  attack(from: string, to: string): this {
    this.answer('attacca');
    if (this.asking === ASK.from) this.answer(from);
    if (this.asking === ASK.target) this.answer(to);
    const answered = (prompt: string) => [...this.state.log].reverse().find((e) => e.kind === 'choice' && e.text.includes(`(${prompt}`))?.text.split(': ')[1].split(' (')[0];
    const chosen = `${answered(ASK.from)} -> ${answered(ASK.target)}`;
    if (chosen !== `${from} -> ${to}`) throw new Error(`attacked ${chosen}, not ${from} -> ${to}`);
    return this;
  }

  /** Rolls the given faces next (attacker's dice first, then the defender's). */
  rig(faces: number[]): this {
    this.state.rng = rngRolling(faces);
    return this;
  }
}
