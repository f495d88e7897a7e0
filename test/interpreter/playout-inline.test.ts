/**
 * In a random playout, generated code answers its choices itself (interpreter/runtime/playout.ts) instead
 * of stopping at each one for the bot loop: the same games, decision for decision, as the stepper
 * plays them one decision at a time — also where a limit stops a game, with the choice pending.
 */
import { describe, expect, it } from 'vitest';
import { applyChoiceIndex, choiceCount, randomPlayout, startState, stateHash, type GameDefinition } from '../../interpreter/index.ts';
import { playOnRandomly, botRandomFor } from '../../interpreter/bots/bots.ts';
import { whilePlaying } from '../../interpreter/runtime/playout.ts';
import { playoutStart } from '../../interpreter/engine/batch-api.ts';
import { withGeneratedCode, withStepper } from '../../interpreter/codegen/index.ts';
import { compileText, loadDefinition } from '../support/scenario.ts';

/** Both back ends play the game; their outcomes, move counts and final states must agree. */
function sameGames(definition: GameDefinition, players: number, seeds: number, maxRounds?: number): void {
  const generated = withGeneratedCode(definition);
  const stepper = withStepper(definition);
  for (let seed = 1; seed <= seeds; seed++) {
    const options = { players, seed, keepMoves: false, maxRounds };
    const a = randomPlayout(generated, options);
    const b = randomPlayout(stepper, options);
    expect(a.outcome, `seed ${seed}`).toEqual(b.outcome);
    expect(a.state.moveCount, `seed ${seed}`).toBe(b.state.moveCount);
    expect(stateHash(a.state), `seed ${seed}`).toBe(stateHash(b.state));
  }
}

