/**
 * Lowers checked expressions to closures over (state, frame). Names were resolved by the checker;
 * here each resolution becomes a direct array access.
 */
import type { AST, Annotations, MemberResolution, Resolution } from '../../grammar/index.ts';
import { holdings, type Evaluate, type Frame, type GameDefinition, type GameState, type Value } from '../program/program.ts';
import { neighbour, playersFrom, randomInt } from '../runtime/runtime.ts';
import { boardCall, boardMemberReader } from '../runtime/grids.ts';
import { aggregateOf, leaderOf } from '../runtime/aggregate.ts';
import { RuleError } from '../program/rule-error.ts';
import { constantOf, tokenOfLocal } from '../program/operands.ts';

/** The largest list `range` builds: a guard against a typo such as range(1, 1000000000). */
const maxRange = 10_000;

/**
 * Dice compared in pairs, as in an attack: each side sorted highest first, the i-th of one against
 * the i-th of the other for as many pairs as the shorter side has. How many pairs `a` wins; a tie
 * goes to `b`. Values are never added up.
 */
export function pairsWon(a: number[], b: number[]): number {
  const first = a.slice().sort((x, y) => y - x);
  const second = b.slice().sort((x, y) => y - x);
  let won = 0;
  for (let i = 0; i < Math.min(first.length, second.length); i++) if (first[i] > second[i]) won++;
  return won;
}

export interface ExpressionCompiler {
  compile(node: AST.Expr): Evaluate;
}

/**
 * The checked node each compiled closure came from, and the annotations that resolved it: codegen/
 * writes it out as JavaScript. Kept on the closure itself (a symbol-keyed field), not in a WeakMap:
 * every compile records thousands, and a WeakMap's entries turned much of a compile's time into garbage collection.
 */
type ExpressionSource = { node: AST.Expr; annotations: Annotations };
const sourceKey = Symbol('expression source');
export const expressionSources = {
  get: (closure: Evaluate): ExpressionSource | undefined => (closure as Evaluate & { [sourceKey]?: ExpressionSource })[sourceKey],
  set: (closure: Evaluate, source: ExpressionSource): void => { (closure as Evaluate & { [sourceKey]?: ExpressionSource })[sourceKey] = source; },
};

/**
 * A role's goal (compile-declarations.ts) and the closure of its expression, evaluated over a
 * scratch frame of `size` locals whose slot 0 is the holder: the code generator writes it out.
 */
type Goal = (state: GameState, holder: number) => boolean;
type GoalExpression = { expression: Evaluate; size: number };
const goalKey = Symbol('goal expression');
export const goalExpressions = {
  get: (goal: Goal): GoalExpression | undefined => (goal as Goal & { [goalKey]?: GoalExpression })[goalKey],
  set: (goal: Goal, expression: Evaluate, size: number): Goal => {
    (goal as Goal & { [goalKey]?: GoalExpression })[goalKey] = { expression, size };
    return goal;
  },
};

/** `owns(p, r)`: whether player `p` owns every territory of region `r` (its zones' built-in `owner`). */
export function ownsRegion(state: GameState, definition: GameDefinition, player: Value, region: Value): boolean {
  if (region === null) return false;
  const owner = definition.zoneVars.findIndex((v) => v.name === 'owner');
  return definition.regions[region as number].territories.every((zone) => state.zones[-zone - 1].vars[owner] === player);
}

/** `regions(MAP)`: the regions of the map named `map`, in the order written. */
export function regionsOfMap(definition: GameDefinition, map: string): number[] {
  return definition.regions.flatMap((region, i) => (region.map === map ? [i] : []));
}

export const asList = (value: Value): Value[] => (Array.isArray(value) ? value : value === null ? [] : [value]);

/** `item(LIST, N)`: the N-th element, counting from 1; none for a position the list does not have (0, past its end, not whole). */
export function itemOf(list: Value, position: Value): Value {
  return typeof position === 'number' && Number.isInteger(position) && position >= 1 ? asList(list)[position - 1] ?? null : null;
}

export function playerIndex(value: Value): number {
  if (typeof value !== 'number') throw new RuleError(value === null ? 'a player was expected, but the value is none' : `a player was expected, not ${JSON.stringify(value)}`);
  // -1 is `current` in the setup, before anyone plays.
  if (value < 0) throw new RuleError('there is no current player yet');
  return value;
}

