/**
 * Issue 16: what a hostile or careless designer writes never crashes the engine, the machine or a
 * run of random bots. Each test is a reproducer from the issue; the user-visible behaviour is
 * asserted (a positioned run error, a phase shown by its name, a game stopped with its reason).
 */
import { describe, expect, it } from 'vitest';
import { LineIndex } from '../../grammar/index.ts';
import {
  compileRules, Match, randomPlayout, simulate, startGame, type GameDefinition,
} from '../../interpreter/index.ts';
import { maxDecisionsPerGame, maxDecisionsPerTurn } from '../../interpreter/bots/bots.ts';

function compile(text: string): GameDefinition {
  const { definition, diagnostics } = compileRules(text);
  if (!definition) throw new Error(diagnostics.map((d) => `${d.code}: ${d.message}`).join('\n'));
  return definition;
}

describe('win or eliminate of a player that is none', () => {
  // The checker refuses `win none` written out (golden case win-none); a variable holding none is only known at run time.
  const text = (statement: string) => `game "Nessuno" { players 2 }
tokens Oro
var chi = none
turns {
  gain 1 Oro
  ${statement}
}
`;

  for (const statement of ['win chi "per caso"', 'eliminate chi "per caso"']) {
    it(`${statement.split(' ')[0]} of none stops the game with a positioned run/error, never a winner null`, () => {
      const source = text(statement);
      const definition = compile(source);
      const started = startGame(definition, { players: 2, seed: 1 });
      expect(started.ok).toBe(true);
      const state = started.ok ? started.state : undefined!;
      expect(state.outcome?.kind).toBe('aborted');
      expect(state.outcome?.winners).toEqual([]);
      expect(state.error?.code).toBe('run/error');
      expect(state.error?.message).toBe(`${statement.split(' ')[0]} needs a player, but the value is none`);
      expect(new LineIndex(source).position(state.error!.at)).toEqual({ line: 6, column: 3 });
      // Batch playouts and simulate count it as aborted with that reason, and no seat wins.
      const report = simulate(definition, { games: 3, players: 2, seed: 1 });
      expect(report.aborted).toBe(3);
      expect(report.winsBySeat.every((s) => s.wins === 0)).toBe(true);
      expect(report.abortReasons[0].reason).toContain('needs a player, but the value is none');
    });
  }
});

describe('phase names that mean something to XState', () => {
  for (const name of ['a.b', 'a\\\\b', '#game', 'game.over', '*', '$ref']) {
    it(`a phase named "${name}" plays, undoes, saves and restores`, () => {
      const definition = compile(`game "Fasi" { players 2 }
tokens Oro
turns {
  phase "${name}" {
    choose { option "uno" { gain 1 Oro } option "vince" { win current } }
  }
  phase "dopo" { gain 1 Oro }
}
`);
      const started = Match.start(definition, { players: 2, seed: 1 });
      if (!started.ok) throw new Error(started.diagnostic.message);
      const match = started.match;
      const shown = name.replace('\\\\', '\\');
      expect(match.machineState).toBe(shown);
      expect(match.apply({ player: 0, choice: 'uno' })).toEqual({ ok: true });
      expect(match.machineState).toBe(shown);
      expect(match.undo()).toBe(true);
      expect(match.apply({ player: 0, choice: 'vince' })).toEqual({ ok: true });
      expect(match.outcome?.winners).toEqual([0]);
      expect(match.machineState).toBe('game over');
      const restored = Match.restore(definition, match.save());
      expect(restored.ok && restored.hashMatches).toBe(true);
    });
  }
});

describe('a turn that offers choices for ever', () => {
  const endless = compile(`game "Sempre" { players 2 }
tokens Oro
turns {
  while true {
    choose { option "a" { gain 1 Oro } option "b" { gain 1 Oro } }
  }
}
`);

  it(`is stopped after ${maxDecisionsPerTurn} decisions in one turn, counted as aborted with the reason`, () => {
    const playout = randomPlayout(endless, { players: 2, seed: 1, keepMoves: false, maxRounds: 1 });
    expect(playout.outcome.kind).toBe('aborted');
    expect(playout.outcome.reason).toBe(`stopped by the simulation: ${maxDecisionsPerTurn} decisions in one turn`);
    expect(playout.state.moveCount).toBe(maxDecisionsPerTurn);
    const report = simulate(endless, { games: 2, players: 2, seed: 1, maxRounds: 1 });
    expect(report.aborted).toBe(2);
    expect(report.abortReasons).toEqual([{ reason: `stopped by the simulation: ${maxDecisionsPerTurn} decisions in one turn`, games: 2 }]);
  });

  it('the same bound holds when the moves are kept (the logged stepper)', () => {
    const playout = randomPlayout(endless, { players: 2, seed: 1, keepMoves: true });
    expect(playout.outcome.kind).toBe('aborted');
    expect(playout.moves.length).toBe(maxDecisionsPerTurn);
  });

  it(`a game of short turns is stopped after ${maxDecisionsPerGame} decisions in all`, () => {
    const long = compile(`game "Lunga" { players 2  turn limit 100000000 }
tokens Oro
turns { choose { option "a" { gain 1 Oro } option "b" { gain 1 Oro } } }
`);
    const playout = randomPlayout(long, { players: 2, seed: 1, keepMoves: false });
    expect(playout.outcome.reason).toBe(`stopped by the simulation: ${maxDecisionsPerGame} decisions in the game`);
    expect(playout.state.moveCount).toBe(maxDecisionsPerGame);
  });
});

describe('no JavaScript message reaches a user', () => {
  it('current in the setup, before anyone plays, is a plain run error wherever it is read or set', () => {
    for (const statement of ['gain 1 Oro to current', 'set current.v = 1', 'if current.Oro > 0 { gain 1 Oro }', 'if current.v > 0 { gain 1 Oro }']) {
      const definition = compile(`game "S" { players 2 }\ntokens Oro\nplayer var v = 0\nsetup { ${statement} }\nturns { gain 1 Oro }\n`);
      const started = startGame(definition, { players: 2, seed: 1 });
      expect(started.ok && started.state.error?.message, statement).toBe('there is no current player yet');
    }
  });

  it('a failure inside analyze or compileRules is one internal/error diagnostic, never a throw', () => {
    const compiled = compileRules(undefined as unknown as string);
    expect(compiled.definition).toBeNull();
    expect(compiled.diagnostics.map((d) => d.code)).toEqual(['internal/error']);
    expect(compiled.diagnostics[0].message).toContain('your text is kept');
  });
});
