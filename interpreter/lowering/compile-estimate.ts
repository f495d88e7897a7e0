/**
 * `estimate SCORE` as a function of a state and a player: how well the player stands by the rules'
 * own measure, read by the search bots (search/evaluate.ts) when they cut an imagined game short.
 * The engine never reads it, so an estimate never changes a game.
 */
import type { Annotations, AST } from '../../grammar/index.ts';
import { estimateOf } from '../../grammar/index.ts';
import type { Evaluate, Frame, GameState } from '../program/program.ts';

export type Estimate = (state: GameState, player: number) => number;

export function lowerEstimate(file: AST.RulesFile, annotations: Annotations, compile: (node: AST.Expr) => Evaluate): Estimate | null {
  const decl = estimateOf(file);
  if (!decl) return null;
  const score = compile(decl.score);
  // An estimate never pauses for a choice, so one scratch frame is enough; the player is slot 0.
  const frame: Frame = { program: -1, pc: 0, locals: new Array(annotations.frameSizes.get(decl) ?? 1).fill(null) };
  return (state, player) => {
    frame.locals[0] = player;
    const value = score(state, frame);
    return typeof value === 'number' ? value : Number.NaN;
  };
}
