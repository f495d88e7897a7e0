/**
 * `estimate SCORE`: one per file, a number about one player (like a role's goal, whose token names
 * and player variables are the player's and `it` is the player; `estimate q: …` names them too),
 * checked in a frame of its own.
 */
import type * as A from './ast.ts';
import * as m from './messages.ts';
import { Scope, type CheckState } from './check-state.ts';
import type { ExpressionChecks } from './expression-check.ts';

export function checkEstimate(file: A.RulesFile, state: CheckState, { expect }: ExpressionChecks): void {
  const estimates = file.declarations.filter((d): d is A.EstimateDecl => d.kind === 'estimate');
  estimates.forEach((decl, i) => {
    if (i > 0) state.report(m.estimateDuplicate(), decl.range);
    state.frame(decl, (outer) => {
      const player = outer.frame.size++;
      let scope = outer;
      if (decl.player) {
        scope = new Scope(outer, outer.frame);
        scope.alias(decl.player.text, player, 'player');
        state.annotations.slots.set(decl.player, player);
      }
      expect(decl.score, { scope, element: { slot: player, type: 'player' } }, 'number', m.expectedNumber, 'a number (how well the player stands)');
    });
  });
}

/** The file's estimate, if it has one (the first: a second is an error). */
export function estimateOf(file: A.RulesFile): A.EstimateDecl | undefined {
  return file.declarations.find((d): d is A.EstimateDecl => d.kind === 'estimate');
}
