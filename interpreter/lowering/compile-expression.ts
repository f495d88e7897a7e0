/**
 * Lowers checked expressions to closures over (state, frame). Names were resolved by the checker;
 * here each resolution becomes a direct array access. Members and builtin calls take their
 * closures from the table both back ends share (builtin-members.ts, builtin-calls.ts).
 */
import { isBuiltin, type AST, type Annotations, type Resolution } from '../../grammar/index.ts';
import type { Evaluate, GameDefinition, GameState, Value } from '../program/program.ts';
import { playersFrom } from '../runtime/runtime.ts';
import { aggregateOf, leaderOf } from '../runtime/aggregate.ts';
import { asList, diceOfPool } from '../runtime/values.ts';
import { tableDice } from '../runtime/member-values.ts';
import { RuleError } from '../program/rule-error.ts';
import { expressionSources } from './expression-sources.ts';
import { memberOfSlot, memberReader } from './builtin-members.ts';
import { callEvaluations } from './builtin-calls.ts';
import { operatorCompiler } from './compile-operators.ts';
import { poolFilter, type Filter } from './pool-filter.ts';

export interface ExpressionCompiler {
  compile(node: AST.Expr): Evaluate;
}

export function createExpressionCompiler(definition: GameDefinition, annotations: Annotations): ExpressionCompiler {
  const roleNames = (state: GameState) => definition.roles.filter((r) => !r.eligible || r.eligible(state)).map((r) => r.name);

  function resolution(node: AST.NameExpr, r: Resolution): Evaluate {
    switch (r.kind) {
      case 'local': return (_, frame) => frame.locals[r.slot];
      case 'global': return (state) => state.globals[r.index];
      case 'option': return (state) => state.options[r.index];
      case 'symbol': case 'role': { const name = r.name; return () => name; }
      // Lists are never changed in place, so every use can share one array of the pool's dice.
      case 'pool': { const dice = diceOfPool(definition, r.name); return () => dice; }
      case 'table-dice': { const pool = r.pool; return (state) => tableDice(state, definition, pool); }
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
      case 'conditional': {
        const condition = compile(node.condition);
        const then = compile(node.then);
        const otherwise = compile(node.otherwise);
        return (s, f) => (condition(s, f) ? then(s, f) : otherwise(s, f));
      }
      case 'leader': return leaderOf(compile(node.list), compile(node.score), node.margin ? compile(node.margin) : () => 1, annotations.slots.get(node)!);
      case 'aggregate': return aggregateOf(node.operator, compile(node.list), compile(node.score), annotations.slots.get(node)!);
      case 'call': return call(node);
    }
  }

  /** `L where C` as a filter, and as a count that builds no list (for `count(L where C)`). */
  function filterOf(node: AST.WhereExpr): Filter {
    const fast = poolFilter(node, definition, annotations);
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
    if (!isBuiltin(node.callee.text)) return () => { throw new RuleError(`there is no function '${node.callee.text}'`); };
    const arg = (i: number): Evaluate => args[i] ?? (() => null);
    return callEvaluations[node.callee.text]({ node, definition, annotations, args, arg });
  }

  const binary = operatorCompiler(definition, annotations, compile);

  return { compile: (node) => { const closure = compile(node); expressionSources.set(closure, { node, annotations }); return closure; } };
}
