import { describe, expect, it } from 'vitest';
import { Match, randomMove, type GameDefinition } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';

const definition: GameDefinition = loadDefinition('mortadella.rules');

function start(players = 4, seed = 11, variant: string | null = null): Match {
  const started = Match.start(definition, { players, seed, variant });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.match;
}

function playRandomly(match: Match, moves: number, seed = 5) {
  const random = { state: seed };
  for (let i = 0; i < moves && !match.outcome; i++) {
    const result = match.apply(randomMove(match.legalMoves(), random));
    if (!result.ok) throw new Error(result.diagnostic.message);
  }
}

describe('Match', () => {
  it('refuses a move by the wrong player with the reason, and changes nothing', () => {
    const match = start();
    const hash = match.hash();
    const actor = match.toAct!;
    const wrong = (actor + 1) % 4;
    const result = match.apply({ player: wrong, choice: match.legalMoves()[0].choice });
    expect(result).toMatchObject({ ok: false, diagnostic: { code: 'move/not-your-turn' } });
    expect(!result.ok && result.diagnostic.message).toContain(`P${actor + 1}'s choice`);
    expect(match.hash()).toBe(hash);
    expect(match.moves).toHaveLength(0);
  });

  it('refuses a choice that is not on offer, listing the legal ones', () => {
    const match = start();
    const hash = match.hash();
    const result = match.apply({ player: match.toAct!, choice: 'mangia la mortadella' });
    expect(result).toMatchObject({ ok: false, diagnostic: { code: 'move/illegal' } });
    expect(!result.ok && result.diagnostic.message).toContain(match.legalMoves()[0].choice);
    expect(match.hash()).toBe(hash);
  });

  it('lists legal moves only for the player whose choice it is', () => {
    const match = start();
    const actor = match.toAct!;
    expect(match.legalMoves(actor).length).toBeGreaterThan(1);
    expect(match.legalMoves((actor + 1) % 4)).toEqual([]);
  });

  it('undo restores the exact previous state and redo the next one', () => {
    const match = start();
    playRandomly(match, 30);
    const after30 = match.hash();
    playRandomly(match, 1, 99);
    const after31 = match.hash();
    expect(match.undo()).toBe(true);
    expect(match.hash()).toBe(after30);
    expect(match.moves).toHaveLength(30);
    expect(match.redo()).toBe(true);
    expect(match.hash()).toBe(after31);
    expect(match.redo()).toBe(false);
  });

  it('a pick can be taken back before it is confirmed', () => {
    const match = start();
    while (!match.legalMoves().some((m) => m.kind === 'pick')) match.apply(match.legalMoves()[0]);
    const picker = match.toAct!;
    const first = match.legalMoves().find((m) => m.kind === 'pick')!;
    match.apply(first);
    const unpick = match.legalMoves().find((m) => m.kind === 'unpick')!;
    expect(unpick.choice).toBe(first.choice.replace('pick', 'unpick'));
    match.apply(unpick);
    expect(match.legalMoves().filter((m) => m.kind === 'pick')).toHaveLength(5);
    expect(match.toAct).toBe(picker);
  });

  it('a new move after an undo clears what could be redone', () => {
    const match = start();
    playRandomly(match, 10);
    match.undo();
    playRandomly(match, 1, 1234);
    expect(match.canRedo).toBe(false);
  });

  it('saves to JSON and restores to the same state', () => {
    const match = start(5, 21);
    playRandomly(match, 120);
    const saved = JSON.parse(JSON.stringify(match.save()));
    const restored = Match.restore(definition, saved);
    expect(restored.ok).toBe(true);
    if (restored.ok) {
      expect(restored.hashMatches).toBe(true);
      expect(restored.match.hash()).toBe(match.hash());
      expect(restored.match.machineState).toBe(match.machineState);
    }
  });

  it('restoring against changed rules reports the first refused move', () => {
    const match = start(4, 3);
    playRandomly(match, 40);
    const saved = match.save();
    saved.moves[5] = { player: saved.moves[5].player, choice: 'a move that never existed' };
    const restored = Match.restore(definition, saved);
    expect(restored.ok).toBe(false);
    if (!restored.ok) {
      expect(restored.movesApplied).toBe(5);
      expect(restored.diagnostic.message).toMatch(/^move 6: /);
    }
  });

  it('the view hides other players\' secret roles and the dice generator, but not one\'s own role', () => {
    const match = start(4, 8);
    const view = match.view(0);
    expect(view.players[0].role).toBe(match.state.players[0].role);
    for (const other of view.players.slice(1)) {
      expect(other.role).toBeNull();
      expect(other.roleVisibility).toBe('hidden');
    }
    const json = JSON.stringify(view);
    expect(json).not.toContain('"rng"');
    for (const other of match.state.players.slice(1)) {
      // A secret role of another player appears nowhere in what P1 is shown (log included).
      if (other.role !== match.state.players[0].role) expect(json).not.toContain(other.role!);
    }
    const referee = match.view('referee');
    expect(referee.players.map((p) => p.role)).toEqual(match.state.players.map((p) => p.role));
  });

  it('the choices in front of a player are shown to that player only', () => {
    const match = start();
    const actor = match.toAct!;
    expect(match.view(actor).pending?.choices).toEqual(match.legalMoves().map((m) => m.choice));
    expect(match.view((actor + 1) % 4).pending?.choices).toBeNull();
  });

  it('the log cites the rulebook sentence behind an event', () => {
    const match = start();
    const roll = match.view('referee').log.find((e) => e.text.includes(' rolls: '))!;
    expect(roll.cite).toBe('Il primo giocatore tira i cinque dadi');
  });

  it('refuses a player count the game does not support and an unknown variant', () => {
    expect(Match.start(definition, { players: 8, seed: 1 })).toMatchObject({ ok: false, diagnostic: { code: 'setup/players-out-of-range' } });
    expect(Match.start(definition, { players: 4, seed: 1, variant: 'bse' })).toMatchObject({ ok: false, diagnostic: { code: 'variant/unknown' } });
  });

  it('plays to an outcome, after which every move is refused', () => {
    const match = start(3, 2);
    playRandomly(match, 100_000);
    expect(match.outcome).not.toBeNull();
    expect(match.machineState).toBe('game over');
    expect(match.apply({ player: 0, choice: 'anything' })).toMatchObject({ ok: false, diagnostic: { code: 'move/game-over' } });
  });
});