function memberReader(definition: GameDefinition, member: MemberResolution): (state: GameState, value: Value) => Value {
  switch (member.kind) {
    case 'token': return (state, value) => {
      const holder = holderIndex(value);
      // A negative number is a zone; one with no zone behind it is `current` in the setup.
      if (holder < 0 && -holder - 1 >= state.zones.length) throw new RuleError('there is no current player yet');
      return holdings(state, holder)[member.index];
    };
    case 'player-var': return (state, value) => state.players[playerIndex(value)].vars[member.index];
    case 'role': return (state, value) => state.players[playerIndex(value)].role;
    case 'face': return (state, value) => state.dice[value as number].face;
    case 'value': return (state, value) => faceValue(state.dice[value as number].face);
    case 'mark': return (state, value) => (state.dice[value as number].marks & (1 << member.bit)) !== 0;
    case 'team-of': return (state, value) => state.players[playerIndex(value)].team;
    case 'player-pile': return (state, value) => state.piles[state.pileBase[member.index] + playerIndex(value)].slice();
    case 'team-pile': return (state, value) => {
      if (value === null) throw new RuleError('a team was expected, but the value is none');
      return state.piles[state.pileBase[member.index] + (value as number)].slice();
    };
    case 'team-property': return (_, value) => (value === null ? null : definition.teams[value as number].properties[member.index] ?? null);
    case 'team-var': return (state, value) => (value === null ? null : state.teamVars[value as number][member.index]);
    case 'card-name': return (_, value) => (value === null ? null : definition.cards[value as number].name);
    case 'card-property': return (_, value) => (value === null ? null : definition.cards[value as number].properties[member.index]);
    case 'zone-property': return (_, value) => (value === null ? null : definition.zones[-(value as number) - 1].properties[member.index]);
    case 'zone-var': return (state, value) => (value === null ? null : state.zones[-(value as number) - 1].vars[member.index]);
    case 'zone-region': return (_, value) => (value === null ? null : definition.zones[-(value as number) - 1].region);
    case 'region-property': return (_, value) => (value === null ? null : definition.regions[value as number].properties[member.index] ?? null);
    default: return boardMemberReader(definition, member.kind, 'index' in member ? member.index : 0)!;
  }
}

/** A player or a zone, as tokens' holder. */
export function holderIndex(value: Value): number {
  if (typeof value !== 'number') throw new RuleError(value === null ? 'a player or a zone was expected, but the value is none' : `a player or a zone was expected, not ${JSON.stringify(value)}`);
  return value;
}

export function faceValue(face: string): number {
  return /^\d+$/.test(face) ? Number(face) : 0;
}

export function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  return false;
}

/** An attribute of the player or die held in a local slot, read in one step. */
function memberOfSlot(definition: GameDefinition, member: MemberResolution, slot: number): Evaluate {
  switch (member.kind) {
    case 'token': { const i = member.index; return (state, frame) => holdings(state, holderIndex(frame.locals[slot]))[i]; }
    case 'player-var': { const i = member.index; return (state, frame) => state.players[playerIndex(frame.locals[slot])].vars[i]; }
    case 'role': return (state, frame) => state.players[playerIndex(frame.locals[slot])].role;
    case 'face': return (state, frame) => state.dice[frame.locals[slot] as number].face;
    case 'value': return (state, frame) => faceValue(state.dice[frame.locals[slot] as number].face);
    case 'mark': { const bit = 1 << member.bit; return (state, frame) => (state.dice[frame.locals[slot] as number].marks & bit) !== 0; }
    default: {
      const read = memberReader(definition, member);
      return (state, frame) => read(state, frame.locals[slot]);
    }
  }
}