describe('generated code answers a random playout\'s choices itself', () => {
  it('one decision through the engine plays a Connect Four game to its end', () => {
    const definition = withGeneratedCode(loadDefinition('examples/connect-four.rules'));
    const started = startState(definition, { players: 2, seed: 7 });
    if (!started.ok) throw new Error(started.diagnostic.message);
    const state = started.state;
    const playout = { definition, state, random: botRandomFor(7), maxRounds: Infinity, turn: state.turn, turnStart: state.moveCount };
    whilePlaying(playout, () => applyChoiceIndex(definition, state, 0));
    expect(state.outcome).not.toBeNull();
    expect(state.moveCount).toBeGreaterThan(5);
    // Outside a playout the same decision stops at the next choice.
    const alone = startState(definition, { players: 2, seed: 7 });
    if (!alone.ok) throw new Error(alone.diagnostic.message);
    applyChoiceIndex(definition, alone.state, 0);
    expect(alone.state.outcome).toBeNull();
    expect(choiceCount(alone.state)).toBe(7);
    expect(alone.state.moveCount).toBe(1);
  });

  it('plays the stepper\'s games: choices among values (Connect Four) and among options (Mortadella)', () => {
    sameGames(loadDefinition('examples/connect-four.rules'), 2, 200);
    sameGames(loadDefinition('mortadella.rules'), 4, 100);
  });

  it('stops where the stepper stops: the round limit, with the choice pending', () => {
    sameGames(loadDefinition('risiko.rules'), 4, 20, 2);
    sameGames(loadDefinition('mortadella.rules'), 5, 20, 1);
  });

  it('stops where the stepper stops: the decisions a turn may take', () => {
    const endless = compileText(`game "Sempre" { players 2 }
tokens Oro
turns {
  while true {
    choose { option "a" { gain 1 Oro } option "b" { gain 1 Oro } }
  }
}
`);
    sameGames(endless, 2, 2, 1);
    expect(randomPlayout(withGeneratedCode(endless), { players: 2, seed: 1, keepMoves: false }).outcome.reason).toMatch(/decisions in one turn/);
  });

  it('stops where the stepper stops: in the middle of a choice picked one by one', () => {
    // Three decisions a pass (two picks and the confirm): the turn's bound falls after the first pick.
    const picking = compileText(`game "Coppie" { players 2 }
tokens Oro
turns {
  while true {
    choose 2 xs from [1, 2, 3] prompt "Due numeri"
    gain 1 Oro
  }
}
`);
    sameGames(picking, 2, 3, 1);
    const playout = randomPlayout(withGeneratedCode(picking), { players: 2, seed: 1, keepMoves: false });
    expect(playout.outcome.reason).toMatch(/decisions in one turn/);
    // 3,333 passes confirmed (an Oro each), and the first pick of the next one.
    expect(playout.state.moveCount).toBe(10_000);
    expect(playout.state.players[0].tokens[0]).toBe(3333);
  });

  it('stops where the stepper stops: the length the rules state', () => {
    const stated = compileText(`game "Corta" {
  players 2
  length up to 3 rounds
}
tokens Sì reserve 1000
turns {
  choose by current { option "sì" { gain 1 Sì } option "no" { log "no" } }
}
`);
    sameGames(stated, 2, 5);
    expect(randomPlayout(withGeneratedCode(stated), { players: 2, seed: 1, keepMoves: false }).stoppedAtStatedLength).toBe(true);
  });

  it('a search\'s imagined game inside another playout answers for its own state only', () => {
    const definition = withGeneratedCode(loadDefinition('examples/connect-four.rules'));
    const outer = startState(definition, { players: 2, seed: 3 });
    const inner = startState(definition, { players: 2, seed: 4 });
    if (!outer.ok || !inner.ok) throw new Error('no start');
    const playout = { definition, state: outer.state, random: botRandomFor(3), maxRounds: Infinity, turn: 0, turnStart: 0 };
    whilePlaying(playout, () => {
      // Another state's decision is not answered by the outer playout's bot.
      applyChoiceIndex(definition, inner.state, 0);
      expect(inner.state.outcome).toBeNull();
      expect(inner.state.moveCount).toBe(1);
      // A nested playout plays its own game to the end, and the outer one still answers afterwards.
      playOnRandomly(definition, inner.state, botRandomFor(4), Infinity);
      expect(inner.state.outcome).not.toBeNull();
      applyChoiceIndex(definition, outer.state, 0);
    });
    expect(outer.state.outcome).not.toBeNull();
  });

  it('plays the first turn from its start, and the same games as a loop from the start at its first decision', () => {
    const definition = withGeneratedCode(loadDefinition('examples/connect-four.rules'));
    const before = playoutStart(definition, { players: 2, seed: 5 });
    if (!before.ok) throw new Error(before.diagnostic.message);
    // Stopped where the first turn would begin: nothing waiting, no frame running yet.
    expect(before.beforeFirstTurn).toBe(true);
    expect([before.state.turn, before.state.stack.length, before.state.pending]).toEqual([0, 0, null]);
    // A setup that leaves a choice waiting gives the usual start.
    const choosing = compileText(`game "Scelta" { players 2 }
tokens Oro
setup { for each p in players { choose by p { option "uno" { gain 1 Oro to p } option "due" { gain 2 Oro to p } } } }
turns { gain 1 Oro  if round >= 4 { end game "fine" } }
`);
    const waiting = playoutStart(withGeneratedCode(choosing), { players: 2, seed: 1 });
    expect(waiting.ok && !waiting.beforeFirstTurn && waiting.state.pending !== null).toBe(true);
    for (const [file, players] of [['examples/connect-four.rules', 2], ['mortadella.rules', 4], ['notav.rules', 6], ['1984.rules', 7]] as const) {
      const game = withGeneratedCode(loadDefinition(file));
      for (let seed = 1; seed <= 20; seed++) {
        const played = randomPlayout(game, { players, seed, keepMoves: false, maxRounds: 20 });
        const loop = startState(game, { players, seed });
        if (!loop.ok) throw new Error(loop.diagnostic.message);
        playOnRandomly(game, loop.state, botRandomFor(seed), 20);
        expect(stateHash(played.state), `${file}, seed ${seed}`).toBe(stateHash(loop.state));
      }
    }
  });
});
