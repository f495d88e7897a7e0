/**
 * A match keeps one XState actor for its whole life: undo, redo and rewind move the actor to the
 * game state they bring (RESTORE), including back from the end of the game, and the machine state
 * shown follows.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { Match, buildMachine, randomMove, startGame, type GameDefinition } from '../../interpreter/index.ts';
import * as engine from '../../interpreter/engine/engine.ts';
import { loadDefinition } from '../support/scenario.ts';

const tris: GameDefinition = loadDefinition('examples/tris.rules');

/** A tic-tac-toe match played by the random bot to its end. */
function finishedMatch(seed = 3): Match {
  const started = Match.start(tris, { players: 2, seed, variant: null });
  if (!started.ok) throw new Error(started.diagnostic.message);
  const match = started.match;
  const random = { state: seed };
  while (!match.outcome) expect(match.apply(randomMove(match.legalMoves(), random)).ok).toBe(true);
  return match;
}

describe('one actor for the whole match', () => {
  it('undo from the end of the game brings back the game and the machine state, and the game plays on', () => {
    const match = finishedMatch();
    expect(match.machineState).toBe('game over');
    const moves = match.moves.length;
    const before = match.hash();
    expect(match.undo()).toBe(true);
    expect(match.outcome).toBeNull();
    expect(match.machineState).not.toBe('game over');
    expect(match.legalMoves().length).toBeGreaterThan(0);
    expect(match.redo()).toBe(true);
    expect(match.machineState).toBe('game over');
    expect(match.hash()).toBe(before);
    expect(match.rewindTo(0)).toBe(true);
    expect(match.moves).toHaveLength(0);
    const random = { state: 9 };
    while (!match.outcome) expect(match.apply(randomMove(match.legalMoves(), random)).ok).toBe(true);
    expect(match.machineState).toBe('game over');
    expect(moves).toBeGreaterThan(4);
  });

  it('RESTORE moves a running actor to any state of the game, the end included', () => {
    const started = startGame(tris, { players: 2, seed: 1, variant: null });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = finishedMatch(1);
    const actor = createActor(buildMachine(tris, started.state)).start();
    actor.send({ type: 'RESTORE', game: match.state });
    expect(actor.getSnapshot().context.game).toBe(match.state);
    expect(actor.getSnapshot().status).toBe('active');
    actor.send({ type: 'RESTORE', game: started.state });
    expect(actor.getSnapshot().context.game).toBe(started.state);
    const move = engine.legalMoves(started.state)[0];
    actor.send({ type: 'MOVE', move });
    expect(actor.getSnapshot().context.game.log.length).toBeGreaterThan(started.state.log.length);
    actor.stop();
  });

  it('a refused move changes nothing and says why, through the same guard', () => {
    const started = Match.start(tris, { players: 2, seed: 5, variant: null });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const match = started.match;
    expect(match.apply(match.legalMoves()[0]).ok).toBe(true);
    const hash = match.hash();
    const refused = match.apply({ player: match.toAct!, choice: 'nowhere' });
    expect(refused).toMatchObject({ ok: false, diagnostic: { code: 'move/illegal' } });
    expect(match.hash()).toBe(hash);
  });
});
