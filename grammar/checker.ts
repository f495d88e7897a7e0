/**
 * Name resolution and type checks over statements and expressions. It reports mistakes and
 * records what every name means (annotations), so the interpreter lowers without guessing.
 * This file runs the parts in order — the declarations, the setup, the turns, then the rules in
 * the order of the call graph, so a rule's parameters learn their kinds from every call — and
 * settles what could only be known at the end (unused rules, what pairsWon was given).
 */
import * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import { walk } from './walk.ts';
import type { RuleInfo, Schema } from './schema-types.ts';
import { describeType, newCheckState, parameterKinds, type Annotations, type Type } from './check-state.ts';
import { nameChecks } from './names-check.ts';
import { builtinFunctions, expressionChecks } from './expression-check.ts';
import { checkDefines, learnDefineTypes } from './define-check.ts';
import { effectChecks } from './effect-check.ts';
import { statementChecks, type ExtraStatementChecks } from './statement-check.ts';
import { isolated } from './check-registry.ts';
import { checkDeclarations } from './declaration-check.ts';
import { checkEstimate } from './estimate-check.ts';

/**
 * `complete` false: the file was cut short; a rule called but not found may be in the unread part.
 * `extra`: more statement checks, run after each kind's own (check-registry.ts).
 */
export function check(file: A.RulesFile, schema: Schema, diagnostics: Diagnostic[], complete = true, extra?: ExtraStatementChecks): Annotations {
  return checkOnce(file, schema, diagnostics, complete, extra).annotations;
}

/** The rules called (by `do`) anywhere inside a node. */
function rulesCalled(node: A.Block): Set<string> {
  const names = new Set<string>();
  walk(node, { statement: (n) => { if (n.kind === 'do') names.add(n.rule.text); } });
  return names;
}

/**
 * The rules in the order to check them: every rule after the rules that call it, so its
 * parameters' kinds are known from all its calls when it is checked (rules calling each other in
 * a circle keep the order they are written in, and learn from the calls checked before them).
 */
function callOrder(schema: Schema): RuleInfo[] {
  const rules = [...schema.rules.values()];
  const callees = new Map(rules.map((rule) => [rule.name, [...rulesCalled(rule.decl.body)].filter((name) => schema.rules.has(name))]));
  const callers = new Map(rules.map((rule) => [rule.name, 0]));
  for (const names of callees.values()) for (const name of names) callers.set(name, callers.get(name)! + 1);
  const order: RuleInfo[] = [];
  const ready = rules.filter((rule) => callers.get(rule.name) === 0);
  // A queue read by position, and a set of the rules placed: linear in the rules and the calls.
  for (let next = 0; next < ready.length; next++) {
    const rule = ready[next];
    order.push(rule);
    for (const name of callees.get(rule.name)!) {
      callers.set(name, callers.get(name)! - 1);
      if (callers.get(name) === 0) ready.push(schema.rules.get(name)!);
    }
  }
  const placed = new Set(order);
  for (const rule of rules) if (!placed.has(rule)) order.push(rule);
  return order;
}

function checkOnce(file: A.RulesFile, schema: Schema, diagnostics: Diagnostic[], complete: boolean, extra: ExtraStatementChecks | undefined):
  { annotations: Annotations; calls: Map<string, Type[][]> } {
  const state = newCheckState(schema, diagnostics, complete);
  const { annotations, calls, called, pairsWonUnsure, localsLearnt, report, frame } = state;
  for (const pool of schema.pools.values()) {
    for (const mark of pool.marks) if (!annotations.markBits.has(mark)) annotations.markBits.set(mark, annotations.markBits.size);
  }
  const names = nameChecks(state);
  const expressions = expressionChecks(state, names);
  const statements = statementChecks(state, names, expressions, effectChecks(state, expressions), extra);
  const { block } = statements;
  // Each statement's checks are isolated (statement-check.ts); so is each part of the file around them.
  const part = (checked: string, node: A.Node, run: () => void) =>
    isolated(checked, node, (d) => { if (state.muted === 0) diagnostics.push(d); }, undefined, run);
  // What each define gives is known before anything that may call it is checked.
  part('the defines', file, () => learnDefineTypes(state, expressions));
  part("the declarations' values", file, () => checkDeclarations(state, expressions, statements));
  part('the estimate', file, () => checkEstimate(file, state, expressions));
  if (schema.setup) frame(schema.setup, (scope) => block(schema.setup!.body, { scope, inTurns: false, topOfTurns: false, phases: new Set() }));
  if (schema.turns) frame(schema.turns, (scope) => block(schema.turns!.body, { scope, inTurns: true, topOfTurns: true, phases: new Set() }));
  // After the last turn: no turn to end, no phase to enter.
  if (schema.atTurnLimit) frame(schema.atTurnLimit, (scope) => block(schema.atTurnLimit!.body, { scope, inTurns: false, topOfTurns: false, phases: new Set() }));
  // A rule's parameters take the kind of value its calls pass (a player, a territory, dice): each
  // rule is checked after every rule that calls it (callOrder), so all its calls are known.
  for (const rule of callOrder(schema)) {
    const kinds = parameterKinds(rule.decl.params, calls.get(rule.name) ?? []);
    part(`the rule '${rule.name}'`, rule.decl, () => frame(rule.decl, (scope) => {
      rule.decl.params.forEach((param, i) => annotations.slots.set(param, scope.define(param.text, kinds[i])));
      block(rule.decl.body, { scope, inTurns: true, topOfTurns: false, phases: new Set() });
    }));
  }
  part('the defines', file, () => checkDefines(state, expressions, new Set(Object.keys(builtinFunctions))));
  for (const rule of schema.rules.values()) {
    if (!called.has(rule.name) && complete) report(m.ruleUnused(rule.name), rule.decl.name.range);
  }
  // Dice are numbered at run time like plain numbers, so pairsWon must know which it is given, or it
  // would compare the dice by their places in their set instead of by what they show.
  for (const { arg, type, local } of pairsWonUnsure) {
    const member = arg.kind === 'member' ? annotations.members.get(arg) : undefined;
    const variable = arg.kind === 'name' && annotations.names.get(arg)?.kind === 'global' ? arg.name
      : arg.kind === 'member' && (member?.kind === 'player-var' || member?.kind === 'team-var' || member?.kind === 'zone-var') ? arg.property.text : undefined;
    const learnt = variable !== undefined ? annotations.variableTypes.get(variable)
      : local && annotations.names.get(arg as A.NameExpr)?.kind === 'local' ? localsLearnt.get(local) : undefined;
    if (learnt === 'list<die>' || learnt === 'list<number>') annotations.types.set(arg, learnt);
    else if (learnt !== undefined && learnt !== 'list<unknown>') report(m.pairsWonKind(describeType(learnt)), arg.range);
    else if (type === 'unknown') report(m.pairsWonUnknown(), arg.range);
  }
  return { annotations, calls };
}
