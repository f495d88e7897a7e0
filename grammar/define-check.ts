/**
 * `define NAME(PARAMS) = VALUE`: a value computed from its parameters and the state, called in
 * expressions as `NAME(ARGS)`. Its parameters take the kind of value its calls pass, as a rule's
 * do; what kind of value a call gives must be known where the call is checked, before every call
 * is seen. So defines are checked twice:
 * - first (`learnDefineTypes`, before anything that may call them), each after the defines it
 *   calls, its parameters of unknown kind, reporting nothing: what kind of value it gives;
 * - last (`checkDefines`), each after every define that calls it, its parameters of the kinds its
 *   calls passed: what it reports, and what it records for the interpreter.
 * A define that calls itself, directly or through others, is refused: its value would never be
 * found.
 */
import * as A from './ast.ts';
import * as m from './messages.ts';
import { walkExpression } from './walk.ts';
import type { DefineInfo, Schema } from './schema-types.ts';
import { parameterKinds, type CheckState, type ExprContext, type Type } from './check-state.ts';

/** What checking a define's value needs of the expression checks (expression-check.ts, which calls in here for a call). */
interface ValueChecks { expr(node: A.Expr, context: ExprContext): Type }

/** The defines a define's value calls, by name, in the order written (each once). */
function definesCalled(schema: Schema, decl: A.DefineDecl): string[] {
  const names: string[] = [];
  walkExpression(decl.value, { expression: (n) => {
    if (n.kind !== 'call') return;
    const name = n.callee.text;
    if (schema.defines.has(name) && !names.includes(name)) names.push(name);
  } });
  return names;
}

/**
 * The defines, each after the defines it calls (a depth-first walk's finishing order), and those
 * that call themselves through a circle of calls, with the circle.
 */
function calleesFirst(schema: Schema): { order: DefineInfo[]; circles: Map<DefineInfo, string[]> } {
  const order: DefineInfo[] = [];
  const circles = new Map<DefineInfo, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (info: DefineInfo): void => {
    state.set(info.name, 'open');
    path.push(info.name);
    for (const name of definesCalled(schema, info.decl)) {
      const callee = schema.defines.get(name)!;
      if (state.get(name) === 'open') {
        const circle = [...path.slice(path.indexOf(name)), name];
        for (const member of circle.slice(0, -1)) {
          const memberInfo = schema.defines.get(member)!;
          if (!circles.has(memberInfo)) circles.set(memberInfo, circle);
        }
      } else if (!state.has(name)) visit(callee);
    }
    path.pop();
    state.set(info.name, 'done');
    order.push(info);
  };
  for (const info of schema.defines.values()) if (!state.has(info.name)) visit(info);
  return { order, circles };
}

function checkValue(state: CheckState, expressions: ValueChecks, info: DefineInfo, kinds: Type[]): Type {
  let type: Type = 'unknown';
  state.frame(info.decl, (scope) => {
    info.decl.params.forEach((param, i) => {
      if (info.decl.params.findIndex((p) => p.text === param.text) < i) {
        state.report(m.parameterTwice(param.text), param.range);
      }
      state.annotations.slots.set(param, scope.define(param.text, kinds[i] ?? 'unknown'));
    });
    const context: ExprContext = { scope };
    type = expressions.expr(info.decl.value, context);
  });
  return type;
}

/** First pass: what kind of value each define gives, learnt without reporting anything. */
export function learnDefineTypes(state: CheckState, expressions: ValueChecks): void {
  const { order } = calleesFirst(state.schema);
  state.muted++;
  try {
    for (const info of order) state.defineTypes.set(info.name, checkValue(state, expressions, info, info.decl.params.map(() => 'unknown')));
  } finally {
    state.muted--;
  }
}

/**
 * Last pass: each define checked with its parameters of the kinds its calls passed (after every
 * define that calls it), what it reports; a define never called, and one that calls itself.
 */
export function checkDefines(state: CheckState, expressions: ValueChecks, builtins: ReadonlySet<string>): void {
  const { schema } = state;
  const { order, circles } = calleesFirst(schema);
  for (const info of [...order].reverse()) {
    const builtin = builtins.has(info.name);
    if (builtin) {
      state.report(m.defineIsBuiltin(info.name), info.decl.name.range);
    }
    const circle = circles.get(info);
    if (circle) {
      state.report(m.defineRecursive(info.name, circle), info.decl.name.range);
    }
    checkValue(state, expressions, info, parameterKinds(info.decl.params, state.defineCalls.get(info.name) ?? []));
    if (!builtin && !state.defineCalls.has(info.name) && state.complete) {
      state.report(m.defineUnused(info.name), info.decl.name.range);
    }
  }
}

/**
 * A call of a define: the number of arguments, each argument checked (and its kind recorded for the
 * define's parameters, outside the first pass); the kind of value the define gives.
 */
export function checkDefineCall(
  state: CheckState, node: A.CallExpr, info: DefineInfo, context: ExprContext, expr: (node: A.Expr, context: ExprContext) => Type,
): Type {
  const params = info.decl.params;
  if (node.args.length !== params.length) {
    state.report(m.defineArguments(info.name, params.map((p) => p.text), node.args.length), node.range);
  }
  const kinds = node.args.map((arg) => expr(arg, context));
  if (state.muted === 0) {
    let calls = state.defineCalls.get(info.name);
    if (!calls) state.defineCalls.set(info.name, calls = []);
    calls.push(kinds);
  }
  return state.defineTypes.get(info.name) ?? 'unknown';
}
