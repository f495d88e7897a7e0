/**
 * Operators written as JavaScript (expression.ts calls these): `and`/`or` chains as one
 * expression, comparisons with a constant or a token count read in one step, arithmetic, `is`
 * and `in`, and `count(L where C)` compared with 0 or 1 as a search that stops at the first item.
 * Meanings, order of evaluation and errors are those of lowering/compile-operators.ts.
 */
import type { AST, Annotations } from '../../grammar/index.ts';
import type { GameDefinition, Value } from '../program/program.ts';
import { constantOf, constantScalars, tokenOfLocal } from '../program/operands.ts';
import { code, empty, join, type Code } from './code.ts';
import { membership, poolFilter, type FilterUse } from './pools.ts';
import { index, local, number, type Tables } from './tables.ts';

/** What an operator's writing needs of the expression writer. */
export interface OperatorSite {
  definition: GameDefinition;
  tables: Tables;
  /** An operand as source. */
  write(e: AST.Expr): Code;
  /** The token counts of the player or zone in a local slot. */
  tokensOfLocal(slot: number): Code;
  /** `L where C` as `as` uses it. */
  where(node: AST.WhereExpr, as: FilterUse): Code;
}

/** A binary operator of the language as JavaScript's (`and`, `or`, `is`, `in` are written otherwise). */
const operatorCode: Record<AST.BinaryExpr['operator'], Code> = {
  '==': code`===`, '!=': code`!==`, '<': code`<`, '<=': code`<=`, '>': code`>`, '>=': code`>=`, '+': code`+`, '-': code`-`, '*': code`*`,
  '/': code`/`, mod: code`%`, and: code`&&`, or: code`||`, is: code`is`, in: code`in`,
};

/** A value written in the rules as source: a number or a truth value as itself, anything else from the constant table. */
function constantCode(tables: Tables, value: Value): Code {
  if (value === null) return code`null`;
  if (value === true) return code`true`;
  if (value === false) return code`false`;
  if (typeof value === 'number') return number(value);
  return tables.constant(value);
}

function isScalar(node: AST.Expr, a: Annotations): boolean {
  const type = a.types.get(node);
  return type !== undefined && type !== 'unknown' && !type.startsWith('list<');
}

/** A binary expression as source. */
export function writeBinary(node: AST.BinaryExpr, a: Annotations, site: OperatorSite): Code {
  const w = site.write;
  if (node.operator === 'and' || node.operator === 'or') {
    const terms: Code[] = [];
    const gather = (term: AST.Expr) => {
      if (term.kind === 'binary' && term.operator === node.operator) { gather(term.left); gather(term.right); } else terms.push(code`!!(${w(term)})`);
    };
    gather(node);
    return code`(${join(terms, node.operator === 'and' ? code` && ` : code` || `)})`;
  }
  const operator = operatorCode[node.operator];
  const any = anyFound(node, a, site);
  if (any !== null) return any;
  const tokens = tokenOfLocal(node.left, a);
  if (tokens && node.right.kind === 'number' && ['<', '<=', '>', '>=', '==', '!='].includes(node.operator)) {
    const held = site.tokensOfLocal(tokens.slot);
    return code`(${held}[${index(tokens.token)}] ${operator} ${number(node.right.value)})`;
  }
  switch (node.operator) {
    case '==': case '!=': {
      const onRight = constantOf(node.right, a);
      const fixed = onRight ?? constantOf(node.left, a);
      if (fixed && !Array.isArray(fixed.value)) {
        const other = onRight ? node.left : node.right;
        const named = other.kind === 'name' ? a.names.get(other) : undefined;
        const read = named?.kind === 'local' ? local(named.slot) : w(other);
        return code`(${read} ${operator} ${constantCode(site.tables, fixed.value)})`;
      }
      const scalar = isScalar(node.left, a) || isScalar(node.right, a);
      if (scalar) return code`(${w(node.left)} ${operator} ${w(node.right)})`;
      return code`${node.operator === '!=' ? code`!` : empty}H.equal(${w(node.left)}, ${w(node.right)})`;
    }
    case '<': case '<=': case '>': case '>=': case '+': case '-': case '*':
      return code`(${w(node.left)} ${operator} ${w(node.right)})`;
    case '/': return code`H.divide(${w(node.right)}, ${w(node.left)})`;
    case 'mod': return code`H.modulo(${w(node.right)}, ${w(node.left)})`;
    case 'is': {
      const status = site.definition.statuses.find((st) => node.right.kind === 'string' && st.name === node.right.value);
      if (!status) return code`false`;
      return code`H.isStatus(s, ${w(node.left)}, ${index(status.token)}, ${number(status.count)})`;
    }
    case 'in': {
      const constants = constantScalars(node.right, a);
      if (constants) {
        // The value evaluated once, passed to a function that tests it against each constant.
        const test = site.tables.function((fn) => code`function ${fn}(v) { return ${membership(code`v`, constants, site.tables)}; }`);
        return code`${test}(${w(node.left)})`;
      }
      return code`H.inList(${w(node.left)}, ${w(node.right)})`;
    }
  }
}

/**
 * `count(Pool where C) > 0` (or `!= 0`, `>= 1`; `== 0`, `<= 0`, `< 1` for none) as a loop that
 * stops at the first die found: a pool's test reads only the die and binds no local, so the
 * dice it skips change nothing. Another list's filter counts up to its first item found where
 * that changes nothing either (filterFunction, `some`). Null for any other comparison.
 */
function anyFound(node: AST.BinaryExpr, a: Annotations, site: OperatorSite): Code | null {
  const counted = node.left;
  if (counted.kind !== 'call' || counted.callee.text !== 'count' || counted.args.length !== 1 || counted.args[0].kind !== 'where') return null;
  if (node.right.kind !== 'number') return null;
  const limit = node.right.value;
  const some = (node.operator === '>' || node.operator === '!=') && limit === 0 || node.operator === '>=' && limit === 1;
  const none = (node.operator === '==' || node.operator === '<=') && limit === 0 || node.operator === '<' && limit === 1;
  if (!some && !none) return null;
  const found = poolFilter(counted.args[0], a, site.definition, site.tables, 'some');
  if (found !== null) return some ? found : code`!${found}`;
  const operator = operatorCode[node.operator];
  return code`(${site.where(counted.args[0], 'some')} ${operator} ${number(limit)})`;
}
