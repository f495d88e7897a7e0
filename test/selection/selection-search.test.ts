/**
 * The search for the valid selections of a `choose … where …`, pruned by the parts of the
 * condition that add up a score per candidate: it finds exactly the sets a brute force finds, over
 * many candidates when few sets meet the condition, and the limit still stops a choice whose valid
 * selections are truly too many.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileRules, legalMoves, startGame, type GameDefinition, type GameState } from '../../interpreter/index.ts';
import { validSelections, type SumCondition, type SumOperator } from '../../interpreter/runtime/selection-search.ts';

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

/** A table of cards worth `values` (C1, C2 … in this order) and one choice over it, as written in `choose`. */
function table(values: number[], choose: string): string {
  const cards = values.map((v, i) => `C${i + 1} { valore ${v} }`).join(' ');
  return `
game "Somme" { players 2 }
cards Carte with valore = 0 { ${cards} }
pile Tavolo of Carte public
pile Prese public
turns {
  ${choose}
  move xs to Prese
  end game "fatto"
}`;
}

function opened(text: string, stopAtForcedMoves = false): GameState {
  const started = startGame(compiled(text), { players: 2, seed: 1, stopAtForcedMoves });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.state;
}

/** The valid selections the open choice holds ([] when none was opened). */
function offered(state: GameState): number[][] {
  if (state.error) throw new Error(`${state.error.code} ${state.error.message}`);
  return state.pending?.kind === 'select' ? state.pending.selections : [];
}

/** Every subset of `n` indices (as sorted lists) of a size in [min, max] that `holds`, by brute force, in lexicographic order. */
function bruteForce(n: number, min: number, max: number, holds: (set: number[]) => boolean): number[][] {
  const found: number[][] = [];
  for (let mask = 0; mask < 2 ** n; mask++) {
    const set: number[] = [];
    for (let bits = mask, i = 0; bits; bits >>= 1, i++) if (bits & 1) set.push(i);
    if (set.length >= min && set.length <= max && holds(set)) found.push(set);
  }
  return found.sort(lexicographic);
}

