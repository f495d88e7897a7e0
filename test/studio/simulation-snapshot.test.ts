/**
 * Simulation results belong to their game and text (issue 9): "compare with the text before my
 * edits" plays the same variant, players and seeds on the snapshot (A) and on the text now (B); a
 * series whose games were mostly stopped is flagged, so the panel never stars its differences.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileRules, type GameDefinition } from '../../interpreter/index.ts';
import { runSimulation, SimulationRun, SnapshotRun, type SimulationRequest, type WorkerReply } from '../../studio/src/simulation/runner.ts';

const text = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');
function compile(source: string): GameDefinition {
  const { definition, diagnostics } = compileRules(source);
  if (!definition) throw new Error(diagnostics.map((d) => d.message).join('; '));
  return definition;
}
const before = compile(text);
// The edit a designer might try: a much shorter turn limit, so most games stop before an end.
const edited = text.replace('turn limit 400', 'turn limit 12');
const now = compile(edited);
const request = (games: number): SimulationRequest => ({ games, players: 4, seed: 5, variants: [null] });

describe('compare with the text before my edits', () => {
  it('the same text on both sides plays the same games: A and B differ only in their labels', () => {
    const run = new SnapshotRun(before, before, request(30));
    run.step(1000);
    expect(run.finished).toBe(true);
    expect(run.done).toBe(60);
    const [a, b] = run.summaries();
    expect([a.label, b.label]).toEqual(['A · snapshot', 'B · now']);
    expect({ ...b, label: a.label }).toEqual(a);
    // And each side is the plain run of its text.
    const plain = new SimulationRun(before, request(30));
    plain.step(1000);
    expect({ ...plain.summaries()[0], label: a.label }).toEqual(a);
  });

  it('an edit shows in B only, and a side whose games were mostly stopped is flagged', () => {
    const run = new SnapshotRun(before, now, request(30));
    run.step(1000);
    const [a, b] = run.summaries();
    expect(b.aborted).toBeGreaterThan(a.aborted);
    expect(b.mostlyStopped).toBe(true);
    expect(a.mostlyStopped).toBe(a.aborted * 2 > a.games);
    expect(a.turns).not.toEqual(b.turns);
  });

  it('stopped early, both sides have played the same seeds (A1 B1 A2 B2 …)', () => {
    const run = new SnapshotRun(before, now, request(30));
    run.step(9);
    const [a, b] = run.summaries();
    expect([a.games, b.games]).toEqual([5, 4]);
  });

  it('the worker path: one run of twice the games, progress over both sides', async () => {
    const replies: WorkerReply[] = [];
    await runSimulation({ before, now }, 2, request(10), (r) => replies.push(r), () => false);
    const result = replies.at(-1)!;
    expect(result.type).toBe('result');
    if (result.type !== 'result') return;
    expect(result.summaries.map((s) => [s.label, s.games])).toEqual([['A · snapshot', 10], ['B · now', 10]]);
    expect(replies.filter((r) => r.type === 'progress').at(-1)).toMatchObject({ done: 20, total: 20 });
  });

  it('a variant the snapshot does not have is refused in the worker with the reason', async () => {
    const replies: WorkerReply[] = [];
    await runSimulation({ before, now }, 3, { ...request(5), variants: ['nope'] }, (r) => replies.push(r), () => false);
    expect(replies).toEqual([{ type: 'error', id: 3, message: expect.stringMatching(/^the snapshot cannot play these settings: .*nope/) }]);
  });

  it('a variant the snapshot does not have is refused with the reason', () => {
    const withVariant = before.variants.size ? [...before.variants.keys()][0] : null;
    expect(() => new SnapshotRun(before, now, { ...request(5), variants: ['nope'] })).toThrow(/the snapshot cannot play these settings: .*nope/);
    if (withVariant) expect(() => new SnapshotRun(before, now, { ...request(5), variants: [withVariant] })).not.toThrow();
  });
});
