/**
 * What every part of the checker shares: the static types, the annotations it records for the
 * interpreter, scopes of locals (slots in a frame), and the state of one check (the diagnostics,
 * the calls seen). The checks themselves are in names-check, expression-check, effect-check,
 * statement-check and declaration-check; checker.ts runs them in order.
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import { at, type Message } from './messages.ts';
import type { Schema } from './schema-types.ts';
import type { GridMember, GridResolution } from './grid-check.ts';

/** Static types: scalars, or `list<T>`. */
export type Type = 'number' | 'bool' | 'string' | 'player' | 'symbol' | 'die' | 'role' | 'team' | 'card' | 'zone' | 'region' | 'cell' | 'tile' | 'piece' | 'none' | 'unknown' | `list<${string}>`;

export type Resolution =
  | { kind: 'local'; slot: number }
  | { kind: 'global'; index: number }
  | { kind: 'option'; index: number }
  | { kind: 'symbol'; name: string }
  | { kind: 'role'; name: string }
  | { kind: 'pool'; name: string }
  /** A player's set of dice by its bare name (`Coppa`): the dice of every player in the game, seat by seat. */
  | { kind: 'table-dice'; name: string; pool: number }
  | { kind: 'seats' }
  | { kind: 'roles' }
  | { kind: 'team'; index: number }
  | { kind: 'teams' }
  /** A zone; at run time zone i is the number -(i+1), so it is never mistaken for a player. */
  | { kind: 'zone'; index: number }
  | { kind: 'zone-set'; zones: number[] }
  /** A region of a map (its index), and `regions`: every region. */
  | { kind: 'region'; index: number }
  | { kind: 'regions' }
  /** `round`: how many times play has gone round the table, 1 in the first round. */
  | { kind: 'round' }
  /** `turn`: the number of the turn being played, 1 in the first turn (0 during setup). */
  | { kind: 'turn' }
  /** A shared pile: read as the list of its cards, top first. */
  | { kind: 'pile'; index: number }
  /** A set of cards: every card of it, in the order written, wherever each lies (`distinct seme of Carte`). */
  | { kind: 'card-set'; first: number; count: number }
  /** A bare attribute name inside `where` or a role goal: the element in `slot`, then the member. */
  | { kind: 'attribute'; slot: number; member: MemberResolution }
  | GridResolution;

export type MemberResolution =
  | { kind: 'token'; index: number }
  | { kind: 'player-var'; index: number }
  | { kind: 'role' }
  | { kind: 'face' }
  /** The number a numeric face shows (`die D6 faces 1 to 6`); 0 for a symbol face. */
  | { kind: 'value' }
  | { kind: 'mark'; bit: number }
  | { kind: 'team-of' }
  /** `p.Mano`: the cards of the player's own pile. */
  | { kind: 'player-pile'; index: number }
  /** `p.Coppa`: the player's own dice of a `player dice` set. */
  | { kind: 'player-dice'; name: string; pool: number }
  /** `t.Prese`: the cards of the team's own pile. */
  | { kind: 'team-pile'; index: number }
  | { kind: 'team-property'; index: number }
  | { kind: 'team-var'; index: number }
  | { kind: 'card-name' }
  /** `c.player`: the player from whose pile the card was last moved into a shared pile (a card played into a trick), or none. */
  | { kind: 'card-player' }
  | { kind: 'card-property'; index: number }
  | { kind: 'zone-property'; index: number }
  | { kind: 'zone-var'; index: number }
  /** `t.region`: the region a territory of a map belongs to. */
  | { kind: 'zone-region' }
  | { kind: 'region-property'; index: number }
  | GridMember;

/** Where cards go or come from: a shared pile, or a player's own pile (`p.Mano`). */
export type PileReference = { kind: 'shared'; index: number } | { kind: 'player' | 'team'; index: number; owner: A.Expr };

export interface Annotations {
  names: Map<A.NameExpr, Resolution>;
  /** The place a quoted territory or region name means (`gain 1 Armata to "Beta Due"`). */
  quotedPlaces: Map<A.StringExpr, { kind: 'zone' | 'region'; index: number }>;
  members: Map<A.MemberExpr, MemberResolution>;
  types: Map<A.Expr, Type>;
  /** The local slot of each binding site: let, for each, choose, rule parameters, and the element of `where`. */
  slots: Map<A.Name | A.WhereExpr | A.LeaderExpr | A.AggregateExpr, number>;
  /** First of the hidden slots a loop keeps its place in (for each: list and position; repeat: the count left). */
  loopSlots: Map<A.Statement, number>;
  /** Slots needed by each frame: a rule, the setup, the turns, a role goal. */
  frameSizes: Map<A.Node, number>;
  /** Global bit of each die mark name. */
  markBits: Map<string, number>;
  /** What kind of value each variable holds, learnt from its initial value and what `set` gives it. */
  variableTypes: Map<string, Type>;
  piles: Map<A.Expr, PileReference>;
}

