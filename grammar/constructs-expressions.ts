/** The catalogue's expressions (constructs.ts): how to reach the parts of each kind. */
import type { ExpressionCatalogue } from './construct-types.ts';

export const expressionCatalogue: ExpressionCatalogue = {
  number: {}, bool: {}, none: {}, string: {}, name: {}, current: {}, players: {}, others: {}, error: {},
  member: { expressions: (e) => [e.object], names: (e) => [e.property] },
  call: { names: (e) => [e.callee], expressions: (e) => e.args },
  list: { expressions: (e) => e.items },
  unary: { expressions: (e) => [e.operand] },
  binary: { expressions: (e) => [e.left, e.right] },
  conditional: { expressions: (e) => [e.condition, e.then, e.otherwise] },
  where: { expressions: (e) => [e.list, e.condition], names: (e) => [e.element] },
  leader: { expressions: (e) => [e.list, e.score, e.margin], names: (e) => [e.element] },
  aggregate: { expressions: (e) => [e.list, e.score], names: (e) => [e.element] },
};

/** The words that may go on after any value (`p.Oro > 2 and …`, `players where …`): completion offers them wherever a value is finished. */
export const wordsAfterAnyValue: readonly string[] = ['and', 'or', 'in', 'where'];
