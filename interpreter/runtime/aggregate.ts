/**
 * Aggregates at run time: each element is put in its slot (where the score, named or as `it`,
 * reads it), the score computed, and the scores combined.
 */
import type { AST } from '../../grammar/index.ts';
import type { Evaluate, Value } from '../program/program.ts';

import { asList, equal } from './values.ts';

/** The element whose score beats every other's by at least the margin (1: a simple majority), or none. */
export function leaderOf(list: Evaluate, score: Evaluate, margin: Evaluate, slot: number): Evaluate {
  return (state, frame) => {
    let best: Value = null;
    let bestScore = -Infinity;
    let second = -Infinity;
    for (const item of asList(list(state, frame))) {
      frame.locals[slot] = item;
      const value = score(state, frame) as number;
      if (value > bestScore) { second = bestScore; bestScore = value; best = item; } else if (value > second) second = value;
    }
    return bestScore - second >= (margin(state, frame) as number) ? best : null;
  };
}

/**
 * `sum of L by S`; `max of`/`min of` (none for an empty list); `highest of`/`lowest of` (every
 * element tied there); `count of L where C`; `distinct p of L` (each value once, in order of first appearance).
 */
export function aggregateOf(operator: AST.AggregateExpr['operator'], list: Evaluate, score: Evaluate, slot: number): Evaluate {
  if (operator === 'count') {
    return (state, frame) => {
      let count = 0;
      for (const item of asList(list(state, frame))) {
        frame.locals[slot] = item;
        if (score(state, frame)) count++;
      }
      return count;
    };
  }
  if (operator === 'distinct') {
    return (state, frame) => {
      const result: Value[] = [];
      for (const item of asList(list(state, frame))) {
        frame.locals[slot] = item;
        const value = score(state, frame);
        if (!result.some((r) => equal(r, value))) result.push(value);
      }
      return result;
    };
  }
  return (state, frame) => {
    const items = asList(list(state, frame));
    const scores = items.map((item) => {
      frame.locals[slot] = item;
      return score(state, frame) as number;
    });
    if (operator === 'sum') return scores.reduce((total, value) => total + value, 0);
    if (items.length === 0) return operator === 'max' || operator === 'min' ? null : [];
    const best = operator === 'max' || operator === 'highest' ? Math.max(...scores) : Math.min(...scores);
    return operator === 'max' || operator === 'min' ? best : items.filter((_, i) => scores[i] === best);
  };
}