export interface Local { slot: number; type: Type }

export class Scope {
  private readonly names = new Map<string, Local>();
  constructor(readonly parent: Scope | undefined, readonly frame: { size: number }) {}
  define(name: string, type: Type): number {
    const slot = this.frame.size++;
    this.names.set(name, { slot, type });
    return slot;
  }
  /** A name for a slot that already exists (the element of `where t: …`). */
  alias(name: string, slot: number, type: Type): void {
    this.names.set(name, { slot, type });
  }
  lookup(name: string): Local | undefined {
    return this.names.get(name) ?? this.parent?.lookup(name);
  }
  all(): string[] {
    return [...this.names.keys(), ...(this.parent?.all() ?? [])];
  }
}

export interface ExprContext { scope: Scope; element?: { slot: number; type: Type } }

/** A block's place: its scope, whether it is in the turns (or a rule, or an option open at any time), directly in the turns block, the phases seen. */
export interface BlockContext { scope: Scope; inTurns: boolean; topOfTurns: boolean; phases: Set<string> }

/** The kind of value every call passes for each parameter (of a rule, of a define), or unknown when calls differ. */
export function parameterKinds(params: A.Name[], passed: Type[][]): Type[] {
  return params.map((_, i) => {
    const kinds = new Set(passed.map((args) => args[i]).filter((t): t is Type => t !== undefined && t !== 'unknown' && t !== 'none' && t !== 'list<unknown>'));
    return kinds.size === 1 ? [...kinds][0] : 'unknown';
  });
}

export const elementOf = (type: Type): Type => (type.startsWith('list<') ? (type.slice(5, -1) as Type) : 'unknown');
export const listOf = (type: Type): Type => `list<${type}>`;
export const isList = (type: Type) => type.startsWith('list<');

/** One check of a file: what it has found so far, shared by every part of the checker. */
export interface CheckState {
  schema: Schema;
  annotations: Annotations;
  diagnostics: Diagnostic[];
  /** False: the file was cut short; a rule called but not found may be in the unread part. */
  complete: boolean;
  /** The kinds of the arguments of every `do`, per rule. */
  calls: Map<string, Type[][]>;
  /** The rules some `do` calls. */
  called: Set<string>;
  /** The kinds of the arguments of every call of a define, per define, and the defines called (define-check.ts). */
  defineCalls: Map<string, Type[][]>;
  /** The kind of value each define gives, as first found (define-check.ts): what a call of it is. */
  defineTypes: Map<string, Type>;
  /** Above 0 while a check runs only to learn kinds: it reports and records nothing. */
  muted: number;
  /** The arguments of pairsWon whose kind was not known where they were checked. */
  pairsWonUnsure: { arg: A.Expr; type: Type; local?: Local }[];
  /** What `set` gave a local value (`let a = []` … `set a = take(Attacco, n)`). */
  localsLearnt: Map<Local, Type>;
  /** Reports a message of the catalogue (messages.ts) at `range`, unless the check only learns kinds. */
  report: (message: Message, range: A.Range, suggestion?: string) => void;
  /** Checks `body` in a frame of its own (a declaration, a rule, the setup, the turns); the frame's size is recorded for `owner`. */
  frame: (owner: A.Node, body: (scope: Scope) => void) => void;
}

export function newCheckState(schema: Schema, diagnostics: Diagnostic[], complete: boolean): CheckState {
  const annotations: Annotations = {
    names: new Map(), members: new Map(), types: new Map(), slots: new Map(), loopSlots: new Map(), frameSizes: new Map(), markBits: new Map(), variableTypes: new Map(), piles: new Map(),
    quotedPlaces: new Map(),
  };
  const state: CheckState = {
    schema, annotations, diagnostics, complete, calls: new Map(), called: new Set(), pairsWonUnsure: [], localsLearnt: new Map(),
    defineCalls: new Map(), defineTypes: new Map(), muted: 0,
    report: (message, range, suggestion) => { if (state.muted === 0) diagnostics.push(at(message, range, suggestion)); },
    frame: (owner, body) => {
      const size = { size: 0 };
      body(new Scope(undefined, size));
      annotations.frameSizes.set(owner, size.size);
    },
  };
  return state;
}


export function describeType(type: Type | undefined): string {
  if (type === undefined) return 'a value';
  if (type.startsWith('list<')) return `a list of ${elementOf(type)}s`.replace('unknowns', 'values');
  return ({ number: 'a number', bool: 'a condition', string: 'a text', player: 'a player', symbol: 'a symbol', die: 'a die', role: 'a role', team: 'a team', card: 'a card', zone: 'a zone', region: 'a region', cell: 'a cell', tile: 'a tile', piece: 'a piece', none: 'none', unknown: 'a value' } as Record<string, string>)[type] ?? type;
}
