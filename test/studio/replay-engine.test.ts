/**
 * The replay after an edit on generated code (`?replay=generated`, what bench/studio.ts compares
 * with the stepper): the same game as the stepper's — moves taken, where the rules refuse one,
 * log, state, and the game played on from there.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { randomPlayout, stateHash } from '../../interpreter/index.ts';
import { compileText } from '../support/scenario.ts';
import { rebuildMatch, type ReplayEngine } from '../../studio/src/lib/playtest.ts';

const text = readFileSync(new URL('../../rules/mortadella.rules', import.meta.url), 'utf8');
const settings = { players: 4, seed: 5, variant: null as string | null };
const moves = randomPlayout(compileText(text), { ...settings, keepMoves: true }).moves;

function replayed(rules: string, engine: ReplayEngine) {
  const rebuilt = rebuildMatch(compileText(rules), settings, moves, engine);
  if (!rebuilt.ok) throw new Error(rebuilt.diagnostic.message);
  return rebuilt;
}

describe('the replay on generated code', () => {
  it('is the stepper\'s game, to the end', () => {
    const [a, b] = (['stepper', 'generated'] as const).map((engine) => replayed(text, engine));
    expect(b.applied).toBe(moves.length);
    expect(b.match.definition.generatedCode?.kind).toBe('generated');
    expect(stateHash(b.match.state)).toBe(stateHash(a.match.state));
    expect(b.match.state.log).toEqual(a.match.state.log);
  });

  it('stops where an edit makes the stepper stop, with the same reason, and plays on the same', () => {
    // Fewer Mortadella tokens: the game goes differently, and some designer's move is refused.
    const edited = text.replace('Mortadella reserve 40', 'Mortadella reserve 6');
    const [a, b] = (['stepper', 'generated'] as const).map((engine) => replayed(edited, engine));
    expect(a.applied).toBeLessThan(moves.length);
    expect(b.applied).toBe(a.applied);
    expect(b.refused).toBe(a.refused);
    const next = a.match.legalMoves()[0];
    expect(next).toBeDefined();
    expect(b.match.apply(next).ok).toBe(true);
    expect(a.match.apply(next).ok).toBe(true);
    expect(stateHash(b.match.state)).toBe(stateHash(a.match.state));
  });
});
