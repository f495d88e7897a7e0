/**
 * What the code generator reads back from a compiled closure: the checked node it came from and
 * the annotations that resolved it, and a role's goal's expression.
 */
import type { AST, Annotations } from '../../grammar/index.ts';
import type { Evaluate, GameState } from '../program/program.ts';

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
