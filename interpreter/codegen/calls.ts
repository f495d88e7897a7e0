/**
 * Builtin calls written out beside the arity table of expression.ts, where the closure's order
 * of evaluation needs a function of its own (`held`) or where a list need not be built
 * (`distinct(faces(L))`).
 */
import { code, empty, join, lines, type Code } from './code.ts';
import type { AST } from '../../grammar/index.ts';
import type { Tables } from './tables.ts';

/** The call as source, or null when it is none of these; `write` writes an argument in the caller's function. */
export function writtenCall(node: AST.CallExpr, tables: Tables, write: (e: AST.Expr) => Code): Code | null {
  const callee = node.callee.text;
  if (callee === 'held' && node.args.length === 2) {
    // The token's name first, then the holder only when the token is known (as the closure does).
    const holder = write(node.args[0]);
    const token = write(node.args[1]);
    const name = tables.function((fn) => lines([
      code`function ${fn}(s, f, L) {`,
      code`  const t = D.tokens.indexOf(${token});`,
      code`  return t < 0 ? 0 : H.holdings(s, H.holderIndex(${holder}))[t];`,
      code`}`,
    ]));
    return code`${name}(s, f, L)`;
  }
  // The faces' list is only looked through: no list of them is built.
  const inner = node.args[0];
  if (callee === 'distinct' && node.args.length === 1 && inner.kind === 'call' && inner.callee.text === 'faces' && inner.args.length === 1) {
    return code`H.distinctFaces(s, ${write(inner.args[0])})`;
  }
  return null;
}
