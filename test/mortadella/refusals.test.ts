import { describe, expect, it } from 'vitest';
import { Match, refusal, stateHash } from '../../interpreter/index.ts';
import { loadDefinition } from '../support/scenario.ts';
import { ASK, DECLINE, RULES, firstTurn, open, resolve, rollFive } from './helpers.ts';

function startMatch(players = 4, seed = 3): Match {
  const started = Match.start(loadDefinition(RULES), { players, seed });
  if (!started.ok) throw new Error(started.diagnostic.message);
  return started.match;
}

describe('refused moves: reason given, nothing changed', () => {
  it('a choice by the wrong player: only the Deus holder answers the Deus prompt', () => {
    const match = startMatch();
    const before = match.hash();
    expect(match.toAct).toBe(3);
    const result = match.apply({ player: 0, choice: DECLINE });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostic.code).toBe('move/not-your-turn');
    expect(result.diagnostic.message).toBe("it is P4's choice (Usare il Deus Ex-Machina?), not P1's");
    expect(match.hash()).toBe(before);
    expect(match.moves).toEqual([]);
    // The right player is accepted, and that does change the state.
    expect(match.apply({ player: 3, choice: DECLINE })).toEqual({ ok: true });
    expect(match.hash()).not.toBe(before);
    match.stop();
  });

  it('an illegal choice names the legal ones', () => {
    const match = startMatch();
    const before = match.hash();
    const result = match.apply({ player: 3, choice: 'usa il Deus Ex-Machina due volte' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.diagnostic.code).toBe('move/illegal');
    expect(result.diagnostic.message).toContain('the choices are: non usare il Deus Ex-Machina | usa il Deus Ex-Machina');
    expect(match.hash()).toBe(before);
    match.stop();
  });

  it('«ne sceglie tre»: confirming two dice, or picking one twice, is refused', () => {
    const game = open(4);
    rollFive(game, ['Popolo', 'Torre', 'Torre', 'Mortadella', 'Libro']);
    game.choose(0, 'pick Dado 1').choose(0, 'pick Dado 2');
    const before = stateHash(game.state);
    expect(refusal(game.definition, game.state, { player: 0, choice: 'confirm' })).toMatchObject({ code: 'move/illegal' });
    expect(refusal(game.definition, game.state, { player: 0, choice: 'pick Dado 1: Popolo' })).toMatchObject({ code: 'move/illegal' });
    expect(refusal(game.definition, game.state, { player: 1, choice: 'pick Dado 3: Torre' })).toMatchObject({ code: 'move/not-your-turn' });
    expect(stateHash(game.state)).toBe(before);
    expect(game.pending!.choices).toContain('pick Dado 3: Torre');
  });

  it('a die that was not kept cannot be resolved', () => {
    const { game } = firstTurn(4, ['Popolo', 'Torre', 'Torre', 'Mortadella', 'Libro']);
    const before = stateHash(game.state);
    const refused = refusal(game.definition, game.state, { player: 0, choice: 'Dado 4: Mortadella' });
    expect(refused?.code).toBe('move/illegal');
    expect(refused?.message).toContain(`is not a legal choice for ${ASK.next}`);
    expect(stateHash(game.state)).toBe(before);
  });

  it('the Rivoluzione cannot target a player with neither Torre nor Libro', () => {
    const { game } = firstTurn(4, ['Popolo', 'Popolo', 'Libro', 'Mortadella', 'Mortadella'], {
      prepare: (g) => g.tokens(1, { Torre: 1 }).tokens(2, { Libro: 1 }).tokens(3, { Popolo: 3, Mortadella: 3 }),
    });
    resolve(game, 1).choose(0, 'risolvi in coppia').choose(0, 'Rivoluzione');
    expect(game.pending).toMatchObject({ prompt: ASK.revWho });
    const before = stateHash(game.state);
    const refused = refusal(game.definition, game.state, { player: 0, choice: 'P4' });
    expect(refused?.code).toBe('move/illegal');
    expect(refused?.message).toContain('the choices are: P2 | P3');
    expect(stateHash(game.state)).toBe(before);
  });

  it('the roller cannot answer for the target of an Ebbrezza', () => {
    const { game } = firstTurn(4, ['Vino', 'Torre', 'Libro', 'Torre', 'Torre'], { prepare: (g) => g.tokens(1, { Popolo: 1, Mortadella: 1 }) });
    resolve(game, 1).choose(0, 'P2');
    expect(game.pending).toMatchObject({ player: 1, prompt: ASK.ebbrezzaCancel });
    const before = stateHash(game.state);
    expect(refusal(game.definition, game.state, { player: 0, choice: 'scarta 1 Popolo' })?.code).toBe('move/not-your-turn');
    expect(stateHash(game.state)).toBe(before);
  });

  it('after the game is won, no move is accepted', () => {
    const game = open(2, { seed: 3 });
    game.choose(0, 'indovina il ruolo').choose(0, game.state.players[1].role!);
    expect(game.state.outcome?.kind).toBe('win');
    const before = stateHash(game.state);
    expect(refusal(game.definition, game.state, { player: 1, choice: 'gioca il turno' })?.code).toBe('move/game-over');
    expect(stateHash(game.state)).toBe(before);
  });
});
