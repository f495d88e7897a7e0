/**
 * Lowers checked expressions to closures over (state, frame). Names were resolved by the checker;
 * here each resolution becomes a direct array access.
 */
import type { AST, Annotations, MemberResolution, Resolution } from '../grammar/index.ts';
import type { Evaluate, GameDefinition, GameState, Value } from './program.ts';
import { neighbour, playersFrom } from './runtime.ts';

export class RuleError extends Error {}

export interface ExpressionCompiler {
  compile(node: AST.Expr): Evaluate;
}

const asList = (value: Value): Value[] => (Array.isArray(value) ? value : value === null ? [] : [value]);

function playerIndex(value: Value): number {
  if (typeof value !== 'number') throw new RuleError(value === null ? 'a player was expected, but the value is none' : `a player was expected, not ${JSON.stringify(value)}`);
  return value;
}

export function memberReader(member: MemberResolution): (state: GameState, value: Value) => Value {
  switch (member.kind) {
    case 'token': return (state, value) => state.players[playerIndex(value)].tokens[member.index];
    case 'player-var': return (state, value) => state.players[playerIndex(value)].vars[member.index];
    case 'role': return (state, value) => state.players[playerIndex(value)].role;
    case 'face': return (state, value) => state.dice[value as number].face;
    case 'mark': return (state, value) => (state.dice[value as number].marks & (1 << member.bit)) !== 0;
  }
}

function equal(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => equal(x, b[i]));
  return false;
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
      case 'pool': { const dice = allDice(r.name); return () => dice.slice(); }
      case 'seats': return (state) => state.seats;
      case 'roles': return (state) => roleNames(state);
      case 'attribute': {
        const read = memberReader(r.member);
        return (state, frame) => read(state, frame.locals[r.slot]);
      }
    }
    void node;
  }

  function compile(node: AST.Expr): Evaluate {
    switch (node.kind) {
      case 'number': case 'bool': { const value = node.value; return () => value; }
      case 'string': { const value = node.value; return () => value; }
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
        const object = compile(node.object);
        if (!member) return () => { throw new RuleError(`unknown attribute '${node.property.text}'`); };
        const read = memberReader(member);
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
      case 'where': {
        const list = compile(node.list);
        const condition = compile(node.condition);
        const slot = annotations.slots.get(node)!;
        return (state, frame) => {
          const result: Value[] = [];
          for (const item of asList(list(state, frame))) {
            frame.locals[slot] = item;
            if (condition(state, frame)) result.push(item);
          }
          return result;
        };
      }
      case 'binary': return binary(node);
      case 'call': return call(node);
    }
  }

  function binary(node: AST.BinaryExpr): Evaluate {
    const left = compile(node.left);
    const right = compile(node.right);
    const n = (v: Value) => v as number;
    switch (node.operator) {
      case 'and': return (s, f) => Boolean(left(s, f)) && Boolean(right(s, f));
      case 'or': return (s, f) => Boolean(left(s, f)) || Boolean(right(s, f));
      case '==': return (s, f) => equal(left(s, f), right(s, f));
      case '!=': return (s, f) => !equal(left(s, f), right(s, f));
      case '<': return (s, f) => n(left(s, f)) < n(right(s, f));
      case '<=': return (s, f) => n(left(s, f)) <= n(right(s, f));
      case '>': return (s, f) => n(left(s, f)) > n(right(s, f));
      case '>=': return (s, f) => n(left(s, f)) >= n(right(s, f));
      case '+': return (s, f) => n(left(s, f)) + n(right(s, f));
      case '-': return (s, f) => n(left(s, f)) - n(right(s, f));
      case '*': return (s, f) => n(left(s, f)) * n(right(s, f));
      case '/': return (s, f) => {
        const divisor = n(right(s, f));
        if (divisor === 0) throw new RuleError('division by zero');
        return Math.floor(n(left(s, f)) / divisor);
      };
      case 'in': return (s, f) => {
        const value = left(s, f);
        return asList(right(s, f)).some((item) => equal(item, value));
      };
    }
  }

  function call(node: AST.CallExpr): Evaluate {
    const args = node.args.map(compile);
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
      case 'meetsGoal': return (s, f) => meetsGoal(s, playerIndex(arg(0)(s, f)));
      case 'held': return (s, f) => {
        const token = definition.tokens.indexOf(arg(1)(s, f) as string);
        return token < 0 ? 0 : s.players[playerIndex(arg(0)(s, f))].tokens[token];
      };
      default: return () => { throw new RuleError(`there is no function '${node.callee.text}'`); };
    }
  }

  function meetsGoal(state: GameState, player: number): boolean {
    const role = state.players[player].role;
    const definitionOfRole = definition.roles.find((r) => r.name === role);
    return Boolean(definitionOfRole?.goal?.(state, player));
  }

  return { compile };
}
