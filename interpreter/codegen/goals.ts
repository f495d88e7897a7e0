/**
 * `meetsGoal(p)` written out: one function per program tests the player's role against each
 * role's name in the definition's order and evaluates the first match's goal inline, instead of
 * finding the role and calling its goal's closure (compile-expression.ts `meetsGoal`). A goal
 * runs over a scratch frame whose slot 0 is the holder, as its closure does (compile-declarations.ts).
 */
import { code, empty, lines, type Code } from './code.ts';
import type { AST, Annotations } from '../../grammar/index.ts';
import { expressionSources, goalExpressions } from '../lowering/expression-sources.ts';
import type { Evaluate, GameDefinition } from '../program/program.ts';
import type { Tables } from './tables.ts';

/** Writes a goal's expression; `holder.read` is set when it reads the holder's tokens as `T`. */
type Write = (node: AST.Expr, annotations: Annotations, whole: Evaluate, holder: { read: boolean }) => Code;

/** The name of the function `(s, player) => boolean`, or null when a goal's expression is not known (then the closures run). */
export function goalsFunction(definition: GameDefinition, tables: Tables, write: Write): Code | null {
  const tests: Code[] = [];
  for (const role of definition.roles) {
    if (role.goal === null) {
      tests.push(code`  if (role === ${tables.constant(role.name)}) return false;`);
      continue;
    }
    const goal = goalExpressions.get(role.goal);
    const source = goal && expressionSources.get(goal.expression);
    if (!goal || !source) return null;
    // The scratch frame's locals are no part of the state: the goal's closure has its own too.
    const frame = tables.constant({ program: -1, pc: 0, locals: new Array(goal.size).fill(null) });
    const holder = { read: false };
    const test = write(source.node, source.annotations, goal.expression, holder);
    // The holder's tokens read once: a goal tests several of them, and nothing changes them meanwhile.
    const tokens = holder.read ? code` const T = s.players[player].tokens;` : empty;
    tests.push(code`  if (role === ${tables.constant(role.name)}) { const f = ${frame}; const L = f.locals; L[0] = player;${tokens} return !!(${test}); }`);
  }
  return tables.function((fn) => lines([
    code`function ${fn}(s, player) {`,
    code`  const role = s.players[player].role;`,
    code`  if (role === null) return false;`,
    ...tests,
    code`  return false;`,
    code`}`,
  ]));
}
