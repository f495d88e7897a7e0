/**
 * `L where C` over a whole pool of dice, tested on the dice directly: marks with bit masks, faces
 * against constants, without binding each die to a local.
 */
import type { AST, Annotations, MemberResolution } from '../../grammar/index.ts';
import type { Evaluate, GameDefinition, Value } from '../program/program.ts';
import { constantScalars } from '../program/operands.ts';
import { diceOfPool } from '../runtime/values.ts';

/** A filter as a list, and as a count that builds no list (for `count(L where C)`). */
export interface Filter { filter: Evaluate; count: Evaluate }

type DieTest = (die: { face: string; marks: number }) => boolean;
/** Marks that must be set and marks that must not: `tenuto and not risolto` is one mask test. */
interface MarkMask { required: number; forbidden: number }

/** The filter of a pool whose condition reads only the die's marks and faces, or null. */
export function poolFilter(node: AST.WhereExpr, definition: GameDefinition, annotations: Annotations): Filter | null {
  const list = node.list.kind === 'name' ? annotations.names.get(node.list) : undefined;
  if (list?.kind !== 'pool') return null;
  const dice = diceOfPool(definition, list.name);
  const mask = markMask(node.condition, annotations);
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
  const test = dieTest(node.condition, annotations);
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

function dieTest(node: AST.Expr, annotations: Annotations): DieTest | null {
  const mask = markMask(node, annotations);
  if (mask) {
    const { required, forbidden } = mask;
    return (die) => (die.marks & required) === required && (die.marks & forbidden) === 0;
  }
  if (node.kind === 'unary' && node.operator === 'not') {
    const inner = dieTest(node.operand, annotations);
    return inner && ((die) => !inner(die));
  }
  if (node.kind === 'binary' && (node.operator === 'and' || node.operator === 'or')) {
    const a = dieTest(node.left, annotations);
    const b = dieTest(node.right, annotations);
    if (!a || !b) return null;
    return node.operator === 'and' ? (die) => a(die) && b(die) : (die) => a(die) || b(die);
  }
  if (node.kind === 'binary' && dieAttribute(node.left, annotations)?.kind === 'face') {
    const constants = node.operator === 'in' ? constantScalars(node.right, annotations) : (node.operator === '==' || node.operator === '!=') ? constantScalars({ kind: 'list', items: [node.right], range: node.right.range }, annotations) : null;
    if (!constants) return null;
    return node.operator === '!=' ? (die) => !constants.has(die.face) : (die) => constants.has(die.face);
  }
  return null;
}

/** The die attribute (a face or a mark) a bare name stands for in a pool's condition, if any. */
export function dieAttribute(node: AST.Expr, annotations: Annotations): MemberResolution | undefined {
  const r = node.kind === 'name' ? annotations.names.get(node) : undefined;
  return r?.kind === 'attribute' ? r.member : undefined;
}

/** A conjunction of marks and negated marks (`tenuto and not risolto`), or null when the condition is anything else; the code generator writes the same mask. */
export function markMask(node: AST.Expr, annotations: Annotations): MarkMask | null {
  const member = dieAttribute(node, annotations);
  if (member?.kind === 'mark') return { required: 1 << member.bit, forbidden: 0 };
  if (node.kind === 'unary' && node.operator === 'not') {
    const inner = dieAttribute(node.operand, annotations);
    return inner?.kind === 'mark' ? { required: 0, forbidden: 1 << inner.bit } : null;
  }
  if (node.kind === 'binary' && node.operator === 'and') {
    const a = markMask(node.left, annotations);
    const b = markMask(node.right, annotations);
    return a && b ? { required: a.required | b.required, forbidden: a.forbidden | b.forbidden } : null;
  }
  return null;
}
