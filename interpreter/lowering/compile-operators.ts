/**
 * Operators lowered to closures: `and`/`or` chains as one closure, comparisons with a constant or
 * a token count read in one step, arithmetic, `is` and `in`.
 */
import type { AST, Annotations } from '../../grammar/index.ts';
import { holdings, type Evaluate, type GameDefinition, type Value } from '../program/program.ts';
import { RuleError } from '../program/rule-error.ts';
import { constantOf, constantScalars, tokenOfLocal } from '../program/operands.ts';
import { asList, equal, holderIndex, remainder } from '../runtime/values.ts';

/** The closure of a binary expression; `compile` lowers its operands. */
export function operatorCompiler(definition: GameDefinition, annotations: Annotations, compile: (node: AST.Expr) => Evaluate): (node: AST.BinaryExpr) => Evaluate {
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
      case 'mod': return (s, f) => {
        const divisor = n(right(s, f));
        if (divisor === 0) throw new RuleError('remainder of a division by zero (mod 0)');
        return remainder(n(left(s, f)), divisor);
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
        const constants = constantScalars(node.right, annotations);
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

  return binary;
}