function lexicographic(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

const total = (values: number[], set: number[]) => set.reduce((sum, i) => sum + values[i], 0);

const compare: Record<SumOperator, (a: number, b: number) => boolean> = {
  '==': (a, b) => a === b, '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b,
};

describe('a selection under a sum condition over many candidates', () => {
  // Seventeen cards: every set of them is 131,072 sets, more than the search may try.
  const seventeen = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 2, 3, 4, 5, 6, 7];

  it('over 17 candidates offers exactly the sets that make the sum, as a brute force finds them', () => {
    const state = opened(table(seventeen, 'choose some xs from Tavolo where sum of xs by valore == 10'));
    const expected = bruteForce(17, 1, 17, (set) => total(seventeen, set) === 10);
    expect(offered(state)).toEqual(expected);
    expect(state.outcome).toBeNull();
  });

  it('over 30 candidates offers exactly the sets that make the sum, and only picks that complete one', () => {
    const thirty = Array.from({ length: 30 }, (_, i) => 3 + ((i * 7) % 10));
    // Independently: include or leave each card, cutting only when the sum is passed (the values are positive).
    const expected: number[][] = [];
    const walk = (from: number, set: number[], left: number): void => {
      if (left === 0 && set.length) expected.push(set.slice());
      for (let j = from; j < thirty.length; j++) if (thirty[j] <= left) { set.push(j); walk(j + 1, set, left - thirty[j]); set.pop(); }
    };
    walk(0, [], 15);
    const state = opened(table(thirty, 'choose some xs from Tavolo where sum of xs by valore == 15'));
    expect(offered(state)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(100);
    const picks = [...new Set(expected.flat())].sort((a, b) => a - b).map((i) => `pick C${i + 1}`);
    expect(legalMoves(state).map((m) => m.choice)).toEqual(picks);
  });

  it('a sum with another condition joined by and is pruned by the sum and still meets the rest', () => {
    const values = Array.from({ length: 18 }, (_, i) => 1 + (i % 6));
    const state = opened(table(values, 'choose some xs from Tavolo where sum of xs by valore == 6 and count(xs where valore == 1) == 0'));
    const expected = bruteForce(18, 1, 18, (set) => total(values, set) === 6 && set.every((i) => values[i] !== 1));
    expect(offered(state)).toEqual(expected);
  });

  it('count(xs) and sum(xs) bound the search as sum of … by does', () => {
    const numbers = `choose up to 40 xs from range(1, 40) where sum(xs) <= 12 and count(xs) >= 3`;
    const state = opened(`
game "Numeri" { players 2 }
turns {
  ${numbers}
  end game "fatto"
}`);
    const values = Array.from({ length: 40 }, (_, i) => i + 1);
    // Sets of 3 or more distinct numbers from 1 to 12 adding up to 12 at most.
    const expected = bruteForce(12, 3, 12, (set) => total(values, set) <= 12);
    expect(offered(state)).toEqual(expected);
  });
});

describe('the limit on a selection search', () => {
  it('still stops the match when the valid selections are truly too many', () => {
    const state = opened(`
game "Troppe" { players 2 }
turns {
  choose any xs from range(1, 40) where sum(xs) >= 10
  end game "mai"
}`);
    expect(state.outcome?.kind).toBe('aborted');
    expect(state.error?.code).toBe('run/selection-limit');
    expect(state.error?.message).toContain('more than 70,000 valid selections among 40 candidates');
  });

  it('stops the match when a condition the pruning cannot read leaves too many sets to try', () => {
    const state = opened(`
game "Cieca" { players 2 }
turns {
  choose any xs from range(1, 40) where count(xs) * 2 == 81
  end game "mai"
}`);
    expect(state.error?.code).toBe('run/selection-limit');
    expect(state.error?.message).toContain('more than 70,000 selections of 40 candidates that lead to no valid one');
  });

  it('a sum no set of the candidates can make opens no search at all', () => {
    const state = opened(`
game "Mai" { players 2 }
turns {
  choose any xs from range(1, 40) where sum(xs) == 1000
  end game "fatto"
}`);
    expect(state.error ?? null).toBeNull();
    expect(state.outcome).toMatchObject({ reason: 'fatto' });
  });
});

/** Random sizes of a selection as the search takes them: [min, max] among n. */
const sizes = (n: number) => fc.constantFrom<[string, number, number]>(['some', 1, n], ['any', 0, n], ['up to 2', 0, 2], ['at least 2', 2, n], ['3', 3, 3]);
const operators = fc.constantFrom<SumOperator>('==', '<', '<=', '>', '>=');

describe('the pruned search against a brute force', () => {
  it('finds the same sets, in the same order, for any scores, sizes and sum conditions', () => {
    const conditions = (n: number) => fc.array(fc.record({
      scores: fc.array(fc.integer({ min: -4, max: 7 }), { minLength: n, maxLength: n }), operator: operators, target: fc.integer({ min: -6, max: 16 }),
    }), { minLength: 1, maxLength: 2 });
    const cases = fc.integer({ min: 0, max: 10 }).chain((n) => fc.tuple(fc.constant(n), sizes(n), conditions(n)));
    fc.assert(fc.property(cases, ([n, [, min, max], sums]) => {
      const holds = (set: number[]) => sums.every((c: SumCondition) => compare[c.operator](total(c.scores, set), c.target));
      let tried = 0;
      const found = validSelections(n, min, max, 'xs', (set) => { tried++; return holds(set); }, sums);
      expect(found).toEqual(bruteForce(n, min, Math.min(max, n), holds));
      // One comparison (not ==, or == with any size): every set tried is on the way to a valid one.
      if (sums.length === 1 && (sums[0].operator !== '==' || max === n)) {
        expect(tried).toBeLessThanOrEqual(1 + found.reduce((sum, set) => sum + set.length + 1, 0));
      }
    }), { numRuns: 400 });
  });

  it('a match offers the sets a brute force finds, for any table of cards and condition', () => {
    const cases = fc.integer({ min: 1, max: 9 }).chain((n) => fc.tuple(
      fc.array(fc.integer({ min: -3, max: 6 }), { minLength: n, maxLength: n }), sizes(n), operators, fc.integer({ min: -4, max: 14 }), fc.boolean(),
    ));
    fc.assert(fc.property(cases, ([values, [size, min, max], operator, target, counted]) => {
      const condition = `sum of xs by valore ${operator} ${target}${counted ? ' and count(xs) <= 3' : ''}`;
      // Forced moves wait, so that one valid selection is offered too.
      const state = opened(table(values, `choose ${size} xs from Tavolo where ${condition}`), true);
      const expected = bruteForce(values.length, min, Math.min(max, values.length), (set) => compare[operator](total(values, set), target) && (!counted || set.length <= 3));
      expect(offered(state)).toEqual(expected);
    }), { numRuns: 60 });
  });
});
