/**
 * What a body of `simultaneously for each p in … { … }` may do. The players answer in any order, so
 * the result must not depend on it: a body changes only its own player's things (p's variables,
 * tokens and piles, and cards it puts down), draws nothing by lot, and reads no other player's
 * answer. Each rule it calls is held to the same, except for whose things it changes.
 */
import type * as A from './ast.ts';
import type { Diagnostic } from './diagnostics.ts';
import * as m from './messages.ts';
import type { Schema } from './schema-types.ts';
import { statementCatalogue } from './constructs.ts';
import { walk, walkExpression } from './walk.ts';

/** Whether define `name`'s value calls random(…), itself or through the defines it calls. */
function drawsByLot(schema: Schema, name: string, seen: Set<string>): boolean {
  const define = schema.defines.get(name);
  if (!define || seen.has(name)) return false;
  seen.add(name);
  let found = false;
  walkExpression(define.decl.value, { expression: (call) => {
    if (!found && call.kind === 'call') found = call.callee.text === 'random' || drawsByLot(schema, call.callee.text, seen);
  } });
  return found;
}

/** Whether an expression is just the block's player (`p`). */
const isPlayer = (node: A.Expr | undefined, player: string): boolean => node?.kind === 'name' && node.name === player;

export function checkSimultaneousBody(node: A.SimultaneousStmt, schema: Schema, diagnostics: Diagnostic[]): void {
  const player = node.variable.text;
  const report = (message: m.Message, range: A.Range) => diagnostics.push(m.at(message, range));
  // The player variables the body sets: reading them on another player would read that player's answer.
  const answers = new Set<string>();
  walk(node.body, { statement: (statement) => {
    if (statement.kind === 'set' && statement.target.kind === 'member') answers.add(statement.target.property.text);
    // Tokens that change hands in the body are answers too: reading them on another player reads theirs.
    if ((statement.kind === 'gain' || statement.kind === 'discard' || statement.kind === 'steal') && statement.symbol.kind === 'name') answers.add(statement.symbol.name);
  } });
  const seen = new Set<string>();
  const visitBody = (body: A.Block, inRule: boolean) => walk(body, { statement: (statement) => {
    // What the catalogue says depends on the order the players act in (constructs-statements.ts).
    const what = statementCatalogue[statement.kind].orderDependent;
    if (what) { report(m.simultaneousOrderDependent(what, player), statement.range); return; }
    switch (statement.kind) {
      case 'draw-cards':
        if (statement.from.kind === 'name' && schema.piles.get(statement.from.name)?.decl.perPlayer === false) {
          report(m.simultaneousSharedPile(player), statement.range);
        }
        return;
      case 'set':
        if (inRule) return;
        if (statement.target.kind === 'name' && schema.globals.has(statement.target.name)) {
          report(m.simultaneousSharedVariable(statement.target.name, player), statement.target.range);
        } else if (statement.target.kind === 'member' && schema.playerVars.has(statement.target.property.text) && !isPlayer(statement.target.object, player)) {
          report(m.simultaneousOtherVariable(player), statement.target.range);
        }
        return;
      case 'gain': case 'discard': case 'steal':
        if (!inRule && !isPlayer(statement.player, player)) report(m.simultaneousTokens(player), statement.range);
        return;
      case 'do':
        if (!seen.has(statement.rule.text)) {
          seen.add(statement.rule.text);
          const rule = schema.rules.get(statement.rule.text);
          if (rule) visitBody(rule.decl.body, true);
        }
        return;
    }
    // Every choice of the body is its player's: a choice by anyone else would never be asked of them.
    if ((statement.kind === 'choose-value' || statement.kind === 'choose-option' || statement.kind === 'choose-selection') && !inRule && !isPlayer(statement.by, player)) {
      report(m.simultaneousChoiceBy(player), statement.by?.range ?? statement.range);
    }
  }, expression: (expr) => {
    if (expr.kind === 'call' && expr.callee.text === 'random') report(m.simultaneousRandom(player), expr.range);
    else if (expr.kind === 'call' && drawsByLot(schema, expr.callee.text, new Set())) {
      report(m.simultaneousDefineDraws(expr.callee.text, player), expr.range);
    }
    if (!inRule && expr.kind === 'member' && answers.has(expr.property.text) && !isPlayer(expr.object, player)
      && (schema.playerVars.has(expr.property.text) || schema.tokens.includes(expr.property.text))) {
      report(m.simultaneousAnswerRead(expr.property.text), expr.range);
    }
  } });
  visitBody(node.body, false);
}
