/**
 * `estimate SCORE` and the search's cut rollouts: the declaration is checked like a role's goal (a
 * number about one player), its value is each player's share at a cut, and with it the search finds
 * the better move in a game whose random rollouts never end (without it, every move is worth ½).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileRules, startGame, type GameDefinition } from '../../interpreter/index.ts';
import { moveOf, playTable, searchMove } from '../../interpreter/bots/index.ts';
import { estimates, rewards, shares } from '../../interpreter/bots/evaluate.ts';

const read = (name: string) => readFileSync(fileURLToPath(new URL(name, import.meta.url)), 'utf8');
const corsaText = read('./corsa.rules');

function compiled(text: string): GameDefinition {
  const result = compileRules(text);
  if (!result.definition) throw new Error(result.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  return result.definition;
}

/** Each diagnostic's code and the text it points at. */
const codes = (text: string) => compileRules(text).diagnostics.map((d) => `${d.code}@${text.slice(d.range.start, d.range.end)}`);

describe('estimate SCORE (the language)', () => {
  it('is a number about one player: token names and player variables are that player’s, `it` is the player', () => {
    const corsa = compiled(corsaText);
    const started = startGame(corsa, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    started.state.players[1].vars[0] = 7;
    expect(estimates(corsa.estimate!, started.state)).toEqual([0, 7]);
    const withIt = compiled(corsaText.replace('estimate pos', 'estimate 2 * it.pos + 1'));
    expect(estimates(withIt.estimate!, started.state)).toEqual([1, 15]);
  });

  it('may name the player (`estimate q: …`), so a `where` inside reaches them', () => {
    const text = corsaText.replace('estimate pos', 'estimate q: pos + count(players where pos < q.pos)');
    expect(codes(text)).toEqual([]);
    const started = startGame(compiled(text), { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    started.state.players[0].vars[0] = 4;
    expect(estimates(compiled(text).estimate!, started.state)).toEqual([5, 0]);
  });

  it('is refused when it is not a number, and when there are two', () => {
    expect(codes(corsaText.replace('estimate pos', 'estimate "avanti"'))).toEqual(['type/expected-number@"avanti"']);
    expect(codes(`${corsaText}estimate 2 * pos\n`)).toEqual(['name/duplicate@estimate 2 * pos']);
    expect(codes(corsaText.replace('estimate pos', 'estimate posizione'))).toEqual(['name/unknown@posizione']);
  });

  it('takes no name from the rules: `estimate` is still a name a variable may have', () => {
    const text = corsaText.replace('player var pos = 0', 'player var pos = 0\nvar estimate = 1').replace('set current.pos = current.pos + 1', 'set current.pos = current.pos + estimate');
    expect(codes(text)).toEqual([]);
  });

  it('changes no game: the rules without it play the same random games', async () => {
    const { randomPlayout } = await import('../../interpreter/index.ts');
    const percorsi = read('../../rules/percorsi.rules');
    const without = compiled(percorsi.replace(/\nestimate [^\n]*\n/, '\n'));
    const withIt = compiled(percorsi);
    expect(withIt.estimate).toBeTypeOf('function');
    expect(without.estimate).toBeNull();
    for (const seed of [1, 2]) {
      const a = randomPlayout(without, { players: 2, seed, keepMoves: false, maxRounds: 20 });
      const b = randomPlayout(withIt, { players: 2, seed, keepMoves: false, maxRounds: 20 });
      expect(JSON.stringify(b.state)).toBe(JSON.stringify(a.state));
    }
  });
});

describe('the worth of a game cut short', () => {
  it('is each player’s share of the estimates, ½ each with no information', () => {
    expect(shares([3, 1])).toEqual([0.75, 0.25]);
    expect(shares([2, 2, 4])).toEqual([0.25, 0.25, 0.5]);
    // Negative estimates are raised so the lowest is 0; a player out of the game has no share.
    expect(shares([-1, 1])).toEqual([0, 1]);
    expect(shares([5, -Infinity])).toEqual([1, 0]);
    expect(shares([0, 0])).toEqual([0.5, 0.5]);
    expect(shares([1, Number.NaN])).toEqual([0.5, 0.5]);
  });

  it('is the outcome for a finished game, the estimate only for one stopped', () => {
    const corsa = compiled(corsaText);
    const started = startGame(corsa, { players: 2, seed: 1 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    state.players[0].vars[0] = 30;
    state.players[1].vars[0] = 10;
    expect(rewards(corsa, state)).toEqual([0.75, 0.25]); // where the search stopped looking
    state.outcome = { kind: 'aborted', winners: [], reason: 'stopped', cite: -1 } as never;
    expect(rewards(corsa, state)).toEqual([0.75, 0.25]);
    state.outcome = { kind: 'win', winners: [1], reason: 'traguardo', cite: -1 } as never;
    expect(rewards(corsa, state)).toEqual([0, 1]);
  });
});

describe('the search with an estimate', () => {
  const corsa = compiled(corsaText);
  const blind = compiled(corsaText.replace('estimate pos', ''));
  const start = () => {
    const started = startGame(corsa, { players: 2, seed: 3 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    return started.state;
  };

  it('prefers the obviously better move (jump 3 over step 1 or stay) where random rollouts never end', () => {
    const state = start();
    for (const seed of [1, 2, 3]) {
      const result = searchMove(corsa, state, 0, { iterations: 60, seed });
      expect(moveOf(state, result.choice).choice).toBe('salto');
      const value = (label: string) => result.root.find((r) => moveOf(state, r.choice).choice === label)!.value;
      expect(value('salto')).toBeGreaterThan(value('passo'));
      expect(value('passo')).toBeGreaterThan(value('fermo'));
    }
    // Without the estimate, uniform playouts are all stopped by the turn limit: every move is worth ½.
    const result = searchMove(blind, state, 0, { iterations: 60, seed: 1, playouts: 'uniform' });
    expect(result.root.every((r) => r.value === 0.5)).toBe(true);
  });

  it('cuts rollouts at the rounds asked, and gives the same move and statistics for the same seed and budget', () => {
    const state = start();
    const a = searchMove(corsa, state, 0, { iterations: 50, seed: 9, rolloutRounds: 3 });
    const b = searchMove(corsa, state, 0, { iterations: 50, seed: 9, rolloutRounds: 3 });
    expect(a).toMatchObject({ choice: b.choice, root: b.root, iterations: 50 });
    expect(moveOf(state, a.choice).choice).toBe('salto');
  });

  it('beats a random bot in a race it could never finish at random', () => {
    const played = playTable(corsa, { players: 2, seed: 4, bots: [{ kind: 'random' }, { kind: 'mcts', iterations: 20 }] });
    expect(played.outcome.kind).toBe('aborted'); // the turn limit: 2000 is far
    // Nearly a jump in each of its 100 turns (20 iterations a move leave a few to exploration).
    expect(played.state.players[1].vars[0]).toBeGreaterThan(270);
    expect(played.state.players[0].vars[0]).toBeLessThan(200);
  });
});

describe('Percorsi with its estimate', () => {
  it('the search bot brings its pawns further than a random bot on the same seeds', () => {
    const percorsi = compiled(read('../../rules/percorsi.rules'));
    const progress = (seed: number, bots: ('random' | 'mcts')[]) => {
      const played = playTable(percorsi, { players: 2, seed, maxRounds: 25, bots: bots.map((kind) => (kind === 'mcts' ? { kind, iterations: 30 } : { kind })) });
      return estimates(percorsi.estimate!, played.state)[0];
    };
    for (const seed of [1, 2]) expect(progress(seed, ['mcts', 'random'])).toBeGreaterThan(progress(seed, ['random', 'random']));
  }, 120_000);
});