export function createExpressionCompiler(definition: GameDefinition, annotations: Annotations): ExpressionCompiler {
  const allDice = (name: string): Value[] => {
    const pool = definition.pools.find((p) => p.name === name)!;
    return Array.from({ length: pool.count }, (_, i) => pool.first + i);
  };
  const roleNames = (state: GameState) => definition.roles.filter((r) => !r.eligible || r.eligible(state)).map((r) => r.name);

  function resolution(node: AST.NameExpr, r: Resolution): Evaluate {
    switch (r.kind) {
      case 'local': return (_, frame) => frame.locals[r.slot];
      case 'global': return (state) => state.globals[r.index];
      case 'option': return (state) => state.options[r.index];
      case 'symbol': case 'role': { const name = r.name; return () => name; }
      // Lists are never changed in place, so every use can share one array of the pool's dice.
      case 'pool': { const dice = allDice(r.name); return () => dice; }
      case 'seats': return (state) => state.seats;
      case 'roles': return (state) => roleNames(state);
      case 'attribute': return memberOfSlot(definition, r.member, r.slot);
      case 'team': { const index = r.index; return () => index; }
      case 'teams': { const all = definition.teams.map((_, i) => i); return () => all; }
      case 'zone': { const value = -(r.index + 1); return () => value; }
      case 'zone-set': { const all = r.zones.map((i) => -(i + 1)); return () => all; }
      case 'region': { const index = r.index; return () => index; }
      case 'regions': { const all = definition.regions.map((_, i) => i); return () => all; }
      case 'round': return (state) => state.round;
      case 'turn': return (state) => state.turn;
      // A copy: piles change in place as cards move, a list read from one does not.
      case 'pile': return (state) => state.piles[state.pileBase[r.index]].slice();
      case 'card-set': { const all = Array.from({ length: r.count }, (_, i) => r.first + i); return () => all; }
      case 'grid': {
        const grid = definition.grids[r.index];
        const all = Array.from({ length: grid.rows * grid.columns }, (_, i) => grid.cellBase + i);
        return () => all;
      }
      case 'piece-kind': {
        const kind = r.index;
        return (state) => {
          const all: number[] = [];
          state.board?.pieces.forEach((piece, i) => { if (piece.kind === kind) all.push(i); });
          return all;
        };
      }
    }
    void node;
  }

  function compile(node: AST.Expr): Evaluate {
    switch (node.kind) {
      case 'number': case 'bool': { const value = node.value; return () => value; }
      case 'string': {
        // A quoted territory or region name ("Africa del Nord") means the place, like a bare name. The
        // checker's index is used, not a search of the definition: a card's or a zone's properties are
        // lowered before every zone and region is in it.
        const place = annotations.quotedPlaces.get(node);
        const value: Value = place?.kind === 'zone' ? -(place.index + 1) : place?.kind === 'region' ? place.index : node.value;
        return () => value;
      }
      case 'none': return () => null;
      case 'error': return () => { throw new RuleError('this expression has a syntax error'); };
      case 'current': return (state) => state.current;
      case 'players': return (state) => playersFrom(state, definition, state.current);
      case 'others': return (state) => playersFrom(state, definition, state.current).filter((p) => p !== state.current);
      case 'name': {
        const r = annotations.names.get(node);
        if (!r) return () => { throw new RuleError(`'${node.name}' is not declared`); };
        return resolution(node, r);
      }
      case 'member': {
        const member = annotations.members.get(node);
        if (!member) return () => { throw new RuleError(`unknown attribute '${node.property.text}'`); };
        // The common case `p.Popolo` with p a local: one closure, no intermediate call.
        const local = node.object.kind === 'name' ? annotations.names.get(node.object) : undefined;
        if (local?.kind === 'local') return memberOfSlot(definition, member, local.slot);
        const object = compile(node.object);
        const read = memberReader(definition, member);
        return (state, frame) => read(state, object(state, frame));
      }
      case 'list': {
        const items = node.items.map(compile);
        return (state, frame) => items.map((item) => item(state, frame));
      }
      case 'unary': {
        const operand = compile(node.operand);
        return node.operator === 'not' ? (s, f) => !operand(s, f) : (s, f) => -(operand(s, f) as number);
      }
      case 'where': return filterOf(node).filter;
      case 'binary': return binary(node);
      case 'leader': return leaderOf(compile(node.list), compile(node.score), node.margin ? compile(node.margin) : () => 1, annotations.slots.get(node)!);
      case 'aggregate': return aggregateOf(node.operator, compile(node.list), compile(node.score), annotations.slots.get(node)!);
      case 'call': return call(node);
    }
  }

  /** Whether the checker knows this is never a list, so `===` is the whole comparison. */
  const isScalar = (node: AST.Expr) => {
    const type = annotations.types.get(node);
    return type !== undefined && type !== 'unknown' && !type.startsWith('list<');
  };

  function binary(node: AST.BinaryExpr): Evaluate {
    if (node.operator === 'and' || node.operator === 'or') return logical(node.operator, node);
    const tokens = tokenComparison(node);
    if (tokens) return tokens;
    const left = compile(node.left);
    const right = compile(node.right);
    const n = (v: Value) => v as number;
    const scalar = isScalar(node.left) || isScalar(node.right);
    switch (node.operator) {
      case '==': case '!=': {
        const fixed = equalsConstant(node);
        if (fixed) return fixed;
        if (node.operator === '==') return scalar ? (s, f) => left(s, f) === right(s, f) : (s, f) => equal(left(s, f), right(s, f));
        return scalar ? (s, f) => left(s, f) !== right(s, f) : (s, f) => !equal(left(s, f), right(s, f));
      }
      case '<': case '<=': case '>': case '>=': return compare(node.operator, left, right, node.right.kind === 'number' ? node.right.value : null);
      case '+': return (s, f) => n(left(s, f)) + n(right(s, f));
      case '-': return (s, f) => n(left(s, f)) - n(right(s, f));
      case '*': return (s, f) => n(left(s, f)) * n(right(s, f));
      case '/': return (s, f) => {
        const divisor = n(right(s, f));
        if (divisor === 0) throw new RuleError('division by zero');
        return Math.floor(n(left(s, f)) / divisor);
      };
      case 'is': {
        // `p is "Ministero della Pace"`: at least the status's count of its token.
        const status = definition.statuses.find((st) => node.right.kind === 'string' && st.name === node.right.value);
        if (!status) return () => false;
        return (s, f) => {
          const player = left(s, f);
          return typeof player === 'number' && player >= 0 && s.players[player].tokens[status.token] >= status.count;
        };
      }
      case 'in': {
        // `x in [Popolo, Vino]`: a list of constants becomes a set, looked up without building the list.
        const constants = constantScalars(node.right);
        if (constants) return (s, f) => constants.has(left(s, f) as string | number | boolean);
        return (s, f) => {
          const value = left(s, f);
          return asList(right(s, f)).some((item) => equal(item, value));
        };
      }
    }
  }

  /**
   * `a and b and c` as one closure over its terms, not a chain of two-term closures: goals and
   * conditions such as `p.Popolo >= 8 or p.Torre >= 8 or …` are long chains.
   */
  function logical(operator: 'and' | 'or', node: AST.BinaryExpr): Evaluate {
    const terms: Evaluate[] = [];
    const gather = (term: AST.Expr) => {
      if (term.kind === 'binary' && term.operator === operator) { gather(term.left); gather(term.right); } else terms.push(compile(term));
    };
    gather(node);
    if (terms.length === 2) {
      const [left, right] = terms;
      return operator === 'and' ? (s, f) => (left(s, f) ? Boolean(right(s, f)) : false) : (s, f) => (left(s, f) ? true : Boolean(right(s, f)));
    }
    if (operator === 'and') {
      return (s, f) => {
        for (let i = 0; i < terms.length; i++) if (!terms[i](s, f)) return false;
        return true;
      };
    }
    return (s, f) => {
      for (let i = 0; i < terms.length; i++) if (terms[i](s, f)) return true;
      return false;
    };
  }

  /** `p.Popolo >= 8`, `Torre == 2`: a token count compared with a number, read and compared in one closure. */
  function tokenComparison(node: AST.BinaryExpr): Evaluate | null {
    const read = tokenOfLocal(node.left, annotations);
    if (!read || node.right.kind !== 'number') return null;
    const { slot, token } = read;
    const c = node.right.value;
    switch (node.operator) {
      case '<': return (s, f) => holdings(s, holderIndex(f.locals[slot]))[token] < c;
      case '<=': return (s, f) => holdings(s, holderIndex(f.locals[slot]))[token] <= c;
      case '>': return (s, f) => holdings(s, holderIndex(f.locals[slot]))[token] > c;
      case '>=': return (s, f) => holdings(s, holderIndex(f.locals[slot]))[token] >= c;
      case '==': return (s, f) => holdings(s, holderIndex(f.locals[slot]))[token] === c;
      case '!=': return (s, f) => holdings(s, holderIndex(f.locals[slot]))[token] !== c;
      default: return null;
    }
  }

  /**
   * `s == Popolo`, `deus != none`: one side a constant scalar, so `===` is the whole comparison
   * (a list never equals a scalar), and a local on the other side is read in the same closure.
   */
  function equalsConstant(node: AST.BinaryExpr): Evaluate | null {
    const onRight = constantOf(node.right, annotations);
    const fixed = onRight ?? constantOf(node.left, annotations);
    if (!fixed || Array.isArray(fixed.value)) return null;
    const c = fixed.value;
    const other = onRight ? node.left : node.right;
    const local = other.kind === 'name' ? annotations.names.get(other) : undefined;
    const equals = node.operator === '==';
    if (local?.kind === 'local') {
      const slot = local.slot;
      return equals ? (_, f) => f.locals[slot] === c : (_, f) => f.locals[slot] !== c;
    }
    const read = compile(other);
    return equals ? (s, f) => read(s, f) === c : (s, f) => read(s, f) !== c;
  }

  /** Comparisons with a number written in the rules (`p.Popolo >= 8`) skip evaluating the constant. */
  function compare(operator: '<' | '<=' | '>' | '>=', left: Evaluate, right: Evaluate, constant: number | null): Evaluate {
    const n = (v: Value) => v as number;
    if (constant !== null) {
      switch (operator) {
        case '<': return (s, f) => n(left(s, f)) < constant;
        case '<=': return (s, f) => n(left(s, f)) <= constant;
        case '>': return (s, f) => n(left(s, f)) > constant;
        case '>=': return (s, f) => n(left(s, f)) >= constant;
      }
    }
    switch (operator) {
      case '<': return (s, f) => n(left(s, f)) < n(right(s, f));
      case '<=': return (s, f) => n(left(s, f)) <= n(right(s, f));
      case '>': return (s, f) => n(left(s, f)) > n(right(s, f));
      case '>=': return (s, f) => n(left(s, f)) >= n(right(s, f));
    }
  }

  /**
   * `Dadi where tenuto and not risolto` (marks, and faces compared with constants) over a whole pool:
   * tested on the dice directly with bit masks, without binding each die to a local.
   */
  function poolFilter(node: AST.WhereExpr): { filter: Evaluate; count: Evaluate } | null {
    const list = node.list.kind === 'name' ? annotations.names.get(node.list) : undefined;
    if (list?.kind !== 'pool') return null;
    const dice = allDice(list.name) as number[];
    const mask = markMask(node.condition);
    if (mask) {
      // Marks only (the commonest filter): the mask test is written out in the loop, with no call per die.
      const { required, forbidden } = mask;
      return {
        filter: (state) => {
          const result: Value[] = [];
          for (const die of dice) {
            const marks = state.dice[die].marks;
            if ((marks & required) === required && (marks & forbidden) === 0) result.push(die);
          }
          return result;
        },
        count: (state) => {
          let count = 0;
          for (const die of dice) {
            const marks = state.dice[die].marks;
            if ((marks & required) === required && (marks & forbidden) === 0) count++;
          }
          return count;
        },
      };
    }
    const test = dieTest(node.condition);
    if (!test) return null;
    return {
      filter: (state) => {
        const result: Value[] = [];
        for (const die of dice) if (test(state.dice[die])) result.push(die);
        return result;
      },
      count: (state) => {
        let count = 0;
        for (const die of dice) if (test(state.dice[die])) count++;
        return count;
      },
    };
  }

  type DieTest = (die: { face: string; marks: number }) => boolean;
  /** Marks that must be set and marks that must not: `tenuto and not risolto` is one mask test. */
  interface MarkMask { required: number; forbidden: number }

  function dieTest(node: AST.Expr): DieTest | null {
    const mask = markMask(node);
    if (mask) {
      const { required, forbidden } = mask;
      return (die) => (die.marks & required) === required && (die.marks & forbidden) === 0;
    }
    if (node.kind === 'unary' && node.operator === 'not') {
      const inner = dieTest(node.operand);
      return inner && ((die) => !inner(die));
    }
    if (node.kind === 'binary' && (node.operator === 'and' || node.operator === 'or')) {
      const a = dieTest(node.left);
      const b = dieTest(node.right);
      if (!a || !b) return null;
      return node.operator === 'and' ? (die) => a(die) && b(die) : (die) => a(die) || b(die);
    }
    if (node.kind === 'binary' && dieAttribute(node.left)?.kind === 'face') {
      const constants = node.operator === 'in' ? constantScalars(node.right) : (node.operator === '==' || node.operator === '!=') ? constantScalars({ kind: 'list', items: [node.right], range: node.right.range }) : null;
      if (!constants) return null;
      return node.operator === '!=' ? (die) => !constants.has(die.face) : (die) => constants.has(die.face);
    }
    return null;
  }

  function dieAttribute(node: AST.Expr): MemberResolution | undefined {
    const r = node.kind === 'name' ? annotations.names.get(node) : undefined;
    return r?.kind === 'attribute' ? r.member : undefined;
  }

  /** A conjunction of marks and negated marks, or null when the condition is anything else. */
  function markMask(node: AST.Expr): MarkMask | null {
    const member = dieAttribute(node);
    if (member?.kind === 'mark') return { required: 1 << member.bit, forbidden: 0 };
    if (node.kind === 'unary' && node.operator === 'not') {
      const inner = dieAttribute(node.operand);
      return inner?.kind === 'mark' ? { required: 0, forbidden: 1 << inner.bit } : null;
    }
    if (node.kind === 'binary' && node.operator === 'and') {
      const a = markMask(node.left);
      const b = markMask(node.right);
      return a && b ? { required: a.required | b.required, forbidden: a.forbidden | b.forbidden } : null;
    }
    return null;
  }

  function constantScalars(node: AST.Expr): Set<string | number | boolean> | null {
    if (node.kind !== 'list') return null;
    const values = new Set<string | number | boolean>();
    for (const item of node.items) {
      if (item.kind === 'number' || item.kind === 'bool' || item.kind === 'string') values.add(item.value);
      else if (item.kind === 'name') {
        const r = annotations.names.get(item);
        if (r?.kind !== 'symbol' && r?.kind !== 'role') return null;
        values.add(r.name);
      } else return null;
    }
    return values;
  }

  /** `L where C` as a filter, and as a count that builds no list (for `count(L where C)`). */
  function filterOf(node: AST.WhereExpr): { filter: Evaluate; count: Evaluate } {
    const fast = poolFilter(node);
    if (fast) return fast;
    const list = compile(node.list);
    const condition = compile(node.condition);
    const slot = annotations.slots.get(node)!;
    return {
      filter: (state, frame) => {
        const result: Value[] = [];
        for (const item of asList(list(state, frame))) {
          frame.locals[slot] = item;
          if (condition(state, frame)) result.push(item);
        }
        return result;
      },
      count: (state, frame) => {
        let count = 0;
        for (const item of asList(list(state, frame))) {
          frame.locals[slot] = item;
          if (condition(state, frame)) count++;
        }
        return count;
      },
    };
  }

  function call(node: AST.CallExpr): Evaluate {
    if (node.callee.text === 'count' && node.args.length === 1 && node.args[0].kind === 'where') return filterOf(node.args[0]).count;
    const args = node.args.map(compile);
    // A define of the file: none is named as a function of the language (the checker refuses it, and a file with errors is not compiled).
    if (definition.defines?.has(node.callee.text)) return definition.defines.call(node.callee.text, args);
    const arg = (i: number): Evaluate => args[i] ?? (() => null);
    switch (node.callee.text) {
      case 'count': return (s, f) => asList(arg(0)(s, f)).length;
      case 'faces': return (s, f) => asList(arg(0)(s, f)).map((die) => s.dice[die as number].face);
      case 'distinct': return (s, f) => {
        const result: Value[] = [];
        for (const item of asList(arg(0)(s, f))) if (!result.some((r) => equal(r, item))) result.push(item);
        return result;
      };
      case 'left': return (s, f) => neighbour(s, playerIndex(arg(0)(s, f)), 1);
      case 'right': return (s, f) => neighbour(s, playerIndex(arg(0)(s, f)), -1);
      case 'top': return (s, f) => asList(arg(0)(s, f))[0] ?? null;
      case 'members': return (s, f) => teamMembers(s, arg(0)(s, f) as number);
      case 'teammates': return (s, f) => {
        const p = playerIndex(arg(0)(s, f));
        return teamMembers(s, s.players[p].team ?? -1).filter((q) => q !== p);
      };
      case 'opponents': return (s, f) => {
        const p = playerIndex(arg(0)(s, f));
        return playersFrom(s, definition, s.current).filter((q) => s.players[q].team !== s.players[p].team);
      };
      case 'sum': return (s, f) => asList(arg(0)(s, f)).reduce<number>((total, v) => total + (v as number), 0);
      case 'values': return (s, f) => asList(arg(0)(s, f)).map((die) => faceValue(s.dice[die as number].face));
      case 'take': return (s, f) => asList(arg(0)(s, f)).slice(0, Math.max(0, arg(1)(s, f) as number));
      case 'item': return (s, f) => itemOf(arg(0)(s, f), arg(1)(s, f));
      case 'min': return (s, f) => Math.min(arg(0)(s, f) as number, arg(1)(s, f) as number);
      case 'max': return (s, f) => Math.max(arg(0)(s, f) as number, arg(1)(s, f) as number);
      case 'range': return (s, f) => {
        const from = arg(0)(s, f) as number;
        const to = arg(1)(s, f) as number;
        if (to - from >= maxRange) throw new RuleError(`range(${from}, ${to}) would have more than ${maxRange} numbers`);
        return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
      };
      case 'random': return (s, f) => {
        const list = asList(arg(0)(s, f));
        return list.length === 0 ? null : list[randomInt(s, list.length)];
      };
      case 'pairsWon': {
        // Dice count by the number they show; the checker lets plain numbers through too.
        const numbers = (node: AST.Expr, read: Evaluate) => annotations.types.get(node) === 'list<die>'
          ? (s: GameState, f: Frame) => asList(read(s, f)).map((die) => faceValue(s.dice[die as number].face))
          : (s: GameState, f: Frame) => asList(read(s, f)) as number[];
        const a = numbers(node.args[0], arg(0));
        const b = numbers(node.args[1], arg(1));
        return (s, f) => pairsWon(a(s, f), b(s, f));
      }
      case 'neighbours': return (s, f) => {
        const zone = arg(0)(s, f);
        return zone === null ? [] : definition.zones[-(zone as number) - 1].neighbours;
      };
      case 'owns': return (s, f) => ownsRegion(s, definition, playerIndex(arg(0)(s, f)), arg(1)(s, f));
      case 'regions': {
        const regions = node.args[0]?.kind === 'name' ? regionsOfMap(definition, node.args[0].name) : [];
        return () => regions;
      }
      case 'territories': return (s, f) => {
        const region = arg(0)(s, f);
        return region === null ? [] : definition.regions[region as number].territories;
      };
      case 'meetsGoal': return (s, f) => meetsGoal(s, playerIndex(arg(0)(s, f)));
      case 'held': return (s, f) => {
        const token = definition.tokens.indexOf(arg(1)(s, f) as string);
        return token < 0 ? 0 : holdings(s, holderIndex(arg(0)(s, f)))[token];
      };
      default: {
        const first = node.args[0];
        const named = first?.kind === 'name' ? annotations.names.get(first) : undefined;
        const board = boardCall(definition, node.callee.text, args, named?.kind === 'grid' ? named.index : 0);
        return board ?? (() => { throw new RuleError(`there is no function '${node.callee.text}'`); });
      }
    }
  }

  /** The team's players still in the game, in turn order from the current player. */
  function teamMembers(state: GameState, team: number): Value[] {
    return playersFrom(state, definition, state.current).filter((p) => state.players[p].team === team);
  }

  function meetsGoal(state: GameState, player: number): boolean {
    const role = state.players[player].role;
    if (role === null) return false;
    for (const candidate of definition.roles) if (candidate.name === role) return candidate.goal !== null && candidate.goal(state, player);
    return false;
  }

  return { compile: (node) => { const closure = compile(node); expressionSources.set(closure, { node, annotations }); return closure; } };
}
