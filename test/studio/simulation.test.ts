import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileRules, simulate, type GameDefinition } from '../../interpreter/index.ts';
import { excludes, histogram, integerBins, niceStep, percent, rateDifference, spread, wilson } from '../../studio/src/simulation/stats.ts';
import { gameSeed, runSimulation, SimulationRun, type SimulationRequest, type WorkerReply, type WorkerRequest } from '../../studio/src/simulation/runner.ts';

const text = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');
const definition: GameDefinition = compileRules(text).definition!;

describe('Wilson score interval', () => {
  // Known values (z = 1.96): 5/10 → 0.2366–0.7634; 0/10 → 0–0.2775; 10/10 → 0.7225–1.
  it.each([
    [5, 10, 0.2366, 0.7634],
    [0, 10, 0, 0.2775],
    [10, 10, 0.7225, 1],
    [56, 70, 0.6918, 0.877],
    [48, 80, 0.4905, 0.7004],
    [1, 4, 0.0456, 0.6994],
  ])('%i of %i: %f to %f', (successes, trials, low, high) => {
    const interval = wilson(successes, trials);
    expect(interval.rate).toBeCloseTo(successes / trials, 10);
    expect(interval.low).toBeCloseTo(low, 4);
    expect(interval.high).toBeCloseTo(high, 4);
  });

  it('says nothing is known without trials, and stays inside [0, 1]', () => {
    expect(wilson(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
    for (let n = 1; n <= 60; n++) {
      for (let k = 0; k <= n; k++) {
        const { rate, low, high } = wilson(k, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(rate + 1e-12);
        expect(high).toBeGreaterThanOrEqual(rate - 1e-12);
      }
    }
  });

  it('narrows as the games grow: about ±2.7 points at 1,000 games around 25%', () => {
    const wide = wilson(25, 100);
    const narrow = wilson(250, 1000);
    expect(narrow.high - narrow.low).toBeLessThan(wide.high - wide.low);
    expect(narrow.high - narrow.low).toBeCloseTo(0.0537, 3);
  });
});

describe('difference of two rates (Newcombe)', () => {
  // Newcombe (1998), example (a): 56/70 − 48/80 = 0.2000, method 10: 0.0524 to 0.3339.
  it('matches the published example', () => {
    const d = rateDifference(56, 70, 48, 80);
    expect(d.rate).toBeCloseTo(0.2, 10);
    expect(d.low).toBeCloseTo(0.0524, 4);
    expect(d.high).toBeCloseTo(0.3339, 4);
    expect(excludes(d)).toBe(true);
  });

  it('is symmetric and keeps 0 inside for equal rates', () => {
    const d = rateDifference(48, 80, 56, 70);
    expect(d.low).toBeCloseTo(-0.3339, 4);
    expect(d.high).toBeCloseTo(-0.0524, 4);
    expect(excludes(rateDifference(30, 100, 30, 100))).toBe(false);
  });
});

describe('histogram bins', () => {
  it('picks round widths of 1, 2, 5 × 10^k', () => {
    expect([0.3, 1, 1.2, 3, 4.7, 7, 10, 11, 180].map(niceStep)).toEqual([0.5, 1, 2, 5, 5, 10, 10, 20, 200]);
  });

  it('covers the range with no more bins than asked, starting at a multiple of the width', () => {
    expect(integerBins(20, 132)).toEqual({ start: 20, width: 5, count: 23 });
    expect(integerBins(3, 9)).toEqual({ start: 3, width: 1, count: 7 });
    expect(integerBins(1, 400)).toEqual({ start: 0, width: 20, count: 21 });
    expect(integerBins(7, 7)).toEqual({ start: 7, width: 1, count: 1 });
    expect(integerBins(Infinity, -Infinity).count).toBe(0);
    for (const [min, max, most] of [[0, 1000, 24], [13, 14, 5], [99, 12345, 16], [5, 64, 8]]) {
      const bins = integerBins(min, max, most);
      expect(bins.count).toBeLessThanOrEqual(most);
      expect(bins.start % bins.width).toBe(0);
      expect(bins.start).toBeLessThanOrEqual(min);
      expect(bins.start + bins.count * bins.width).toBeGreaterThan(max);
    }
  });

  it('counts each value in exactly one bin [from, to)', () => {
    expect(histogram([1, 1, 2, 5, 9], { start: 0, width: 2, count: 5 })).toEqual([
      { from: 0, to: 2, count: 2 }, { from: 2, to: 4, count: 1 }, { from: 4, to: 6, count: 1 }, { from: 6, to: 8, count: 0 }, { from: 8, to: 10, count: 1 },
    ]);
    const values = Array.from({ length: 2000 }, (_, i) => (i * 7919) % 397);
    const bins = integerBins(Math.min(...values), Math.max(...values));
    expect(histogram(values, bins).reduce((a, b) => a + b.count, 0)).toBe(values.length);
    expect(histogram([-1, 10], { start: 0, width: 5, count: 2 }).map((b) => b.count)).toEqual([0, 0]);
  });

  it('summarises a spread: mean, median, 10th and 90th percentiles', () => {
    expect(spread([4, 1, 3, 2])).toEqual({ count: 4, mean: 2.5, median: 2.5, min: 1, max: 4, p10: 1, p90: 4 });
    expect(spread(Array.from({ length: 100 }, (_, i) => i + 1))).toMatchObject({ median: 50.5, p10: 10, p90: 90 });
    expect(spread([])).toMatchObject({ count: 0, mean: 0 });
    expect([0, 1, 0.25, 0.1234].map((r) => percent(r))).toEqual(['0%', '100%', '25.0%', '12.3%']);
  });
});

function request(overrides: Partial<SimulationRequest> = {}): SimulationRequest {
  return { games: 200, players: 4, seed: 1, variants: [null], ...overrides };
}

function runAll(r: SimulationRequest) {
  const run = new SimulationRun(definition, r);
  while (!run.finished) run.step(37);
  return run.summaries();
}

describe('simulation runs (Il Trono di Mortadella)', () => {
  it('agrees game by game with regola simulate for the same seed', () => {
    const [summary] = runAll(request({ games: 300, seed: 7 }));
    const report = simulate(definition, { games: 300, players: 4, seed: 7 });
    expect(summary.bySeat.map((s) => s.wins)).toEqual(report.winsBySeat.map((s) => s.wins));
    expect(summary.byRole.map((r) => [r.label, r.wins, r.games])).toEqual(report.winsByRole.map((r) => [r.role, r.wins, r.games]));
    expect([summary.draws, summary.aborted]).toEqual([report.draws, report.aborted]);
    expect(summary.endReasons).toEqual(report.endReasons);
    expect(summary.length.median).toBe(report.length.medianTurns);
    expect(summary.length.mean).toBeCloseTo(report.length.meanTurns, 10);
    expect(summary.meanDecisions).toBeCloseTo(report.length.meanDecisions, 10);
    expect(summary.decided + summary.draws + summary.aborted).toBe(300);
    expect(gameSeed(7, 2)).toBe(7 + 2 * 7919);
  });

  it('gives the same results for the same seed, whatever the step size', () => {
    const once = new SimulationRun(definition, request({ seed: 42 }));
    once.step(1000);
    expect(runAll(request({ seed: 42 }))).toEqual(once.summaries());
    expect(runAll(request({ seed: 43 }))).not.toEqual(once.summaries());
  });

  it('puts Wilson intervals on each seat and role, and reports turns per game', () => {
    const [summary] = runAll(request());
    for (const row of [...summary.bySeat, ...summary.byRole]) {
      expect(row).toMatchObject(wilson(row.wins, row.games));
    }
    expect(summary.bySeat.map((s) => s.games)).toEqual([200, 200, 200, 200]);
    expect(summary.turns).toHaveLength(200);
    expect(summary.abortedGame.filter(Boolean)).toHaveLength(summary.aborted);
  });

  it('compares two variants on the same seeds, game by game', () => {
    const [plain, base] = runAll(request({ variants: [null, 'base'], games: 150 }));
    expect(plain).toEqual({ ...runAll(request({ games: 150 }))[0] });
    expect(base).toEqual(runAll(request({ games: 150, variants: ['base'] }))[0]);
    expect(base.label).toBe('base');
    expect(plain.label).toBe('default');
    // Without the additional rules nobody is put out by 7 vizi capitali: games end differently.
    expect(base.endReasons).not.toEqual(plain.endReasons);
    const [a, b] = runAll(request({ variants: [null, null], games: 50 }));
    expect(a.bySeat).toEqual(b.bySeat);
  });

  it('stopped early, has played as many games of each variant', () => {
    const run = new SimulationRun(definition, request({ variants: [null, 'base'], games: 100 }));
    run.step(41);
    const [a, b] = run.summaries();
    expect([a.games, b.games]).toEqual([21, 20]);
    run.step(1);
    expect(run.summaries().map((s) => s.games)).toEqual([21, 21]);
    expect(run.total).toBe(200);
  });

  it('refuses what the rules refuse, before playing', () => {
    expect(() => new SimulationRun(definition, request({ players: 9 }))).toThrow(/2 to 7 players, not 9/);
    expect(() => new SimulationRun(definition, request({ variants: ['nope'] }))).toThrow(/no variant 'nope'/);
    expect(() => new SimulationRun(definition, request({ games: 10_001 }))).toThrow(/between 1 and 10000/);
    expect(() => new SimulationRun(definition, request({ games: 0 }))).toThrow();
  });
});

describe('runSimulation: progress and cancel', () => {
  it('reports progress about every 1% and then the result', async () => {
    const replies: WorkerReply[] = [];
    await runSimulation(definition, 3, request({ games: 500 }), (r) => replies.push(r), () => false);
    const progress = replies.filter((r) => r.type === 'progress');
    expect(progress.length).toBeGreaterThanOrEqual(100);
    expect(progress.length).toBeLessThanOrEqual(102);
    const done = progress.map((p) => (p.type === 'progress' ? p.done : -1));
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(done.at(-1)).toBe(500);
    const last = replies.at(-1)!;
    expect(last.type).toBe('result');
    expect(last.id).toBe(3);
    if (last.type === 'result') expect(last.summaries[0].games).toBe(500);
  });

  it('stops at a cancel, answering with the games played so far', async () => {
    const replies: WorkerReply[] = [];
    let steps = 0;
    await runSimulation(definition, 4, request({ games: 1000 }), (r) => replies.push(r), () => steps >= 5, async () => { steps++; });
    const last = replies.at(-1)!;
    expect(last.type).toBe('cancelled');
    if (last.type !== 'cancelled') return;
    expect(last.done).toBe(40);
    expect(last.total).toBe(1000);
    expect(last.summaries[0].games).toBe(40);
  });

  it('answers an error for settings the rules refuse', async () => {
    const replies: WorkerReply[] = [];
    await runSimulation(definition, 5, request({ players: 1 }), (r) => replies.push(r), () => false);
    expect(replies).toEqual([{ type: 'error', id: 5, message: expect.stringContaining('not 1') }]);
  });
});

describe('the simulation worker', () => {
  const original = (globalThis as { self?: unknown }).self;
  afterEach(() => {
    (globalThis as { self?: unknown }).self = original;
    vi.resetModules();
  });

  async function worker() {
    const replies: WorkerReply[] = [];
    const scope: { onmessage: ((e: { data: WorkerRequest }) => void) | null; postMessage: (r: WorkerReply) => void } = { onmessage: null, postMessage: (r) => replies.push(r) };
    (globalThis as { self?: unknown }).self = scope;
    await import('../../studio/src/workers/simulate.worker.ts');
    const send = (message: WorkerRequest) => scope.onmessage!({ data: message });
    const until = async (done: () => boolean) => { while (!done()) await new Promise((r) => setTimeout(r, 5)); };
    return { replies, send, until };
  }

  it('compiles the text, plays, and posts the same result for the same seed', async () => {
    const { replies, send, until } = await worker();
    send({ type: 'run', id: 1, text, request: request({ games: 120, seed: 9 }) });
    await until(() => replies.some((r) => r.type === 'result' && r.id === 1));
    send({ type: 'run', id: 2, text, request: request({ games: 120, seed: 9 }) });
    await until(() => replies.some((r) => r.type === 'result' && r.id === 2));
    const results = replies.filter((r) => r.type === 'result');
    expect(results).toHaveLength(2);
    if (results[0].type === 'result' && results[1].type === 'result') expect(results[0].summaries).toEqual(results[1].summaries);
    expect(results[0].type === 'result' && results[0].summaries[0].bySeat.map((s) => s.wins))
      .toEqual(simulate(definition, { games: 120, players: 4, seed: 9 }).winsBySeat.map((s) => s.wins));
  });

  it('honours a cancel message between two steps', async () => {
    const { replies, send, until } = await worker();
    send({ type: 'run', id: 7, text, request: request({ games: 10_000 }) });
    await until(() => replies.some((r) => r.type === 'progress' && r.done > 0));
    send({ type: 'cancel', id: 7 });
    await until(() => replies.some((r) => r.type === 'cancelled' || r.type === 'result'));
    const last = replies.at(-1)!;
    expect(last.type).toBe('cancelled');
    if (last.type === 'cancelled') expect(last.done).toBeLessThan(10_000);
  });

  it('says when the rules do not compile', async () => {
    const { replies, send } = await worker();
    send({ type: 'run', id: 8, text: 'game "x" { players 2 to }', request: request() });
    expect(replies).toEqual([{ type: 'error', id: 8, message: expect.stringMatching(/^the rules do not compile: /) }]);
  });
});
